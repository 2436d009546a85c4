import XCTest
@testable import TraceCheck

/// The extractor keeps what the shapes read from recent messages and gives it again for a
/// message with the same bytes: a kept reading must never be given for another message.
final class RecentReadingsTests: XCTestCase {
    private func message(_ pointer: Int) -> String {
        "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc\(String(pointer, radix: 16, uppercase: false).leftPadded(to: 5))>"
    }

    private func slot(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { RecentReadings.slot(of: UnsafeRawBufferPointer($0)) }
    }

    /// Two messages of one length that share a slot, told apart by their bytes: each scene
    /// keeps its own pointer, whichever was read last.
    func testMessagesSharingASlotKeepTheirOwnReading() throws {
        let first = message(0x50200)
        var secondPointer: Int?
        for pointer in 0x50201..<0x60000 where slot(message(pointer)) == slot(first) {
            secondPointer = pointer
            break
        }
        let pointer = try XCTUnwrap(secondPointer, "two messages of 256 slots share one within 65,000 tries")
        let other = message(pointer)
        XCTAssertEqual(first.utf8.count, other.utf8.count)
        let lines = [first, other, first, other, other, first].enumerated().map { index, message in
            "2026-04-02 10:15:0\(index).000000+0200 Fieldnotes[4817:2863604] \(message)"
        }
        let extractor = EventExtractor()
        var pointers: [String?] = []
        for (index, line) in lines.enumerated() {
            let event = try line.utf8CString.withUnsafeBufferPointer { buffer -> LifecycleEvent? in
                let bytes = UnsafeRawBufferPointer(buffer).dropLast()  // the NUL
                let start = try XCTUnwrap(line.range(of: "-[").map { line.utf8.distance(from: line.utf8.startIndex, to: $0.lowerBound) })
                return extractor.event(message: UnsafeRawBufferPointer(rebasing: bytes[start...]), text: UnsafeRawBufferPointer(rebasing: bytes),
                                       line: index + 1, context: RecordContext())
            }
            XCTAssertEqual(event?.id, .sceneDidBecomeActive, line)
            pointers.append(event?.scenePointer)
        }
        let a = "0x10cc50200", b = "0x10cc\(String(pointer, radix: 16))"
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(pointers, [a, b, a, b, b, a])
    }

    /// The context an event is given (pid, thread, process) is its own record's, whichever
    /// context the extractor gave last for the same callback: records of another thread or
    /// process come between runs of one (each run read without a change of context), and two
    /// scanners read in turn by one process keep theirs apart.
    func testEachEventHasItsOwnRecordsThreadAndProcess() throws {
        let records = [("Fieldnotes", 4817, 100), ("Fieldnotes", 4817, 100), ("Fieldnotes", 4817, 200), ("Fieldnotes", 4817, 200),
                       ("Fieldnotes", 4817, 100), ("Notes", 5120, 100), ("Notes", 5120, 100), ("Fieldnotes", 4817, 100)]
        func capture(_ records: [(String, Int, Int)]) -> String {
            records.enumerated().map { index, record in
                let time = String(format: "%06d", 1_000 + 100 * index)
                return "2026-04-02 10:15:03.\(time)+0200 \(record.0)[\(record.1):\(record.2)] -[SceneDelegate sceneDidBecomeActive:] "
                    + "<UIWindowScene: 0x10cc50200>"
            }.joined(separator: "\n") + "\n"
        }
        for order in [records, records.reversed()] {
            for quiet in [true, false] {
                var options = ScanOptions()
                options.quietReading = quiet
                let scan = try CaptureScanner(options: options).scan(.text(name: "threads", contents: capture(order)))
                let seen = scan.stream.events.map { "\($0.process ?? "-")[\($0.pid ?? 0):\($0.thread ?? "-")] \($0.id)" }
                XCTAssertEqual(seen, order.map { "\($0.0)[\($0.1):\($0.2)] scene.didBecomeActive" }, "quiet: \(quiet)")
            }
        }
    }

    /// A repeated line reads as its first reading, field for field, and as the reference
    /// filter (which keeps no reading) reads it.
    func testARepeatedLineReadsAsItsFirstReading() throws {
        let line = "2026-04-02 10:15:03.005100+0200 Fieldnotes[4817:2863604] -[SceneDelegate(Restoration) scene:willConnectToSession:options:] <UIWindowScene: 0x10cc50200; role: UIWindowSceneSessionRoleApplication; persistentIdentifier: 293ED42D-0859-9933-9484-219FE80E49F9>"
        let text = Array(repeating: line, count: 3).joined(separator: "\n") + "\n"
        var readings: [CandidateFilter: [String]] = [:]
        for filter in [CandidateFilter.wordSet, .noPrefilter] {
            var options = CheckOptions()
            options.scan.candidateFilter = filter
            let report = try Checker(options: options).check(.text(name: "repeated", contents: text))
            // Without the line number, which differs.
            readings[filter] = report.events.map { String(CandidateFilterTests.reading($0).drop { $0 != ":" }) }
        }
        XCTAssertEqual(readings[.wordSet]?.count, 3)
        XCTAssertEqual(Set(readings[.wordSet] ?? []).count, 1, "each repeat reads as the first")
        XCTAssertEqual(readings[.wordSet], readings[.noPrefilter])
        XCTAssertTrue(readings[.wordSet]?.first?.contains("delegate=SceneDelegate@-") == true, readings[.wordSet]?.first ?? "")
        XCTAssertTrue(readings[.wordSet]?.first?.contains("293ED42D-0859-9933-9484-219FE80E49F9") == true)
    }

    /// UIKit's account lines are kept with every transition each shows: a mask that shows two
    /// (`0 -> 2048`: resign, then background) gives both at every repeat, one that shows none
    /// gives none, and a mask past 64 bits is noted as a near miss at every repeat.
    func testARepeatedLineOfUIKitsAccountGivesItsTransitionsEachTime() throws {
        let masks = [
            "Deactivation reason added: 11; deactivation reasons: 0 -> 2048; animating application lifecycle event: 1",
            "Deactivation reason removed: 11; deactivation reasons: 2048 -> 0; animating application lifecycle event: 0",
            "Deactivation reason added: 12; deactivation reasons: 32 -> 4128; animating application lifecycle event: 0",
            "Deactivation reason added: 5; deactivation reasons: 0 -> 99999999999999999999; animating application lifecycle event: 1",
        ]
        var lines: [String] = []
        for round in 0..<3 {
            for (index, mask) in masks.enumerated() {
                lines.append("2026-03-14 09:27:1\(round).\(index)00000+0100 Fieldnotes[4817:3120544] \(mask)")
            }
        }
        let (readings, misses) = try CandidateFilterTests.readByBothFilters(lines.joined(separator: "\n") + "\n", name: "uikit")
        // Per round: two transitions (resign, background), two back (foreground, active), none
        // (32 -> 4128 stays inactive and in the foreground), and the overflow none.
        XCTAssertEqual(readings[.wordSet]?.map { String($0.prefix { $0 != " " }) }, [
            "1:uikitapp.willResignActive", "1:uikitapp.didEnterBackground", "2:uikitapp.willEnterForeground", "2:uikitapp.didBecomeActive",
            "5:uikitapp.willResignActive", "5:uikitapp.didEnterBackground", "6:uikitapp.willEnterForeground", "6:uikitapp.didBecomeActive",
            "9:uikitapp.willResignActive", "9:uikitapp.didEnterBackground", "10:uikitapp.willEnterForeground", "10:uikitapp.didBecomeActive",
        ])
        XCTAssertEqual(readings[.wordSet], readings[.noPrefilter])
        XCTAssertEqual(misses[.wordSet], misses[.noPrefilter])
        XCTAssertTrue(misses[.wordSet]?.first?.hasPrefix("3 line(s)") == true, misses[.wordSet]?.first ?? "no near misses")
    }

    /// Candidates that no shape reads are kept too, as nothing but the near miss they name: a
    /// stack frame that names a callback is noted at every repeat, UIKit's chatter at none, and
    /// a UIKit message cut by a paste's wrap is joined to the next line at every repeat.
    func testARepeatedLineThatReadsAsNoEventIsNotedEachTime() throws {
        let prefix = "Fieldnotes[4817:2863604]"
        var lines: [String] = []
        for round in 0..<3 {
            let time = "2026-04-02 10:15:0\(round)"
            lines += [
                "\(time).100000+0200 \(prefix) 3   Fieldnotes   0x0000000104a5c2b4 -[AppDelegate application:didFinishLaunchingWithOptions:] + 120",
                "\(time).200000+0200 \(prefix) app will resign active for engine <_UIFeedbackCoreHapticsEngine: 0x600003d0c000>",
                "\(time).300000+0200 \(prefix) CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene",
                "lifecycle. This will become an assert in a future version.",
                "\(time).400000+0200 \(prefix) [SyncEngine] merged \(round) records into the local store",
            ]
        }
        let (readings, misses) = try CandidateFilterTests.readByBothFilters(lines.joined(separator: "\n") + "\n", name: "no events")
        XCTAssertEqual(readings[.wordSet]?.map { String($0.prefix { $0 != ":" }) }, ["3", "8", "13"], "the wrapped message at every repeat")
        XCTAssertEqual(readings[.wordSet], readings[.noPrefilter])
        XCTAssertEqual(misses[.wordSet], misses[.noPrefilter])
        XCTAssertEqual(misses[.wordSet]?.count, 1)
        XCTAssertTrue(misses[.wordSet]?.first?.hasPrefix("3 line(s) mention lifecycle callbacks but were not read as events (line 1: didFinishLaunchingWithOptions, line 6: didFinishLaunchingWithOptions, line 11: didFinishLaunchingWithOptions") == true,
                      misses[.wordSet]?.first ?? "no near misses")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
