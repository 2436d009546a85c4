/// The process marks of a scan, kept as the timeline reads them. Between two lifecycle events
/// only the first mark of each process and the last mark matter: entering a process already
/// entered since the last event changes nothing but which process is current. So two apps
/// that log in turn cost a mark per app per event, not a mark per line.
struct ProcessMarkLog {
    private(set) var marks = ProcessMarks()
    /// The processes marked since the last event.
    private var keysSinceEvent = MarkedSinceEvent()
    /// The latest mark since the last event, when its process had been marked already: kept
    /// only if it is still the latest when the next event comes. Its name is a number in the
    /// marks' table of names (`register`): no string is made from a record's bytes for a
    /// mark, nor are they copied for a repeat (on a device log of 100 apps logging in turn,
    /// that was half of what the marks cost), and with apps logging in turn most marks are
    /// such repeats.
    private var pendingRepeat: (line: Int, pid: Int?, name: Int)?

    private var pendingMark: ProcessMark? {
        pendingRepeat.map { ProcessMark(line: $0.line, pid: $0.pid, process: marks.name($0.name)) }
    }

    /// For a part after the first: how its first stretch of marks (from its first mark to the
    /// event after it) is joined to the part before. A part's first mark is its first
    /// selected record's, and may be no change across the cut (that process was current);
    /// then the whole read has no such mark, and the process's next mark in the stretch is
    /// its first since the last event, which the log keeps. So the stretch is kept with that
    /// second mark, and replayed through `note` when joined (`absorb`).
    private struct LeadingStretch {
        /// Still in the stretch: no event after the first mark yet.
        var open = true
        /// An event came before the first mark.
        var eventBeforeFirstMark = false
        /// How many of `marks` the stretch kept, once it is closed.
        var count = 0
        /// The second mark of the first mark's process within the stretch.
        var secondOfFirst: ProcessMark?
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
        let seen = if let pid { keysSinceEvent.contains(pid: pid) } else { keysSinceEvent.contains(marks.key(pid: nil, name: name)) }
        if seen {
            pendingRepeat = (line, pid, name)
            if leading?.open == true, leading?.secondOfFirst == nil, !marks.isEmpty,
               marks.key(pid: pid, name: name) == marks.key(at: marks.startIndex) {
                let second = pendingMark
                leading?.secondOfFirst = second
            }
            return
        }
        if let pid { keysSinceEvent.insert(pid: pid) } else { keysSinceEvent.insert(marks.key(pid: nil, name: name)) }
        pendingRepeat = nil
        marks.append(line: line, pid: pid, name: name)
    }

    /// The selected process changed at `mark` (a mark of another log, replayed).
    mutating func note(_ mark: ProcessMark) { note(line: mark.line, pid: mark.pid, name: register(mark.process)) }

    /// An event is kept: the process current at it must be in the log.
    mutating func noteEvent() {
        keepPendingMark()
        keysSinceEvent.removeAll()
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
        if let pendingRepeat { marks.append(line: pendingRepeat.line, pid: pendingRepeat.pid, name: pendingRepeat.name) }
        pendingRepeat = nil
    }

    /// Lets go of the marks before `line` but the last of them: the events from `line` on
    /// need no other (`RunRetirement`). Only for a log read whole, not one of a part.
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
    /// of the marks (one per app per event with apps logging in turn) cost about 1 % of a run
    /// over a device log of 100 apps.
    mutating func takeFinished() -> ProcessMarks {
        keepPendingMark()
        defer { marks = ProcessMarks() }
        return marks
    }

    /// Numbers the marks as `lines` more lines before them would (`ScanSession.shiftLines`).
    mutating func shiftLines(by lines: Int) {
        marks.shiftLines(by: lines)
        pendingRepeat?.line += lines
        if let second = leading?.secondOfFirst { leading?.secondOfFirst = second.shifted(by: lines) }
    }

    /// Joins the log of the next part of the same input, read by another thread, as if this
    /// log had gone on.
    mutating func absorb(_ later: ProcessMarkLog) {
        guard let stretch = later.leading else { return }
        if stretch.eventBeforeFirstMark { noteEvent() }
        var replayed = stretch.open ? Array(later.finished) : Array(later.marks.prefix(stretch.count))
        if let second = stretch.secondOfFirst, !replayed.contains(where: { $0.line == second.line }) {
            replayed.insert(second, at: replayed.partitioningIndex { $0.line > second.line })
        }
        if let first = replayed.first, let current, first.key == current.key { replayed.removeFirst() }
        for mark in replayed { note(mark) }
        guard !stretch.open else { return }
        noteEvent()
        marks.append(contentsOf: later.marks, from: stretch.count)
        keysSinceEvent = later.keysSinceEvent
        pendingRepeat = later.pendingRepeat.map { ($0.line, $0.pid, register(later.marks.name($0.name))) }
    }
}

/// The processes marked since the last event, asked for at every change of process (with apps
/// logging in turn, every line): pids in a table indexed by pid and stamped with the number
/// of the stretch between events, so that emptying it at an event is one increment; names,
/// and pids too large for the table, in sets.
struct MarkedSinceEvent {
    /// Pids below this are in the table (iOS pids stay below 100,000): 4 MB at most.
    static let tableLimit = 1 << 20
    private var stamps: [UInt32] = []
    private var stretch: UInt32 = 1
    private var others: Set<ProcessMark.Key> = []

    func contains(_ key: ProcessMark.Key) -> Bool {
        if case .pid(let pid) = key { return contains(pid: pid) }
        return others.contains(key)
    }

    @inline(__always)
    func contains(pid: Int) -> Bool {
        guard pid >= 0, pid < Self.tableLimit else { return others.contains(.pid(pid)) }
        return pid < stamps.count && stamps[pid] == stretch
    }

    mutating func insert(_ key: ProcessMark.Key) {
        if case .pid(let pid) = key { return insert(pid: pid) }
        others.insert(key)
    }

    @inline(__always)
    mutating func insert(pid: Int) {
        guard pid >= 0, pid < Self.tableLimit else {
            others.insert(.pid(pid))
            return
        }
        if pid >= stamps.count { stamps += Array(repeating: 0, count: min(Self.tableLimit, max(pid + 1, 2 * stamps.count)) - stamps.count) }
        stamps[pid] = stretch
    }

    mutating func removeAll() {
        if !others.isEmpty { others.removeAll(keepingCapacity: true) }
        if stretch == .max {
            // Four billion events later: start the stamps again.
            stamps = Array(repeating: 0, count: stamps.count)
            stretch = 1
        } else {
            stretch += 1
        }
    }
}
