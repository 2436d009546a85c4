import CThreadPlacement
import Foundation
import XCTest
@testable import TraceCheck

final class PlainThreadTests: XCTestCase {
    /// A thread begins on a CPU other than its creator's, then may run on every CPU its
    /// creator may: placed only for its start, not pinned.
    func testAThreadBeginsAwayFromItsCreatorAndMayThenRunAnywhere() throws {
        #if os(Linux)
        let allowed = tc_allowed_cpu_count()
        try XCTSkipIf(allowed < 2, "this process may run on \(allowed) CPU(s): a thread has nowhere else to begin")
        for _ in 0..<20 {
            let seen = Seen()
            XCTAssertTrue(PlainThread.start { placement in seen.set(placement, allowed: tc_allowed_cpu_count()) })
            let (placement, allowedThere) = seen.wait()
            XCTAssertTrue(placement.placed)
            XCTAssertGreaterThanOrEqual(placement.creatorCPU, 0)
            XCTAssertNotEqual(placement.firstCPU, placement.creatorCPU, "began on its creator's CPU")
            XCTAssertEqual(allowedThere, allowed, "the thread may run where its creator may")
        }
        #else
        throw XCTSkip("thread placement is Linux's")
        #endif
    }

    /// The placement itself: the attributes a thread is created with leave out the CPU the
    /// creator runs on, and only that one (the scheduler, left alone, often places a new
    /// thread elsewhere anyway, so the test above may pass without them).
    func testThePlacementLeavesOutTheCreatorsCPUOnly() throws {
        #if os(Linux)
        let allowed = tc_allowed_cpu_count()
        try XCTSkipIf(allowed < 2, "this process may run on \(allowed) CPU(s): a thread has nowhere else to begin")
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var placement = tc_placement()
        XCTAssertEqual(tc_place_elsewhere(&attributes, &placement), 1)
        XCTAssertEqual(placement.placed, 1)
        let creator = placement.creator_cpu
        XCTAssertEqual(tc_attributes_allow(&attributes, creator), 0, "the creator's CPU is left out")
        var others = 0
        for cpu in 0..<Int32(1024) where cpu != creator && tc_attributes_allow(&attributes, cpu) == 1 { others += 1 }
        XCTAssertEqual(others, Int(allowed) - 1, "every other CPU the creator may run on is kept")
        #else
        throw XCTSkip("thread placement is Linux's")
        #endif
    }

    private final class Seen: @unchecked Sendable {
        private let condition = NSCondition()
        private var value: (PlainThread.Placement, Int32)?

        func set(_ placement: PlainThread.Placement, allowed: Int32) {
            condition.lock()
            value = (placement, allowed)
            condition.broadcast()
            condition.unlock()
        }

        func wait() -> (PlainThread.Placement, Int32) {
            condition.lock()
            defer { condition.unlock() }
            while value == nil { condition.wait() }
            return value ?? (PlainThread.Placement(placed: false, creatorCPU: -1, firstCPU: -1), 0)
        }
    }
}
