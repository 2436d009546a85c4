import CTeddy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte values, as four words of bits.
package struct ByteSet: Sendable {
    /// Bit b of word w: byte 64 w + b is in the set.
    private(set) var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { insert(byte) }
    }

    /// `0`…`9`.
    static let digits = ByteSet(48...57)
    /// `A`…`Z`.
    static let uppercase = ByteSet(65...90)

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func union(_ other: ByteSet) -> ByteSet {
        var joined = self
        joined.words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
        return joined
    }
}

/// Bytes a line must hold at fixed places for a format's own test of its first bytes to
/// pass: a necessary condition of the test (a timestamp's separators), simple enough for
/// the C quiet read to check without calling back (`tc_line_shape`). A format whose test
/// takes lines of several shapes names each. A test holds each format's shapes to its test.
package struct LineShape: Sendable {
    /// The fewest bytes such a line has.
    let minimum: Int
    /// Each place and the byte it holds (at most six).
    let bytes: [(offset: Int, byte: UInt8)]

    /// `YYYY-MM-DD HH:MM:SS` at the start (`Bytes.startsWithDateTime`).
    static let dateTime = LineShape(minimum: 19, bytes: [(4, 45), (7, 45), (10, 32), (13, 58), (16, 58)])
    /// `YYYY-MM-DDTHH:MM:SS` from `offset` (`CaptureTime.startsWithISODateTime`).
    static func isoDateTime(at offset: Int) -> LineShape {
        LineShape(minimum: offset + 19, bytes: [(offset + 4, 45), (offset + 7, 45), (offset + 10, 84), (offset + 13, 58), (offset + 16, 58)])
    }
    /// `HH:MM:SS` from `offset` (`Bytes.isClock`).
    static func clock(at offset: Int) -> LineShape { LineShape(minimum: offset + 8, bytes: [(offset + 2, 58), (offset + 5, 58)]) }

    func fits(_ line: UnsafeRawBufferPointer) -> Bool {
        line.count >= minimum && bytes.allSatisfy { $0.offset < line.count && line[$0.offset] == $0.byte }
    }

    /// The C form, for lines that begin with one of `first`.
    func shape(first: ByteSet) -> tc_line_shape {
        var shape = tc_line_shape()
        (shape.first.0, shape.first.1, shape.first.2, shape.first.3) = first.words
        shape.minimum = minimum
        shape.places = min(bytes.count, 6)
        withUnsafeMutableBytes(of: &shape.offsets) { offsets in
            for (place, entry) in bytes.prefix(6).enumerated() { offsets.storeBytes(of: UInt16(clamping: entry.offset), toByteOffset: 2 * place, as: UInt16.self) }
        }
        withUnsafeMutableBytes(of: &shape.bytes) { places in
            for (place, entry) in bytes.prefix(6).enumerated() { places[place] = entry.byte }
        }
        return shape
    }
}

/// What a line must show for a reader to take it as anything but `.unprefixed`: it begins
/// with one of the bytes a reader takes at once, or with one of a format's first bytes and
/// passes that format's own cheap test of its first bytes (`LinePrefix.looksLikeRecord`),
/// or (`orTab`) it holds a tab. A necessary condition, cheap to test, that the readers
/// themselves check first, so it holds by construction: the scanner skips the readers for
/// the lines that fail every reader's gate (most of an Xcode console's `print` lines, even
/// those that begin with a capital or a digit, as `Optional("draft")` or `3 notes`).
package struct LineGate: Sendable {
    /// Every byte a line that passes may begin with (the C quiet read stops at these).
    private(set) var firstBytes: ByteSet
    /// Bytes on which a line passes whatever follows.
    private var plain: ByteSet
    /// Bytes on which a line passes when the test passes too, and the shapes a line that
    /// passes shows one of (none: not said, and the C quiet read stops at every line that
    /// begins with those bytes).
    private var tested: [(bytes: ByteSet, test: @Sendable (UnsafeRawBufferPointer) -> Bool, shapes: [LineShape])] = []
    private(set) var orTab = false

    init(firstBytes: ByteSet, orTab: Bool = false) {
        self.firstBytes = firstBytes
        plain = firstBytes
        self.orTab = orTab
    }

    /// Lines that begin with one of `firstBytes` and pass `test`, which needs one of `shapes`.
    init(firstBytes: ByteSet, test: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool, shapes: [LineShape] = []) {
        self.firstBytes = firstBytes
        plain = ByteSet()
        tested = [(firstBytes, test, shapes)]
    }

    /// No line passes: a reader that never takes a line.
    static let closed = LineGate(firstBytes: ByteSet())

    /// The first bytes of every line that may pass: nil where a line may pass whatever it
    /// begins with (a tab in it is enough).
    var firstBytesNeeded: ByteSet? { orTab ? nil : firstBytes }

    func admits(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first else { return false }
        if plain.contains(first) { return true }
        for (bytes, test, _) in tested where bytes.contains(first) && test(line) { return true }
        guard orTab, let base = line.baseAddress else { return false }
        return memchr(base, 9, line.count) != nil
    }

    /// The same gate as the C quiet read checks it (`tc_quiet.gate_plain`, `.shapes`): the
    /// first bytes on which a line passes whatever follows, and the shapes a line that begins
    /// with another of `firstBytes` must show. It passes every line `admits` passes.
    var quietForm: (plain: ByteSet, shapes: [tc_line_shape]) {
        var plain = plain
        var shapes: [tc_line_shape] = []
        for (bytes, _, needed) in tested {
            if needed.isEmpty { plain = plain.union(bytes) } else { shapes += needed.map { $0.shape(first: bytes) } }
        }
        return (plain, shapes)
    }

    /// A line passes either gate.
    func union(_ other: LineGate) -> LineGate {
        var joined = self
        joined.firstBytes = firstBytes.union(other.firstBytes)
        joined.plain = plain.union(other.plain)
        joined.tested += other.tested
        joined.orTab = orTab || other.orTab
        return joined
    }
}
