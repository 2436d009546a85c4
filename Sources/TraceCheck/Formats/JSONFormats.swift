#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `log show --style ndjson` / `log stream --style ndjson` (docs/formats.md): one JSON object a line.
package struct LogNDJSONFormat: CaptureFormat {
    package let name = "log-ndjson"
    package let summary = "log show / log stream --style ndjson: one JSON entry per line (eventMessage, processID, …)"
    package let unprefixedLines = UnprefixedLines.ownRecords

    package init() {}

    package var samples: [FormatSample] {
        [
            FormatSample(#"{"timestamp":"2026-06-29 15:54:42.063082+0200","machTimestamp":12868010147176,"threadID":11537025,"bootUUID":"BOOT-A","eventMessage":"hello world","messageType":"Error","eventType":"logEvent","subsystem":"com.apple.bluetooth","category":"Server.LE.Scan","processID":401,"userID":205,"processImagePath":"/usr/sbin/bluetoothd","processImageUUID":"PUUID","senderImagePath":"/usr/sbin/bluetoothd","senderImageUUID":"SUUID","senderProgramCounter":7787736,"activityIdentifier":0,"parentActivityIdentifier":0,"creatorActivityID":0,"traceID":45473881108119556,"formatString":"fmt %@"}"#,
                         message: "hello world", pid: 401, process: "bluetoothd"),
            FormatSample(#"{"eventMessage":"-[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10cc50200; role: UIWindowSceneSessionRoleApplication>","processID":4817,"processImagePath":"\/private\/var\/containers\/Bundle\/Application\/6C1D\/Fieldnotes.app\/Fieldnotes","threadID":2863604,"timestamp":"2026-04-02 10:15:03.482113+0200"}"#,
                         message: "-[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10cc50200; role: UIWindowSceneSessionRoleApplication>",
                         pid: 4817, process: "Fieldnotes"),
            FormatSample(#"{"eventMessage":"line one\nsceneDidBecomeActive(_:) \"quoted\" caf\u00e9","processID":4817,"processImagePath":"/Fieldnotes.app/Fieldnotes"}"#,
                         message: "line one\nsceneDidBecomeActive(_:) \"quoted\" café", pid: 4817, process: "Fieldnotes"),
        ]
    }

    package var bannerSamples: [String] { [#"{"count":3335,"finished":1}"#, "Filtering the log data using \"process == 4817\""] }

    package func makeReader(firstLines: [[UInt8]]) -> any RecordReader { LogJSONReader(arrayLayout: false) }
}

/// `log show --style json` (docs/formats.md): one JSON array, pretty-printed over many lines.
/// Entries are read whole however they are laid out; an entry is shown at its
/// `eventMessage` line.
package struct LogJSONFormat: CaptureFormat {
    package let name = "log-json"
    package let summary = "log show --style json: one JSON array of entries (eventMessage, processID, …), any layout"
    package let unprefixedLines = UnprefixedLines.ownRecords
    package var isLineOriented: Bool { false }

    package init() {}

    package var samples: [FormatSample] {
        [
            FormatSample(#"[{"eventMessage" : "applicationDidBecomeActive:", "processID" : 812, "processImagePath" : "\/var\/containers\/Bundle\/Application\/A1\/HelloApp.app\/HelloApp", "timestamp" : "2026-04-02 10:15:03.482113+0200"}]"#,
                         message: "applicationDidBecomeActive:", pid: 812, process: "HelloApp"),
        ]
    }

    package func makeReader(firstLines: [[UInt8]]) -> any RecordReader { LogJSONReader(arrayLayout: true) }
}

/// An entry of `log`'s JSON array as it is read: its lines joined by newlines, and where
/// each line starts in the joined bytes.
struct PendingEntry {
    private(set) var bytes: [UInt8] = []
    private(set) var lines: [(offset: Int, number: Int)] = []

    mutating func append(_ line: UnsafeRawBufferPointer, number: Int) {
        if !bytes.isEmpty { bytes.append(10) }
        lines.append((bytes.count, number))
        bytes.append(contentsOf: line)
    }

    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }
}

/// Reads JSON entries of `log`. In array layout an entry may span lines (and a line may
/// hold several entries); in ndjson layout each line is one entry.
final class LogJSONReader: RecordReader {
    let arrayLayout: Bool
    /// The longest entry accepted; a longer one is an unterminated string or not `log` output.
    static let maximumEntryLength = 8 << 20

    private(set) var malformedLines = LineTally()
    /// The entry being read, line by line: one property, so that adding a line is one
    /// access to the reader (the runtime checks each for exclusivity) rather than three.
    private var pending = PendingEntry()
    private var depth = 0
    private var inString = false
    private var escaped = false
    private let rendered = RenderBuffer()

    init(arrayLayout: Bool) { self.arrayLayout = arrayLayout }

    func looksLikeRecord(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first(where: { $0 != 32 && $0 != 9 }) else { return false }
        return first == 123 || (arrayLayout && first == 91)
    }

    /// One object a line: it begins with `{`, after spaces (which the scanner looks at anyway).
    var recordGate: LineGate? { arrayLayout ? nil : LineGate(firstBytes: ByteSet([123, 32, 9])) }

    func read(_ line: UnsafeRawBufferPointer, number: Int, using matcher: PCRE2Matcher,
              emit: (Record) -> Void) -> LineKind {
        if !arrayLayout {
            guard looksLikeRecord(line) else { return Self.isBanner(line, using: matcher) ? .banner : .unprefixed }
            switch emitEntry(line, at: { _ in number }, emit: emit) {
            case .emitted, .empty: return .record
            case .footer: return .banner
            case .malformed, .noMessage:
                malformedLines.add(number)
                return .unprefixed
            }
        }
        resynchronise(at: line)
        guard depth >= 2 || startsArrayContent(line) else {
            return Self.isBanner(line, using: matcher) ? .banner : .unprefixed
        }
        var emitted = false
        var segmentStart = 0
        // The scan state in locals: as properties of the reader, every byte would pay for the
        // runtime's exclusivity checks. Written back after the loop; `complete` resets the
        // properties meanwhile, to what the locals hold then (depth 1, outside a string).
        var depth = depth, inString = inString, escaped = escaped
        var index = 0
        while index < line.count {
            if inString {
                if escaped {
                    escaped = false
                } else {
                    // Most of an entry is string contents: jump to the next quote or backslash.
                    index = Bytes.firstIndex(ofQuoteOrBackslashIn: line, from: index)
                    guard index < line.count else { break }
                    if line[index] == 92 { escaped = true } else { inString = false }
                }
                index += 1
                continue
            }
            let byte = line[index]
            switch byte {
            case 34: inString = true
            case 123, 91:
                depth += 1
                if depth == 2, byte == 123 { begin(line, at: index, number: number, segmentStart: &segmentStart) }
            case 125, 93:
                depth = max(0, depth - 1)
                if depth == 1, byte == 125 {
                    append(line, segmentStart..<(index + 1), number: number)
                    segmentStart = index + 1
                    complete(emit: emit)
                    emitted = true
                }
            default: break
            }
            index += 1
        }
        (self.depth, self.inString, self.escaped) = (depth, inString, escaped)
        if depth >= 2 { append(line, segmentStart..<line.count, number: number) }
        if pending.bytes.count > Self.maximumEntryLength {
            malformedLines.add(pending.lines.first?.number ?? number)
            reset()
        }
        // The reader's own depth: an entry given up as too long has just reset it.
        return emitted ? .record : (self.depth >= 2 ? .pending : .banner)
    }

    /// `log` prints each entry's braces at the start of a line and its members indented, and
    /// a JSON string never holds a raw newline. So a brace at the start of a line while an
    /// entry is still open inside a string or a nested value, or a `{` while one is open at
    /// all, means that entry lost its end (`},` missing, a string cut short): it is counted
    /// as unreadable and reading goes on with the entry the line begins, instead of taking
    /// the rest of the capture for one entry.
    private func resynchronise(at line: UnsafeRawBufferPointer) {
        guard let first = line.first, first == 123 || first == 125, depth >= 2 else { return }
        if first == 123 {
            malformedLines.add(pending.lines.first?.number ?? 0)
            reset()
        } else if inString || depth > 2 {
            // The `}` ends the broken entry: `complete` then counts it, and `,{` reads on.
            (depth, inString, escaped) = (2, false, false)
        }
    }

    func finish(emit: (Record) -> Void) {
        if !pending.bytes.isEmpty { malformedLines.add(pending.lines.first?.number ?? 0) }
        reset()
    }

    /// Outside an entry, only the array's own punctuation may begin a line: `[`, `[{`,
    /// `,{`, `{`, `]` (inside the array).
    private func startsArrayContent(_ line: UnsafeRawBufferPointer) -> Bool {
        let isSpace: (UInt8) -> Bool = { $0 == 32 || $0 == 9 }
        guard let firstIndex = line.firstIndex(where: { !isSpace($0) }) else { return false }
        let first = line[firstIndex]
        guard depth == 0 else { return first == 123 || first == 44 || first == 93 }
        let second = line[(firstIndex + 1)...].first { !isSpace($0) }
        return first == 91 && (second == nil || second == 123)
    }

    private func begin(_ line: UnsafeRawBufferPointer, at index: Int, number: Int, segmentStart: inout Int) {
        pending.clear()
        segmentStart = index
    }

    private func append(_ line: UnsafeRawBufferPointer, _ range: Range<Int>, number: Int) {
        guard !range.isEmpty else { return }
        pending.append(UnsafeRawBufferPointer(rebasing: line[range]), number: number)
    }

    private func complete(emit: (Record) -> Void) {
        let lines = pending.lines
        let outcome = pending.bytes.withUnsafeBytes { bytes in
            emitEntry(bytes, at: { offset in lines.last { $0.offset <= offset }?.number ?? lines.first?.number ?? 0 }, emit: emit)
        }
        // Inside the array, any object other than an entry (even `log`'s footer) is not one of its records.
        if outcome != .emitted, outcome != .empty { malformedLines.add(lines.first?.number ?? 0) }
        reset()
    }

    private func reset() {
        pending.clear()
        depth = arrayLayout ? min(depth, 1) : 0
        inString = false
        escaped = false
    }

    enum EntryOutcome {
        case emitted
        /// `{}`: nothing to read, nothing wrong.
        case empty
        /// `{"count":…,"finished":1}`, the ndjson footer.
        case footer
        /// An object with members but no `eventMessage`.
        case noMessage
        case malformed
    }

    /// Renders the entry as `timestamp process[pid:tid] message` and emits it; the JSON is
    /// scanned once whatever it turns out to be.
    private func emitEntry(_ bytes: UnsafeRawBufferPointer, at lineOf: (Int) -> Int,
                           emit: (Record) -> Void) -> EntryOutcome {
        var members = JSONMembers()
        guard members.scan(bytes) else { return .malformed }
        guard let message = members.eventMessage else {
            if members.isEmptyEntry { return .empty }
            return members.sawFinished ? .footer : .noMessage
        }
        rendered.clear()
        var fields = RecordFields(message: 0..<0)
        if let timestamp = members.timestamp {
            fields.timestamp = rendered.appendUnescaped(bytes, timestamp)
            rendered.append(32)
        }
        if let path = members.processImagePath {
            fields.process = rendered.appendUnescaped(bytes, Self.basename(bytes, path))
        }
        fields.pid = members.processID.flatMap { Bytes.decimal(bytes, $0) }
        if let pid = members.processID {
            rendered.append(91)
            rendered.append(bytes, pid)
            if let thread = members.threadID {
                rendered.append(58)
                fields.thread = rendered.append(bytes, thread)
            }
            rendered.append(93)
        }
        if rendered.count > 0 { rendered.append(32) }
        fields.message = rendered.appendUnescaped(bytes, message)
        emit(Record(number: lineOf(message.lowerBound), bytes: rendered.bytes, fields: fields))
        return .emitted
    }

    static func basename(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        guard let slash = range.last(where: { bytes[$0] == 47 }) else { return range }
        return (slash + 1)..<range.upperBound
    }

    /// `log`'s own banner lines, as the text styles recognise them, and blank lines.
    static let banner = LinePrefix.anyOf(PrefixPatterns.logBanners)

    static func isBanner(_ line: UnsafeRawBufferPointer, using matcher: PCRE2Matcher) -> Bool {
        if line.allSatisfy({ $0 == 32 || $0 == 9 }) { return true }
        guard let banner else { return false }
        return (try? matcher.matches(banner, in: line)) == true
    }
}

/// The top-level members of one JSON object that `log` entries carry, as byte ranges of
/// their raw values (strings without their quotes, still escaped).
struct JSONMembers {
    var eventMessage: Range<Int>?
    var timestamp: Range<Int>?
    var processID: Range<Int>?
    var threadID: Range<Int>?
    var processImagePath: Range<Int>?
    var sawFinished = false
    var isEmptyEntry = true

    /// False when the bytes are not one well-formed JSON object.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        func skipSpace() { while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 } }
        func string() -> Range<Int>? {
            guard index < bytes.count, bytes[index] == 34 else { return nil }
            index += 1
            let start = index
            while index < bytes.count {
                if bytes[index] == 92 { index += 2; continue }
                if bytes[index] == 34 { index += 1; return start..<(index - 1) }
                index += 1
            }
            return nil
        }
        func skipValue() -> Range<Int>? {
            guard index < bytes.count else { return nil }
            if bytes[index] == 34 { return string() }
            let start = index
            var nested = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if byte == 92 { index += 1 } else if byte == 34 { inString = false }
                } else if byte == 34 {
                    inString = true
                } else if byte == 123 || byte == 91 {
                    nested += 1
                } else if byte == 125 || byte == 93 {
                    if nested == 0 { break }
                    nested -= 1
                } else if byte == 44, nested == 0 {
                    break
                }
                index += 1
            }
            var end = index
            while end > start, [32, 9, 10, 13].contains(bytes[end - 1]) { end -= 1 }
            return nested == 0 && !inString ? start..<end : nil
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == 123 else { return false }
        index += 1
        while true {
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == 125 { return true }
            guard let key = string() else { return false }
            skipSpace()
            guard index < bytes.count, bytes[index] == 58 else { return false }
            index += 1
            skipSpace()
            guard let value = skipValue() else { return false }
            isEmptyEntry = false
            if Bytes.equal(bytes, key, "eventMessage") { eventMessage = value
            } else if Bytes.equal(bytes, key, "timestamp") { timestamp = value
            } else if Bytes.equal(bytes, key, "processID") { processID = value
            } else if Bytes.equal(bytes, key, "threadID") { threadID = value
            } else if Bytes.equal(bytes, key, "processImagePath") { processImagePath = value
            } else if Bytes.equal(bytes, key, "finished") { sawFinished = true }
            skipSpace()
            guard index < bytes.count else { return false }
            if bytes[index] == 44 { index += 1; continue }
            if bytes[index] == 125 { return true }
            return false
        }
    }
}

/// A growable byte buffer whose address is stable between appends, for records the
/// reader rebuilds; its bytes are valid until the next `clear`.
final class RenderBuffer {
    private var storage: UnsafeMutableRawBufferPointer = .allocate(byteCount: 4096, alignment: 8)
    private(set) var count = 0

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[0..<count]) }

    func clear() { count = 0 }

    func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @discardableResult
    func append(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        let start = count
        reserve(range.count)
        for index in range { storage[count] = source[index]; count += 1 }
        return start..<count
    }

    /// Appends a JSON string body with its escapes decoded.
    func appendUnescaped(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        let start = count
        reserve(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = source[index]
            guard byte == 92, index + 1 < range.upperBound else {
                append(byte)
                index += 1
                continue
            }
            let escape = source[index + 1]
            index += 2
            switch escape {
            case 110: append(10)
            case 116: append(9)
            case 114: append(13)
            case 98: append(8)
            case 102: append(12)
            case 117:
                guard var scalar = hex4(source, index, range.upperBound) else { append(63); continue }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= range.upperBound, source[index] == 92, source[index + 1] == 117,
                   let low = hex4(source, index + 2, range.upperBound), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                for unit in String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8 { append(unit) }
            default: append(escape)
            }
        }
        return start..<count
    }

    private func hex4(_ source: UnsafeRawBufferPointer, _ at: Int, _ end: Int) -> UInt32? {
        guard at + 4 <= end else { return nil }
        var value: UInt32 = 0
        for index in at..<(at + 4) {
            guard let digit = Character(Unicode.Scalar(source[index])).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    private func reserve(_ extra: Int) {
        guard count + extra > storage.count else { return }
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(storage.count * 2, count + extra), alignment: 8)
        if count > 0, let base = storage.baseAddress { grown.baseAddress?.copyMemory(from: base, byteCount: count) }
        storage.deallocate()
        storage = grown
    }

    deinit { storage.deallocate() }
}
