import CaptureFixtures
import XCTest
@testable import TraceCheck

/// A reader's record gate (`RecordReader.recordGate`) says what a line needs for the reader to
/// read a record from it. The scanner trusts it twice: the quiet read leaves to the readers
/// only the lines some gate passes, and a line the main format does not read is offered only to
/// the other formats' readers whose gate its first byte may pass. A gate that turned away a
/// line its reader reads would lose that record both ways at once, so the reads cannot be held
/// to each other here: each reader is held to its own gate, on every line of the sample logs,
/// the shared corpus, generated captures in every format and the captures built to break the
/// quiet read.
final class LineGateTests: XCTestCase {
    private func lines() throws -> [[UInt8]] {
        var texts = try TestCaptures.samples().map(\.text)
        if let corpus = try? TestCaptures.corpus() { texts += corpus.map(\.text) }
        var story = BenchmarkStory(seed: 9)
        let storyLines = story.next(3_000)
        texts += CaptureRenderer.formats.map { CaptureRenderer.render(storyLines, as: $0) }
        texts += (0..<40 as Range<UInt64>).map { QuietReadingTests.hostile(seed: $0) }
        texts += (0..<40 as Range<UInt64>).map { QuietReadingTests.hostileBare(seed: $0) }
        var lines: [[UInt8]] = []
        for text in texts {
            for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
                var bytes = Array(line)
                if bytes.last == 13 { bytes.removeLast() }
                lines.append(bytes)
                // As `readIndentable` offers it again.
                if let first = bytes.first, first == 32 || first == 9 { lines.append(Array(bytes.drop { $0 == 32 || $0 == 9 })) }
            }
        }
        return lines
    }

    func testEveryReaderReadsRecordsOnlyFromLinesItsGatePasses() throws {
        let lines = try lines()
        XCTAssertGreaterThan(lines.count, 50_000)
        let matcher = PCRE2Matcher()
        var readersWithRecords = 0
        for format in CaptureFormats.all where format.isLineOriented {
            // As the scanner makes the other formats' readers.
            let reader = format.makeReader(firstLines: [])
            guard let gate = reader.recordGate else { continue }
            var records = 0
            for (number, line) in lines.enumerated() {
                line.withUnsafeBytes { bytes in
                    let kind = reader.read(bytes, number: number + 1, using: matcher) { _ in }
                    guard case .record = kind else { return }
                    records += 1
                    XCTAssertTrue(gate.admits(bytes), "\(format.name) read a record its gate turns away: \(String(decoding: bytes, as: UTF8.self))")
                    if let needed = gate.firstBytesNeeded, let first = bytes.first {
                        XCTAssertTrue(needed.contains(first), "\(format.name): \(String(decoding: bytes, as: UTF8.self))")
                    }
                }
            }
            if records > 0 { readersWithRecords += 1 }
        }
        XCTAssertGreaterThan(readersWithRecords, 8, "most formats' readers read records of these lines")
    }

    /// A gate's first bytes are exact: a line that begins with none of them passes only where
    /// a tab in it is enough.
    func testFirstBytesNeededAreTheFirstBytesOfEveryLineThatPasses() {
        let digits = LineGate(firstBytes: ByteSet.digits)
        XCTAssertNotNil(digits.firstBytesNeeded)
        XCTAssertFalse(digits.admits(UnsafeRawBufferPointer(start: nil, count: 0)), "no gate passes an empty line")
        let tab = LineGate(firstBytes: ByteSet([123]), orTab: true)
        XCTAssertNil(tab.firstBytesNeeded, "a line with a tab passes whatever it begins with")
        Array("x\ty".utf8).withUnsafeBytes { XCTAssertTrue(tab.admits($0)) }
        XCTAssertNil(digits.union(tab).firstBytesNeeded)
    }
}
