import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// A long capture's runs that are over are judged while it is read and let go
/// (`RunRetirement`). The report must be the one a read that keeps every run gives: here
/// every capture is read with a look after every line that adds an event, and without the
/// lag a run must be over by: the harshest the retirement can be.
final class RetirementTests: XCTestCase {
    /// Reads `text` as a capture read whole by one thread is read, letting runs go.
    static func lettingGo(_ text: String, name: String, checker: Checker) throws -> CaptureReport {
        let (source, reader, session) = try LiveCheckTests.decidedSession(text, name: name, checker: checker)
        let retirement = try XCTUnwrap(RunRetirement(checker: checker, path: source.displayName, threshold: 1, lag: 0))
        var read = 0
        let statistics = try reader.read(source) { line in
            session.feed(line)
            guard session.eventsRead > read else { return }
            read = session.eventsRead
            retirement.retire(from: session, line: line.number)
        }
        session.finish()
        var scan = session.result(source: source, statistics: statistics, maximumLineLength: reader.maximumLineLength)
        return checker.judge(&scan)
    }

    /// The differences between the two reads, and how many runs were let go.
    static func disagreements(_ text: String, name: String, checker: Checker = LiveCheckTests.allRules) throws -> (problems: [String], letGo: Int) {
        let whole = try checker.check(.text(name: name, contents: text))
        let lettingGo = try Self.lettingGo(text, name: name, checker: checker)
        return (differences(lettingGo, whole), lettingGo.timeline.letGo.runs)
    }

    /// A checker that reads a file of `text` with three threads in parts of a 24th of it, and
    /// lets go of every run it can at each look.
    static func inTinyParts(_ text: String) -> Checker {
        var parted = LiveCheckTests.allRules
        parted.options.scan.threadsPerFile = 3
        parted.options.scan.minimumPartBytes = 1
        parted.options.scan.retiringPartBytes = text.utf8.count / 24
        parted.options.retirement = (threshold: 1, lag: 0)
        return parted
    }

    /// How the report of a read that let runs go differs from that of a read that kept them.
    static func differences(_ lettingGo: CaptureReport, _ whole: CaptureReport) -> [String] {
        var problems: [String] = []
        if lettingGo.findings != whole.findings {
            problems.append("findings: \(lettingGo.findings.prefix(12).map { "\($0.line) \($0.rule)" }) against \(whole.findings.prefix(12).map { "\($0.line) \($0.rule)" })")
        }
        if lettingGo.inconclusive != whole.inconclusive { problems.append("inconclusive findings differ") }
        if lettingGo.rules != whole.rules {
            let differing = zip(lettingGo.rules, whole.rules).filter { $0 != $1 }.map { "\($0.0) against \($0.1)" }
            problems.append("rule statuses: \(differing.prefix(3))")
        }
        if lettingGo.health.map(\.message) != whole.health.map(\.message) { problems.append("health: \(lettingGo.health.map(\.message)) against \(whole.health.map(\.message))") }
        if lettingGo.eventCount != whole.eventCount { problems.append("events: \(lettingGo.eventCount) against \(whole.eventCount)") }
        return problems
    }

    func testSampleLogsReportTheSameWhenRunsAreLetGo() throws {
        let samples = try TestCaptures.samples()
        XCTAssertGreaterThan(samples.count, 40)
        var letGo = 0
        for (name, text) in samples {
            let result = try Self.disagreements(text, name: name)
            XCTAssertEqual(result.problems, [], name)
            letGo += result.letGo
        }
        XCTAssertGreaterThanOrEqual(letGo, 1, "runs let go across the samples (legacy-app-delegate-only.log relaunches the app)")
    }

    func testSharedCorpusReportsTheSameWhenRunsAreLetGo() throws {
        var letGo = 0
        for (name, text) in try TestCaptures.corpus() {
            let result = try Self.disagreements(text, name: name)
            XCTAssertEqual(result.problems, [], name)
            letGo += result.letGo
        }
        print("retirement: \(letGo) runs let go over the shared corpus")
    }

    func testGeneratedTracesReportTheSameWhenRunsAreLetGo() throws {
        let seeds = 1_000
        let results = SharedTasks(count: seeds) { index -> (problems: [String], letGo: Int) in
            let seed = UInt64(index + 1)
            do {
                let result = try Self.disagreements(RandomTraces.trace(seed: seed), name: "seed-\(seed).log")
                return (result.problems.map { "seed \(seed): \($0)" }, result.letGo)
            } catch {
                return (["seed \(seed): \(error)"], 0)
            }
        }
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in results.work() }
        let all = results.results()
        XCTAssertEqual(all.count, seeds)
        XCTAssertEqual(all.flatMap(\.problems).prefix(5), [], "RandomTraces.trace(seed:) gives the trace again")
        let letGo = all.map(\.letGo).reduce(0, +)
        XCTAssertGreaterThan(letGo, seeds / 5, "runs let go over the generated traces (about a quarter relaunch the app)")
        print("retirement: \(letGo) runs let go over \(seeds) generated traces")
    }

    /// A folder for a test's captures, removed after it, and 30,000 lines of a story dense in
    /// lifecycle lines, two to five foreground cycles a launch.
    private func denseStory(seed: UInt64) throws -> (directory: URL, story: [StoryLine]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-retiring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        var plan = BenchmarkStory.Plan()
        plan.lifecyclePerMille = 200
        plan.cyclesPerLaunch = 2..<6
        var generator = BenchmarkStory(seed: seed, plan: plan)
        return (directory, generator.next(30_000))
    }

    /// A file read in parts by several threads lets runs go too: the parts are read a wave at a
    /// time and joined in order, and the runs over are judged after each part is joined. Here
    /// the parts are tiny, so that runs span cuts and waves, and each look lets go all it can.
    func testAFileReadInPartsLetsRunsGoAndReportsTheSame() throws {
        let (directory, lines) = try denseStory(seed: 17)
        // Lines dropped here and there give findings, in runs let go and in runs kept.
        let story = lines.enumerated().filter { $0.offset % 1_009 != 500 }.map(\.element)
        for format in ["xcode-console", "log-stream", "idevicesyslog"] {
            let text = CaptureRenderer.render(story, as: format)
            let path = directory.appendingPathComponent("\(format).log").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let whole = try LiveCheckTests.allRules.check(.file(path))
            XCTAssertGreaterThan(whole.eventCount, 1_000, format)
            XCTAssertGreaterThan(whole.findings.count, 3, format)

            let parted = Self.inTinyParts(text)
            let plan = PartedScan.plan(path: path, parts: 3, options: parted.options.scan, reader: LineReader(), lettingRunsGo: true)
            XCTAssertGreaterThanOrEqual(plan?.ranges.count ?? 0, 24, "\(format) is cut in waves of parts")
            let lettingGo = try parted.check(.file(path))
            XCTAssertEqual(Self.differences(lettingGo, whole), [], format)
            XCTAssertGreaterThan(lettingGo.timeline.letGo.runs, 10, "\(format): runs let go while its parts were joined")
        }
    }

    /// Many apps logging in turn around the one with a lifecycle: the runs let go keep the
    /// first mark of each process, so the runs kept open in the order a read that keeps every
    /// mark opens them, whether one thread reads or several read parts.
    func testManyAppsLetRunsGoAndReportTheSame() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-retiring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        var plan = BenchmarkStory.Plan()
        plan.otherApps = 30
        plan.lifecyclePerMille = 150
        plan.cyclesPerLaunch = 2..<6
        var generator = BenchmarkStory(seed: 29, plan: plan)
        let story = generator.next(12_000).enumerated().filter { $0.offset % 1_013 != 400 }.map(\.element)
        for format in ["log-default", "idevicesyslog"] {
            let text = CaptureRenderer.render(story, as: format)
            let path = directory.appendingPathComponent("\(format).log").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let whole = try LiveCheckTests.allRules.check(.file(path))
            XCTAssertGreaterThan(whole.findings.count, 3, format)
            // Read as text, as the one-thread read below is: a finding names its capture.
            let (problems, _) = try Self.disagreements(text, name: "\(format).log")
            XCTAssertEqual(problems, [], "\(format), one thread")
            let oneThread = try Self.lettingGo(text, name: "\(format).log", checker: LiveCheckTests.allRules)
            XCTAssertGreaterThan(oneThread.timeline.letGo.runs, 10, format)
            // The runs kept are those of the whole read's timeline with the same numbers.
            let wholeRuns = Dictionary(uniqueKeysWithValues: whole.timeline.epochs.map { ($0.ordinal, "\($0.pid ?? -1) \($0.process ?? "-")") })
            XCTAssertFalse(oneThread.timeline.epochs.isEmpty, format)
            for epoch in oneThread.timeline.epochs {
                XCTAssertEqual("\(epoch.pid ?? -1) \(epoch.process ?? "-")", wholeRuns[epoch.ordinal], "\(format): run \(epoch.ordinal)")
            }

            let parted = Self.inTinyParts(text)
            let lettingGo = try parted.check(.file(path))
            XCTAssertEqual(Self.differences(lettingGo, whole), [], "\(format), in parts")
            XCTAssertGreaterThan(lettingGo.timeline.letGo.runs, 10, "\(format): runs let go while its parts were joined")
            // Which runs are let go before the end depends on the threads' pace; the terminal
            // counts them with the runs it does not show, so its report is the whole read's.
            let terminal = TerminalReporter(color: false)
            XCTAssertEqual(terminal.render(lettingGo), terminal.render(whole), "\(format): the terminal report")
        }
    }

    /// With few parts for each thread, the parts come in whole waves, one part a thread, and a
    /// join looks only as a read by one thread would: a look there held up the joining thread's
    /// next part, which ended alone after the others'. The report is the same either way.
    func testFewPartsPerThreadComeInWavesAndJoinsLookAsAWholeRead() throws {
        let (directory, story) = try denseStory(seed: 23)
        let text = CaptureRenderer.render(story, as: "xcode-console")
        let path = directory.appendingPathComponent("waves.log").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try LiveCheckTests.allRules.check(.file(path))
        XCTAssertGreaterThan(whole.eventCount, 2 * RunRetirement.joinThreshold, "enough events for a look at every join")

        for (partsPerThread, looksAtJoins) in [(2, false), (PartedScan.partsPerThreadForJoinLooks, true)] {
            var parted = LiveCheckTests.allRules
            parted.options.scan.threadsPerFile = 2
            parted.options.scan.minimumPartBytes = 1
            // An odd number of parts by size: two threads read them in whole waves.
            parted.options.scan.retiringPartBytes = text.utf8.count / (2 * partsPerThread - 1) + 1
            parted.options.retirement = (threshold: 1_000_000, lag: 0)
            let cut = try XCTUnwrap(PartedScan.plan(path: path, parts: 2, options: parted.options.scan, reader: LineReader(), lettingRunsGo: true))
            XCTAssertEqual(cut.ranges.count, 2 * partsPerThread, "\(partsPerThread) parts a thread, in waves of two")
            let report = try parted.check(.file(path))
            XCTAssertEqual(Self.differences(report, whole), [], "\(partsPerThread) parts a thread")
            XCTAssertEqual(report.timeline.letGo.runs > 0, looksAtJoins, "\(partsPerThread) parts a thread: runs let go at joins")
        }
    }
}
