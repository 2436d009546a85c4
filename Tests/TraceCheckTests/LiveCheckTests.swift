import Foundation
import XCTest
@testable import TraceCheck

/// A live read tells findings before the capture ends (`LiveMonitor`). What it tells must be
/// what the whole capture reports: here each capture is read line by line as a live read
/// reads it, looked at after every line that adds an event, and every finding told early
/// must be one of the final report's conclusive findings; the final report must be the one
/// a plain read gives.
final class LiveCheckTests: XCTestCase {
    struct LiveRun {
        var told: [Finding] = []
        var final: CaptureReport
        var looks = 0
    }

    /// Collects what a monitor tells, from the reading thread.
    final class Told: @unchecked Sendable {
        var findings: [Finding] = []
    }

    /// A session for reading `text` with its format decided from its first lines, as a whole
    /// read decides it, but before the first event: a short capture's format would otherwise
    /// be decided at its end, after every look.
    static func decidedSession(_ text: String, name: String, checker: Checker) throws -> (source: InputSource, reader: LineReader, session: ScanSession) {
        let source = InputSource.text(name: name, contents: text)
        let reader = LineReader()
        var head: [[UInt8]] = []
        _ = try reader.read(source) { line in
            if head.count < FormatDetector.sampleSize { head.append(ANSI.stripped(Array(line.bytes))) }
        }
        let choice = checker.options.scan.formatChoice(firstLines: head, matcher: PCRE2Matcher())
        let session = ScanSession(extractor: checker.options.scan.extractor(catalog: .shared), options: checker.options.scan,
                                  choice: choice, firstLines: head, continuesEarlierPart: false)
        return (source, reader, session)
    }

    static func liveRun(_ text: String, name: String, checker: Checker) throws -> LiveRun {
        let (source, reader, session) = try decidedSession(text, name: name, checker: checker)
        let told = Told()
        let monitor = LiveMonitor(checker: checker, source: source, options: LiveOptions { told.findings.append($0) })
        var looks = 0, looked = 0
        let statistics = try reader.read(source) { line in
            session.feed(line)
            guard session.eventCount > looked else { return }
            looked = session.eventCount
            looks += 1
            monitor.look(at: session, lines: line.number, maximumLineLength: reader.maximumLineLength)
        }
        session.finish()
        var scan = session.result(source: source, statistics: statistics, maximumLineLength: reader.maximumLineLength)
        let final = checker.judge(&scan)
        return LiveRun(told: told.findings, final: final, looks: looks)
    }

    /// The differences between what was told and the final report, and between the final
    /// report and a plain read's; empty when they agree.
    static func disagreements(_ text: String, name: String, checker: Checker) throws -> (problems: [String], told: Int) {
        let run = try liveRun(text, name: name, checker: checker)
        let batch = try checker.check(.text(name: name, contents: text))
        var problems: [String] = []
        if run.final.findings != batch.findings { problems.append("findings differ from a plain read's") }
        if run.final.inconclusive != batch.inconclusive { problems.append("inconclusive findings differ") }
        if run.final.rules != batch.rules { problems.append("rule statuses differ") }
        if run.final.health.map(\.message) != batch.health.map(\.message) { problems.append("health differs") }
        let final = Set(batch.findings.map(\.tellingKey))
        for finding in run.told where !final.contains(finding.tellingKey) {
            problems.append("told but not reported: line \(finding.line) [\(finding.rule)] \(finding.message)")
        }
        if Set(run.told.map(\.tellingKey)).count != run.told.count { problems.append("a finding was told twice") }
        return (problems, run.told.count)
    }

    static var allRules: Checker {
        var options = CheckOptions()
        options.rules = RuleRegistry.all.map(ActiveRule.init)
        return Checker(options: options)
    }

    func testSampleLogsTellOnlyWhatTheWholeCaptureReports() throws {
        let samples = try TestCaptures.samples()
        XCTAssertGreaterThan(samples.count, 40)
        var told = 0
        for (name, text) in samples {
            let result = try Self.disagreements(text, name: name, checker: Self.allRules)
            XCTAssertEqual(result.problems, [], name)
            told += result.told
        }
        // The samples of the rules decided as seen show their findings early.
        XCTAssertGreaterThanOrEqual(told, 8, "findings told early across the samples")
    }

    func testSharedCorpusTellsOnlyWhatTheWholeCaptureReports() throws {
        for (name, text) in try TestCaptures.corpus() {
            let result = try Self.disagreements(text, name: name, checker: Self.allRules)
            XCTAssertEqual(result.problems, [], name)
        }
    }

    func testGeneratedTracesTellOnlyWhatTheWholeCaptureReports() throws {
        let seeds = 1_000
        // Each trace is looked at after every event, so the traces are checked on every core.
        let results = SharedTasks(count: seeds) { index -> (problems: [String], told: Int, reported: Int) in
            let seed = UInt64(index + 1)
            let text = RandomTraces.trace(seed: seed)
            do {
                let result = try Self.disagreements(text, name: "seed-\(seed).log", checker: Self.allRules)
                let reported = try Self.allRules.check(.text(name: "seed", contents: text)).findings.count
                return (result.problems.map { "seed \(seed): \($0)" }, result.told, reported)
            } catch {
                return (["seed \(seed): \(error)"], 0, 0)
            }
        }
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in results.work() }
        let all = results.results()
        XCTAssertEqual(all.count, seeds)
        let problems = all.flatMap(\.problems)
        XCTAssertEqual(problems.prefix(5), [], "RandomTraces.trace(seed:) gives the trace again")
        let told = all.map(\.told).reduce(0, +), reported = all.map(\.reported).reduce(0, +)
        // Enough is told early for the comparison to mean something.
        XCTAssertGreaterThan(told, reported / 4, "told \(told) of \(reported) findings early")
        print("live: told \(told) of \(reported) findings early over \(seeds) generated traces")
    }

    /// A rule whose findings hang on what comes later is told at the end, not early: a
    /// scene killed from the app switcher disconnects without entering the background, and
    /// only a discard or terminate after it says so.
    func testAFindingThatLaterLinesDecideIsNotToldEarly() throws {
        let text = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]
            2026-03-14 09:31:40.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidDisconnect:]
            2026-03-14 09:31:42.500000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]

            """
        let run = try Self.liveRun(text, name: "kill.log", checker: Self.allRules)
        XCTAssertEqual(run.told.map(\.rule), [], "nothing here is decided before the end")
        XCTAssertFalse(run.final.findings.isEmpty)
        XCTAssertEqual(run.looks, 6)
    }

    /// The rules decided as seen tell their findings when the line is read (or, for an
    /// app-delegate callback a scene delegate may forward, at the next callback).
    func testTransitionFindingsAreToldAtTheirLine() throws {
        let text = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]
            2026-03-14 09:31:40.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]
            2026-03-14 09:35:02.700000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:36:10.000000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]
            2026-03-14 09:36:11.000000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidEnterBackground:]

            """
        let run = try Self.liveRun(text, name: "skips.log", checker: Self.allRules)
        XCTAssertEqual(run.told.map { "\($0.line) \($0.rule)" }, ["6 foreground_before_active", "7 resign_before_background"])
        XCTAssertTrue(run.final.findings.contains { $0.rule == "app_delegate_in_scene_app" && $0.line == 8 },
                      "the last line's finding waits for the end: a scene callback may still pair with it")
    }

    /// A run of the process that is over (the app was launched again) has every finding of the
    /// rules that judge one run at a time decided, those that wait for the run's end too.
    func testARunThatIsOverHasItsFindingsToldAtTheRelaunch() throws {
        let text = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2026-03-14 09:27:12.140000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]
            2026-03-14 09:31:40.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]
            2026-03-14 09:31:41.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:40:00.100000+0100 Fieldnotes[5120:3170001] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2026-03-14 09:40:00.140000+0100 Fieldnotes[5120:3170001] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:40:00.180000+0100 Fieldnotes[5120:3170001] -[SceneDelegate sceneWillEnterForeground:]

            """
        let run = try Self.liveRun(text, name: "relaunch.log", checker: Self.allRules)
        XCTAssertEqual(run.told.map { "\($0.line) \($0.rule)" }, ["7 foreground_without_activation"])
        XCTAssertEqual(run.final.findings.map { "\($0.line) \($0.rule)" }, ["7 foreground_without_activation"])
    }

    /// A rule decided at the end marks the findings nothing later can change: a scene that
    /// disconnects while active skipped willResignActive whatever follows (from inactive, a
    /// discard or terminate after it would make it an app-switcher kill).
    func testAFindingItsRuleMarksDecidedIsToldAtItsLine() throws {
        let text = """
            2026-03-14 09:27:12.140000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]
            2026-03-14 09:31:40.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]
            2026-03-14 09:35:02.700000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:35:02.800000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:36:10.000000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidDisconnect:]

            """
        let run = try Self.liveRun(text, name: "active-disconnect.log", checker: Self.allRules)
        XCTAssertEqual(run.told.map { "\($0.line) \($0.rule)" }, ["8 background_before_disconnect"])
        XCTAssertEqual(run.final.findings.map { "\($0.line) \($0.rule)" }, ["8 background_before_disconnect"])
    }
}
