/// UIKit's messages as pastes wrap them: a line that ends part-way through one, and a
/// next line (a continuation, or a bare line) that begins with the rest. The event is the
/// first line's, with its record's process and time.
///
/// Read on a cold path only: the first line must be a candidate that no shape read, so each
/// message's first words (`heads`) are in the candidate vocabulary. A wrap inside those first
/// words is not read.
enum WrappedMessage {
    /// Where a message began: its event, the words still to come, and the first line.
    struct Start {
        let id: EventID
        let line: Int
        let remainder: [Substring]
        let message: [UInt8]
        let text: [UInt8]
        let context: RecordContext

        /// The start on the line `lines` further on (`ScanSession.shiftLines`).
        func shifted(by lines: Int) -> Start {
            Start(id: id, line: line + lines, remainder: remainder, message: message, text: text, context: context)
        }
    }

    /// Each message's words, quote marks left out.
    static let messages: [(words: [Substring], id: EventID)] = EventCatalog.uikitMessages.map { (words(of: $0.fragment), $0.id) }

    /// Leading words too common to mark a message's beginning.
    private static let commonLeads: [Substring] = ["UIScene", "but", "The", "There"]

    /// The first words of each message past a common lead, up to three and never all of it.
    static let heads: [String] = messages.compactMap { message in
        let words = message.words.drop { commonLeads.contains($0) }
        let count = min(3, words.count - 1)
        return count > 0 ? words.prefix(count).joined(separator: " ") : nil
    }

    /// Every word a message can be cut after (all but each message's last), as bytes: a
    /// candidate line that ends in none of them is no wrap, decided without a String.
    private static let cutWords: Set<[UInt8]> = Set(messages.flatMap { $0.words.dropLast().map { Array($0.utf8) } })
    private static let longestCutWord = cutWords.map(\.count).max() ?? 0
    /// The bytes the cut words end with: a line whose last word ends otherwise is no wrap,
    /// decided before any array is made (most candidates no shape reads are UIKit's chatter,
    /// which ends with a number).
    private static let cutWordEnds = ByteSet(cutWords.compactMap(\.last))

    /// The ASCII quote marks a pasted message's last word is compared without.
    private static func isQuoteMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "`") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"")
    }

    /// The message `message` ends part-way through (at least two of its words), if any.
    static func start(of message: UnsafeRawBufferPointer, text: UnsafeRawBufferPointer, line: Int,
                      context: RecordContext) -> Start? {
        // Most candidate lines that no shape reads are UIKit's chatter: look at the last word first.
        var end = message.count
        while end > 0, message[end - 1] == 32 || message[end - 1] == 9 || message[end - 1] == 13 { end -= 1 }
        var start = end
        while start > 0, message[start - 1] != 32, message[start - 1] != 9, end - start <= longestCutWord + 3 { start -= 1 }
        // The word without quote marks: no longer than a cut word, and a cut word (which ends
        // with one of their last bytes) or one with a byte from 0x80 on.
        var length = 0, lastByte: UInt8 = 0, high = false
        for byte in message[start..<end] where !isQuoteMark(byte) {
            length += 1
            lastByte = byte
            high = high || byte >= 0x80
        }
        guard length <= longestCutWord, high || (length > 0 && cutWordEnds.contains(lastByte)) else { return nil }
        let last = message[start..<end].filter { !isQuoteMark($0) }
        guard high || cutWords.contains(last) else { return nil }
        let words = words(of: String(decoding: message, as: UTF8.self))
        guard words.count >= 2 else { return nil }
        for candidate in messages {
            for taken in stride(from: candidate.words.count - 1, through: 2, by: -1)
            where words.suffix(taken).elementsEqual(candidate.words.prefix(taken)) {
                return Start(id: candidate.id, line: line, remainder: Array(candidate.words.dropFirst(taken)),
                             message: Array(message), text: Array(text), context: context)
            }
        }
        return nil
    }

    /// Whether `next` begins with the rest of `start`'s message (after a quote's `>` or a
    /// comment's `//`; a word may carry the sentence's punctuation).
    static func completes(_ start: Start, with next: UnsafeRawBufferPointer) -> Bool {
        let words = words(of: String(decoding: next, as: UTF8.self).drop { " \t>/*#".contains($0) })
        guard words.count >= start.remainder.count else { return false }
        return zip(words, start.remainder).allSatisfy { word, expected in
            word == expected || (word.hasPrefix(expected) && word.dropFirst(expected.count).allSatisfy { ".,;:!".contains($0) })
        }
    }

    private static func words<S: StringProtocol>(of text: S) -> [Substring] {
        let unquoted = String(text.unicodeScalars.filter { !SpellingShape.quoteMarks.contains($0) }.map(Character.init))
        return unquoted.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
}

extension EventExtractor {
    /// Notes a candidate line that no shape read but that ends part-way through a UIKit message.
    func noteWrapStart(_ message: UnsafeRawBufferPointer, text: UnsafeRawBufferPointer, line: Int, context: @autoclosure () -> RecordContext) {
        pendingWrap = WrappedMessage.start(of: message, text: text, line: line, context: context())
    }

    /// The wrap begun on the line right before `line`, taken (a wrap lasts one line).
    func takeWrap(before line: Int) -> WrappedMessage.Start? {
        defer { pendingWrap = nil }
        guard let pending = pendingWrap, pending.line == line - 1 else { return nil }
        return pending
    }

    /// The event of `start`'s message, when `next` holds the rest of it.
    func wrappedEvent(_ start: WrappedMessage.Start, next: UnsafeRawBufferPointer) -> LifecycleEvent? {
        guard WrappedMessage.completes(start, with: next) else { return nil }
        return start.message.withUnsafeBytes { message in
            start.text.withUnsafeBytes { text in
                makeEvent(SpellingMatch(id: start.id, source: .uikit), shape: SpellingShape.uikitMessage.name, named: SceneIdentity(),
                          message: message, text: text, line: start.line, context: start.context)
            }
        }
    }
}
