/// Which process each record belongs to, whether it is read, and the marks of where the
/// selected process changes: the scan's process filter.
///
/// One value the session mutates through one call per record: as stored properties of the
/// session (a class), each of its fields read or written cost a dynamic exclusivity check,
/// about five a record on a device log where apps log in turn (an eighth of such a run's
/// instructions went to `noteProcess`).
struct ProcessSelection {
    /// `--process` or `app_processes`: only those are read; empty for every process but the
    /// system's own.
    private let filter: [String]
    // Decided once per change of process, by pid, or by name where the format has no pid.
    private var lastPidless: Decision
    private var lastPid: Int?
    /// By pid, the name the last record with that pid gave it and what was decided for it: a
    /// pid seen under another name is selected again by that name, so that selection is a
    /// fact of each record alone. `lastPid`'s entry holds the name of the record before.
    private var byPid = PidTable<Decision>()
    /// The last mark's pid, and its name where it had no pid (a mark with a pid is the same
    /// process as the next record with that pid whatever its name: no copy of it is needed).
    private var lastMark: (pid: Int?, pidlessProcess: FieldBytes) = (nil, FieldBytes())
    /// The current record's process is read.
    private(set) var selected = true
    /// The current record is SpringBoard's: read only for what it says about apps
    /// (`SystemAccount`).
    private(set) var logsSystemAccount = false
    /// Where the selected process changed.
    var marks: ProcessMarkLog
    /// Every process name a record gave, noted when the selection is decided.
    private(set) var names: Set<String> = []

    /// `continuesEarlierPart`: the selection of a part read after the first one of the same input.
    init(filter: [String], continuesEarlierPart: Bool = false) {
        self.filter = filter
        marks = ProcessMarkLog(continuesEarlierPart: continuesEarlierPart)
        lastPidless = Decision(name: FieldBytes(), number: marks.register(nil), selected: true, system: false)
    }

    /// Record `line` is of the process with this pid (if the format has one) and name (the
    /// record's bytes: a copy of the session's field for each record, to pass it, cost more
    /// than the rest of this). A new mark whenever the selected process changes: by pid, or
    /// without pids by name. Another process's lines in between (SpringBoard's chatter)
    /// change nothing.
    mutating func note(line: Int, pid: Int?, process: UnsafeRawBufferPointer) {
        let number: Int
        if let pid {
            // Under the name that pid had last: the common case, the same pid as the record
            // before included. Where apps log in turn, the pid changes at every line.
            if let known = byPid.with(pid, { $0.name.equals(process) ? ($0.selected, $0.system, $0.number) : nil }) {
                if pid == lastPid { return }
                (selected, logsSystemAccount, number) = known
            } else {
                let decided = decide(process)
                (selected, logsSystemAccount, number) = (decided.selected, decided.system, decided.number)
                byPid.set(decided, for: pid)
            }
            lastPid = pid
        } else {
            lastPid = nil
            if !lastPidless.name.equals(process) { lastPidless = decide(process) }
            (selected, logsSystemAccount, number) = (lastPidless.selected, lastPidless.system, lastPidless.number)
        }
        guard selected, pid != nil || !process.isEmpty else { return }
        // A process is its pid where there is one (`ProcessMark.key`), its name otherwise.
        if pid == lastMark.pid, pid != nil || lastMark.pidlessProcess.equals(process) { return }
        lastMark.pid = pid
        if pid == nil { lastMark.pidlessProcess.set(process) }
        marks.note(line: line, pid: pid, name: number)
    }

    /// What was decided for a process name: its bytes (compared with each record's), the
    /// number the marks know it by, and whether it is read and tells of apps.
    private struct Decision {
        var name: FieldBytes
        var number: Int
        var selected: Bool
        var system: Bool
    }

    /// Whether a process of this name is read, and whether it is one whose lines tell of apps.
    private mutating func decide(_ process: UnsafeRawBufferPointer) -> Decision {
        let name = process.isEmpty ? nil : String(decoding: process, as: UTF8.self)
        if let name { names.insert(name) }
        return Decision(name: FieldBytes(process), number: marks.register(name), selected: Self.isSelected(process: name, filter: filter),
                        system: name.map(SystemAccount.processes.contains) ?? false)
    }

    /// With `--process` or `app_processes`, only those; otherwise every process except the system's own.
    static func isSelected(process: String?, filter: [String]) -> Bool {
        guard let process else { return true }
        if !filter.isEmpty { return filter.contains(process) }
        return !SystemProcesses.names.contains(process)
    }

    /// Numbers the marks as `lines` more lines before them would (`ScanSession.shiftLines`).
    mutating func shiftLines(by lines: Int) { marks.shiftLines(by: lines) }

    /// Joins the selection of the next part of the same input, read by another thread.
    mutating func absorb(_ later: ProcessSelection) {
        marks.absorb(later.marks)
        names.formUnion(later.names)
    }
}
