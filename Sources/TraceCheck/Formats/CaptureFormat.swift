/// The fields of one record, as byte ranges into `Record.bytes`.
package struct RecordFields: Sendable {
    package var message: Range<Int>
    package var pid: Int?
    package var process: Range<Int>?
    package var thread: Range<Int>?
    package var timestamp: Range<Int>?
    /// Read by a hand-written prefix reader whose message follows the prefix directly (the
    /// Xcode console's): a record whose prefix the scanner may take as the template of the
    /// lines after it (`SamePrefix`).
    var byHand = false

    package init(message: Range<Int>, pid: Int? = nil, process: Range<Int>? = nil,
                thread: Range<Int>? = nil, timestamp: Range<Int>? = nil) {
        self.message = message
        self.pid = pid
        self.process = process
        self.thread = thread
        self.timestamp = timestamp
    }
}

/// One record of a capture: a line, or (JSON) an entry the reader rebuilt as
/// `timestamp process[pid:tid] message`. The bytes are valid only inside the callback.
package struct Record {
    /// The 1-based line the record is shown at.
    package let number: Int
    /// What evidence shows for the record, and what the field ranges point into.
    package let bytes: UnsafeRawBufferPointer
    package let fields: RecordFields

    package init(number: Int, bytes: UnsafeRawBufferPointer, fields: RecordFields) {
        self.number = number
        self.bytes = bytes
        self.fields = fields
    }

    package var message: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[fields.message]) }

    package func text(_ range: Range<Int>?) -> String? {
        range.map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }
}

/// What a reader made of one line.
package enum LineKind: Sendable {
    /// The line starts a record (already emitted).
    case record
    /// No prefix of this format: a bare message, or the next line of the record before.
    case unprefixed
    /// The format's own furniture: headers, footers, status lines. Not a record.
    case banner
    /// Furniture saying that lines may be missing here (a device detached, lines collapsed).
    case gap
    /// Part of a record that is not complete yet (a JSON entry over several lines).
    case pending
}

/// What a format does with a line that has no prefix.
package enum UnprefixedLines: String, Sendable {
    /// Its own record without process fields (Swift `print` in the Xcode console).
    case ownRecords
    /// The next line of the record before it (multi-line messages): it keeps that record's process.
    case continuations
}

/// A line that must parse in its format (lnav's model): they are tests and documentation.
package struct FormatSample: Sendable {
    package let line: String
    package let message: String
    package let pid: Int?
    package let process: String?

    package init(_ line: String, message: String, pid: Int? = nil, process: String? = nil) {
        self.line = line
        self.message = message
        self.pid = pid
        self.process = process
    }
}

/// One console capture format. Each format is one type with sample lines that must parse.
package protocol CaptureFormat: Sendable {
    /// Stable identifier used in output and by `--input-format`.
    var name: String { get }
    var summary: String { get }
    var unprefixedLines: UnprefixedLines { get }
    var samples: [FormatSample] { get }
    /// Lines the format prints that are not records; each must read as `.banner`.
    var bannerSamples: [String] { get }
    /// Whether the per-line fallback of a mixed capture may try this format (one line
    /// must hold a whole record).
    var isLineOriented: Bool { get }
    /// A reader for one input. `firstLines` are its first lines, for formats whose layout
    /// varies per capture (Console.app's columns).
    func makeReader(firstLines: [[UInt8]]) -> any RecordReader
    /// The prefix the format's lines are read by (`LinePrefixFormat`); nil for the others.
    /// Asked of the format, not found by a cast to `LinePrefixFormat`: the cast searched the
    /// binary's conformances, about a tenth of a millisecond at the start of each part.
    var linePrefix: LinePrefix? { get }
}

extension CaptureFormat {
    package var bannerSamples: [String] { [] }
    package var isLineOriented: Bool { true }
    package var linePrefix: LinePrefix? { nil }
}

/// Reads one input's lines in order. One per input and thread.
package protocol RecordReader: AnyObject {
    /// Classifies `line` and calls `emit` for each record it completes.
    func read(_ line: UnsafeRawBufferPointer, number: Int, using matcher: PCRE2Matcher,
              emit: (Record) -> Void) -> LineKind
    /// True when the line starts the way this format's records do, whether or not it
    /// parsed: a record the reader could not read is a health problem, never ignored.
    func looksLikeRecord(_ line: UnsafeRawBufferPointer) -> Bool
    /// At the end of the input: emits what is still pending (an entry that cannot be
    /// completed counts as malformed).
    func finish(emit: (Record) -> Void)
    /// Lines where an entry of this format began but could not be read (broken JSON).
    var malformedLines: LineTally { get }
    /// What a line needs for `read` to emit a record from it; nil when any line may hold one.
    var recordGate: LineGate? { get }
    /// What a line needs for `read` to call it a banner, a gap or part of a pending record;
    /// nil when any line may be one.
    var furnitureGate: LineGate? { get }
}

extension RecordReader {
    /// `read`, and for a line it does not read that starts with spaces or tabs, `read` again
    /// without them: a paste indented as a whole or line by line (Markdown, a quoted reply, a
    /// code comment) reads like the unindented lines. Detection, the scan and the parted
    /// read's cuts all read lines this way.
    func readIndentable(_ line: UnsafeRawBufferPointer, number: Int, using matcher: PCRE2Matcher,
                        emit: (Record) -> Void) -> LineKind {
        let kind = read(line, number: number, using: matcher, emit: emit)
        guard case .unprefixed = kind, let unindented = Bytes.withoutIndent(line) else { return kind }
        let retried = read(unindented, number: number, using: matcher, emit: emit)
        if case .record = retried { return retried }
        return kind
    }

    package func finish(emit: (Record) -> Void) {}
    package var malformedLines: LineTally { LineTally() }
    package var recordGate: LineGate? { nil }
    package var furnitureGate: LineGate? { nil }
}

/// Small byte-level helpers the readers share.
enum Bytes {
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

    /// ASCII upper case onto lower case; every other byte stays.
    static func lowercased(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }

    /// The line without the spaces and tabs it starts with, when it starts with some and
    /// holds more; nil otherwise.
    static func withoutIndent(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let first = line.first, first == 32 || first == 9,
              let start = line.firstIndex(where: { $0 != 32 && $0 != 9 }) else { return nil }
        return UnsafeRawBufferPointer(rebasing: line[start...])
    }

    /// The index of the first quote or backslash at or after `start`, or `bytes.count`: eight bytes
    /// at a time (string contents are most of a JSON entry).
    static func firstIndex(ofQuoteOrBackslashIn bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if matches(of: 34, in: word) | matches(of: 92, in: word) != 0 { break }
            index += 8
        }
        while index < bytes.count, bytes[index] != 34, bytes[index] != 92 { index += 1 }
        return index
    }

    /// The index of the first byte at or after `start` that is not a space, or `bytes.count`:
    /// eight bytes at a time, as a device log's columns are padded with runs of up to twenty.
    static func firstIndex(ofNonSpaceIn bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            // Byte k of the line is byte k of the word from its low end, whatever the machine.
            let other = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if other != 0 { return index + other.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, bytes[index] == 32 { index += 1 }
        return index
    }

    /// The high bit of each byte of `word` that equals `byte`, exactly (no carry crosses
    /// bytes): a matching byte is zero after the XOR, and only a zero byte keeps its high bit
    /// clear through `((x & 0x7f…) + 0x7f…) | x`.
    @inline(__always)
    static func matches(of byte: UInt8, in word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((x & low) &+ low) | x | low)
    }

    /// What `\s` matches in a pattern (no Unicode properties): space, tab, newline, vertical
    /// tab, form feed, carriage return.
    static func isPatternSpace(_ byte: UInt8) -> Bool { byte == 32 || byte &- 9 < 5 }

    /// `A`…`Z`, `a`…`z`, `_`: what a pattern's `[A-Za-z_]` matches.
    @inline(__always)
    static func isIdentifierHead(_ byte: UInt8) -> Bool { (byte | 0x20) &- 97 < 26 || byte == 95 }

    /// `0`…`9`, `a`…`f`, `A`…`F`.
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 || (byte | 0x20) &- 97 < 6 }

    /// Inlined: a timestamp reads six numbers, and every event's timestamp is read.
    @inline(__always)
    static func decimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for index in range {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - 48)
        }
        return value
    }

    /// `HH:MM:SS` at `offset`.
    static func isClock(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard offset + 8 <= bytes.count else { return false }
        return isDigit(bytes[offset]) && isDigit(bytes[offset + 1]) && bytes[offset + 2] == 58
            && isDigit(bytes[offset + 3]) && isDigit(bytes[offset + 4]) && bytes[offset + 5] == 58
            && isDigit(bytes[offset + 6]) && isDigit(bytes[offset + 7])
    }

    /// A clock, optionally after a date: `18:38:11.129512+0800`, `2024-01-01 18:38:11`.
    static func isClockField(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let datePrefix = bytes.count >= 19 && bytes[4] == 45 && bytes[10] == 32
        return isClock(bytes, at: datePrefix ? 11 : 0)
    }

    /// Where `PrefixPatterns.dateTime` at the start of `line` ends, when a space follows it
    /// (`2026-03-14 09:27:12.751366+0100 `): the index of that space, or nil. The hand-written
    /// prefix readers begin with it.
    static func dateTimeEnd(_ line: UnsafeRawBufferPointer) -> Int? {
        let count = line.count
        func digit(_ index: Int) -> Bool { index < count && isDigit(line[index]) }
        func byte(_ index: Int, _ value: UInt8) -> Bool { index < count && line[index] == value }
        // `2026-03-14 09:27:12`
        guard count >= 20, digit(0), digit(1), digit(2), digit(3), byte(4, 45), digit(5), digit(6), byte(7, 45), digit(8), digit(9),
              byte(10, 32), digit(11), digit(12), byte(13, 58), digit(14), digit(15), byte(16, 58), digit(17), digit(18) else { return nil }
        var index = 19
        if byte(index, 46) {  // `.751366`: 1 to 9 digits
            var end = index + 1
            while digit(end), end - index <= 9 { end += 1 }
            guard end - index - 1 >= 1, end - index - 1 <= 9, !digit(end) else { return nil }
            index = end
        }
        if byte(index, 43) || byte(index, 45) {  // `+0100`, `-07:00`
            guard digit(index + 1), digit(index + 2) else { return nil }
            index += 3
            if byte(index, 58) { index += 1 }
            guard digit(index), digit(index + 1) else { return nil }
            index += 2
        }
        return byte(index, 32) ? index : nil
    }

    /// `YYYY-MM-DD HH:MM:SS` at the start.
    static func startsWithDateTime(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 19 && isDigit(bytes[0]) && isDigit(bytes[3]) && bytes[4] == 45 && bytes[7] == 45
            && bytes[10] == 32 && isClock(bytes, at: 11)
    }

    static func equal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let pointer = literal.utf8Start
        for (offset, index) in range.enumerated() where bytes[index] != pointer[offset] { return false }
        return true
    }

    static func string(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
