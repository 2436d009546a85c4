import XCTest
@testable import TraceCheck

/// A long run counts clean captures instead of keeping them; what it reports must not change.
final class RunResultTests: XCTestCase {
    private func report(_ text: String, name: String) throws -> CaptureReport {
        try Checker().check(.text(name: name, contents: text))
    }

    /// A reporter says whether it writes each capture as it is checked (the command asks
    /// it, rather than cast it to `StreamingReporter`): itself for the streaming formats,
    /// nothing for the others.
    func testEachReporterSaysWhetherItStreams() {
        var streamed: [ReportFormat] = []
        for format in ReportFormat.allCases {
            let reporter = format.reporter()
            let cast = reporter as? any StreamingReporter
            XCTAssertEqual(reporter.streaming.map { "\(type(of: $0))" }, cast.map { "\(type(of: $0))" }, format.rawValue)
            if reporter.streaming != nil { streamed.append(format) }
        }
        XCTAssertEqual(streamed, [.terminal, .jsonl, .github, .teamcity])
    }

    func testCountingCleanCapturesReportsWhatKeepingThemReports() throws {
        let clean = """
            2026-03-14 09:27:12.100 Ledger[912:40211] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2026-03-14 09:27:12.140 Ledger[912:40211] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.180 Ledger[912:40211] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.241 Ledger[912:40211] -[SceneDelegate sceneDidBecomeActive:]

            """
        let failing = ["scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
                       "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)",
                       "sceneDidBecomeActive(_:)", "sceneDidEnterBackground(_:)", ""].joined(separator: "\n")
        let reports = try [report(clean, name: "a.log"), report(failing, name: "b.log"), report("no events here\n", name: "c.log"),
                           report(clean, name: "d.log")]
        var kept = RunResult(), counted = RunResult()
        for report in reports {
            kept.add(report)
            counted.add(report.summarised(), keepingClean: false)
        }
        XCTAssertEqual(kept.reports.count, 4)
        XCTAssertEqual(counted.reports.map(\.path), ["b.log", "c.log"], "only the captures with findings are kept")
        XCTAssertEqual(counted.checkedCount, 4)
        XCTAssertEqual(counted.findings.map(\.rule), kept.findings.map(\.rule))
        XCTAssertEqual(counted.unverifiable.map(\.rule), kept.unverifiable.map(\.rule))
        XCTAssertEqual(counted.unverifiable.map(\.reasons), kept.unverifiable.map(\.reasons))
        let terminal = TerminalReporter(color: false)
        XCTAssertEqual(terminal.summary(counted), terminal.summary(kept))
        XCTAssertNil(counted.unmatchedProcessFilter(["Ledger"]), "a counted capture's processes still match")
        XCTAssertNotNil(counted.unmatchedProcessFilter(["Notes"]))
        XCTAssertTrue(reports[0].summarised().timeline.epochs.isEmpty)
    }
}

/// Timelines wrap to the terminal at their arrows.
final class TerminalLayoutTests: XCTestCase {
    /// A capture with findings shows the rows they point at; --timeline shows every row.
    func testAFailingCaptureShowsTheScenesItsFindingsConcern() throws {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs/ipad-two-delegate-classes.log"), encoding: .utf8)
        // The inspector scene (line 12 resigns it) now enters the background without resigning.
        let broken = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset != 11 }.map(\.element).joined(separator: "\n")
        let report = try Checker().check(.text(name: "two.log", contents: broken))
        XCTAssertFalse(report.findings.isEmpty)
        let shown = TerminalReporter(color: false).render(report)
        XCTAssertTrue(shown.contains("scene #2 InspectorSceneDelegate"), shown)
        XCTAssertFalse(shown.contains("scene #1 SceneDelegate"), "a scene without a finding is left out: \(shown)")
        XCTAssertTrue(shown.contains("more row(s) without a finding; --timeline shows them"), shown)
        XCTAssertTrue(TerminalReporter(color: false, verbose: true).render(report).contains("scene #1 SceneDelegate"))
    }

    /// A long timeline keeps a window around what a finding points at, not just its ends.
    func testALongTimelineKeepsTheFindingInSight() throws {
        var text = "scene(_:willConnectTo:options:)\n"
        for cycle in 0..<30 {
            text += "sceneWillEnterForeground(_:)\nsceneDidBecomeActive(_:)\n"
            if cycle != 15 { text += "sceneWillResignActive(_:)\n" }
            text += "sceneDidEnterBackground(_:)\n"
        }
        let report = try Checker().check(.text(name: "long.log", contents: text))
        XCTAssertEqual(report.findings.map(\.line), [64])
        // Wide enough for one line: the steps shown, in order.
        var reporter = TerminalReporter(color: false)
        reporter.width = 1000
        let shown = reporter.render(report)
        XCTAssertTrue(shown.contains("willConnect:1 → willEnterForeground:2 → … 58 more … → didEnterBackground:61 → willEnterForeground:62 "
            + "→ didBecomeActive:63 → didEnterBackground:64 → willEnterForeground:65 → didBecomeActive:66 → … 52 more … "
            + "→ willResignActive:119 → didEnterBackground:120\n"), shown)
        let steps = (1...40).map { TimelineRows.Step(text: "s:\($0)", line: $0) }
        XCTAssertEqual(TimelineRows.elided(steps, keeping: 14), (1...7).map { "s:\($0)" } + ["… 26 more …"] + (34...40).map { "s:\($0)" },
                       "without a finding: the ends")
    }

    func testTimelineRowsWrapAtTheArrowsWithinTheWidth() {
        var reporter = TerminalReporter(color: false)
        reporter.width = 60
        let steps = ["willConnect:3", "willEnterForeground:4", "didBecomeActive:5", "willResignActive:7", "didEnterBackground:8",
                     "willEnterForeground:12", "didBecomeActive:13"]
        let short = reporter.row("scene #1", steps).split(separator: "\n")
        XCTAssertTrue(short.allSatisfy { $0.count <= 60 }, short.joined(separator: "\n"))
        XCTAssertEqual(short.first, "    scene #1  willConnect:3 → willEnterForeground:4")
        XCTAssertTrue(short.dropFirst().allSatisfy { $0.hasPrefix("              → ") }, "hanging indent under the first step")
        XCTAssertEqual(short.joined().filter { $0 == "→" }.count, steps.count - 1)
        let long = reporter.row("scene #2 InspectorSceneDelegate 0x1028a4c20 (F8369E9A…)", steps).split(separator: "\n")
        XCTAssertEqual(long.first, "    scene #2 InspectorSceneDelegate 0x1028a4c20 (F8369E9A…)", "a long label stands alone")
        XCTAssertTrue(long.dropFirst().allSatisfy { $0.hasPrefix("        ") && $0.count <= 60 })
    }
}
