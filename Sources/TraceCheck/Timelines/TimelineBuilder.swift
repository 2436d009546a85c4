/// Options that change how a capture is read into timelines.
package struct TimelineOptions: Sendable {
    /// `nil`: detect per epoch (MODE-1 in docs/rules.md).
    package var forcedMode: LifecycleMode?
    /// R3: the most time between a scene callback and the app-delegate call it forwards to.
    package var forwardingWindow: Double = 0.050
    /// F4: the same event logged twice within this is one event logged twice.
    package var duplicateWindow: Double = 0.010
    /// Handed on to the rules with the timeline.
    package var facts = AppFacts()

    package init(forcedMode: LifecycleMode? = nil) { self.forcedMode = forcedMode }
}

/// Rebuilds per-process, per-scene timelines from an event stream (docs/lifecycle.md).
package struct TimelineBuilder {
    package let options: TimelineOptions

    package init(options: TimelineOptions = TimelineOptions()) { self.options = options }

    /// App-delegate callbacks that a scene delegate forwards, with their scene counterparts (R3).
    static let forwardingPairs = EventIDTable<EventID>([
        (.appDidBecomeActive, .sceneDidBecomeActive),
        (.appWillResignActive, .sceneWillResignActive),
        (.appWillEnterForeground, .sceneWillEnterForeground),
        (.appDidEnterBackground, .sceneDidEnterBackground),
        (.appOpenURL, .sceneOpenURLContexts),
        (.appContinueUserActivity, .sceneContinueUserActivity),
    ])

    /// Whether `id` connects a CarPlay scene: CarPlay scenes report their connection through
    /// the template delegate (C13 in docs/rules.md). Two comparisons with constants, not a
    /// set: asked at every scene event, where a set's lookup was a hash and a probe.
    static func isCarPlayConnect(_ id: EventID) -> Bool { id == .carPlayDidConnect || id == .carPlayDidConnectWindow }

    static let appForegroundCallbacks: Set<EventID> = [
        .appDidBecomeActive, .appWillResignActive, .appDidEnterBackground, .appWillEnterForeground,
    ]

    /// `letGo`: the runs before `stream`'s, judged and let go while the capture was read: the
    /// epochs are numbered after them and take the mode they showed.
    /// `threads`: how many threads may build the epochs' timelines, each epoch on one.
    /// `alongside`: work done beside the epochs' timelines, by one of the threads that build them.
    package func build(path: String, stream: EventStream, after letGo: RunsLetGo = RunsLetGo(), threads: Int = 1,
                       alongside: (@Sendable () -> Void)? = nil) -> CaptureTimeline {
        var epochs = splitIntoEpochs(stream, firstOrdinal: letGo.runs + 1)
        for index in epochs.indices { detectMode(&epochs[index]) }
        adoptCaptureMode(&epochs, showing: letGo.modes)
        if threads > 1, epochs.count > 1 {
            // Each epoch's timelines depend on that epoch alone from here on. Boxed, so that
            // the thread that builds one changes it in place (a copy of the epoch would copy
            // its events at their first change).
            let boxes = epochs.map(EpochBox.init)
            epochs = []
            let build = { @Sendable (index: Int) in
                buildTimelines(&boxes[index].epoch)
                return true
            }
            _ = SharedTasks.results(count: boxes.count, helpers: threads - 1, alongside: alongside, body: build)
            epochs = boxes.map(\.epoch)
        } else {
            alongside?()
            for index in epochs.indices { buildTimelines(&epochs[index]) }
        }
        var timeline = CaptureTimeline(path: path, epochs: epochs, facts: options.facts)
        timeline.letGo = letGo
        return timeline
    }

    /// Everything after the epochs and their modes are known, which each epoch's own
    /// events decide.
    private func buildTimelines(_ epoch: inout ProcessEpoch) {
        resolveAmbiguousSpellings(&epoch)
        classifyNotifications(&epoch)
        markDuplicates(&epoch)
        if epoch.mode == .scene { markForwarding(&epoch) }
        buildSceneTimelines(&epoch)
        if epoch.mode != .scene { buildAppTimeline(&epoch) }
        buildUIKitTimeline(&epoch)
        buildSystemTimeline(&epoch)
        epoch.trimCapacity()
        epoch.seal()
    }

    /// One epoch, built by whichever thread claims it (`SharedTasks`); each box is claimed
    /// by one thread, and read after every task is done.
    private final class EpochBox: @unchecked Sendable {
        var epoch: ProcessEpoch
        init(_ epoch: ProcessEpoch) { self.epoch = epoch }
    }

    // MARK: Epochs

    /// By pid where the capture has one; plain print lines belong to the process of the
    /// prefixed lines around them. Without any pid, a second launch starts a new epoch.
    ///
    /// Two passes: the first decides each event's epoch, the second fills each epoch's list
    /// at its exact size (a list grown one event at a time keeps up to twice the room, and a
    /// capture of several GB has a hundred thousand events).
    func splitIntoEpochs(_ stream: EventStream, firstOrdinal: Int = 1) -> [ProcessEpoch] {
        var split = EpochSplit(marks: stream.processMarks)
        var assignment = [Int](repeating: 0, count: stream.events.count)
        var lastReactNativeState: [Int: EventID] = [:]
        var systemEvents: [LifecycleEvent] = []
        // Through the buffer, each event read in place: a walk of the array retained and
        // released every one.
        stream.events.withUnsafeBufferPointer { events in
            for position in events.indices {
                // The system's lines name the app they concern: they go to its epoch at the end.
                if events[position].id.isSystemAccount {
                    systemEvents.append(events[position])
                    assignment[position] = -1
                    continue
                }
                split.enterMarks(through: events[position].line)
                // What the launches ask of an event is its id and source, kept beside it.
                let id = events[position].id, source = events[position].source
                if events[position].pid == nil { split.relaunchIfNeeded(at: id, source) }
                split.launches[split.current].note(id, source)
                assignment[position] = split.current
                // React Native's AppState reports changes only: the same state again is a poll
                // (`AppState.currentState` printed on a timer) or a second listener, not an event.
                if id.builtInFamily == .reactnative {
                    if lastReactNativeState[split.current] == id { assignment[position] = -1 }
                    lastReactNativeState[split.current] = id
                }
            }
        }
        // Prints before the first NSLog line of their process learn its pid afterwards.
        split.enterMarks(through: .max)
        // Taken out, so that filling them below copies no epoch's storage.
        var epochs = split.epochs
        split.epochs = []

        // Each epoch's list filled at its exact size, then handed to its epoch whole: appended
        // through the epoch, every event cost a uniqueness check of the epoch's storage.
        var counts = [Int](repeating: 0, count: epochs.count)
        for epoch in assignment where epoch >= 0 { counts[epoch] += 1 }
        var lists = counts.map { count in
            var list: [EpochEvent] = []
            list.reserveCapacity(count)
            return list
        }
        stream.events.withUnsafeBufferPointer { events in
            for position in events.indices where assignment[position] >= 0 {
                lists[assignment[position]].append(EpochEvent(event: events[position], attachment: .process))
            }
        }
        for index in epochs.indices { epochs[index].events = lists[index] }
        lists = []
        // A process that logged no lifecycle event has no timeline to check; nor has one whose
        // only lines name UIKit's scene of record (a name, no transition).
        epochs.removeAll { $0.events.allSatisfy(\.event.id.isIdentityHint) }
        var renumbered = epochs.enumerated().map { offset, epoch in
            var renumbered = ProcessEpoch(ordinal: offset + firstOrdinal, pid: epoch.pid, process: epoch.process)
            renumbered.events = epoch.events
            return renumbered
        }
        Self.route(systemEvents, into: &renumbered)
        return renumbered
    }

    /// The epochs `splitIntoEpochs` opens as it walks the events and the process marks: a
    /// value of its own, where the walk's nested functions had captured its variables (each
    /// captured variable was checked for exclusive access at run time, twice an event).
    private struct EpochSplit {
        let marks: ProcessMarks
        var epochs: [ProcessEpoch] = [ProcessEpoch(ordinal: 1)]
        /// What each epoch has shown of launch and terminate callbacks, kept up as events come.
        var launches: [LaunchCallbacks] = [LaunchCallbacks()]
        /// The epoch of each process seen, by pid (a mark's key where it has one) or else by
        /// name: a mark or two are entered for each event, and each hashed a key into a
        /// dictionary when the marks were one per app per event.
        var epochByPid = PidTable<Int>()
        var epochByName: [ProcessMark.Key: Int] = [:]
        var current = 0
        /// The mark entered last; read in place, by index: a copy of each costs a retain of its
        /// name.
        var currentMark: Int?
        var nextMark: Int

        init(marks: ProcessMarks) {
            self.marks = marks
            nextMark = marks.startIndex
        }

        /// Enters every mark up to `line`.
        mutating func enterMarks(through line: Int) {
            while nextMark < marks.endIndex, marks.line(at: nextMark) <= line {
                enter(nextMark)
                nextMark += 1
            }
        }

        /// Without a pid, a launch callback after a launch or a terminate is a new process.
        mutating func relaunchIfNeeded(at id: EventID, _ source: EventSource) {
            guard launches[current].startsNewProcess(at: id, source, pidKnown: epochs[current].pid != nil) else { return }
            open(pid: nil, process: epochs[current].process)
            // Without pids, a relaunch under the same name is this new epoch from now on.
            if let currentMark { setEpoch(current, of: currentMark) }
        }

        private mutating func open(pid: Int?, process: String?) {
            epochs.append(ProcessEpoch(ordinal: epochs.count + 1, pid: pid, process: process))
            launches.append(LaunchCallbacks())
            current = epochs.count - 1
        }

        private mutating func enter(_ index: Int) {
            currentMark = index
            if let known = epoch(of: index) {
                current = known
            } else if epochs[current].pid == nil, epochs[current].process == nil {
                let mark = marks[index]
                epochs[current].pid = mark.pid
                epochs[current].process = mark.process
                setEpoch(current, of: index)
            } else {
                let mark = marks[index]
                open(pid: mark.pid, process: mark.process)
                setEpoch(current, of: index)
            }
        }

        /// The epoch of mark `index`'s process (as marks are keyed: `ProcessMark.key`).
        private func epoch(of index: Int) -> Int? {
            if let pid = marks.pid(at: index) { return epochByPid.with(pid) { $0 } }
            return epochByName[marks.key(at: index)]
        }

        private mutating func setEpoch(_ epoch: Int, of index: Int) {
            if let pid = marks.pid(at: index) { epochByPid.set(epoch, for: pid) } else { epochByName[marks.key(at: index)] = epoch }
        }
    }

    /// Each line of the system's to the epoch of the app it names: by pid, else by bundle id
    /// (the scene of record's, or a process named as the bundle id's last part), the latest
    /// such epoch begun by then. A line about an app the capture does not show from inside
    /// goes nowhere: the system's account alone is no timeline.
    static func route(_ systemEvents: [LifecycleEvent], into epochs: inout [ProcessEpoch]) {
        guard !systemEvents.isEmpty, !epochs.isEmpty else { return }
        // Epochs by pid and by the names they go by, each list in epoch order.
        var byPid: [Int: [Int]] = [:], byName: [String: [Int]] = [:]
        for (index, epoch) in epochs.enumerated() {
            if let pid = epoch.pid { byPid[pid, default: []].append(index) }
            var names = Set(epoch.events.compactMap { $0.id.isIdentityHint ? $0.event.bundle : nil })
            if let process = epoch.process { names.insert(process) }
            for name in names { byName[name, default: []].append(index) }
        }
        var routed: [[LifecycleEvent]] = Array(repeating: [], count: epochs.count)
        for event in systemEvents {
            guard let bundle = event.bundle else { continue }
            let lastPart = String(bundle.split(separator: ".").last ?? Substring(bundle))
            let candidates = event.appPid.flatMap { byPid[$0] }
                ?? Array(Set((byName[bundle] ?? []) + (byName[lastPart] ?? []))).sorted()
            guard let first = candidates.first else { continue }
            let begun = candidates.last { (epochs[$0].events.first?.event.line ?? .max) <= event.line }
            routed[begun ?? first].append(event)
        }
        for index in epochs.indices where !routed[index].isEmpty {
            var merged: [EpochEvent] = []
            merged.reserveCapacity(epochs[index].events.count + routed[index].count)
            var own = epochs[index].events[...], theirs = routed[index][...]
            while let next = own.first, let other = theirs.first {
                if next.event.line <= other.line {
                    merged.append(next)
                    own = own.dropFirst()
                } else {
                    merged.append(EpochEvent(event: other, attachment: .process))
                    theirs = theirs.dropFirst()
                }
            }
            merged += own
            merged += theirs.map { EpochEvent(event: $0, attachment: .process) }
            epochs[index].events = merged
        }
    }

    /// The launch and terminate callbacks an epoch has shown so far.
    struct LaunchCallbacks {
        var willFinish = false, didFinish = false, willTerminate = false

        /// UIKit's account showed the process launching (`0 -> 1024`).
        var uikitLaunch = false

        /// Whether `event`, a launch callback (or UIKit's line for a launch), begins another
        /// run of the process: after a willTerminate; without pids, also when the epoch
        /// already shows a launch. UIKit logs its launch before the app's first callback, which
        /// then finds a fresh epoch with no launch in it: the same run.
        func startsNewProcess(at id: EventID, _ source: EventSource, pidKnown: Bool) -> Bool {
            if id == .uikitAppLaunched {
                return willTerminate || (!pidKnown && (uikitLaunch || willFinish || didFinish))
            }
            guard source == .callback, id == .appWillFinishLaunching || id == .appDidFinishLaunching else { return false }
            if willTerminate { return true }
            guard !pidKnown else { return false }
            return id == .appDidFinishLaunching ? didFinish : (willFinish || didFinish)
        }

        mutating func note(_ id: EventID, _ source: EventSource) {
            if id == .uikitAppLaunched {
                uikitLaunch = true
                return
            }
            guard source == .callback else { return }
            switch id {
            case .appWillFinishLaunching: willFinish = true
            case .appDidFinishLaunching: didFinish = true
            case .appWillTerminate: willTerminate = true
            default: break
            }
        }
    }

    // MARK: Mode

    func detectMode(_ epoch: inout ProcessEpoch) {
        epoch.legacyWarning = epoch.events.first { $0.id == .uikitLegacyLifecycleWarning }?.event.line
        if let forced = options.forcedMode {
            epoch.mode = forced
            return
        }
        // Lazily: an array of the epoch's callbacks retained every event, in every run.
        let callbacks = epoch.events.lazy.map(\.event).filter { $0.source == .callback }
        if callbacks.contains(where: { $0.id.isSceneLevel || $0.id == .appConfigurationForConnecting }) {
            epoch.mode = .scene
        } else if epoch.legacyWarning != nil || callbacks.contains(where: { Self.appForegroundCallbacks.contains($0.id) }) {
            epoch.mode = .legacy
        }
    }

    /// An epoch that shows nothing of its own follows the other epochs of the capture
    /// when they agree: it is the same app.
    /// `earlier`: the modes of the capture's runs let go before these.
    func adoptCaptureMode(_ epochs: inout [ProcessEpoch], showing earlier: Set<LifecycleMode> = []) {
        let known = Set(epochs.map(\.mode)).union(earlier).subtracting([.unknown])
        guard known.count == 1, let mode = known.first else { return }
        for index in epochs.indices where epochs[index].mode == .unknown {
            epochs[index].mode = mode
            epochs[index].modeAdopted = true
        }
    }

    func resolveAmbiguousSpellings(_ epoch: inout ProcessEpoch) {
        // Most epochs have none: looked for before the events are opened for change.
        let ambiguous = epoch.events.withUnsafeBufferPointer { events in
            events.indices.filter { events[$0].id.builtInFamily == .ambiguous }
        }
        guard !ambiguous.isEmpty else { return }
        let sceneLevel = epoch.mode == .scene
        epoch.editEvents { events, _ in
            for index in ambiguous {
                guard let callback = ForegroundCallback(events[index].id) else { continue }
                events[index] = EpochEvent(event: events[index].event.withID(callback.id(atSceneLevel: sceneLevel)), attachment: .process)
            }
        }
    }

    // MARK: Notifications, duplicates, forwarding

    /// A notification stands in for its callback only when the app does not log that
    /// callback; otherwise it is the callback's companion (N3). App-level notifications in
    /// a scene-based app follow the aggregate state (N2), and scene notifications are posted
    /// in legacy apps too (MODE-1), so neither drives a timeline.
    func classifyNotifications(_ epoch: inout ProcessEpoch) {
        var loggedCallbacks: Set<EventID> = []
        epoch.events.withUnsafeBufferPointer { events in
            for index in events.indices where events[index].source == .callback { loggedCallbacks.insert(events[index].id) }
        }
        epoch.observed = loggedCallbacks
        for index in epoch.events.indices where epoch.events[index].source == .notification {
            let id = epoch.events[index].id
            let drivesTimeline = epoch.mode == .scene ? id.isSceneLevel : id.builtInFamily == .app
            if loggedCallbacks.contains(id) || !drivesTimeline {
                epoch.events[index].attachment = loggedCallbacks.contains(id) ? .companion : .process
            } else {
                epoch.observed.insert(id)
            }
        }
    }

    func markDuplicates(_ epoch: inout ProcessEpoch) {
        // Which events drive is decided before any is marked (marking one changes only its own
        // answer, asked before): asked of the epoch in the loop that marks it, it copied the
        // whole epoch for every event.
        let driving = epoch.drivingIndices
        let window = options.duplicateWindow
        epoch.editEvents { events, _ in events.withUnsafeMutableBufferPointer { events in
            var previous: Int?
            for index in driving {
                defer { previous = index }
                // The ids kept beside the events first; the events compared in place.
                guard let previous, events[previous].id == events[index].id,
                      events[previous].event.hasSameIdentity(as: events[index].event),
                      let t0 = events[previous].event.time, let t1 = events[index].event.time, abs(t1 - t0) <= window else { continue }
                events[index].attachment = .duplicate(of: previous)
            }
        } }
    }

    /// R3: an app-delegate callback right next to its scene counterpart (no other UIKit
    /// callback between, same thread, within the forwarding window) is the scene delegate
    /// calling the app delegate, not UIKit. Lines that are not callbacks may stand between
    /// them, and so may a framework's state (Flutter's engine prints its `inactive` while the
    /// scene delegate forwards `sceneWillResignActive`).
    func markForwarding(_ epoch: inout ProcessEpoch) {
        let driving = epoch.events.withUnsafeBufferPointer { events in
            events.indices.filter { epoch.mayPairForwarding(events[$0].attachment, events[$0].id, events[$0].source) }
        }
        epoch.editEvents { events, _ in
            for (position, index) in driving.enumerated() {
                guard events[index].source == .callback, let counterpart = Self.forwardingPairs[events[index].id] else { continue }
                let event = events[index].event
                // The driving events just before and after it, looked at in place (filtered and
                // mapped, they made two arrays a callback).
                var partner: Int?
                for neighbour in [position - 1, position + 1] where partner == nil && driving.indices.contains(neighbour) {
                    let other = driving[neighbour]
                    guard events[other].id == counterpart, case .process = events[other].attachment else { continue }
                    if sameThread(event, events[other].event) && withinWindow(event, events[other].event) { partner = other }
                }
                if let partner { events[index].attachment = .forwarded(pairedWith: partner) }
            }
        }
    }

    private func sameThread(_ a: LifecycleEvent, _ b: LifecycleEvent) -> Bool {
        guard let ta = a.thread, let tb = b.thread else { return true }
        return ta == tb && a.pid == b.pid
    }

    private func withinWindow(_ a: LifecycleEvent, _ b: LifecycleEvent) -> Bool {
        guard let ta = a.time, let tb = b.time else { return true }
        return abs(ta - tb) <= options.forwardingWindow
    }

    // MARK: Scene connections (docs/lifecycle.md)

    func buildSceneTimelines(_ epoch: inout ProcessEpoch) {
        guard epoch.mode == .scene else { return }
        let launch = epoch.launchIndex
        // Which events drive is decided before: this pass changes only the attachments it
        // makes (connection, ambiguous), which do not change the answer.
        let driving = epoch.drivingIndices
        epoch.editEvents { events, connections in
            var lookup = ConnectionLookup()
            for index in driving where events[index].id.isSceneLevel {
                let event = events[index].event
                let startObserved = launch.map { $0 < index } ?? false
                let target: Int
                switch lookup.choose(for: event, startObserved: startObserved, in: connections) {
                case .ambiguous:
                    events[index].attachment = .ambiguous
                    continue
                case .existing(let existing):
                    target = existing
                case .new(let origin, let state):
                    target = connections.count
                    connections.append(SceneConnection(ordinal: target + 1, origin: origin, state: state))
                    lookup.update(target, from: nil, to: ConnectionLookup.Keys(connections[target]))
                }
                events[index].attachment = .connection(target)
                lookup.advance(&connections, target, with: event, at: index)
            }
        }
    }

    static func advance(_ connection: inout SceneConnection, with event: LifecycleEvent, at index: Int) {
        if connection.delegateClass == nil { connection.delegateClass = event.delegateClass }
        if connection.scenePointer == nil { connection.scenePointer = event.scenePointer }
        if connection.delegatePointer == nil { connection.delegatePointer = event.delegatePointer }
        if event.id != .appDidDiscardSceneSessions, event.hasSessions {
            for session in event.sessions where !connection.sessions.contains(session) { connection.sessions.append(session) }
        }
        if event.id == .sceneWillConnect || Self.isCarPlayConnect(event.id) { connection.hasWillConnect = true }
        let before = connection.state
        let after = SceneState.target(of: event.id) ?? before
        connection.steps.append(TimelineStep(event: index, id: event.id, before: before, after: after))
        connection.state = after
    }

    // MARK: Legacy app timeline (docs/lifecycle.md, "Two delegates")

    func buildAppTimeline(_ epoch: inout ProcessEpoch) {
        var timeline = SceneConnection(ordinal: 0, origin: .implicitApp, state: .unknown)
        var touched = false
        for index in epoch.events.indices {
            let entry = epoch.events[index]
            guard epoch.drives(entry), entry.id.builtInFamily == .app else { continue }
            if entry.id == .appDidFinishLaunching, timeline.steps.isEmpty || timeline.state == .unknown {
                // After launch the app is inactive (or, launched for a background event, about
                // to enter the background): both next callbacks are legal from here.
                timeline.steps.append(TimelineStep(event: index, id: entry.id, before: timeline.state, after: .foregroundInactive))
                timeline.state = .foregroundInactive
                touched = true
            } else if Self.appForegroundCallbacks.contains(entry.id) {
                epoch.events[index].attachment = .connection(-1)
                Self.advance(&timeline, with: entry.event, at: index)
                touched = true
            }
        }
        if touched { epoch.appTimeline = timeline }
    }
}

extension TimelineBuilder {
    // MARK: UIKit's account (docs/uikit-account.md)

    /// UIKit's transitions as a timeline of their own, named by the scene of record. The mask
    /// is the application's, so this is one timeline per process whatever its scenes. A
    /// launch (`0 -> 1024`) after the account has begun is read as what the mask says besides:
    /// the application resigned active.
    func buildUIKitTimeline(_ epoch: inout ProcessEpoch) {
        var timeline = SceneConnection(ordinal: 0, origin: .uikit, state: .unknown)
        epoch.editEvents { events, _ in
            for index in events.indices where events[index].id.isUIKitAccount {
                // The event itself is taken out only where its sessions or a new id are needed.
                var id = events[index].id
                if id.isIdentityHint {
                    for session in events[index].event.sessions where !timeline.sessions.contains(session) { timeline.sessions.append(session) }
                    continue
                }
                if id == .uikitAppLaunched, !timeline.steps.isEmpty {
                    id = .uikitAppWillResignActive
                    events[index] = EpochEvent(event: events[index].event.withID(id), attachment: .process)
                }
                events[index].attachment = .connection(-2)
                timeline.appendStep(index, id: id, to: Self.uikitTargets[id])
            }
        }
        if !timeline.steps.isEmpty { epoch.uikitTimeline = timeline }
    }

    /// The application's state after each of UIKit's transitions, as a scene's states say it.
    static let uikitTargets = EventIDTable<SceneState>([
        (.uikitAppLaunched, .foregroundInactive), (.uikitAppWillResignActive, .foregroundInactive),
        (.uikitAppWillEnterForeground, .foregroundInactive), (.uikitAppDidBecomeActive, .foregroundActive),
        (.uikitAppDidEnterBackground, .background),
    ])

    /// The process's state after each of the system's lines: visible (foreground, active or
    /// not), not visible or suspended (background), gone (disconnected). A launch or a scene
    /// created starts a run (connecting) where none is going.
    static let systemTargets: [EventID: SceneState] = [
        .systemForeground: .foregroundInactive, .systemBackground: .background, .systemSuspended: .background,
        .systemExit: .disconnected,
    ]
}

extension TimelineBuilder {
    /// The system's account of the app's process as a timeline of coarse states
    /// (`systemTargets`).
    func buildSystemTimeline(_ epoch: inout ProcessEpoch) {
        var timeline = SceneConnection(ordinal: 0, origin: .system, state: .unknown)
        var previous: EventID?
        epoch.editEvents { events, _ in
            for index in events.indices where events[index].id.isSystemAccount {
                let id = events[index].id
                events[index].attachment = .connection(-3)
                // SpringBoard logs a state again as other parts of it change: one step.
                defer { previous = id }
                guard id != previous else { continue }
                let starts = [.systemLaunch, .systemSceneCreated].contains(id) && [.unknown, .disconnected].contains(timeline.state)
                timeline.appendStep(index, id: id, to: starts ? .connecting : Self.systemTargets[id])
            }
        }
        if !timeline.steps.isEmpty { epoch.systemTimeline = timeline }
    }
}

extension SceneConnection {
    /// One more step of an account's timeline (UIKit's, the system's): to `after`, or where
    /// it is when the event moves it nowhere.
    mutating func appendStep(_ index: Int, id: EventID, to after: SceneState?) {
        steps.append(TimelineStep(event: index, id: id, before: state, after: after ?? state))
        state = after ?? state
    }
}

extension ProcessEpoch {
    /// The timeline lives as long as the run, and arrays grown one element at a time keep up
    /// to twice the room they need: a capture of a few GB would pay that per event. The
    /// events are already at their size (`splitIntoEpochs`); the scenes' steps are not.
    mutating func trimCapacity() {
        for index in connections.indices { connections[index].steps = connections[index].steps.trimmed() }
        if let steps = appTimeline?.steps { appTimeline?.steps = steps.trimmed() }
        if let steps = uikitTimeline?.steps { uikitTimeline?.steps = steps.trimmed() }
        if let steps = systemTimeline?.steps { systemTimeline?.steps = steps.trimmed() }
    }
}

extension Array {
    /// The same elements in storage of exactly their count.
    func trimmed() -> [Element] {
        guard capacity > count + count / 8 else { return self }
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        return copy
    }
}

extension LifecycleEvent {
    func withID(_ newID: EventID) -> LifecycleEvent {
        var copy = self
        copy.id = newID
        return copy
    }
}
