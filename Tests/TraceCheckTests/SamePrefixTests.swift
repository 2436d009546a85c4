import CaptureFixtures
import CTeddy
import XCTest
@testable import TraceCheck

/// `tc_prefix_message_start`, the check both quiet reads make on nearly every line of an app's
/// console, held to its contract written out byte by byte: a timestamp of the same shape as the
/// last record's and not earlier (equal bytes up to the first that differs, which is a larger
/// digit; then digits where the last one has digits and its very bytes elsewhere), then the
/// prefix's tail. The C check tests the shape eight bytes at a time; the quiet-reading tests
/// would not see it refuse a line it should take (that line is only read the slow way).
final class SamePrefixTests: XCTestCase {
    static func reference(_ line: [UInt8], stamp: [UInt8], tail: [UInt8]) -> Int {
        guard !stamp.isEmpty, line.count >= stamp.count + tail.count,
              Array(line[stamp.count..<(stamp.count + tail.count)]) == tail else { return -1 }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        guard let first = stamp.indices.first(where: { line[$0] != stamp[$0] }) else { return stamp.count + tail.count }
        guard isDigit(stamp[first]), isDigit(line[first]), line[first] > stamp[first] else { return -1 }
        for index in (first + 1)..<stamp.count {
            if isDigit(stamp[index]) ? !isDigit(line[index]) : line[index] != stamp[index] { return -1 }
        }
        return stamp.count + tail.count
    }

    static func checked(_ line: [UInt8], stamp: [UInt8], tail: [UInt8]) -> Int {
        line.withUnsafeBufferPointer { line in
            stamp.withUnsafeBufferPointer { stamp in
                tail.withUnsafeBufferPointer { tail in
                    Int(tc_prefix_message_start(line.baseAddress, line.count, stamp.baseAddress, stamp.count, tail.baseAddress, tail.count))
                }
            }
        }
    }

    /// Whether the machine has AVX2 (kernel level 2, or 3 with AVX-512), where the quiet read
    /// uses `tc_prefix_message_start64_avx2`.
    static let hasAVX2 = tc_teddy_level() >= 2

    /// `tc_prefix_message_start64` on the same line: 64 bytes read at the line and at the
    /// expected prefix, both padded with bytes the check must not look at. A line it takes
    /// has the digits of the stamp, which the quiet read keeps for the next line.
    static func checkedWide(_ line: [UInt8], stamp: [UInt8], tail: [UInt8], padding: UInt8) -> Int? {
        guard stamp.count + tail.count <= 64 else { return nil }
        let paddedLine = line + [UInt8](repeating: padding, count: 64)
        let expected = stamp + tail + [UInt8](repeating: padding ^ 0x5A, count: 64)
        let stampDigits = expected.withUnsafeBufferPointer { tc_digits64($0.baseAddress) }
        let start = paddedLine.withUnsafeBufferPointer { line in
            expected.withUnsafeBufferPointer { expected in
                Int(tc_prefix_message_start64(line.baseAddress, line.count - 64, expected.baseAddress, stampDigits, stamp.count, tail.count))
            }
        }
        // The AVX2 form, which the quiet read uses where the machine has it, gives the same.
        if Self.hasAVX2 {
            let wide = paddedLine.withUnsafeBufferPointer { line in
                expected.withUnsafeBufferPointer { expected in
                    Int(tc_prefix_message_start64_avx2(line.baseAddress, line.count - 64, expected.baseAddress, stampDigits, stamp.count, tail.count))
                }
            }
            XCTAssertEqual(wide, start, "AVX2: \(String(decoding: line, as: UTF8.self)) after \(String(decoding: stamp, as: UTF8.self))")
        }
        if start >= 0 {
            let mask: UInt64 = stamp.count == 64 ? .max : (1 << UInt64(stamp.count)) - 1
            XCTAssertEqual(paddedLine.withUnsafeBufferPointer { tc_digits64($0.baseAddress) } & mask, stampDigits & mask, "digits kept")
        }
        return start
    }

    func testThePrefixCheckKeepsItsContract() {
        let stamps = ["2026-04-02 10:15:03.001600+0200", "2026-04-02 10:15:03.001+0200", "10:15:03.001234", "2026-04-02T10:15:03.001Z",
                      "Apr  2 10:15:03", "[2026-04-02 10:15:03]", "7", "12:0", "2026-04-02 10:15:03.0016009999+02:00 extra"]
        // Digits, separators, letters, and bytes from 0x80 up, among them those that look
        // like digits once bit 7 is cleared (0xB0–0xB9).
        let bytes: [UInt8] = Array(48...57) + [32, 43, 45, 46, 58, 84, 90, 91, 93, 97, 0, 0x2F, 0x3A, 0x80, 0xB0, 0xB5, 0xB9, 0xFF]
        var random = SplitMix(seed: 20)
        var taken = 0, refusedAfterAFirstDifference = 0, comparedWide = 0
        for stampText in stamps {
            let tails = [Array(" Fieldnotes[4817:2863604] ".utf8), [], Array(" a".utf8)]
            for tail in tails {
                var stamp = Array(stampText.utf8)
                for _ in 0..<3_000 {
                    var line = stamp
                    // A few bytes changed: a later time, another shape, or both.
                    for _ in 0..<Int.random(in: 0...3, using: &random) {
                        let place = Int.random(in: 0..<line.count, using: &random)
                        line[place] = Bool.random(using: &random) && (48...57).contains(line[place])
                            ? UInt8.random(in: 48...57, using: &random) : bytes[Int.random(in: 0..<bytes.count, using: &random)]
                    }
                    line += Bool.random(using: &random) ? tail : Array(tail.dropLast())
                    line += Array(" -[AppDelegate applicationDidBecomeActive:]".utf8.prefix(Int.random(in: 0...44, using: &random)))
                    let expected = Self.reference(line, stamp: stamp, tail: tail)
                    XCTAssertEqual(Self.checked(line, stamp: stamp, tail: tail), expected,
                                   "\(String(decoding: line, as: UTF8.self)) after \(String(decoding: stamp, as: UTF8.self))")
                    let padding = bytes[Int.random(in: 0..<bytes.count, using: &random)]
                    if let wide = Self.checkedWide(line, stamp: stamp, tail: tail, padding: padding) {
                        XCTAssertEqual(wide, expected, "64 at a time: \(String(decoding: line, as: UTF8.self)) after \(String(decoding: stamp, as: UTF8.self))")
                        comparedWide += 1
                    }
                    if expected >= 0 {
                        taken += 1
                        if Bool.random(using: &random) { stamp = Array(line.prefix(stamp.count)) }
                    } else if line.count >= stamp.count + tail.count, line.prefix(stamp.count) != stamp[...] {
                        refusedAfterAFirstDifference += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(comparedWide, 70_000, "all but the stamps too long for 64 bytes with their tail")
        XCTAssertGreaterThan(taken, 10_000)
        XCTAssertGreaterThan(refusedAfterAFirstDifference, 10_000)
    }
}
