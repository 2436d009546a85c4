/// The runs of a capture judged while it was read and let go (`RunRetirement`): each rule's
/// progress over them, and what is left of them.
package struct RetiredRuns: Sendable {
    /// By rule, in the checker's order.
    var progress: [RuleProgress]
    var letGo = RunsLetGo()

    /// None yet, for a checker of `rules` rules.
    init(rules: Int) { progress = Array(repeating: RuleProgress(), count: rules) }
}

/// Judges the runs of a long capture that are over while it is read, and lets their events
/// go: memory then follows the longest run of a process, not the length of the capture.
///
/// A run is over once the same process is launched again (`CaptureTimeline.runsOver`): the
/// rules judge one run at a time, in order, carrying what they carry (`RunJudge`), so the runs
/// over at the start of the capture are judged as the whole capture's end would judge them,
/// and their events are needed no more. Only such a leading stretch of runs goes: a rule's
/// carried facts follow the epochs' order. `RetirementTests` holds the result to a read that
/// keeps everything, on every sample, the shared corpus and generated traces.
///
/// Looks cost a timeline of the events held: one happens each time the events held have
/// doubled since the last, and at least `threshold` of them. A parted read looks as it joins a
/// part while some part after it is not yet begun: at fewer events (`joined`) where each thread
/// has many parts to read (`PartedScan.partsPerThreadForJoinLooks`), so that the runs of the
/// parts joined are judged while the threads read the parts after them (two threads on 512 MB
/// of an app's console once peaked at 33 MB without, 26 with), and as a read by one thread
/// does (`read`) where each has few: the look held up the joining thread's next part, which
/// then ended long after the others' (537 MB, ten parts: 138 ms with looks at every join, 131
/// without, at a peak 1.7 to 1.9 MB higher).
final class RunRetirement {
    let checker: Checker
    let path: String
    /// Events held before a first look.
    let threshold: Int
    /// Lines a run must have ended before the line read last: a line of the run's process
    /// may still come a little after its relaunch (a device log interleaves the old
    /// process's last lines with the new one's first), and would join it.
    let lag: Int
    private(set) var retired: RetiredRuns
    /// The events held after the last look let its runs go.
    private var heldAfterLook = 0
    /// The number of events held at which the next look is taken.
    var nextLook: Int { nextLook(atLeast: threshold) }
    /// Events held before a parted read looks as it joins a part.
    static let joinThreshold = 1_024

    /// Nil when a rule needs every run of the capture at once (a custom rule over the whole capture).
    init?(checker: Checker, path: String, threshold: Int = 32_768, lag: Int = 10_000) {
        guard checker.options.rules.allSatisfy(\.judgesRunByRun) else { return nil }
        self.checker = checker
        self.path = path
        self.threshold = max(1, threshold)
        self.lag = max(0, lag)
        retired = RetiredRuns(rules: checker.options.rules.count)
    }

    /// After each line, and after a part of a read of few parts per thread is joined: a look
    /// once enough events are held.
    func read(_ session: ScanSession, line: Int) { look(session, line: line, atLeast: threshold) }

    /// After a part of a read of many parts per thread is joined while parts after it are
    /// still read: a look at fewer events held.
    func joined(_ session: ScanSession, line: Int) { look(session, line: line, atLeast: min(threshold, Self.joinThreshold)) }

    private func look(_ session: ScanSession, line: Int, atLeast minimum: Int) {
        guard session.eventCount >= nextLook(atLeast: minimum) else { return }
        retire(from: session, line: line)
        heldAfterLook = session.eventCount
    }

    /// Held events doubled since the last look, and at least `minimum` more.
    private func nextLook(atLeast minimum: Int) -> Int { heldAfterLook + max(minimum, heldAfterLook) }

    /// Judges the leading runs that are over and lets their events go from `session`.
    func retire(from session: ScanSession, line: Int) {
        let timeline = TimelineBuilder(options: checker.options.timeline).build(path: path, stream: session.heldStream, after: retired.letGo)
        let count = overAtStart(of: timeline, line: line)
        guard count > 0 else { return }
        var found: Set<Int> = []
        for index in checker.options.rules.indices {
            found.formUnion(checker.options.rules[index].judge(firstRuns: count, of: timeline, into: &retired.progress[index]))
        }
        let runs = timeline.epochs.prefix(count)
        retired.letGo.add(runs, keeping: found)
        // Sized at once: grown an insert at a time, the set was rehashed a dozen times a look.
        var gone: Set<EventKey> = []
        gone.reserveCapacity(runs.reduce(0) { $0 + $1.events.count })
        for epoch in runs.indices {
            for entry in runs[epoch].events.indices { gone.insert(EventKey(runs[epoch].events[entry].event)) }
        }
        session.letGo(gone, by: self)
    }

    /// How many of the timeline's first epochs are runs that are over
    /// (`CaptureTimeline.over`: their process was launched again after them, and their mode
    /// is their own), `lag` lines ago, with a later event that drives a timeline (the
    /// capture's last such line is never theirs).
    func overAtStart(of timeline: CaptureTimeline, line: Int) -> Int {
        let over = timeline.over(forcedMode: checker.options.timeline.forcedMode != nil)
        let lastDriving = timeline.lastDrivingLine ?? 0
        return zip(timeline.epochs, over).prefix { epoch, over in
            guard over, let last = epoch.events.last?.event.line else { return false }
            return last < line - lag && last < lastDriving
        }.count
    }
}

/// An event as the stream holds it, to let it go.
struct EventKey: Hashable {
    let line: Int
    let id: EventID
    init(_ event: LifecycleEvent) {
        line = event.line
        id = event.id
    }

    /// Every event held is looked up once per look: hashed as `EventID` is, without a `Hasher`
    /// (the line spread by a multiply and a shift, mixed with the id's and the table's seed).
    func _rawHashValue(seed: Int) -> Int {
        spreadForHashing(line) ^ id._rawHashValue(seed: seed)
    }
}

extension RunsLetGo {
    /// Notes `runs`, judged, before their events go; keeps whole those with a finding.
    mutating func add(_ runs: ArraySlice<ProcessEpoch>, keeping found: Set<Int>) {
        for (index, epoch) in zip(runs.indices, runs) {
            self.runs += 1
            modes.insert(epoch.mode)
            events += epoch.eventCount
            // A run kept whole is in the timeline, and counted there.
            if found.contains(index) {
                kept.append(epoch)
            } else {
                let counts = epoch.ownAccounts
                uikitOwn += counts.uikit
                systemOwn += counts.system
            }
        }
        health += TimelineHealth.issues(inRuns: runs, pidsByProcess: &pidsByProcess)
    }
}
