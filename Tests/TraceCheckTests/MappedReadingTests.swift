import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// A file read through mappings of it (`LineReader.readMapped`) gives what a read of it
/// with `read` gives: the same lines under the same numbers, the same statistics, the same
/// scan. Windows are made as small as the reader allows here, so that lines, over-long lines
/// and the last line fall across many of them.
final class MappedReadingTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A reader that maps every file, in the smallest windows it allows.
    private func mapping(_ reader: LineReader) -> LineReader {
        var reader = reader
        reader.mapsFiles = true
        reader.smallestMappedFile = 0
        reader.mappedWindowBytes = 0
        return reader
    }

    /// Every line read, by number, whether a batch took it or it came alone, and the statistics.
    /// The batch reader takes whole lines from the start of what it is offered up to the first
    /// it declines: one holding a NUL byte, one longer than the limit, or one with `alone` in it.
    private func read(_ path: String, with reader: LineReader, batches: Bool) throws -> (lines: [Int: String], statistics: ReadStatistics) {
        var lines: [Int: String] = [:]
        let limit = reader.maximumLineLength
        let batch: LineBatchReader = { text, first in
            var taken = LineBatch()
            var start = 0
            while let newline = text[start...].firstIndex(of: 10) {
                var line = text[start..<newline]
                if line.last == 13 { line = line.dropLast() }
                let string = String(decoding: line, as: UTF8.self)
                guard newline - start <= limit, !line.contains(0), !string.contains("alone") else { break }
                lines[first + taken.lines] = string
                taken.lines += 1
                taken.bytes = newline + 1
                if line.count != newline - start { taken.crlfLines += 1 }
                start = newline + 1
            }
            return taken
        }
        let statistics = try reader.read(.file(path), batch: batches ? batch : nil) { line in
            XCTAssertNil(lines[line.number], "line \(line.number) given once")
            lines[line.number] = String(decoding: line.bytes, as: UTF8.self)
        }
        return (lines, statistics)
    }

    /// Random files of short lines, CRLF lines, empty lines, NUL bytes, lines declined by the
    /// batch reader, lines over the limit and far over a window, with and without a last
    /// newline: mapped, in the smallest windows, as read.
    func testRandomFilesReadAsTheyAreReadWithRead() throws {
        var random = SplitMix(seed: 41)
        for round in 0..<24 {
            var bytes: [UInt8] = []
            let target = 20_000 + Int(random.next() % 60_000)
            while bytes.count < target {
                let kind = random.next() % 20
                let length: Int = switch kind {
                case 0: 0
                case 1: 1_000 + Int(random.next() % 40_000)
                case 2: 250 + Int(random.next() % 20)
                default: Int(random.next() % 120)
                }
                var line = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
                if kind == 3, !line.isEmpty { line[Int(random.next() % UInt64(line.count))] = 0 }
                if kind == 4 { line += Array(" alone".utf8) }
                bytes += line
                bytes += kind == 5 ? [13, 10] : [10]
            }
            if round % 2 == 1 { bytes += Array("the last line, without a newline".utf8) }
            if round % 6 == 2 { bytes += [UInt8](repeating: UInt8(ascii: "z"), count: 30_000) }
            let path = try write(bytes, "random-\(round).log")
            for limit in [256, 3_000] {
                let reader = LineReader(chunkSize: 1_000, maximumLineLength: limit)
                for batches in [false, true] {
                    let read = try read(path, with: reader, batches: batches)
                    let mapped = try self.read(path, with: mapping(reader), batches: batches)
                    XCTAssertEqual(mapped.lines, read.lines, "round \(round), limit \(limit), batches \(batches)")
                    XCTAssertEqual(mapped.statistics, read.statistics, "round \(round), limit \(limit), batches \(batches)")
                    XCTAssertEqual(read.statistics.bytes, bytes.count)
                    XCTAssertEqual(Set(read.lines.keys), Set(1...read.statistics.lines))
                }
            }
        }
    }

    /// The scan of a generated capture in every line format, read whole and in parts, mapped
    /// and not: the same facts.
    func testCapturesScanAlikeMappedAndNot() throws {
        var generator = BenchmarkStory(seed: 8)
        let story = generator.next(4000)
        for format in CaptureRenderer.formats where format != "log-json" {
            let text = CaptureRenderer.render(story, as: format)
            let path = try write(Array(text.utf8), "\(format).log")
            let whole = try CaptureScanner().scan(.file(path))
            XCTAssertFalse(whole.stream.events.isEmpty, format)
            for threads in [1, 3] {
                var options = ScanOptions()
                options.threadsPerFile = threads
                options.minimumPartBytes = max(1, text.utf8.count / 4)
                options.mapsFiles = true
                let mapped = try CaptureScanner(options: options, reader: mapping(LineReader())).scan(.file(path))
                XCTAssertEqual(mapped.comparableFacts, whole.comparableFacts, "\(format), \(threads) threads")
            }
        }
    }

    /// A file cut shorter while a window of it is read: its bytes past the new end would raise
    /// SIGBUS, which is caught; the read throws, naming the last line read before.
    func testAFileCutShorterWhileItIsReadIsAnErrorNotACrash() throws {
        let text = (1...20_000).map { "line \($0) of a capture that someone truncates" }.joined(separator: "\n") + "\n"
        let path = try write(Array(text.utf8), "truncated.log")
        let reader = mapping(LineReader(maximumLineLength: 1_000))
        var seen = 0
        XCTAssertThrowsError(try reader.read(.file(path)) { _ in
            seen += 1
            if seen == 1 { XCTAssertEqual(truncate(path, 5_000), 0) }
        }) { error in
            let error = error as? InputError
            XCTAssertEqual(error?.reason, LineReader.becameShorter)
            XCTAssertEqual(error?.source, path)
            XCTAssertNotNil(error?.afterLine)
        }
        XCTAssertGreaterThan(seen, 1, "the window's lines were read before the cut was noticed")
        // The process lives on, and the file as it is now reads whole.
        let again = try read(path, with: reader, batches: true)
        XCTAssertEqual(again.statistics.bytes, 5_000)
    }

    /// A whole file that grows while it is read is read to its new end, as a read to the end
    /// of the file is: the last line goes on in what was written after it.
    func testAFileThatGrowsWhileItIsReadIsReadToItsNewEnd() throws {
        let first = "first line\nsecond, unfinished", later = " and finished\nthird\n"
        let path = try write(Array(first.utf8), "growing.log")
        var reader = mapping(LineReader(maximumLineLength: 1_000))
        reader.mappedWindowBytes = 1 << 20
        var lines: [String] = []
        let statistics = try reader.read(.file(path)) { line in
            lines.append(String(decoding: line.bytes, as: UTF8.self))
            if lines.count == 1, let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(Data(later.utf8))
                handle.closeFile()
            }
        }
        XCTAssertEqual(lines, ["first line", "second, unfinished and finished", "third"])
        XCTAssertEqual(statistics.bytes, first.utf8.count + later.utf8.count)
    }

    /// Where a descriptor cannot be mapped, the mapped read gives nil before reading anything
    /// (its caller then reads the file with `read`); a file below the size the reader maps reads
    /// as before with mapping on.
    func testWhatCannotBeMappedIsLeftToRead() throws {
        let path = try write(Array("one\ntwo\n".utf8), "small.log")
        var reader = LineReader()
        reader.mapsFiles = true
        var lines: [String] = []
        let statistics = try reader.read(.file(path)) { lines.append(String(decoding: $0.bytes, as: UTF8.self)) }
        XCTAssertEqual(lines, ["one", "two"])
        XCTAssertEqual(statistics.lines, 2)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertNil(try reader.readMapped(name: path, descriptor: -1, range: 0..<8, followsGrowth: false) { _ in }, "no file, no mapping")
        XCTAssertNotNil(try reader.readMapped(name: path, descriptor: descriptor, range: 0..<8, followsGrowth: false) { _ in })
    }
}
