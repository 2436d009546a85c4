import CaptureFixtures
import Foundation
import CTeddy
import XCTest
@testable import TraceCheck

/// Each hand-written prefix reader against its format's PCRE2 pattern: on every line of every
/// sample log, of the shared real captures, of a generated capture in the format with decoys,
/// and on thousands of mutations of real prefixes, the fields read are the pattern's, field
/// for field (a hand reader may only decline, leaving the line to the pattern).
final class HandParsedPrefixTests: XCTestCase {
    let matcher = PCRE2Matcher()

    /// The formats read by hand, and real prefixes of each to mutate.
    static let readers: [(format: any LinePrefixFormat, bases: [String])] = [
        (XcodeConsoleFormat(), [
            "2026-03-14 09:27:12.751366+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
            "2015-10-29 17:47:05.362 HBNavigationBarDemo[14684:2146911] message",
            "2013-02-11 09:12:44.120 My Great App[1234:60b] applicationWillResignActive:",
            "2019-04-22 17:23:41.409737-07:00 Coffup[18188:662544]",
            "2026-03-14 09:27:12 Df Fieldnotes[4817:3120544] compact",
            "2026-03-14 09:27:12.1 A[1:f] ",
            // At the limits: 9 fraction digits, a 10-digit pid, a 16-digit thread.
            "2026-03-14 09:27:12.123456789+0100 App[1234567890:0123456789abcdef] x",
        ]),
        (LogDefaultFormat(), [
            "2026-04-02 10:15:05.394100+0200 0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: (UIKitCore) Realizing",
            "2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: up",
            "2022-08-25 15:22:01.008417+0100 0x1590e Signpost 0x0 1766 0 [spid 0x29:b460, process, begin] bluetoothd: [com.apple.bluetooth:HID] x",
            "2020-05-22 11:40:28.019783-0400 0x2e8f3    Error       0x6f2ea              10623  0    Photos: [a:b]",
            "2026-04-02 10:15:05 0x1 A 0xF 1 0 P:",
            "2026-04-02 10:15:05.1-07:00 0xa Fault 0x0 12 0 kernel: () [x:] sandbox",
            // Past 64 bytes after the columns: a long sender and label, and a long process.
            "2026-04-02 10:15:05.394100+0200 0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: (FieldnotesNetworkingKitFramework"
                + "AndMore) [com.example.fieldnotes.networking.background-session-delegate:uploads-and-downloads] x",
            "2026-04-02 10:15:05.394100+0200 0x2bb1f4   Default     0x0                  4817   0    com.apple.WebKit.Networking.Extension."
                + "Fieldnotes.Helper.XPCService: (WebKit) [com.apple.WebKit:Loading] load",
            // A zone with a colon, nine digits of a fraction, on a line the column kernel reads.
            "2026-04-02 10:15:05.123456789-07:00 0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: (UIKitCore) "
                + "[com.apple.UIKit:Scene] Realizing settings",
        ]),
    ]

    private func describe(_ fields: RecordFields?) -> String {
        guard let fields else { return "no record" }
        return "message \(fields.message) pid \(fields.pid.map(String.init) ?? "-") process \(fields.process.map { "\($0)" } ?? "-") "
            + "thread \(fields.thread.map { "\($0)" } ?? "-") timestamp \(fields.timestamp.map { "\($0)" } ?? "-")"
    }

    /// The lines whose fields differ, and how many the hand reader read itself.
    private func disagreements(in lines: [[UInt8]], _ prefix: LinePrefix) -> (lines: [String], handParsed: Int) {
        var different: [String] = []
        var handParsed = 0
        for line in lines {
            line.withUnsafeBytes { bytes in
                if prefix.handParsed?(bytes) != nil { handParsed += 1 }
                let fast = describe(prefix.fields(in: bytes, using: matcher))
                let reference = describe(prefix.patternFields(in: bytes, using: matcher))
                if fast != reference { different.append("\(String(decoding: line, as: UTF8.self)): \(fast) ≠ \(reference)") }
            }
        }
        return (different, handParsed)
    }

    private func lines(of url: URL) throws -> [[UInt8]] {
        try Data(contentsOf: url).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    func testAgreesOnSampleLogsRealCapturesAndAGeneratedCapture() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs")
        var all: [[UInt8]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() where name.hasSuffix(".log") {
            all += try lines(of: samples.appendingPathComponent(name))
        }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: RealCorpusTests.corpus.path) {
            for name in names.sorted() where !name.hasSuffix(".md") && !name.hasSuffix(".json") {
                all += try lines(of: RealCorpusTests.corpus.appendingPathComponent(name))
            }
        }
        for (format, _) in Self.readers {
            var generator = BenchmarkStory()
            let generated = CaptureRenderer.render(generator.next(3000), as: format.name).split(separator: "\n").map { Array($0.utf8) }
            let result = disagreements(in: all + generated + format.samples.map { Array($0.line.utf8) }, format.prefix)
            XCTAssertEqual(result.lines, [], format.name)
            XCTAssertGreaterThan(result.handParsed, 2000, "\(format.name): the hand reader reads the common prefix itself")
        }
    }

    /// The device log's column kernel (AVX2) and the byte readers it falls back on (the
    /// timestamp's, then the columns') give the same fields wherever the kernel reads a line: on the generated device log, its samples
    /// and every mutation of its prefixes. (The test above holds what the reader gives, kernel
    /// or bytes, to the pattern.)
    func testTheDeviceLogsColumnKernelAndByteReaderAgree() throws {
        try XCTSkipUnless(tc_log_default_columns_available() == 1, "this machine has no AVX2: the byte reader reads every line")
        var lines = LogDefaultFormat().samples.map { Array($0.line.utf8) }
        var generator = BenchmarkStory()
        lines += CaptureRenderer.render(generator.next(3000), as: "log-default").split(separator: "\n").map { Array($0.utf8) }
        lines += Self.mutations(of: Self.readers.first { $0.format.name == "log-default" }?.bases ?? [])
        var kernelRead = 0
        var different: [String] = []
        for line in lines {
            line.withUnsafeBytes { bytes in
                guard let kernel = LogDefaultFormat.columnFields(bytes) else { return }
                kernelRead += 1
                let byByte = describe(Bytes.dateTimeEnd(bytes).flatMap { LogDefaultFormat.byteByByte(bytes, after: $0) })
                if describe(kernel) != byByte { different.append("\(String(decoding: line, as: UTF8.self)): \(describe(kernel)) ≠ \(byByte)") }
            }
        }
        XCTAssertEqual(different, [])
        XCTAssertGreaterThan(kernelRead, 20_000, "the kernel reads the common lines")
    }

    /// Real prefixes with one byte changed, inserted or removed at each place of the prefix,
    /// from an alphabet of the bytes that matter (digits, separators, brackets, hex, spaces).
    func testAgreesOnMutatedPrefixes() {
        for (format, bases) in Self.readers {
            let lines = Self.mutations(of: bases)
            let result = disagreements(in: lines, format.prefix)
            XCTAssertEqual(result.lines, [], format.name)
            XCTAssertGreaterThan(lines.count, 10_000)
            XCTAssertGreaterThan(result.handParsed, 1_000, format.name)
        }
    }

    /// Each of `bases`, with each of its first 240 bytes removed, replaced and preceded by each
    /// byte of an alphabet of those that matter, and cut at each length.
    static func mutations(of bases: [String]) -> [[UInt8]] {
        let alphabet = Array("0123456789-:. +[]()abcfgxDfE\tx\n\r\u{0B}".utf8) + [0xC3, 0xFF]
        var lines: [[UInt8]] = []
        for base in bases.map({ Array($0.utf8) }) {
            lines.append(base)
            for place in 0..<min(base.count, 240) {
                var removed = base
                removed.remove(at: place)
                lines.append(removed)
                for byte in alphabet {
                    var changed = base
                    changed[place] = byte
                    lines.append(changed)
                    var inserted = base
                    inserted.insert(byte, at: place)
                    lines.append(inserted)
                }
            }
            for length in 0...min(base.count, 240) { lines.append(Array(base.prefix(length))) }
        }
        return lines
    }
}
