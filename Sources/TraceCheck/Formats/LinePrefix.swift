/// A format whose records begin with a prefix that one PCRE2 pattern recognises.
/// Named groups: `timestamp`, `process`, `pid`, `thread`, and `message` when the message
/// does not simply run from the end of the prefix to the end of the line.
package final class LinePrefix: Sendable {
    let regex: PCRE2Regex
    let banner: PCRE2Regex?
    let gap: PCRE2Regex?
    let groups: Groups
    /// The bytes a record's line can begin with: `looksLikeRecord` fails every other line,
    /// so the scanner may skip this format for them (`LineGate`).
    let firstBytes: ByteSet
    /// The format's own cheap test of the first bytes (`looksLikeRecord`), and the shapes a
    /// line that passes it shows one of (none: not said).
    private let test: @Sendable (UnsafeRawBufferPointer) -> Bool
    let shapes: [LineShape]
    /// A hand-written reader of the common prefix: the pattern's fields, or nil when the line
    /// is anything else (then the pattern decides). A test holds it to the pattern.
    let handParsed: (@Sendable (UnsafeRawBufferPointer) -> RecordFields?)?

    struct Groups: Sendable {
        let timestamp: Int?, process: Int?, pid: Int?, thread: Int?, message: Int?
    }

    /// The patterns are constants of the program; each format's samples compile and parse
    /// them in every test run, so a failure here is a programming error, not an input error.
    init(_ pattern: String, banners: [String] = [], gaps: [String] = [], firstBytes: ByteSet,
         looksLikeRecord: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool, shapes: [LineShape] = [],
         handParsed: (@Sendable (UnsafeRawBufferPointer) -> RecordFields?)? = nil) {
        // swiftlint:disable:next force_try
        regex = try! PCRE2Regex(pattern, jit: .pastDetection)
        banner = Self.anyOf(banners)
        gap = Self.anyOf(gaps)
        groups = Groups(timestamp: regex.groupNumber("timestamp"), process: regex.groupNumber("process"),
                        pid: regex.groupNumber("pid"), thread: regex.groupNumber("thread"),
                        message: regex.groupNumber("message"))
        self.firstBytes = firstBytes
        self.test = looksLikeRecord
        self.shapes = shapes
        self.handParsed = handParsed
    }

    /// One regex matching any of `patterns` (constants of the program), nil for none.
    static func anyOf(_ patterns: [String]) -> PCRE2Regex? {
        // swiftlint:disable:next force_try
        patterns.isEmpty ? nil : try! PCRE2Regex(patterns.map { "(?:\($0))" }.joined(separator: "|"), jit: .pastDetection)
    }

    /// What `looksLikeRecord` checks, as a gate for the scanner.
    var gate: LineGate { LineGate(firstBytes: firstBytes, test: test, shapes: shapes) }

    /// A cheap test on the first bytes, run before PCRE2: lines that fail it are not records.
    /// `firstBytes` is checked here, whatever the format's own test does, so that the gate holds.
    @inline(__always)
    func looksLikeRecord(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first, firstBytes.contains(first) else { return false }
        return test(line)
    }

    func fields(in line: UnsafeRawBufferPointer, using matcher: PCRE2Matcher) -> RecordFields? {
        guard let first = line.first, firstBytes.contains(first) else { return nil }
        // A line the hand-written reader reads passes the format's own test too (the test that
        // holds the two readers to each other compares this with `patternFields`, which runs
        // it): run for every record of a device log, it read the timestamp a second time.
        if let handParsed, let fields = handParsed(line) { return fields }
        return patternFields(in: line, using: matcher)
    }

    /// The fields as the pattern finds them (the reference the hand-written reader is held to).
    func patternFields(in line: UnsafeRawBufferPointer, using matcher: PCRE2Matcher) -> RecordFields? {
        guard looksLikeRecord(line), (try? matcher.matchInPlace(regex, in: line)) == true, let whole = matcher.group(0) else {
            return nil
        }
        let message = groups.message.flatMap(matcher.group) ?? whole.upperBound..<line.count
        let pid = groups.pid.flatMap(matcher.group).flatMap { Bytes.decimal(line, $0) }
        return RecordFields(message: message, pid: pid, process: groups.process.flatMap(matcher.group),
                            thread: groups.thread.flatMap(matcher.group), timestamp: groups.timestamp.flatMap(matcher.group))
    }
}

/// Patterns several formats share.
enum PrefixPatterns {
    /// `2019-04-22 17:23:41.409737-0700`, `2015-10-29 17:47:05.362`, `2024-01-01 10:00:00+01:00`.
    static let dateTime = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:[+-]\\d\\d:?\\d\\d)?"
    /// `log`'s ` [subsystem:category] ` label, left out of the message.
    static let subsystemLabel = "(?:\\[(?<subsystem>[^\\]\\s:]+):(?<category>[^\\]\\n]*)\\](?: |$))?"
    /// `log`'s `(sender) ` image, left out of the message.
    static let sender = "(?:\\((?<sender>[^)\\n]*)\\)(?: |$))?"
    /// Signpost entries' `[spid 0x…, process, begin] `.
    static let signpost = "(?:\\[spid [^\\]\\n]*\\] )?"
    /// `log --style compact`'s two-column message type and the space after it (`Df `, `E  `).
    static let compactTypes = "(?:(?:Df|Db|Dg|In|Er|Fa|Ft|Sp|Ac) |[IEFAD]  )"

    /// The furniture `log show` and `log stream` print in every text style.
    static let logBanners = [
        "^Filtering the log data",
        "^Skipping (?:info and )?debug messages",
        "^Timestamp +(?:Thread +Type|Ty +Process|\\(process\\)\\[PID\\])",
        "^\\*\\* Processed \\d+ entr(?:y|ies)",
        "^log: ",
    ]
}

/// Reads a `LinePrefix` format: one record per prefixed line.
final class LinePrefixReader: RecordReader {
    let prefix: LinePrefix

    init(_ prefix: LinePrefix) { self.prefix = prefix }

    func read(_ line: UnsafeRawBufferPointer, number: Int, using matcher: PCRE2Matcher,
              emit: (Record) -> Void) -> LineKind {
        if let fields = prefix.fields(in: line, using: matcher) {
            emit(Record(number: number, bytes: line, fields: fields))
            return .record
        }
        if let banner = prefix.banner, (try? matcher.matches(banner, in: line)) == true { return .banner }
        if let gap = prefix.gap, (try? matcher.matches(gap, in: line)) == true { return .gap }
        return .unprefixed
    }

    func looksLikeRecord(_ line: UnsafeRawBufferPointer) -> Bool { prefix.looksLikeRecord(line) }

    var recordGate: LineGate? { prefix.gate }
    /// Banners and gaps are patterns that may match anywhere in a line.
    var furnitureGate: LineGate? { prefix.banner == nil && prefix.gap == nil ? .closed : nil }
}

/// A format described by one `LinePrefix`.
protocol LinePrefixFormat: CaptureFormat {
    var prefix: LinePrefix { get }
}

extension LinePrefixFormat {
    package var linePrefix: LinePrefix? { prefix }
    package var unprefixedLines: UnprefixedLines { .continuations }
    package func makeReader(firstLines: [[UInt8]]) -> any RecordReader { LinePrefixReader(prefix) }
}
