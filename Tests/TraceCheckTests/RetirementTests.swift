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
        var problems: [String] = []
        if lettingGo.findings != whole.findings {
            problems.append("findings: \(lettingGo.findings.map { "\($0.line) \($0.rule)" }) against \(whole.findings.map { "\($0.line) \($0.rule)" })")
        }
        if lettingGo.inconclusive != whole.inconclusive { problems.append("inconclusive findings differ") }
        if lettingGo.rules != whole.rules {
            let differing = zip(lettingGo.rules, whole.rules).filter { $0 != $1 }.map { "\($0.0) against \($0.1)" }
            problems.append("rule statuses: \(differing.prefix(3))")
        }
        if lettingGo.health.map(\.message) != whole.health.map(\.message) { problems.append("health: \(lettingGo.health.map(\.message)) against \(whole.health.map(\.message))") }
        if lettingGo.eventCount != whole.eventCount { problems.append("events: \(lettingGo.eventCount) against \(whole.eventCount)") }
        return (problems, lettingGo.timeline.letGo.runs)
    }

    func testSampleLogsReportTheSameWhenRunsAreLetGo() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".log") }.sorted()
        XCTAssertGreaterThan(names.count, 40)
        var letGo = 0
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let result = try Self.disagreements(text, name: name)
            XCTAssertEqual(result.problems, [], name)
            letGo += result.letGo
        }
        XCTAssertGreaterThanOrEqual(letGo, 1, "runs let go across the samples (legacy-app-delegate-only.log relaunches the app)")
    }

    func testSharedCorpusReportsTheSameWhenRunsAreLetGo() throws {
        let corpus = RealCorpusTests.corpus
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else {
            throw XCTSkip("shared corpus not found at \(corpus.path); a user's clone has none")
        }
        var letGo = 0
        for name in names.filter({ $0.hasSuffix(".log") }).sorted() {
            let data = try Data(contentsOf: corpus.appendingPathComponent(name))
            let result = try Self.disagreements(String(decoding: data, as: UTF8.self), name: name)
            XCTAssertEqual(result.problems, [], name)
            letGo += result.letGo
        }
        print("retirement: \(letGo) runs let go over the shared corpus")
    }

    func testGeneratedTracesReportTheSameWhenRunsAreLetGo() throws {
        let seeds = 1_000
        let results = ConcurrentResults<(problems: [String], letGo: Int)>(count: seeds)
        DispatchQueue.concurrentPerform(iterations: seeds) { index in
            let seed = UInt64(index + 1)
            do {
                let result = try Self.disagreements(RandomTraces.trace(seed: seed), name: "seed-\(seed).log")
                results.store(index, (result.problems.map { "seed \(seed): \($0)" }, result.letGo))
            } catch {
                results.store(index, (["seed \(seed): \(error)"], 0))
            }
        }
        let all = results.all.compactMap { $0 }
        XCTAssertEqual(all.count, seeds)
        XCTAssertEqual(all.flatMap(\.problems).prefix(5), [], "RandomTraces.trace(seed:) gives the trace again")
        let letGo = all.map(\.letGo).reduce(0, +)
        XCTAssertGreaterThan(letGo, seeds / 5, "runs let go over the generated traces (about a quarter relaunch the app)")
        print("retirement: \(letGo) runs let go over \(seeds) generated traces")
    }
}
