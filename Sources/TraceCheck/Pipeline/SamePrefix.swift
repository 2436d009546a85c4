import CTeddy

/// The prefix of the last record, when the format's hand-written reader read it: the bytes
/// between its timestamp and its message (` Fieldnotes[4817:2863604] `). Most lines of an
/// app's console repeat them. A line that begins with a timestamp of the same shape that is
/// not earlier, then those bytes, is a record of the same process and thread: the reader
/// would find the same fields at the same places, and the process bookkeeping would change
/// nothing. The scanner reads such a line without the reader (`ScanSession.readQuietly`);
/// `QuietReadingTests` holds the two ways to each other.
struct SamePrefix {
    /// The bytes between the timestamp and the message, the space before the message included.
    private var tail = FieldBytes()
    /// The timestamp's length; 0 when nothing is armed.
    private(set) var timestampLength = 0
    /// Records in a row read the full way while a prefix was armed, and the line before which
    /// nothing is armed after too many: where processes interleave line by line (a device log
    /// in the console's format), trying costs more than it saves.
    private var misses = 0
    private var armAgainAt = 0
    static let missesBeforeBackingOff = 16
    static let linesBackedOff = 1_024

    var isArmed: Bool { timestampLength > 0 }

    mutating func disarm() { timestampLength = 0 }

    /// A line repeated the armed prefix.
    mutating func matched() { misses = 0 }

    /// Arms on `record` when the format's hand-written reader read it, with the timestamp
    /// first and the message after a space to the end of the line; disarms otherwise, and
    /// while backing off. Called for each record of the main format read the full way.
    mutating func note(_ record: Record) {
        if isArmed {
            misses += 1
            if misses >= Self.missesBeforeBackingOff {
                misses = 0
                armAgainAt = record.number > Int.max - Self.linesBackedOff ? Int.max : record.number + Self.linesBackedOff
            }
        }
        let fields = record.fields
        let line = record.bytes
        guard record.number >= armAgainAt, fields.byHand, let timestamp = fields.timestamp, timestamp.lowerBound == 0, !timestamp.isEmpty,
              fields.message.upperBound == line.count, fields.message.lowerBound > timestamp.upperBound,
              line[fields.message.lowerBound - 1] == 32,
              fields.message.lowerBound - timestamp.upperBound <= FieldBytes.inlineCapacity else {
            disarm()
            return
        }
        tail.set(line, timestamp.upperBound..<fields.message.lowerBound)
        timestampLength = timestamp.count
    }

    /// Where the message of `line` begins, when `line` repeats the armed prefix after a
    /// timestamp of the same shape as `before` (the last record's timestamp) and not earlier than
    /// it; nil for any other line. A timestamp that goes back is left to the full read,
    /// which tells the health check.
    func messageStart(in line: UnsafeRawBufferPointer, after before: UnsafeRawBufferPointer) -> Int? {
        let length = timestampLength
        guard length > 0, before.count == length, let base = line.baseAddress, let stamp = before.baseAddress else { return nil }
        // One check for this and the C quiet read (`tc_quiet_read`).
        let start = tail.withUnsafeBytes { tail in
            tc_prefix_message_start(base.assumingMemoryBound(to: UInt8.self), line.count, stamp.assumingMemoryBound(to: UInt8.self), length,
                                    tail.baseAddress?.assumingMemoryBound(to: UInt8.self), tail.count)
        }
        return start < 0 ? nil : Int(start)
    }

    /// Calls `body` with the armed bytes between the timestamp and the message.
    func withTail<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        tail.withUnsafeBytes(body)
    }
}
