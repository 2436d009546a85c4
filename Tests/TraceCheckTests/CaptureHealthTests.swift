import Foundation
import XCTest
import CaptureFixtures
@testable import TraceCheck

/// Whole-device logs, weak captures and the formats' harder corners, end to end.
final class CaptureHealthTests: XCTestCase {
    private func check(_ text: String, process: String? = nil) throws -> CaptureReport {
        try Checker(options: CheckOptions(processes: process.map { [$0] } ?? [])).check(.text(name: "t", contents: text))
    }

    static let deviceLog = """
        [connected:00008030-001A2D3E0C41802E]
        Apr  2 10:15:03.100000 Fieldnotes(Foundation)[4817] <Notice>: -[AppDelegate application:didFinishLaunchingWithOptions:]
        Apr  2 10:15:03.110000 SpringBoard(FrontBoard)[55] <Notice>: [com.example.fieldnotes] posted UIApplicationDidBecomeActiveNotification
        Apr  2 10:15:03.120000 Atlas(Foundation)[2210] <Notice>: -[SceneDelegate sceneWillEnterForeground:]
        Apr  2 10:15:03.130000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate scene:willConnectToSession:options:]
        Apr  2 10:15:03.140000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]
        Apr  2 10:15:03.150000 Atlas(Foundation)[2210] <Notice>: -[SceneDelegate sceneDidBecomeActive:]
        Apr  2 10:15:03.160000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidBecomeActive:]

        """

    func testAWholeDeviceLogChecksEachAppProcessAndIgnoresTheSystem() throws {
        let report = try check(Self.deviceLog)
        XCTAssertEqual(report.scan.format, "idevicesyslog")
        XCTAssertEqual(report.timeline.epochs.map(\.label), ["Fieldnotes[4817]", "Atlas[2210]"])
        XCTAssertFalse(report.events.contains { $0.line == 3 }, "SpringBoard's line is not an app event")
        XCTAssertEqual(report.findings.map(\.rule), [])

        let atlas = try check(Self.deviceLog, process: "Atlas")
        XCTAssertEqual(atlas.timeline.epochs.map(\.label), ["Atlas[2210]"])
        XCTAssertEqual(atlas.events.map(\.line), [4, 7])
    }

    func testAFindingAcrossADeviceDisconnectIsInconclusive() throws {
        let text = """
            Apr  2 10:15:03 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate scene:willConnectToSession:options:]
            Apr  2 10:15:03 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]
            Apr  2 10:15:03 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidBecomeActive:]
            Apr  2 10:15:09 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillResignActive:]
            Apr  2 10:15:09 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidEnterBackground:]
            Apr  2 10:15:20 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]
            Apr  2 10:15:20 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidBecomeActive:]
            [disconnected:00008030-001A2D3E0C41802E]
            [connected:00008030-001A2D3E0C41802E]
            Apr  2 10:16:40 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidEnterBackground:]

            """
        let report = try check(text)
        XCTAssertEqual(report.findings.map(\.rule), [])
        XCTAssertEqual(report.inconclusive.map(\.finding.rule), ["resign_before_background"])
        XCTAssertTrue(report.inconclusive.first?.reason.hasPrefix("dropped_lines at line 8") ?? false)
        XCTAssertEqual(report.health.map(\.kind), [.droppedLines])

        let whole = try check(text.replacingOccurrences(of: "[disconnected:00008030-001A2D3E0C41802E]\n[connected:00008030-001A2D3E0C41802E]\n", with: ""))
        XCTAssertEqual(whole.findings.map(\.rule), ["resign_before_background"], "without the gap the finding stands")
    }

    /// Two windows come to the foreground together and the capture stops before the first
    /// one activates: cut off, not stuck. Seconds later it would be a finding.
    func testACaptureCutDuringInterleavedTransitionsEndsMidTransition() throws {
        func capture(lastAfter seconds: String) -> String {
            """
            2026-04-02 10:15:03.100000+0200 Fieldnotes[4817:2863604] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10cf28400>
            2026-04-02 10:15:03.200000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cf28400>
            2026-04-02 10:15:03.300000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cf28400>
            2026-04-02 10:15:04.100000+0200 Fieldnotes[4817:2863604] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10cf3a740>
            2026-04-02 10:15:04.200000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cf3a740>
            2026-04-02 10:15:04.300000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cf3a740>
            2026-04-02 10:15:05.000000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillResignActive:] <UIWindowScene: 0x10cf28400>
            2026-04-02 10:15:05.010000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillResignActive:] <UIWindowScene: 0x10cf3a740>
            2026-04-02 10:15:05.100000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidEnterBackground:] <UIWindowScene: 0x10cf28400>
            2026-04-02 10:15:05.110000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidEnterBackground:] <UIWindowScene: 0x10cf3a740>
            2026-04-02 10:15:09.000000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cf28400>
            2026-04-02 10:15:09.010000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cf3a740>
            2026-04-02 10:15:\(seconds)+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cf3a740>

            """
        }
        let cut = try check(capture(lastAfter: "09.080000"))
        XCTAssertEqual(cut.health.filter { $0.kind == .endsMidTransition }.map(\.line), [11])
        XCTAssertEqual(cut.findings.map(\.rule), [])
        XCTAssertEqual(cut.inconclusive.map(\.finding.rule), ["foreground_without_activation"])

        let stuck = try check(capture(lastAfter: "14.000000"))
        XCTAssertEqual(stuck.health.map(\.kind), [], "five seconds on, the first scene is not in a transition the capture cut")
        XCTAssertEqual(stuck.findings.map(\.rule), ["foreground_without_activation"])
        XCTAssertEqual(stuck.findings.map(\.line), [11])
    }

    func testAnOrderContradictedByTimestampsIsInconclusive() throws {
        let text = """
            2026-04-02 10:15:02.100 Df Fieldnotes[4817:2bb1f4] sceneWillResignActive(_:)
            2026-04-02 10:15:02.200 Df Fieldnotes[4817:2bb1f4] sceneDidEnterBackground(_:)
            2026-04-02 10:15:02.900 Df Fieldnotes[4817:2bb1f4] sceneWillEnterForeground(_:)
            2026-04-02 10:15:03.100 Df Fieldnotes[4817:2bb1f4] sceneDidBecomeActive(_:)
            2026-04-02 10:15:03.900 Df Fieldnotes[4817:2bb1f4] sceneDidEnterBackground(_:)
            2026-04-02 10:15:03.500 Df Fieldnotes[4817:2bb1f4] sceneWillResignActive(_:)

            """
        let report = try check(text)
        XCTAssertEqual(report.scan.format, "log-compact")
        XCTAssertEqual(report.health.filter { $0.kind == .outOfOrderTimestamps }.map(\.line), [6, 6], "record level, then lifecycle level")
        XCTAssertEqual(report.findings.filter { $0.severity == .error }.map(\.rule), [])
        XCTAssertTrue(report.inconclusive.map(\.finding.rule).contains("resign_before_background"))
    }

    func testRedactedIdentityIsAHealthIssue() throws {
        let report = try check("""
            2026-04-02 10:15:03.100 Df Fieldnotes[4817:2bb1f4] [com.example:lifecycle] sceneDidBecomeActive(_:) <private>

            """)
        XCTAssertEqual(report.health.map(\.kind), [.redacted, .startsMidSession])
    }

    /// Redacted lines are lifecycle lines, kept all: a finding on the twentieth is as
    /// inconclusive as one on the first.
    func testEveryRedactedLineMakesItsFindingInconclusive() throws {
        var lines = (0..<20).flatMap { index in [
            "2026-04-02 10:15:\(String(format: "%02d", index)).100 Df Fieldnotes[4817:2bb1f4] [com.example:lifecycle] sceneWillResignActive(_:) <private>",
            "2026-04-02 10:15:\(String(format: "%02d", index)).200 Df Fieldnotes[4817:2bb1f4] [com.example:lifecycle] sceneDidEnterBackground(_:) <private>",
            "2026-04-02 10:15:\(String(format: "%02d", index)).300 Df Fieldnotes[4817:2bb1f4] [com.example:lifecycle] sceneWillEnterForeground(_:) <private>",
            "2026-04-02 10:15:\(String(format: "%02d", index)).400 Df Fieldnotes[4817:2bb1f4] [com.example:lifecycle] sceneDidBecomeActive(_:) <private>",
        ] }
        // The last cycle skips willResignActive: a finding at the 78th redacted line.
        lines.remove(at: 76)
        let report = try check(lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(report.health.first { $0.kind == .redacted }?.count, 79)
        XCTAssertEqual(report.findings.map(\.rule), [])
        XCTAssertEqual(report.inconclusive.map(\.finding.line), [77])
    }

    func testColouredIdevicesyslogLinesParse() throws {
        let text = "\u{1B}[0;37mApr  2 10:15:03\u{1B}[0m \u{1B}[1;36mFieldnotes(Foundation)\u{1B}[0m[4817] <\u{1B}[1;33mNotice\u{1B}[0m>: sceneDidBecomeActive(_:)\n"
        let report = try check(text)
        XCTAssertEqual(report.scan.format, "idevicesyslog")
        XCTAssertEqual(report.events.first?.process, "Fieldnotes")
        XCTAssertEqual(report.events.first?.pid, 4817)
    }

    func testConsoleAppColumnsAreLearnedInAnyOrder() throws {
        // Time, Category, Message, Subsystem, Library, Type, Process (spec §5.5, O-AIR).
        let text = """
            23:11:48.840713+0100\tProcessWorkspace\t[application<net.yvant.domination>:23793] Registered new scene\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard
            23:11:48.841000+0100\tlifecycle\t-[SceneDelegate scene:willConnectToSession:options:]\tcom.yvant\tDomination\tdefault\tDomination
            23:11:48.842000+0100\tlifecycle\t-[SceneDelegate sceneWillEnterForeground:]\tcom.yvant\tDomination\tdefault\tDomination
            23:11:48.843000+0100\tlifecycle\tnote\twith a tab\tcom.yvant\tDomination\tdefault\tDomination
            \tsceneDidBecomeActive(_:) inside a multi-line message
            23:11:48.844000+0100\tScene\t[sceneID:net.yvant.domination-default][1] Scene activated.\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard

            """
        let report = try check(text)
        XCTAssertEqual(report.scan.format, "console-app")
        XCTAssertEqual(report.events.map(\.line), [2, 3, 5])
        XCTAssertEqual(Set(report.events.map(\.process)), ["Domination"], "the continuation keeps its record's process")
        XCTAssertEqual(report.timeline.epochs.map(\.process), ["Domination"])
        XCTAssertEqual(report.health.map(\.kind), [])
    }

    func testABrokenJSONEntryIsReportedAndTheOthersRead() throws {
        let text = """
            {"eventMessage":"sceneWillEnterForeground(_:)","processID":4817,"processImagePath":"/Fieldnotes.app/Fieldnotes"}
            {"eventMessage":"sceneDidBecomeActive(_:)","processID":4817,"processImagePath":"/Fieldnot
            {"eventMessage":"sceneWillResignActive(_:)","processID":4817,"processImagePath":"/Fieldnotes.app/Fieldnotes"}
            {"count":3,"finished":1}

            """
        let report = try check(text)
        XCTAssertEqual(report.scan.format, "log-ndjson")
        // The broken entry is still searched as text: a callback in it is not lost.
        XCTAssertEqual(report.events.map(\.line), [1, 2, 3])
        XCTAssertEqual(report.health.first { $0.kind == .malformedEntries }?.line, 2)
    }

    func testGzipCapturesAreReadLikeTheirText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("capture.log")
        try CaptureRenderer.render(FormatTests.story, as: "log-syslog").write(to: plain, atomically: true, encoding: .utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", plain.path]
        try gzip.run()
        gzip.waitUntilExit()
        try XCTSkipIf(gzip.terminationStatus != 0, "gzip is not available")
        let text = try Checker().check(.file(plain.path))
        let compressed = try Checker().check(.file(plain.path + ".gz"))
        XCTAssertTrue(compressed.scan.statistics.compressed)
        XCTAssertEqual(compressed.events, text.events)
        XCTAssertEqual(compressed.findings.map(\.rule), text.findings.map(\.rule))

        let truncated = directory.appendingPathComponent("truncated.log.gz")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: plain.path + ".gz"))
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        // What came before the damage is read and checked; the health says where it stopped.
        let partial = try Checker().check(.file(truncated.path))
        let damage = try XCTUnwrap(partial.scan.statistics.damage)
        XCTAssertTrue(damage.contains("truncated gzip data"), damage)
        let lines = partial.scan.statistics.lines
        XCTAssertGreaterThan(lines, 1)
        XCTAssertLessThan(lines, text.scan.statistics.lines)
        // The last line may be cut in the middle; every one before it is read as in the text.
        XCTAssertEqual(partial.events.map(\.line).filter { $0 < lines }, text.events.map(\.line).filter { $0 < lines },
                       "every event before the damage is read")
        XCTAssertEqual(partial.health.first { $0.kind == .truncated }?.line, partial.scan.statistics.lines)
    }

    /// A capture copied twice doubles every row, and one whose device kept disconnecting has a
    /// gap every few lines: the facts are counted in full, but only the first lines are kept,
    /// so memory does not grow with them; the verdicts that read them need only the first.
    func testAFactOnEveryLineIsCountedNotListed() throws {
        var rows: [String] = []
        for second in 0..<3000 {
            let row = "Apr  2 10:\(String(format: "%02d:%02d", second / 60 % 60, second % 60)) Fieldnotes(Foundation)[4817] <Notice>: synced \(second) notes"
            rows += [row, row, "[disconnected:00008030-001A2D3E0C41802E]"]
        }
        rows.insert("Apr  2 10:00:00 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillResignActive:]", at: 0)
        rows.append("Apr  2 11:00:00 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]")
        let report = try check(rows.joined(separator: "\n") + "\n")
        let doubled = try XCTUnwrap(report.health.first { $0.kind == .doubledRows })
        XCTAssertEqual(doubled.count, 3000)
        XCTAssertEqual(doubled.line, 3)
        let dropped = try XCTUnwrap(report.health.first { $0.kind == .droppedLines })
        XCTAssertEqual(dropped.count, 3000)
        XCTAssertEqual(dropped.line, 4)
        XCTAssertEqual(dropped.weakRanges.first, 4...4)
        XCTAssertEqual(dropped.weakRanges.count, LineTally.keptLines)
    }

    func testATallyAddsLaterTalliesInOrder() {
        var early = LineTally(), late = LineTally()
        for line in 1...10 { early.add(line) }
        for line in 100...130 { late.add(line) }
        early.add(late)
        XCTAssertEqual(early.count, 41)
        XCTAssertEqual(early.firstLines, Array(1...10) + Array(100...105))
        XCTAssertEqual(LineTally(consecutiveFrom: 1, count: 3).firstLines, [1, 2, 3])
        XCTAssertEqual(LineTally(consecutiveFrom: 1, count: 0).first, nil)
    }

    /// Found by fuzzing: a configured pattern that backtracks on every line (`(a|aa)+$`)
    /// costs milliseconds a line within PCRE2's limits, so hours on a large capture. Past its
    /// budget it is switched off for the capture, the health says where, and the catalog's
    /// own spellings still read the rest.
    func testAPatternPastItsBudgetIsSwitchedOffAndSaysWhere() throws {
        var lines = ["2026-04-02 10:15:03.100000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneWillEnterForeground:]"]
        for index in 0..<400 {
            lines.append("2026-04-02 10:15:04.\(String(format: "%06d", index))+0200 Fieldnotes[4817:2863604] " + String(repeating: "a", count: 2000) + "b")
        }
        lines.append("2026-04-02 10:15:05.100000+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:]")
        var options = CheckOptions()
        options.scan.userSpellings = [try UserSpelling(event: EventID("analytics.flush"), pattern: "(a|aa)+$")]
        options.scan.patternBudget = 0.02
        let report = try Checker(options: options).check(.text(name: "slow.log", contents: lines.joined(separator: "\n") + "\n"))
        let switched = try XCTUnwrap(report.health.first { $0.kind == .patternSwitchedOff }, "\(report.health)")
        let line = try XCTUnwrap(switched.line)
        XCTAssertGreaterThan(line, 1)
        XCTAssertLessThan(line, lines.count, "switched off before the end")
        XCTAssertTrue(switched.message.contains("the pattern of event 'analytics.flush' used up its 20 ms"), switched.message)
        XCTAssertEqual(report.events.map(\.id), [.sceneWillEnterForeground, .sceneDidBecomeActive], "the catalog's spellings read on")

        options.scan.patternBudget = ScanOptions.defaultPatternBudget
        options.scan.userSpellings = [try UserSpelling(event: EventID("analytics.flush"), pattern: "AnalyticsQueue flushed")]
        let normal = try Checker(options: options).check(.text(name: "fast.log", contents: lines.joined(separator: "\n") + "\n"))
        XCTAssertFalse(normal.health.contains { $0.kind == .patternSwitchedOff })
    }
}
