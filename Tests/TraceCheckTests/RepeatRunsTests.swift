import CaptureFixtures
import XCTest
@testable import TraceCheck

/// A read in parts follows the runs of one message repeated part by part and joins them
/// (`RepeatRuns`): joined, they must count the rows copied twice exactly as one read of the
/// whole input does, wherever the cuts fall.
final class RepeatRunsTests: XCTestCase {
    /// Messages as the reads see them: one signature per distinct text.
    private func signature(_ text: String) -> MessageSignature {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { MessageSignature(UnsafeRawBufferPointer($0), pid: 7) }
    }

    /// `messages` read from line `firstLine` on, as one read or as the part after a cut.
    private func follow(_ messages: ArraySlice<String>, continuesEarlierPart: Bool) -> (runs: RepeatRuns, doubled: LineTally) {
        var runs = RepeatRuns(continuesEarlierPart: continuesEarlierPart)
        var doubled = LineTally()
        for (offset, message) in messages.enumerated() {
            // Each part numbers its lines from its own start, as a part's read does.
            runs.note(signature(message), line: offset + 1, doubled: &doubled)
        }
        return (runs, doubled)
    }

    /// What a read reports of its runs once it ends: the rows copied twice, and the run and
    /// message it ended in.
    private func outcome(_ runs: RepeatRuns, _ doubled: LineTally) -> String {
        var runs = runs
        var doubled = doubled
        let open = runs.current.map { "\($0.first)+\($0.repeats)" } ?? "none"
        let last = runs.last
        runs.end(doubled: &doubled)
        return "doubled \(doubled.firstLines) (\(doubled.count)), open \(open), last \(last.length)/\(last.head)"
    }

    /// Every way to cut each input in two and in three, joined in file order, against the
    /// whole read: runs that cross a cut, a part that is one run from end to end, a part of
    /// one record, and runs of one, two and three repeats.
    func testPartsJoinedCountAsTheWholeRead() {
        let inputs: [[String]] = [
            ["a", "a", "b", "c", "c", "c", "d", "d", "e"],
            ["a", "a", "a", "a", "a", "a"],
            ["a", "b", "b", "a", "a", "b", "b", "b", "b", "c"],
            ["x", "y", "y", "y", "z", "z", "q", "q", "q", "q", "q", "r", "r"],
            ["", "", "a", "a", "", "b"],
        ]
        // Seeded: the same inputs at every run. Two messages out of three are the last one's
        // again, so that runs of every length come up.
        var generator = SplitMix(seed: 20)
        var random: [[String]] = []
        for _ in 0..<40 {
            var messages = ["p"]
            for _ in 1..<14 { messages.append(generator.next(below: 3) < 2 ? messages[messages.count - 1] : ["p", "q", "r"][generator.next(below: 3)]) }
            random.append(messages)
        }
        for messages in inputs + random {
            let whole = follow(messages[...], continuesEarlierPart: false)
            let expected = outcome(whole.runs, whole.doubled)
            var cutsTried = 0
            for first in 1..<messages.count {
                for second in first...messages.count {
                    let cuts = [0, first, second, messages.count]
                    var joined = RepeatRuns()
                    var doubled = LineTally()
                    for part in 0..<3 where cuts[part] < cuts[part + 1] {
                        var read = follow(messages[cuts[part]..<cuts[part + 1]], continuesEarlierPart: part > 0)
                        read.runs.shiftLines(by: cuts[part])
                        read.doubled.shiftLines(by: cuts[part])
                        if part == 0 {
                            (joined, doubled) = (read.runs, read.doubled)
                        } else {
                            joined.join(read.runs, doubled: &doubled)
                            doubled.add(read.doubled)
                        }
                    }
                    XCTAssertEqual(outcome(joined, doubled), expected, "\(messages) cut at \(first) and \(second)")
                    cutsTried += 1
                }
            }
            XCTAssertGreaterThan(cutsTried, 0)
        }
    }

    /// A run of exactly two (a row copied twice) is counted once, at its repeat's line;
    /// longer runs are a program's own, and not counted.
    func testOnlyRunsOfTwoAreRowsCopiedTwice() {
        let read = follow(["a", "a", "b", "c", "c", "c", "d", "d"][...], continuesEarlierPart: false)
        var doubled = read.doubled
        var runs = read.runs
        runs.end(doubled: &doubled)
        XCTAssertEqual(doubled.firstLines, [2, 8])
    }

    /// Renumbered, every stored fact that names a line names it that many lines on (a fact
    /// left out of `shiftLines` keeps its old number); the last message names none.
    func testShiftLinesMovesEveryLine() {
        var runs = follow(["a", "a", "b", "c", "c", "c"][...], continuesEarlierPart: true).runs
        guard case .closed(first: 2?, repeats: 1) = runs.leading else { return XCTFail("the part's leading run is closed: \(String(describing: runs.leading))") }
        let before = Mirror(reflecting: runs).children.map { ($0.label ?? "?", String(describing: $0.value)) }
        runs.shiftLines(by: 1_000)
        let after = Mirror(reflecting: runs).children.map { ($0.label ?? "?", String(describing: $0.value)) }
        for ((name, old), (_, new)) in zip(before, after) where name != "last" {
            XCTAssertNotEqual(old, new, "\(name) was not renumbered")
        }
        XCTAssertEqual(runs.current?.first, 1_005)
        XCTAssertEqual(runs.first?.line, 1_001)
    }
}
