/// Runs of one message repeated record after record, as a read follows them: a row copied
/// twice (a capture pasted or exported twice over) shows each message exactly twice in a row,
/// while a message a program logs again and again makes longer runs, which are no fault of
/// the capture.
///
/// A read in parts follows the runs of each part on its own. A part after the first leaves the
/// run its first record begins to the part before (`leading`): that run may go on from the
/// part before across the cut. Joining the parts in file order (`join`) then counts each run as
/// one read going on would have, and `shiftLines` renumbers them; `RepeatRunsTests` holds both
/// to every stored fact.
struct RepeatRuns: Sendable {
    /// The last record's message.
    private(set) var last = MessageSignature()
    /// While the last record repeats the one before it: the line of the run's first repeat,
    /// and how many records repeat its message.
    var current: (first: Int, repeats: Int)?
    /// The first record read, and its message.
    private(set) var first: (line: Int, signature: MessageSignature)?
    /// In a part after the first, the run the part's first record begins: nil in a read from
    /// the input's start.
    private(set) var leading: Leading?

    /// The repeats of the run a part's first record begins: still open (every record of the
    /// part so far), or closed with its first repeat's line and count.
    enum Leading: Sendable {
        case open
        case closed(first: Int?, repeats: Int)
    }

    /// `continuesEarlierPart`: the runs of a part read after the first one of the same input.
    init(continuesEarlierPart: Bool = false) {
        if continuesEarlierPart { leading = .open }
    }

    /// Whether this read begins part-way through its input (a part after the first).
    var continuesEarlierPart: Bool { leading != nil }

    /// Whether every record so far repeats the part's first one: its repeats are the part
    /// before's to count.
    var leadingIsOpen: Bool {
        if case .open = leading { return true }
        return false
    }

    /// Follows record `line`, whose message is `signature`; a run of exactly one repeat it
    /// ends is a row copied twice, added to `doubled`. Inlined where every record is read: a
    /// call per record made a device log's read 1.7 % slower.
    @inline(__always)
    mutating func note(_ signature: MessageSignature, line: Int, doubled: inout LineTally) {
        // The first record repeats nothing: `last` is no message yet.
        if signature.continuesRun(of: last) {
            if let run = current { current = (run.first, run.repeats + 1) } else { current = (line, 1) }
            return
        }
        if first == nil {
            first = (line, signature)
        } else if current != nil || leadingIsOpen {
            // Otherwise no run is open, and ending none changes nothing.
            end(doubled: &doubled)
        }
        last = signature
    }

    /// Takes the last message and run of records read elsewhere (the C quiet read), which
    /// followed them from this value's.
    mutating func take(last signature: MessageSignature, current run: (first: Int, repeats: Int)?) {
        last = signature
        current = run
    }

    /// Ends the current run (a new message, or the read's end).
    mutating func end(doubled: inout LineTally) {
        if case .open = leading {
            leading = .closed(first: current?.first, repeats: current?.repeats ?? 0)
        } else if let run = current, run.repeats == 1 {
            doubled.add(run.first)
        }
        current = nil
    }

    /// Joins the runs of `later`, a read of what follows this one's input, as one read going
    /// on would have followed them: the run open at this read's end may go on into the run
    /// `later` begins with.
    mutating func join(_ later: RepeatRuns, doubled: inout LineTally) {
        guard let laterFirst = later.first else { return }
        if let leading = later.leading {
            let continued: (first: Int, repeats: Int)?
            if laterFirst.signature.continuesRun(of: last) {
                let before = current ?? (laterFirst.line, 0)
                let repeats: Int
                if case .closed(_, let count) = leading { repeats = count } else { repeats = later.current?.repeats ?? 0 }
                continued = (before.first, before.repeats + 1 + repeats)
            } else {
                end(doubled: &doubled)
                continued = nil
            }
            switch leading {
            case .open:
                // The later part is one run to its end: it stays open.
                current = continued ?? later.current
            case .closed(let leadingFirst, let count):
                if let continued {
                    if continued.repeats == 1 { doubled.add(continued.first) }
                } else if count == 1, let leadingFirst {
                    doubled.add(leadingFirst)
                }
                current = later.current
            }
        }
        last = later.last
        if first == nil { first = laterFirst }
    }

    /// Numbers the lines as `lines` more lines before them would.
    mutating func shiftLines(by lines: Int) {
        current?.first += lines
        first?.line += lines
        if case .closed(let first?, let repeats) = leading { leading = .closed(first: first + lines, repeats: repeats) }
    }
}
