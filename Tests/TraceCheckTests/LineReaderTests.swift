import Foundation
import XCTest
import CaptureFixtures
import CTeddy
@testable import TraceCheck

final class LineReaderTests: XCTestCase {
    private func lines(_ bytes: [UInt8], reader: LineReader = LineReader()) throws -> ([String], ReadStatistics) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-\(UUID().uuidString).log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var seen: [String] = []
        let statistics = try reader.read(.file(url.path)) { line in
            XCTAssertEqual(line.number, seen.count + 1)
            seen.append(String(decoding: line.bytes, as: UTF8.self))
        }
        return (seen, statistics)
    }

    func testLFCRLFAndMissingFinalNewline() throws {
        let (seen, statistics) = try lines(Array("a\r\nb\n\nc".utf8))
        XCTAssertEqual(seen, ["a", "b", "", "c"])
        XCTAssertEqual(statistics.lines, 4, "as cat -n counts")
        XCTAssertEqual(statistics.crlfLines, 1)
    }

    /// A batch reader takes the lines it wants from the start of what it is offered; the
    /// rest come one by one, and the counts are those of a plain read.
    func testBatchReaderTakesLinesAndTheRestComeOneByOne() throws {
        let text = (1...300).map { $0 % 7 == 0 ? "keep \($0)\r" : "batch \($0)" + ($0 % 5 == 0 ? "\r" : "") }.joined(separator: "\n") + "\nbatch tail"
        for chunkSize in [5, 64, 1 << 16] {
            let reader = LineReader(chunkSize: chunkSize, maximumLineLength: 64)
            var batched: [Int] = [], single: [(Int, String)] = []
            let statistics = try reader.read(.text(name: "t", contents: text), batch: { offered, first in
                var taken = LineBatch()
                for line in offered.split(separator: 10, omittingEmptySubsequences: false).dropLast() {
                    guard line.starts(with: Array("batch".utf8)) else { break }
                    batched.append(first + taken.lines)
                    taken.lines += 1
                    taken.bytes += line.count + 1
                    if line.last == 13 { taken.crlfLines += 1 }
                }
                return taken
            }) { line in single.append((line.number, String(decoding: line.bytes, as: UTF8.self))) }
            XCTAssertEqual(statistics.lines, 301, "chunk \(chunkSize)")
            XCTAssertEqual(statistics.crlfLines, 42 + 52, "the batch's and the single lines'")
            XCTAssertEqual(single.filter { $0.1.hasPrefix("keep") }.map(\.0), (1...42).map { $0 * 7 }, "chunk \(chunkSize)")
            XCTAssertEqual(single.last?.1, "batch tail", "an unterminated last line is never offered")
            XCTAssertEqual(Set(batched).union(single.map(\.0)).count, 301, "every line once")
            XCTAssertTrue(Set(batched).isDisjoint(with: single.map(\.0)))
            XCTAssertGreaterThan(batched.count, chunkSize < 64 ? 0 : 200)
        }
    }

    /// A batch reader that keeps taking nothing is offered batches again only after a
    /// while (16 empty ones, then 1,024 lines one by one); every line still comes once.
    func testBatchesThatTakeNothingAreOfferedLessOften() throws {
        let text = (1...5_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var offers: [Int] = [], single = 0
        let statistics = try LineReader().read(.text(name: "t", contents: text), batch: { _, first in
            offers.append(first)
            return LineBatch()
        }) { _ in single += 1 }
        XCTAssertEqual(statistics.lines, 5_000)
        XCTAssertEqual(single, 5_000)
        XCTAssertEqual(Array(offers.prefix(17)), Array(1...16) + [16 + LineBatch.linesBackedOff])
        XCTAssertEqual(offers.count, 16 * 5, "16 offers in each of five stretches of 1,040 lines")
    }

    /// A batch reader that is not ready yet (`notYet`: the scanner detecting the format
    /// from its first 200 lines) is offered the next line's batch as each line comes, with
    /// no backing off: it takes lines from the line after it is ready, not from the 1,041st.
    func testABatchReaderNotReadyYetIsOfferedEveryLine() throws {
        let text = (1...3_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var offers: [Int] = [], single = 0
        let statistics = try LineReader().read(.text(name: "t", contents: text), batch: { bytes, first in
            offers.append(first)
            guard first > 200 else { return LineBatch(notYet: true) }
            // Every complete line, as the scanner's quiet read takes an app's console.
            let lines = bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            return LineBatch(lines: lines, bytes: bytes.count)
        }) { _ in single += 1 }
        XCTAssertEqual(statistics.lines, 3_000)
        XCTAssertEqual(single, 200, "only the lines before the reader was ready came one by one")
        XCTAssertEqual(offers.count, 201)
        XCTAssertEqual(offers.last, 201)
    }

    /// A parted read joins what each part's read saw: a later part that was interrupted
    /// makes the whole read interrupted, and the earliest NUL line is the one reported.
    func testStatisticsOfPartsJoinInFileOrder() throws {
        var first = ReadStatistics()
        first.lines = 10
        first.bytes = 400
        first.crlfLines = 2
        first.overlongLines = [(line: 3, length: 9_000)]
        var second = ReadStatistics()
        second.lines = 5
        second.bytes = 100
        second.overlongLines = [(line: 12, length: 8_000)]
        second.firstNULLine = 14
        second.interrupted = true
        var third = ReadStatistics()
        third.lines = 1
        third.firstNULLine = 16
        var joined = first
        joined.append(second)
        joined.append(third)
        XCTAssertEqual(joined.lines, 16)
        XCTAssertEqual(joined.bytes, 500)
        XCTAssertEqual(joined.crlfLines, 2)
        XCTAssertEqual(joined.overlongLines.map(\.line), [3, 12])
        XCTAssertEqual(joined.firstNULLine, 14)
        XCTAssertTrue(joined.interrupted, "a part that stopped early leaves the input not read whole")
        XCTAssertNil(joined.damage)
    }

    func testEmptyFileHasNoLines() throws {
        let (seen, statistics) = try lines([])
        XCTAssertEqual(seen, [])
        XCTAssertEqual(statistics.bytes, 0)
    }

    /// A file large enough for its buffer to be asked for in huge pages (`ReadBuffer`) reads
    /// as the same bytes from memory do, whose buffer is an ordinary one: every line, an
    /// over-long one and a last line with no newline among them, with the reader's own sizes
    /// and with small ones (a buffer far smaller than the huge page it is rounded up to).
    func testALargeFileReadsAsTheSameBytesFromMemory() throws {
        var text: [UInt8] = []
        var number = 0
        while text.count < ReadBuffer.hugeInputBytes + 1_000 {
            number += 1
            text += Array("line \(number) ".utf8) + [UInt8](repeating: UInt8(ascii: "a") + UInt8(number % 26), count: number % 300)
            if number == 20_000 { text += [UInt8](repeating: UInt8(ascii: "z"), count: 5_000) }
            text.append(10)
        }
        text += Array("last line".utf8)
        for reader in [LineReader(), LineReader(chunkSize: 4_093, maximumLineLength: 1_000)] {
            let (fromFile, fileStatistics) = try lines(text, reader: reader)
            var fromMemory: [String] = []
            let memoryStatistics = try reader.read(.bytes(name: "memory", contents: text)) { fromMemory.append(String(decoding: $0.bytes, as: UTF8.self)) }
            XCTAssertEqual(fromFile.count, number + 1)
            XCTAssertEqual(fromFile, fromMemory)
            XCTAssertEqual(fileStatistics, memoryStatistics)
            XCTAssertEqual(fromFile.last, "last line")
        }
        #if os(Linux)
        let buffer = ReadBuffer.allocate(byteCount: 3_000_000, inputBytes: ReadBuffer.hugeInputBytes)
        defer { buffer.deallocate() }
        XCTAssertGreaterThanOrEqual(buffer.count, 3_000_000)
        XCTAssertEqual(Int(bitPattern: buffer.baseAddress) % ReadBuffer.hugePageBytes, 0, "aligned to a huge page")
        #endif
    }

    func testLinesAcrossChunkBoundaries() throws {
        let text = (1...500).map { "line \($0) sceneDidBecomeActive(_:)" }.joined(separator: "\n") + "\n"
        let (seen, _) = try lines(Array(text.utf8), reader: LineReader(chunkSize: 7, maximumLineLength: 64))
        XCTAssertEqual(seen.count, 500)
        XCTAssertEqual(seen[499], "line 500 sceneDidBecomeActive(_:)")
    }

    func testOverlongLineIsCutAndTheFollowingLinesSurvive() throws {
        let long = String(repeating: "x", count: 10_000)
        let (seen, statistics) = try lines(Array("first\n\(long)\nafter\n".utf8), reader: LineReader(chunkSize: 16, maximumLineLength: 100))
        XCTAssertEqual(seen.count, 3)
        XCTAssertEqual(seen[1].count, 100)
        XCTAssertEqual(seen[2], "after")
        XCTAssertEqual(statistics.overlongLines.first?.line, 2)
        XCTAssertEqual(statistics.overlongLines.first?.length, 10_000)
    }

    /// A line longer than the limit is cut to it whether the buffer held it whole or not: what
    /// is read of a line does not depend on where the chunks fall (a file and the same bytes
    /// from a pipe, or the parts of a parted read). Found where a 1.5 MB line in a capture gave
    /// its event and no warning read as a file, and the warning and no event from a pipe.
    func testEveryLineLongerThanTheLimitIsCutWhereverTheChunksFall() throws {
        let lengths = [10, 49, 50, 51, 60, 99, 150, 400, 3, 50]
        var text = lengths.map { String(repeating: "x", count: $0 - 1) + "." }.joined(separator: "\n") + "\n"
        text += String(repeating: "c", count: 50) + "\r\n" + String(repeating: "e", count: 70)
        var results: Set<[String]> = []
        for chunkSize in [1, 7, 16, 50, 64, 100, 4_096] {
            let (seen, statistics) = try lines(Array(text.utf8), reader: LineReader(chunkSize: chunkSize, maximumLineLength: 50))
            XCTAssertEqual(seen.map(\.count), lengths.map { min($0, 50) } + [50, 50], "chunks of \(chunkSize)")
            XCTAssertEqual(statistics.overlongLines.map(\.line), [4, 5, 6, 7, 8, 11, 12], "chunks of \(chunkSize)")
            XCTAssertEqual(statistics.overlongLines.map(\.length), [51, 60, 99, 150, 400, 51, 70], "chunks of \(chunkSize)")
            results.insert(seen)
        }
        XCTAssertEqual(results.count, 1, "the same lines whatever the chunks")
    }

    /// A read interrupted part-way ends after its last whole line: the bytes read after it are
    /// a line cut where the read stopped, not a line of the input (read whole, its record
    /// showed up in the report as one that does not parse).
    func testAnInterruptedReadEndsAfterItsLastWholeLine() throws {
        let text = (1...40).map { "2026-04-02 10:15:03.0016\($0 % 10)+0200 Fieldnotes[4817:2863604] line \($0)" }.joined(separator: "\n") + "\n"
        defer { Interruption.clear() }
        for chunkSize in [7, 16, 33] {
            var seen: [String] = []
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-\(UUID().uuidString).log")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let statistics = try LineReader(chunkSize: chunkSize, maximumLineLength: 64).read(.file(url.path)) { line in
                seen.append(String(decoding: line.bytes, as: UTF8.self))
                if seen.count == 3 { Interruption.request() }
            }
            Interruption.clear()
            XCTAssertTrue(statistics.interrupted, "chunks of \(chunkSize)")
            XCTAssertEqual(seen, Array(text.split(separator: "\n").prefix(seen.count).map(String.init)), "only whole lines, chunks of \(chunkSize)")
            XCTAssertEqual(statistics.lines, seen.count)
            XCTAssertLessThan(seen.count, 40)
        }
    }

    func testOverlongLastLineWithoutNewline() throws {
        let (seen, statistics) = try lines(Array(("ok\n" + String(repeating: "y", count: 300)).utf8),
                                           reader: LineReader(chunkSize: 8, maximumLineLength: 50))
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(statistics.overlongLines.map(\.length), [300])
    }

    func testInvalidUTF8AndNULBytesAreReadAsBytes() throws {
        let (seen, statistics) = try lines([0x61, 0xFF, 0x00, 0x62, 0x0A, 0x63, 0x0A])
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(statistics.firstNULLine, 1)
    }

    /// NUL is looked for once per chunk, then line by line: the first line holding one is
    /// named wherever the chunks cut, including a line that starts in one chunk and ends in the next.
    func testTheFirstNULLineIsFoundWhereverChunksCut() throws {
        var bytes: [UInt8] = []
        for line in 1...40 {
            bytes += Array("line \(line) of the capture".utf8)
            if line == 23 { bytes += [0x00, 0x61] }
            bytes.append(0x0A)
        }
        for chunkSize in [1, 3, 7, 16, 29, 64, 4096] {
            let (seen, statistics) = try lines(bytes, reader: LineReader(chunkSize: chunkSize, maximumLineLength: 64))
            XCTAssertEqual(seen.count, 40)
            XCTAssertEqual(statistics.firstNULLine, 23, "chunks of \(chunkSize)")
        }
        let (_, clean) = try lines(Array("no nul here\nnor here\n".utf8), reader: LineReader(chunkSize: 5, maximumLineLength: 64))
        XCTAssertNil(clean.firstNULLine)
        // A NUL past the bytes examined of a line too long is not one the line is read with.
        let past = Array("short\n".utf8) + [UInt8](repeating: 0x61, count: 80) + [0] + Array("\nafter\n".utf8)
        for chunkSize in [7, 4096] {
            let (seen, statistics) = try lines(past, reader: LineReader(chunkSize: chunkSize, maximumLineLength: 64))
            XCTAssertEqual(seen.count, 3)
            XCTAssertNil(statistics.firstNULLine, "chunks of \(chunkSize)")
        }
    }

    /// The line reader says which lines hold no colour escape (`Line.mayHoldEscape`), so the
    /// scanner strips escapes without a search of each line: every line holding an ESC byte
    /// (at its first byte, its last, either side of a 32-byte step, in a line begun in one
    /// chunk and ended in the next) is said to hold one, wherever the chunks cut; a line the
    /// reader saw whole without one is said to hold none.
    func testEveryLineWithAColourEscapeIsSaidToHoldOne() throws {
        var random = SplitMix(seed: 31)
        var texts: [(line: [UInt8], escaped: Bool)] = []
        for index in 0..<400 {
            var line = Array("2026-04-02 10:15:03.100000+0200 Fieldnotes[4817:2863604] line \(index) of the capture".utf8)
            line += [UInt8](repeating: 0x2E, count: Int.random(in: 0..<80, using: &random))
            let escaped = index % 3 == 0
            if escaped {
                let places = [0, 31, 32, 33, 63, 64, line.count - 1, Int.random(in: 0..<line.count, using: &random)]
                line[places[index / 3 % places.count]] = 27
            }
            texts.append((line, escaped))
        }
        let bytes: [UInt8] = texts.flatMap { $0.line + [0x0A] }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-\(UUID().uuidString).log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        // Read in chunks, and through mappings of windows a page or two long.
        for (chunkSize, mapped) in [(7, false), (33, false), (100, false), (4096, false), (1 << 16, false), (1 << 16, true)] {
            var reader = LineReader(chunkSize: chunkSize, maximumLineLength: 256)
            if mapped { (reader.mapsFiles, reader.smallestMappedFile, reader.mappedWindowBytes) = (true, 1, 1) }
            var flags: [Bool] = []
            _ = try reader.read(.file(url.path)) { flags.append($0.mayHoldEscape) }
            let name = "chunks of \(chunkSize)\(mapped ? ", mapped" : "")"
            XCTAssertEqual(flags.count, texts.count, name)
            for (index, text) in texts.enumerated() where text.escaped {
                XCTAssertTrue(flags[index], "line \(index + 1), \(name)")
            }
            if chunkSize >= 4096 {
                XCTAssertGreaterThan(zip(flags, texts).filter { !$0.0 && !$0.1.escaped }.count, 200, name)
            }
        }
    }

    /// The line end search (`tc_line_end`, 64 bytes a step where the machine has AVX2) is held to
    /// a byte-by-byte search: the first newline, and whether an ESC and a NUL come before it,
    /// for texts of every length up to 140 bytes, a newline at each place or none, and an ESC
    /// or a NUL at either end, mid-way and either side of the newline.
    func testTheLineEndSearchFindsWhatAByteSearchFinds() {
        for count in 0...140 {
            for newline in [nil] + Array(0..<count) {
                let places = [nil, 0, count / 2, count - 1] + (newline.map { [$0 - 1, $0 + 1] } ?? [])
                for (place, byte) in places.flatMap({ place in [(place, UInt8(27)), (place, UInt8(0))] }) {
                    var text = [UInt8](repeating: 0x61, count: count + 40)
                    if let place, place >= 0, place < count { text[place] = byte }
                    if let newline { text[newline] = 0x0A }
                    // Bytes past `count` are not the text's: a newline or a NUL there is not found.
                    (text[count], text[count + 1], text[count + 2]) = (0x0A, 0, 27)
                    let end = text.prefix(count).firstIndex(of: 0x0A) ?? count
                    var seen: Int32 = -1
                    let offset = text.withUnsafeBufferPointer { tc_line_end($0.baseAddress, count, &seen) }
                    let name = "count \(count), newline \(String(describing: newline)), byte \(byte) at \(String(describing: place))"
                    XCTAssertEqual(offset, end, name)
                    XCTAssertEqual(seen & TC_LINE_ESCAPE != 0, text.prefix(end).contains(27), name)
                    XCTAssertEqual(seen & TC_LINE_NUL != 0, text.prefix(end).contains(0), name)
                }
            }
        }
    }

    func testMissingFileAndDirectoryAreNamedErrors() {
        XCTAssertThrowsError(try LineReader().read(.file("/no/such/capture.log")) { _ in }) { error in
            XCTAssertEqual((error as? InputError)?.description, "/no/such/capture.log: no such file or directory")
        }
        XCTAssertThrowsError(try LineReader().read(.file(NSTemporaryDirectory())) { _ in }) { error in
            XCTAssertEqual((error as? InputError)?.reason, "is a directory")
        }
    }
}
