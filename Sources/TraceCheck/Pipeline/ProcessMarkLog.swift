/// The process marks of a scan, kept as the timeline reads them (`EpochSplit`). A mark of a
/// process the timeline has entered before only tells which process is current; that matters
/// at the next event alone. So the log keeps each process's first mark, where its run opens,
/// and the last mark before each event. On a device log where apps log in turn, that is a mark
/// per event and one per process. Keeping the first mark of each process between two events,
/// as the log once did, kept one per app per event: memory grew with the log's length, and a
/// 512 MB log of 100 apps peaked at 67 MB where one of a single app peaked at 33.
struct ProcessMarkLog {
    private(set) var marks = ProcessMarks()
    /// The processes with a first mark in `marks`.
    private var seen = MarkedProcesses()
    /// A mark was kept since the last event: the last of them is the one before the next.
    private var keptSinceEvent = false
    /// The latest mark, when its process had been marked already: kept only if it is still
    /// the latest when the next event comes. Its name is a number in the marks' table of
    /// names (`register`): no string is made from a record's bytes for a mark, nor are they
    /// copied for a repeat, and with apps logging in turn most marks are such repeats.
    private var pendingRepeat: (line: Int, pid: Int?, name: Int)?

    private var pendingMark: ProcessMark? {
        pendingRepeat.map { ProcessMark(line: $0.line, pid: $0.pid, process: marks.name($0.name)) }
    }

    /// For a part after the first: how its first stretch of marks (from its first mark to the
    /// event after it) is joined to the part before. A part's first mark is its first
    /// selected record's, and may be no change across the cut (that process was current),
    /// where the whole read has no such mark; and the processes the part marks first may
    /// have been marked before. So the stretch is replayed through `note` when joined
    /// (`absorb`), without that first mark where it is no change.
    private struct LeadingStretch {
        /// Still in the stretch: no event after the first mark yet.
        var open = true
        /// An event came before the first mark.
        var eventBeforeFirstMark = false
        /// How many of `marks` the stretch kept, once it is closed.
        var count = 0
    }
    private var leading: LeadingStretch?

    /// `continuesEarlierPart`: the log of a part read after the first one of the same input.
    init(continuesEarlierPart: Bool = false) {
        if continuesEarlierPart { leading = LeadingStretch() }
    }

    /// The process the last mark entered (the current one).
    var current: ProcessMark? { pendingMark ?? marks.last }

    /// The number marks of a process of this name are noted with (nil: a record without one).
    mutating func register(_ name: String?) -> Int { marks.register(name) }

    /// The selected process changed at `line`, to the one with this pid (if the format has
    /// one) and name (a number `register` gave).
    mutating func note(line: Int, pid: Int?, name: Int) {
        // A pid is the key where there is one, asked of the table without a `Key` (which may
        // hold a string, and was made and destroyed at every mark).
        let known = if let pid { seen.contains(pid: pid) } else { seen.contains(marks.key(pid: nil, name: name)) }
        if known {
            pendingRepeat = (line, pid, name)
            return
        }
        if let pid { seen.insert(pid: pid) } else { seen.insert(marks.key(pid: nil, name: name)) }
        pendingRepeat = nil
        marks.append(line: line, pid: pid, name: name, first: true)
        keptSinceEvent = true
    }

    /// The selected process changed at `mark` (a mark of another log, replayed).
    mutating func note(_ mark: ProcessMark) { note(line: mark.line, pid: mark.pid, name: register(mark.process)) }

    /// An event is kept: the process current at it must be in the log.
    mutating func noteEvent() {
        keepPendingMark()
        if keptSinceEvent { marks.noteLastBeforeEvent() }
        keptSinceEvent = false
        if leading?.open == true {
            if marks.isEmpty {
                leading?.eventBeforeFirstMark = true
            } else {
                leading?.open = false
                leading?.count = marks.count
            }
        }
    }

    /// The pending repeat is now a mark of the log: an event came after it, or the log is read.
    private mutating func keepPendingMark() {
        guard let pendingRepeat else { return }
        marks.append(line: pendingRepeat.line, pid: pendingRepeat.pid, name: pendingRepeat.name)
        keptSinceEvent = true
        self.pendingRepeat = nil
    }

    /// Lets go of the marks before `line` but the last of them: the events from `line` on
    /// need no other (`RunRetirement`). A process whose first mark goes stays marked: its run,
    /// if it has events from `line` on, opens at the last mark before the first of them. Only
    /// for a log read whole, not one of a part.
    mutating func dropMarks(before line: Int) {
        let kept = marks.indices.partitioningIndex { marks.line(at: $0) >= line }
        if kept > 1 { marks.removeFirst(kept - 1) }
    }

    /// Every mark the timeline needs, in line order.
    var finished: ProcessMarks {
        var finished = self
        finished.keepPendingMark()
        return finished.marks
    }

    /// `finished`, taken from the log, which is left empty: at the end of a scan, where a copy
    /// of the marks cost about 1 % of a run over a device log of 100 apps (when a mark per app
    /// per event was kept).
    mutating func takeFinished() -> ProcessMarks {
        keepPendingMark()
        defer { marks = ProcessMarks() }
        return marks
    }

    /// Numbers the marks as `lines` more lines before them would (`ScanSession.shiftLines`).
    mutating func shiftLines(by lines: Int) {
        marks.shiftLines(by: lines)
        pendingRepeat?.line += lines
    }

    /// Joins the log of the next part of the same input, read by another thread, as if this
    /// log had gone on.
    mutating func absorb(_ later: ProcessMarkLog) {
        guard let stretch = later.leading else { return }
        if stretch.eventBeforeFirstMark { noteEvent() }
        var replayed = stretch.open ? Array(later.finished) : Array(later.marks.prefix(stretch.count))
        if let first = replayed.first, let current, first.key == current.key { replayed.removeFirst() }
        for mark in replayed { note(mark) }
        guard !stretch.open else { return }
        noteEvent()
        // The later log's first marks of processes this one had marked are repeats here: kept
        // only where they were the last before an event, or are the latest of all.
        let last = later.marks.indices.last
        var latest: ProcessMark?
        marks.append(contentsOf: later.marks, from: stretch.count) { position in
            guard later.marks.isFirst(at: position) else { return .keep }
            let key = later.marks.key(at: position)
            guard seen.contains(key) else {
                seen.insert(key)
                return .keep
            }
            if later.marks.isLastBeforeEvent(at: position) { return .keepNotFirst }
            if position == last, later.pendingRepeat == nil, later.keptSinceEvent { latest = later.marks[position] }
            return .skip
        }
        keptSinceEvent = later.keptSinceEvent
        if let latest {
            pendingRepeat = (latest.line, latest.pid, register(latest.process))
        } else {
            pendingRepeat = later.pendingRepeat.map { ($0.line, $0.pid, register(later.marks.name($0.name))) }
        }
    }
}

/// The processes with a first mark in the log, asked for at every change of process (with
/// apps logging in turn, every line): pids in a `PidTable`, names in a set.
struct MarkedProcesses {
    private var pids = PidTable<Void>()
    private var names: Set<ProcessMark.Key> = []

    func contains(_ key: ProcessMark.Key) -> Bool {
        if case .pid(let pid) = key { return contains(pid: pid) }
        return names.contains(key)
    }

    @inline(__always)
    func contains(pid: Int) -> Bool { pids.with(pid) { $0 } != nil }

    mutating func insert(_ key: ProcessMark.Key) {
        if case .pid(let pid) = key { return insert(pid: pid) }
        names.insert(key)
    }

    @inline(__always)
    mutating func insert(pid: Int) { pids.set((), for: pid) }
}
