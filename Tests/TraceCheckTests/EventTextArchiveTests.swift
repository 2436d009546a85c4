import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// Event texts leave memory for a temporary file once they outgrow a small tail; every
/// line must come back byte for byte, wherever it landed.
final class EventTextArchiveTests: XCTestCase {
    /// Lines of every length from empty to a few KB, with invalid UTF-8 and NUL among them.
    private func sampleLines(_ count: Int) -> [[UInt8]] {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { index in
            let length = index % 97 == 0 ? next(5000) : next(300)
            return (0..<length).map { _ in UInt8(truncatingIfNeeded: next(256)) }
        }
    }

    @discardableResult
    private func roundTrip(_ lines: [[UInt8]], spillFile: SpillFile = SpillFile(),
                           file: StaticString = #filePath, line: UInt = #line) -> EventTextArchive {
        let archive = EventTextArchive(spillFile: spillFile)
        let spans = lines.map { bytes in bytes.withUnsafeBytes { archive.append($0) } }
        XCTAssertGreaterThan(lines.map(\.count).reduce(0, +), 4 * EventTextArchive.tailLimit, "the lines outgrow the tail", file: file, line: line)
        for (bytes, span) in zip(lines, spans) {
            XCTAssertEqual(archive.bytes(at: span.offset, count: span.count), bytes, file: file, line: line)
        }
        // Read again in another order: a read must not disturb the file's position for the next.
        for (bytes, span) in zip(lines, spans).reversed() where bytes.count % 3 == 0 {
            XCTAssertEqual(archive.bytes(at: span.offset, count: span.count), bytes, file: file, line: line)
        }
        return archive
    }

    func testLinesComeBackFromTheTailAndFromTheFile() {
        XCTAssertTrue(roundTrip(sampleLines(20_000)).hasSpilled)
    }

    /// Captures read at once (threads, parts of one file) share the run's one spill file;
    /// their stretches interleave in it and each archive must find its own.
    func testArchivesSharingOneSpillFileFromSeveralThreads() {
        let spillFile = SpillFile()
        let lines = sampleLines(24_000)
        let archives = (0..<4).map { _ in EventTextArchive(spillFile: spillFile) }
        let spans = LockedSpans()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var own: [(Int, ArchivedSpan)] = []
            for index in stride(from: worker, to: lines.count, by: 4) {
                own.append((index, lines[index].withUnsafeBytes { archives[worker].append($0) }))
            }
            archives[worker].seal()
            spans.add(own)
        }
        for (index, span) in spans.all {
            XCTAssertEqual(archives[index % 4].bytes(at: span.offset, count: span.count), lines[index])
        }
        XCTAssertTrue(archives.allSatisfy(\.hasSpilled))
    }

    func testSealingWritesOutATailWorthTheDiskAndKeepsASmallOne() {
        let spillFile = SpillFile()
        let small = EventTextArchive(spillFile: spillFile), large = EventTextArchive(spillFile: spillFile)
        let line = [UInt8](repeating: 0x41, count: 100)
        let smallSpan = line.withUnsafeBytes { small.append($0) }
        let largeSpans = (0..<(EventTextArchive.sealLimit / 100 + 10)).map { _ in line.withUnsafeBytes { large.append($0) } }
        XCTAssertFalse(large.hasSpilled, "below the tail limit nothing is written while scanning")
        small.seal()
        large.seal()
        XCTAssertFalse(small.hasSpilled)
        XCTAssertTrue(large.hasSpilled)
        XCTAssertEqual(small.bytes(at: smallSpan.offset, count: smallSpan.count), line)
        for span in largeSpans { XCTAssertEqual(large.bytes(at: span.offset, count: span.count), line) }
    }

    func testWithoutATemporaryDirectoryTheLinesStayInMemory() {
        let saved = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", "/nonexistent/tracecheck-no-such-directory", 1)
        defer {
            if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") }
        }
        XCTAssertFalse(roundTrip(sampleLines(10_000)).hasSpilled)
    }

    private final class LockedSpans: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var all: [(Int, ArchivedSpan)] = []
        func add(_ spans: [(Int, ArchivedSpan)]) {
            lock.lock()
            all += spans
            lock.unlock()
        }
    }

    func testASpanHoldsLargeOffsetsAndClampsOverlongCounts() {
        let span = ArchivedSpan(offset: 5 << 30, count: 1234)
        XCTAssertEqual(span.offset, 5 << 30)
        XCTAssertEqual(span.count, 1234)
        XCTAssertEqual(ArchivedSpan(offset: 0, count: ArchivedSpan.maximumCount + 10).count, ArchivedSpan.maximumCount)
        XCTAssertGreaterThan(ArchivedSpan.maximumCount, LineReader.defaultMaximumLineLength)
    }

    /// Through the whole pipeline: a capture with megabytes of lifecycle lines shows each
    /// event's own line as its text (evidence quotes the capture, not a neighbour).
    func testEveryEventShowsItsOwnLine() throws {
        var plan = BenchmarkStory.Plan()
        plan.lifecyclePerMille = 300
        var story = BenchmarkStory(plan: plan)
        let text = CaptureRenderer.body(story.next(40_000), as: "xcode-console", continuing: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let report = try Checker().check(.text(name: "dense.log", contents: text))
        XCTAssertEqual(report.eventCount, story.lifecycleLines)
        XCTAssertGreaterThan(report.events.map { $0.text.utf8.count }.reduce(0, +), 4 * EventTextArchive.tailLimit)
        for event in report.events {
            XCTAssertEqual(event.text, String(lines[event.line - 1]), "line \(event.line)")
        }
    }
}
