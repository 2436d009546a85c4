/// The process marks of a scan, kept as the timeline reads them. Between two lifecycle events
/// only the first mark of each process and the last mark matter: entering a process already
/// entered since the last event changes nothing but which process is current. So two apps
/// that log in turn cost a mark per app per event, not a mark per line.
struct ProcessMarkLog {
    private(set) var marks: [ProcessMark] = []
    /// The processes marked since the last event.
    private var keysSinceEvent = MarkedSinceEvent()
    /// The latest mark since the last event, when its process had been marked already: kept
    /// only if it is still the latest when the next event comes. Its name stays in bytes until
    /// then (`pendingProcess`, whose bytes each repeat sets): with apps logging in turn, most
    /// marks are such repeats, and a string per line cost more than the rest of a mark.
    private var pendingRepeat: (line: Int, pid: Int?)?
    private var pendingProcess = FieldBytes()

    private var pendingMark: ProcessMark? {
        pendingRepeat.map { ProcessMark(line: $0.line, pid: $0.pid, process: pendingProcess.text) }
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

    /// The selected process changed at `line`, to the one with this pid (if the format has
    /// one) and name (the record's bytes).
    mutating func note(line: Int, pid: Int?, process: UnsafeRawBufferPointer) {
        // A pid is the key where there is one: no string to build for the common case.
        let key = pid.map(ProcessMark.Key.pid) ?? .name(String(decoding: process, as: UTF8.self))
        if keysSinceEvent.contains(key) {
            pendingRepeat = (line, pid)
            pendingProcess.set(process)
            if leading?.open == true, leading?.secondOfFirst == nil, key == marks.first?.key {
                let second = pendingMark
                leading?.secondOfFirst = second
            }
            return
        }
        keysSinceEvent.insert(key)
        pendingRepeat = nil
        marks.append(ProcessMark(line: line, pid: pid, process: process.isEmpty ? nil : String(decoding: process, as: UTF8.self)))
    }

    /// The selected process changed at `mark` (a mark of another log, replayed).
    mutating func note(_ mark: ProcessMark) {
        var name = mark.process ?? ""
        name.withUTF8 { note(line: mark.line, pid: mark.pid, process: UnsafeRawBufferPointer($0)) }
    }

    /// An event is kept: the process current at it must be in the log.
    mutating func noteEvent() {
        if let pendingMark { marks.append(pendingMark) }
        pendingRepeat = nil
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

    /// Lets go of the marks before `line` but the last of them: the events from `line` on
    /// need no other (`RunRetirement`). Only for a log read whole, not one of a part.
    mutating func dropMarks(before line: Int) {
        let kept = marks.partitioningIndex { $0.line >= line }
        if kept > 1 { marks.removeFirst(kept - 1) }
    }

    /// Every mark the timeline needs, in line order.
    var finished: [ProcessMark] {
        guard let pendingMark else { return marks }
        return marks + [pendingMark]
    }

    /// `finished`, taken from the log, which is left empty: at the end of a scan, where a copy
    /// of the marks (one per app per event with apps logging in turn) cost about 1 % of a run
    /// over a device log of 100 apps.
    mutating func takeFinished() -> [ProcessMark] {
        if let pendingMark { marks.append(pendingMark) }
        pendingRepeat = nil
        defer { marks = [] }
        return marks
    }

    /// Numbers the marks as `lines` more lines before them would (`ScanSession.shiftLines`).
    mutating func shiftLines(by lines: Int) {
        marks = marks.map { $0.shifted(by: lines) }
        pendingRepeat?.line += lines
        if let second = leading?.secondOfFirst { leading?.secondOfFirst = second.shifted(by: lines) }
    }

    /// Joins the log of the next part of the same input, read by another thread, as if this
    /// log had gone on.
    mutating func absorb(_ later: ProcessMarkLog) {
        guard let stretch = later.leading else { return }
        if stretch.eventBeforeFirstMark { noteEvent() }
        var replayed = stretch.open ? later.finished : Array(later.marks.prefix(stretch.count))
        if let second = stretch.secondOfFirst, !replayed.contains(where: { $0.line == second.line }) {
            replayed.insert(second, at: replayed.partitioningIndex { $0.line > second.line })
        }
        if let first = replayed.first, let current, first.key == current.key { replayed.removeFirst() }
        for mark in replayed { note(mark) }
        guard !stretch.open else { return }
        noteEvent()
        marks += later.marks.dropFirst(stretch.count)
        keysSinceEvent = later.keysSinceEvent
        pendingRepeat = later.pendingRepeat
        pendingProcess = later.pendingProcess
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
        if case .pid(let pid) = key, pid >= 0, pid < Self.tableLimit {
            return pid < stamps.count && stamps[pid] == stretch
        }
        return others.contains(key)
    }

    mutating func insert(_ key: ProcessMark.Key) {
        if case .pid(let pid) = key, pid >= 0, pid < Self.tableLimit {
            if pid >= stamps.count { stamps += Array(repeating: 0, count: min(Self.tableLimit, max(pid + 1, 2 * stamps.count)) - stamps.count) }
            stamps[pid] = stretch
        } else {
            others.insert(key)
        }
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
