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
    /// The last message and the run it is in: all that reading one more record changes once
    /// the part's leading run is closed. The quiet read follows records with this alone.
    private(set) var following = Following()
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

    /// The last record's message, and the run of repeats it is in.
    struct Following: Sendable {
        /// The last record's message.
        fileprivate(set) var last = MessageSignature()
        /// While the last record repeats the one before it: the line of the run's first
        /// repeat, and how many records repeat its message.
        fileprivate(set) var current: (first: Int, repeats: Int)?

        /// What a record did to the runs.
        enum Change {
            /// It repeats the last message: its run goes on.
            case repeated
            /// A new message, which ended the run open before it, if any.
            case new(ended: (first: Int, repeats: Int)?)
        }

        /// Follows record `line`, whose message is `signature`.
        @inline(__always)
        mutating func note(_ signature: MessageSignature, line: Int) -> Change {
            if signature.continuesRun(of: last) {
                if let run = current { current = (run.first, run.repeats + 1) } else { current = (line, 1) }
                return .repeated
            }
            last = signature
            // Most records end no run: the run is written only where one ends.
            guard let ended = current else { return .new(ended: nil) }
            current = nil
            return .new(ended: ended)
        }

        /// Takes the last message and run of records read elsewhere (the C quiet read), which
        /// followed them from this value's.
        mutating func take(last signature: MessageSignature, current run: (first: Int, repeats: Int)?) {
            last = signature
            current = run
        }

        /// The first repeat's line of `run`, where it is a row copied twice (one repeat).
        static func copiedTwice(_ run: (first: Int, repeats: Int)?) -> Int? {
            guard let run, run.repeats == 1 else { return nil }
            return run.first
        }
    }

    /// `continuesEarlierPart`: the runs of a part read after the first one of the same input.
    init(continuesEarlierPart: Bool = false) {
        if continuesEarlierPart { leading = .open }
    }

    /// The last record's message.
    var last: MessageSignature { following.last }
    /// While the last record repeats the one before it: the line of the run's first repeat,
    /// and how many records repeat its message.
    var current: (first: Int, repeats: Int)? { following.current }

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
        guard case .new(let ended) = following.note(signature, line: line) else { return }
        if first == nil {
            first = (line, signature)
        } else if ended != nil || leadingIsOpen {
            // Otherwise no run was open, and ending none changes nothing.
            close(ended, doubled: &doubled)
        }
    }

    /// Takes what the quiet read followed from `following` on.
    mutating func take(_ followed: Following) { following = followed }

    /// Ends the current run (the read's end).
    mutating func end(doubled: inout LineTally) {
        close(following.current, doubled: &doubled)
        following.current = nil
    }

    /// `run` has ended: it closes a part's leading run, or counts as a row copied twice.
    private mutating func close(_ run: (first: Int, repeats: Int)?, doubled: inout LineTally) {
        if case .open = leading {
            leading = .closed(first: run?.first, repeats: run?.repeats ?? 0)
        } else if let line = Following.copiedTwice(run) {
            doubled.add(line)
        }
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
                following.current = continued ?? later.current
            case .closed(let leadingFirst, let count):
                if let line = Following.copiedTwice(continued) {
                    doubled.add(line)
                } else if continued == nil, count == 1, let leadingFirst {
                    doubled.add(leadingFirst)
                }
                following.current = later.current
            }
        }
        following.last = later.last
        if first == nil { first = laterFirst }
    }

    /// Numbers the lines as `lines` more lines before them would.
    mutating func shiftLines(by lines: Int) {
        following.current?.first += lines
        first?.line += lines
        if case .closed(let first?, let repeats) = leading { leading = .closed(first: first + lines, repeats: repeats) }
    }
}
