import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

final class SharedTasksTests: XCTestCase {
    /// Threads that join at different times, some after every task is claimed: each task
    /// runs once, and the results come back in index order whichever thread ran them.
    func testEveryTaskRunsOnceAndResultsComeInOrder() {
        for threads in [0, 1, 3] {
            let runs = RunCounts(count: 300)
            let tasks = SharedTasks<Int>(count: 300) { index in
                runs.add(index)
                // Uneven tasks, as the catalog's are.
                if index % 37 == 0 { usleep(300) }
                return index * 2
            }
            for _ in 0..<threads { _ = PlainThread.start { tasks.work() } }
            XCTAssertEqual(tasks.results(), (0..<300).map { $0 * 2 }, "\(threads) helper threads")
            XCTAssertEqual(runs.counts, Array(repeating: 1, count: 300), "\(threads) helper threads")
            // A thread that comes after the end finds nothing to do.
            tasks.work()
            XCTAssertEqual(tasks.results().count, 300)
        }
    }

    /// Work run alongside the tasks runs once, on one of the threads, and leaves the results
    /// as they are without it: every task's, in index order.
    func testWorkAlongsideRunsOnceAndLeavesTheResultsInOrder() {
        for helpers in [0, 1, 3] {
            let runs = RunCounts(count: 101)
            let results = SharedTasks<Int>.results(count: 100, helpers: helpers, alongside: {
                usleep(500)
                runs.add(100)
            }, body: { index in
                runs.add(index)
                return index + 1
            })
            XCTAssertEqual(results, Array(1...100), "\(helpers) helpers")
            XCTAssertEqual(runs.counts, Array(repeating: 1, count: 101), "\(helpers) helpers")
        }
    }

    /// The catalog compiled as shared tasks has each piece where it belongs: the shapes in
    /// their order, each of the four regexes and four word sets in its place (two swapped
    /// would match the other's text).
    func testTheCatalogsPiecesAreInTheirPlaces() throws {
        let catalog = try CompiledCatalog()
        XCTAssertEqual(catalog.shapeNames, SpellingShape.all.map(\.name))
        XCTAssertEqual(catalog.shapes.map(\.shape.pattern), SpellingShape.all.map(\.pattern))
        XCTAssertEqual(catalog.shapeGates.map { $0 != nil }, SpellingShape.all.map(\.gatedByLiterals))
        let matcher = PCRE2Matcher()
        func matches(_ regex: PCRE2Regex, _ text: String) throws -> Bool { try matcher.firstMatch(of: regex, in: text) != nil }
        let pointer = "<UIWindowScene: 0x10cc50200> scene 0x10cc50200 done"
        let uuid = "session 5B0E7B7C-1E3A-4C4B-9C1D-2F3E4A5B6C7D restored"
        XCTAssertTrue(try matches(catalog.barePointer, "scene at 0x10cc50200 done"))
        XCTAssertFalse(try matches(catalog.barePointer, uuid))
        XCTAssertTrue(try matches(catalog.uuid, uuid))
        XCTAssertFalse(try matches(catalog.uuid, pointer))
        let scene = "sceneOfRecord: sceneID: com.example.app-default persistentID: 5B0E7B7C-1E3A-4C4B-9C1D-2F3E4A5B6C7D"
        let system = "Bootstrapping app<com.example.app> with intent foreground-interactive"
        XCTAssertTrue(try matches(catalog.sceneOfRecord, scene))
        XCTAssertFalse(try matches(catalog.sceneOfRecord, system))
        XCTAssertTrue(try matches(catalog.systemAccount, system))
        XCTAssertFalse(try matches(catalog.systemAccount, scene))
        func holds(_ words: CaselessWordSet, _ text: String) -> Bool { Array(text.utf8).withUnsafeBytes(words.containsAny) }
        XCTAssertTrue(holds(catalog.candidateWords, "-[SceneDelegate sceneDidBecomeActive:]"))
        XCTAssertEqual(catalog.candidateWords.fingerprints.map { String(decoding: $0, as: UTF8.self) }, CompiledCatalog.candidateFingerprints)
        XCTAssertEqual(catalog.nearMissWords.fingerprints.map { String(decoding: $0, as: UTF8.self) }, CompiledCatalog.nearMissFingerprints)
        XCTAssertEqual(catalog.systemWords.fingerprints, CaselessWordSet(covering: SystemAccount.words).fingerprints)
        XCTAssertEqual(catalog.shortMessageWords.fingerprints, CaselessWordSet(covering: CompiledCatalog.shortMessageVocabulary).fingerprints)
    }
}

/// How often each task ran, counted under a lock.
private final class RunCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [Int]

    init(count: Int) { runs = Array(repeating: 0, count: count) }

    func add(_ index: Int) {
        lock.lock()
        runs[index] += 1
        lock.unlock()
    }

    var counts: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
}

final class WarmupTests: XCTestCase {
    /// The capture the warm-up checks aside is read as what it shows, NSLog's lines and
    /// `print`'s both, and is clean: read as nothing, or as only some of its lines, it would
    /// leave cold the paths a real check takes.
    func testTheWarmUpCaptureIsReadWholeAndClean() throws {
        let report = try Checker().check(.text(name: "warm-up", contents: Warmup.capture))
        XCTAssertEqual(report.scan.format, "xcode-console")
        XCTAssertEqual(report.events.map(\.id), [
            .appDidFinishLaunching, .appConfigurationForConnecting, .sceneWillConnect, .sceneWillEnterForeground,
            .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground,
            .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidDisconnect, .appDidDiscardSceneSessions,
        ])
        XCTAssertEqual(report.events.filter { $0.line >= 11 && $0.line <= 13 }.count, 3, "the lines print wrote")
        XCTAssertTrue(report.findings.isEmpty, "\(report.findings)")
        XCTAssertEqual(report.inconclusive.count, 0)
    }

    /// A read in parts with a thread on every core stops the warm-up once the catalog is
    /// compiled; one that leaves a core free, or on a system that does not say how many it
    /// has, does not.
    func testAReadInPartsOnEveryCoreStopsTheWarmUpAfterTheCatalog() throws {
        XCTAssertTrue(PartedScan.takesEveryCore(threads: 2, cores: 2))
        XCTAssertTrue(PartedScan.takesEveryCore(threads: 3, cores: 2))
        XCTAssertFalse(PartedScan.takesEveryCore(threads: 2, cores: 4))
        XCTAssertFalse(PartedScan.takesEveryCore(threads: 2, cores: 0))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-warmup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("console.log").path
        var generator = BenchmarkStory(seed: 21)
        let text = CaptureRenderer.render(generator.next(2000), as: "xcode-console")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var options = ScanOptions()
        options.threadsPerFile = max(2, PlainThread.allowedCPUCount)
        options.minimumPartBytes = max(1, text.utf8.count / (options.threadsPerFile + 1))
        let plan = try XCTUnwrap(PartedScan.plan(path: path, parts: options.threadsPerFile, options: options, reader: LineReader()))
        // The warm-up is told before the catalog it compiles is waited for: told after, it
        // went on beside the parts.
        var toldFirst: Bool?
        func catalog() -> CompiledCatalog {
            toldFirst = Warmup.coresAreTaken
            return .shared
        }
        Warmup.forgetCoresTaken()
        _ = try plan.scan(options: options, reader: LineReader(), catalog: catalog())
        XCTAssertEqual(toldFirst, true, "a read in parts on every core tells the warm-up before it takes the catalog")
    }
}
