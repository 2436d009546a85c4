/// The process marks of a scan, kept as the timeline reads them. Between two lifecycle events
/// only the first mark of each process and the last mark matter: entering a process already
/// entered since the last event changes nothing but which process is current. So two apps
/// that log in turn cost a mark per app per event, not a mark per line.
struct ProcessMarkLog {
    private(set) var marks: [ProcessMark] = []
    /// The processes marked since the last event.
    private var keysSinceEvent: Set<String> = []
    /// The latest mark since the last event, when its process had been marked already: kept
    /// only if it is still the latest when the next event comes.
    private var pendingRepeat: ProcessMark?

    /// The process the last mark entered (the current one).
    var current: ProcessMark? { pendingRepeat ?? marks.last }

    /// The selected process changed at `mark`.
    mutating func note(_ mark: ProcessMark) {
        if keysSinceEvent.contains(mark.key) {
            pendingRepeat = mark
            return
        }
        keysSinceEvent.insert(mark.key)
        pendingRepeat = nil
        marks.append(mark)
    }

    /// An event is kept: the process current at it must be in the log.
    mutating func noteEvent() {
        if let pendingRepeat { marks.append(pendingRepeat) }
        pendingRepeat = nil
        keysSinceEvent.removeAll(keepingCapacity: true)
    }

    /// Every mark the timeline needs, in line order.
    var finished: [ProcessMark] { marks + (pendingRepeat.map { [$0] } ?? []) }

    /// Joins the log of the next part of the same input, read by another thread, as if this
    /// log had gone on: the later part's marks before its first event continue this log's
    /// last stretch. `laterFirstEvent` is the line of the later part's first event, if any.
    mutating func absorb(_ later: ProcessMarkLog, laterFirstEvent: Int?) {
        var marks = later.marks[...]
        // Each part's first record marks its process; across the cut it may be no change.
        if let first = marks.first, let current, first.key == current.key {
            marks = marks.dropFirst()
        }
        guard let laterFirstEvent else {
            for mark in marks { note(mark) }
            if let repeated = later.pendingRepeat { note(repeated) }
            return
        }
        let leading = marks.prefix { $0.line <= laterFirstEvent }
        for mark in leading { note(mark) }
        noteEvent()
        self.marks += marks.dropFirst(leading.count)
        keysSinceEvent = later.keysSinceEvent
        pendingRepeat = later.pendingRepeat
    }
}
