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
    /// In a part after the first, before its first event: the second mark of the process its
    /// first mark entered. Joined to the part before, that first mark may be no change (the
    /// process was current at the cut); the second one is then that process's first mark
    /// since the last event, which the log keeps (`absorb`).
    private var secondOfFirst: ProcessMark?
    private var isLeadingStretchOfLaterPart: Bool

    /// `continuesEarlierPart`: the log of a part read after the first one of the same input.
    init(continuesEarlierPart: Bool = false) { isLeadingStretchOfLaterPart = continuesEarlierPart }

    /// The process the last mark entered (the current one).
    var current: ProcessMark? { pendingRepeat ?? marks.last }

    /// The selected process changed at `mark`.
    mutating func note(_ mark: ProcessMark) {
        if keysSinceEvent.contains(mark.key) {
            if isLeadingStretchOfLaterPart, secondOfFirst == nil, mark.key == marks.first?.key { secondOfFirst = mark }
            pendingRepeat = mark
            return
        }
        keysSinceEvent.insert(mark.key)
        pendingRepeat = nil
        marks.append(mark)
    }

    /// An event is kept: the process current at it must be in the log.
    mutating func noteEvent() {
        isLeadingStretchOfLaterPart = false
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
        // The later part's marks up to its first event (all, without one) continue this log's
        // last stretch: replayed through `note`, with the one it may have passed over.
        var leading = Array(later.marks.prefix { $0.line <= laterFirstEvent ?? .max })
        if laterFirstEvent == nil, let repeated = later.pendingRepeat { leading.append(repeated) }
        if let second = later.secondOfFirst, !leading.contains(where: { $0.line == second.line }) {
            leading.insert(second, at: leading.partitioningIndex { $0.line > second.line })
        }
        // Each part's first record marks its process; across the cut it may be no change.
        if let first = leading.first, let current, first.key == current.key { leading.removeFirst() }
        for mark in leading { note(mark) }
        guard laterFirstEvent != nil else { return }
        noteEvent()
        self.marks += later.marks.drop { $0.line <= laterFirstEvent ?? .max }
        keysSinceEvent = later.keysSinceEvent
        pendingRepeat = later.pendingRepeat
    }
}
