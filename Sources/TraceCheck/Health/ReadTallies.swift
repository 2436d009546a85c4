/// What a read counts, line by line, of its capture's health and formats.
///
/// A read in parts counts each part on its own and joins the parts in file order: each fact is
/// renumbered (`shiftLines`) and added to the same fact of the part before (`absorb`). Both
/// happen here, for every fact at once, and a test holds both to covering every stored fact:
/// a fact left out of either would have been read whole by one thread and lost, or misplaced,
/// by two.
struct ReadTallies: Sendable {
    /// Records whose timestamp is earlier than the record before.
    var outOfOrder = LineTally()
    /// Records that repeat the record before them word for word.
    var doubled = LineTally()
    /// Lifecycle lines whose values are redacted (`<private>`): as many as the events at most,
    /// and all kept, since a finding is inconclusive where its own evidence is redacted.
    var redacted: [Int] = []
    /// Places where lines are missing or were collapsed.
    var gaps = LineTally()
    /// Lines without the harness prefix of a decorated capture.
    var harnessLines = LineTally()
    /// Lines that start like a record of the capture's format but do not parse.
    var suspect = LineTally()
    /// Records of other formats mixed into the capture, by format name.
    var mixed: [String: LineTally] = [:]
    /// Records read by the main reader.
    var mainRecords = 0
    /// Records read by each fallback reader, by its index in the session's fallbacks (the same
    /// readers, in the same order, in every part of a read).
    var fallbackRecords: [Int] = []

    /// Numbers the lines as `lines` more lines before them would.
    mutating func shiftLines(by lines: Int) {
        outOfOrder.shiftLines(by: lines)
        doubled.shiftLines(by: lines)
        redacted = redacted.map { $0 + lines }
        gaps.shiftLines(by: lines)
        harnessLines.shiftLines(by: lines)
        suspect.shiftLines(by: lines)
        for format in mixed.keys { mixed[format]?.shiftLines(by: lines) }
    }

    /// Adds the facts of `later`, a read of what follows this one's input.
    mutating func absorb(_ later: ReadTallies) {
        outOfOrder.add(later.outOfOrder)
        doubled.add(later.doubled)
        redacted += later.redacted
        gaps.add(later.gaps)
        harnessLines.add(later.harnessLines)
        suspect.add(later.suspect)
        for (format, lines) in later.mixed { mixed[format, default: LineTally()].add(lines) }
        mainRecords += later.mainRecords
        for index in fallbackRecords.indices where later.fallbackRecords.indices.contains(index) {
            fallbackRecords[index] += later.fallbackRecords[index]
        }
    }
}
