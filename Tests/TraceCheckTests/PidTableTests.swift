import XCTest
@testable import TraceCheck

/// The scanner's table of what it decided per pid, held to a dictionary: pids below the
/// direct limit and above it, values replaced, pids never set, and what the reading says of a value.
final class PidTableTests: XCTestCase {
    func testAgreesWithADictionary() {
        var table = PidTable<String>()
        var reference: [Int: String] = [:]
        var generator = SystemRandomNumberGenerator()
        let limit = PidTable<String>.directLimit
        let pids = [0, 1, 63, 4817, 99_999, limit - 1, limit, limit + 1, 4_000_000, Int.max] + (0..<200).map { _ in Int.random(in: 0..<150_000, using: &generator) }
        for step in 0..<2_000 {
            let pid = pids[Int.random(in: 0..<pids.count, using: &generator)]
            let name = "process \(step % 7)"
            table.set(name, for: pid)
            reference[pid] = name
        }
        for pid in pids + [2, 5_000, limit - 2, 3_000_000] {
            XCTAssertEqual(table.with(pid) { $0 }, reference[pid], "pid \(pid)")
            XCTAssertNil(table.with(pid) { _ -> Int? in nil }, "pid \(pid): the body's nil")
        }
    }
}
