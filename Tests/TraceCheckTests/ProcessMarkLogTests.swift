import XCTest
@testable import TraceCheck

/// The process marks a scan keeps, fed as the process filter feeds them: the first mark of each
/// process and the last one before each event, each with the pid and the name of its own record.
final class ProcessMarkLogTests: XCTestCase {
    private func note(_ log: inout ProcessMarkLog, _ line: Int, _ pid: Int?, _ name: String) {
        log.note(line: line, pid: pid, name: log.register(name.isEmpty ? nil : name))
    }

    /// Feeds `script` in order: "line pid name" notes a mark ("-" for no pid), "event" an event.
    private func play(_ log: inout ProcessMarkLog, _ script: String...) {
        for step in script {
            let parts = step.split(separator: " ").map(String.init)
            guard parts.count == 3, let line = Int(parts[0]) else {
                log.noteEvent()
                continue
            }
            note(&log, line, Int(parts[1]), parts[2])
        }
    }

    private func rendered(_ marks: some Sequence<ProcessMark>) -> [String] {
        marks.map { "\($0.line) \($0.pid.map(String.init) ?? "-") \($0.process ?? "-")" }
    }

    func testTheLastMarkBeforeAnEventKeepsItsOwnName() {
        var log = ProcessMarkLog()
        // Two apps in turn; pid 20 comes back under another name (a reused pid) before the event.
        play(&log, "1 10 Fieldnotes", "2 20 Atlas", "3 10 Fieldnotes", "4 20 AtlasWidget", "event",
             "6 10 Fieldnotes", "7 20 Atlas", "8 10 Fieldnotes", "9 20 Atlas", "10 10 Fieldnotes", "event")
        // After the first event, both processes are known: only the last mark before the next counts.
        XCTAssertEqual(rendered(log.finished), ["1 10 Fieldnotes", "2 20 Atlas", "4 20 AtlasWidget", "10 10 Fieldnotes"])
        // A repeat still pending at the end is the current process, with its name.
        play(&log, "11 20 Atlas", "12 10 Fieldnotes", "13 20 Atlas")
        XCTAssertEqual(log.current.map { rendered([$0]) }, ["13 20 Atlas"])
        XCTAssertEqual(rendered(log.takeFinished()).suffix(2), ["10 10 Fieldnotes", "13 20 Atlas"])
    }

    /// A process's first mark is kept wherever it comes, between events too: the timeline opens
    /// the process's run there. Letting go of the marks before a line keeps the last of them.
    func testEachProcessKeepsItsFirstMark() {
        var log = ProcessMarkLog()
        play(&log, "1 10 Fieldnotes", "event", "3 20 Atlas", "4 10 Fieldnotes", "5 30 Notes", "6 10 Fieldnotes", "event",
             "8 20 Atlas", "event", "10 10 Fieldnotes", "event")
        XCTAssertEqual(rendered(log.finished), ["1 10 Fieldnotes", "3 20 Atlas", "5 30 Notes", "6 10 Fieldnotes", "8 20 Atlas", "10 10 Fieldnotes"])
        log.dropMarks(before: 9)
        XCTAssertEqual(rendered(log.finished), ["8 20 Atlas", "10 10 Fieldnotes"])
        // A process marked before is not marked first again.
        play(&log, "11 30 Notes", "12 40 Maps", "13 10 Fieldnotes")
        XCTAssertEqual(rendered(log.takeFinished()), ["8 20 Atlas", "10 10 Fieldnotes", "12 40 Maps", "13 10 Fieldnotes"])
    }

    func testWithoutPidsTheNameIsTheProcess() {
        var log = ProcessMarkLog()
        play(&log, "1 - Fieldnotes", "2 - Atlas", "3 - Fieldnotes", "4 - Atlas", "event", "6 - Atlas")
        XCTAssertEqual(rendered(log.finished), ["1 - Fieldnotes", "2 - Atlas", "4 - Atlas", "6 - Atlas"])
    }

    /// Marks are kept as numbers into a table of names: what comes out is what went in, a
    /// part's marks joined to another table keep their own names, and the reads without a
    /// name agree with the marks.
    func testCompactMarksGiveBackTheMarksTheyWereGiven() {
        let given = [ProcessMark(line: 1, pid: 4817, process: "Fieldnotes"), ProcessMark(line: 2, pid: nil, process: "Atlas"),
                     ProcessMark(line: 3, pid: 0, process: nil), ProcessMark(line: 4, pid: nil, process: nil),
                     ProcessMark(line: 5, pid: 4817, process: "FieldnotesWidget"), ProcessMark(line: 7, pid: -3, process: "Atlas")]
        var marks = ProcessMarks(given)
        XCTAssertEqual(Array(marks), given)
        XCTAssertEqual(marks.indices.map { marks.key(at: $0) }, given.map(\.key))
        XCTAssertEqual(marks.indices.map { marks.line(at: $0) }, given.map(\.line))
        // Another table, whose numbers for the same names differ (first a name this one lacks).
        var other = ProcessMarks([ProcessMark(line: 1, pid: 9, process: "Notes1"), ProcessMark(line: 2, pid: nil, process: "FieldnotesWidget")])
        for mark in given { other.append(mark) }
        marks.append(contentsOf: other, from: 1)
        XCTAssertEqual(Array(marks), given + [ProcessMark(line: 2, pid: nil, process: "FieldnotesWidget")] + given)
        marks.shiftLines(by: 10)
        marks.removeFirst(6)
        XCTAssertEqual(Array(marks), ([ProcessMark(line: 2, pid: nil, process: "FieldnotesWidget")] + given).map { $0.shifted(by: 10) })
    }
}
