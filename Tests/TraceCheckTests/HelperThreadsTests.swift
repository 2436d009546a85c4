import Foundation
import XCTest
@testable import TraceCheck

final class HelperThreadsTests: XCTestCase {
    /// A helper whose work is done waits for more: work handed to it runs on that thread, not
    /// a new one. It ends once none has come for a while, and work then finds no helper.
    func testAHelperWaitsForMoreWorkThenEnds() throws {
        let seen = Threads()
        let first = expectation(description: "the first work runs")
        XCTAssertTrue(HelperThreads.run {
            seen.note("first")
            first.fulfill()
        })
        wait(for: [first], timeout: 5)
        XCTAssertTrue(eventually { HelperThreads.waiting >= 1 }, "the helper waits once its work is done")

        let second = expectation(description: "the handed work runs")
        XCTAssertTrue(HelperThreads.runIfWaiting {
            seen.note("second")
            second.fulfill()
        })
        wait(for: [second], timeout: 5)
        // Other tests' helpers may wait too; this one ran the second work if it was the only one.
        if HelperThreads.waiting <= 1 { XCTAssertEqual(seen.thread("first"), seen.thread("second"), "the same thread ran both") }

        XCTAssertTrue(eventually { HelperThreads.waiting == 0 }, "helpers end once no work has come for a while")
        XCTAssertFalse(HelperThreads.runIfWaiting {}, "no helper waits, so none takes the work")
    }

    /// Polls `condition` for up to 5 seconds (helpers wait `HelperThreads.lingering`, 50 ms).
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}

/// The thread each named piece of work ran on.
private final class Threads: @unchecked Sendable {
    private let lock = NSLock()
    private var threads: [String: pthread_t] = [:]

    func note(_ name: String) {
        lock.lock()
        threads[name] = pthread_self()
        lock.unlock()
    }

    func thread(_ name: String) -> pthread_t? {
        lock.lock()
        defer { lock.unlock() }
        return threads[name]
    }
}
