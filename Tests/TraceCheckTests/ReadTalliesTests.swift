import XCTest
@testable import TraceCheck

/// A read in parts joins what each part counted (`ReadTallies`): every stored fact must be
/// renumbered and merged, or two threads report what one does not.
final class ReadTalliesTests: XCTestCase {
    /// Every fact holds something: `lines` (10 and 12), or two records, for each.
    private func everyFact(lines: [Int] = [10, 12], readers: Int = 2) -> ReadTallies {
        var tallies = ReadTallies()
        for line in lines {
            tallies.outOfOrder.add(line)
            tallies.doubled.add(line)
            tallies.redacted.append(line)
            tallies.gaps.add(line)
            tallies.harnessLines.add(line)
            tallies.suspect.add(line)
            tallies.mixed["log-syslog", default: LineTally()].add(line)
        }
        tallies.mainRecords = 2
        tallies.fallbackRecords = Array(repeating: 2, count: readers)
        return tallies
    }

    /// The stored facts, by name, as text.
    private func facts(_ tallies: ReadTallies) -> [(String, String)] {
        Mirror(reflecting: tallies).children.map { ($0.label ?? "?", String(describing: $0.value)) }
    }

    /// A fact added to the tallies but not to `everyFact` fails here first.
    func testTheSampleHoldsEveryFact() {
        for ((name, empty), (_, held)) in zip(facts(ReadTallies()), facts(everyFact())) {
            XCTAssertNotEqual(empty, held, "\(name) is empty in the sample: fill it in everyFact()")
        }
    }

    /// Joined to an empty read with the same readers, a part's facts are that part's, every
    /// one (a fact left out of `absorb` stays empty).
    func testAbsorbTakesEveryFact() {
        let later = everyFact()
        var joined = ReadTallies()
        joined.fallbackRecords = Array(repeating: 0, count: later.fallbackRecords.count)
        joined.absorb(later)
        for ((name, got), (_, expected)) in zip(facts(joined), facts(later)) {
            XCTAssertEqual(got, expected, "\(name) was not absorbed")
        }
    }

    /// Two parts add up, in file order: counts add, and the lines of the later part follow.
    func testAbsorbAddsTheLaterPartAfterThisOne() {
        var joined = everyFact()
        var later = everyFact()
        later.shiftLines(by: 100)
        joined.absorb(later)
        XCTAssertEqual(joined.outOfOrder.firstLines, [10, 12, 110, 112])
        XCTAssertEqual(joined.doubled.count, 4)
        XCTAssertEqual(joined.redacted, [10, 12, 110, 112])
        XCTAssertEqual(joined.mixed["log-syslog"]?.firstLines, [10, 12, 110, 112])
        XCTAssertEqual(joined.mainRecords, 4)
        XCTAssertEqual(joined.fallbackRecords, [4, 4])
    }

    /// Renumbered, every fact that names lines names them that many lines on; the counts of
    /// records stay (a fact left out of `shiftLines` keeps its old numbers).
    func testShiftLinesMovesEveryLine() {
        var shifted = everyFact()
        shifted.shiftLines(by: 1_000)
        for ((name, got), (_, wanted)) in zip(facts(shifted), facts(everyFact(lines: [1_010, 1_012]))) {
            XCTAssertEqual(got, wanted, "\(name) was not renumbered")
        }
    }
}
