/// The parts of one record that its format's prefix carries, as byte ranges into the line.
public struct Record {
    public let line: Line
    /// Where the message starts (after the format's prefix; 0 for an unprefixed line).
    public let messageStart: Int
    public let pid: Int?
    public let process: Range<Int>?
    public let thread: Range<Int>?
    public let timestamp: Range<Int>?

    public init(line: Line, messageStart: Int = 0, pid: Int? = nil, process: Range<Int>? = nil,
                thread: Range<Int>? = nil, timestamp: Range<Int>? = nil) {
        self.line = line
        self.messageStart = messageStart
        self.pid = pid
        self.process = process
        self.thread = thread
        self.timestamp = timestamp
    }

    public var hasPrefix: Bool { messageStart > 0 }

    public var message: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: line.bytes[messageStart...])
    }

    public func text(_ range: Range<Int>?) -> String? {
        range.map { String(decoding: UnsafeRawBufferPointer(rebasing: line.bytes[$0]), as: UTF8.self) }
    }
}

/// One console capture format: how a line splits into prefix fields and message.
/// Each format lists sample lines that must parse (lnav's model); they are tests.
public protocol CaptureFormat: Sendable {
    /// Stable identifier used in output and by `--input-format`.
    var name: String { get }
    var summary: String { get }
    /// Lines in this format that must parse with a prefix, and the message each one carries.
    var samples: [(line: String, message: String)] { get }
    /// Splits a line. Never fails: a line the format does not recognise is a bare message.
    func record(from line: Line, using matcher: PCRE2Matcher) -> Record
}
