import XCTest
@testable import TraceCheck

/// The process marks a scan keeps, fed as the process filter feeds them: between two events the
/// first mark of each process and the last one, each with the pid and the name of its own record.
final class ProcessMarkLogTests: XCTestCase {
    private func note(_ log: inout ProcessMarkLog, _ line: Int, _ pid: Int?, _ name: String) {
        log.note(line: line, pid: pid, name: log.register(name.isEmpty ? nil : name))
    }

    private func rendered(_ marks: [ProcessMark]) -> [String] {
        marks.map { "\($0.line) \($0.pid.map(String.init) ?? "-") \($0.process ?? "-")" }
    }

    func testTheLastMarkBeforeAnEventKeepsItsOwnName() {
        var log = ProcessMarkLog()
        // Two apps in turn; pid 20 comes back under another name (a reused pid) before the event.
        note(&log, 1, 10, "Fieldnotes")
        note(&log, 2, 20, "Atlas")
        note(&log, 3, 10, "Fieldnotes")
        note(&log, 4, 20, "AtlasWidget")
        log.noteEvent()
        note(&log, 6, 10, "Fieldnotes")
        note(&log, 7, 20, "Atlas")
        note(&log, 8, 10, "Fieldnotes")
        note(&log, 9, 20, "Atlas")
        note(&log, 10, 10, "Fieldnotes")
        log.noteEvent()
        XCTAssertEqual(rendered(log.finished), ["1 10 Fieldnotes", "2 20 Atlas", "4 20 AtlasWidget", "6 10 Fieldnotes", "7 20 Atlas", "10 10 Fieldnotes"])
        // A repeat still pending at the end is the current process, with its name.
        note(&log, 11, 20, "Atlas")
        note(&log, 12, 10, "Fieldnotes")
        note(&log, 13, 20, "Atlas")
        XCTAssertEqual(log.current.map { rendered([$0]) }, ["13 20 Atlas"])
        XCTAssertEqual(rendered(log.takeFinished()).suffix(3), ["11 20 Atlas", "12 10 Fieldnotes", "13 20 Atlas"])
    }

    func testWithoutPidsTheNameIsTheProcess() {
        var log = ProcessMarkLog()
        note(&log, 1, nil, "Fieldnotes")
        note(&log, 2, nil, "Atlas")
        note(&log, 3, nil, "Fieldnotes")
        note(&log, 4, nil, "Atlas")
        log.noteEvent()
        note(&log, 6, nil, "Atlas")
        XCTAssertEqual(rendered(log.finished), ["1 - Fieldnotes", "2 - Atlas", "4 - Atlas", "6 - Atlas"])
    }
}
