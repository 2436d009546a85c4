/// Scene states of docs/lifecycle.md ("A scene's states"), plus what a capture cannot know.
package enum SceneState: String, Sendable, Codable {
    /// Not connected: before its `willConnect` was seen.
    case unattached
    /// Connected before the capture shows it: any next event is plausible.
    case unknown
    /// After `willConnect`, before the first foreground/background callback.
    case connecting
    case foregroundInactive
    case foregroundActive
    case background
    case disconnected

    package var abbreviation: String {
        switch self {
        case .unattached: "U"
        case .unknown: "?"
        case .connecting: "C"
        case .foregroundInactive: "FI"
        case .foregroundActive: "FA"
        case .background: "B"
        case .disconnected: "D"
        }
    }

    /// The state each lifecycle callback moves a scene (or a legacy app) into, by member
    /// name, so `scene.didBecomeActive` and `app.didBecomeActive` share one answer. A switch,
    /// not a table keyed by `Substring`: the first use of such a table made the Swift runtime
    /// search every conformance of the binary for `Substring`'s `Hashable` (380,000
    /// instructions), while a check judged its runs.
    static func target(member: Substring) -> SceneState? {
        switch member {
        case "willConnect", "didConnect", "didConnectWindow": .connecting
        case "willEnterForeground", "willResignActive": .foregroundInactive
        case "didBecomeActive": .foregroundActive
        case "didEnterBackground": .background
        case "didDisconnect": .disconnected
        default: nil
        }
    }

    /// `target(member:)` for every id of the catalog, found by the id's number: by member, each
    /// event cut its name and hashed the cut, once per step of every scene.
    private static let targetsByID = EventIDTable<SceneState?>(EventCatalog.allIDs.map { ($0, target(member: $0.member)) })

    /// The state `id` moves a scene (or a legacy app) into, if any.
    static func target(of id: EventID) -> SceneState? {
        if let known = targetsByID[id] { return known }
        return target(member: id.member)
    }
}

package enum LifecycleMode: String, Sendable, Codable {
    /// Scene delegates receive the UI lifecycle (iOS 13+ with a scene manifest).
    case scene
    /// The app delegate receives it.
    case legacy
    /// Nothing in the epoch tells.
    case unknown
}

/// One change of state of one scene (or of a legacy app's implicit scene).
package struct TimelineStep: Hashable, Sendable {
    /// Index into the epoch's `events`.
    package let event: Int
    /// That event's id, read without the event: rules walk the steps of every scene, and a
    /// copy of each step's event retained and released its shared facts.
    package let id: EventID
    package let before: SceneState
    package let after: SceneState
}

/// One scene instance from its connection to its disconnection (docs/lifecycle.md).
package struct SceneConnection: Hashable, Sendable {
    package enum Origin: String, Sendable, Codable {
        /// Its first callback was `willConnect`, or it is still to come.
        case connected
        /// Already connected when the capture began (no launch seen before it).
        case preExisting
        /// Callbacks arrived after the launch with no connected scene to take them.
        case orphan
        /// A legacy app's implicit scene, driven by app-delegate callbacks.
        case implicitApp
        /// UIKit's own account of the application state (docs/uikit-account.md), beside
        /// whatever the app logged.
        case uikit
        /// What SpringBoard, FrontBoard and RunningBoard logged about the process.
        case system
    }

    package let ordinal: Int
    package var origin: Origin
    package var delegateClass: String?
    package var scenePointer: String?
    package var delegatePointer: String?
    package var sessions: [String] = []
    package var steps: [TimelineStep] = []
    package var state: SceneState
    package var hasWillConnect = false

    package var isLive: Bool { state != .disconnected }

    /// `scene #2 OtherSceneDelegate 0x600003a1c2c0 (5910B345…)`.
    package var label: String {
        if origin == .implicitApp { return "app" }
        if origin == .uikit { return "[uikit]" + (sessions.first.map { " (\($0.prefix(8))…)" } ?? "") }
        if origin == .system { return "[system]" }
        var parts = ["scene #\(ordinal)"]
        if let delegateClass { parts.append(delegateClass) }
        if let pointer = scenePointer ?? delegatePointer { parts.append(pointer) }
        if let session = sessions.first { parts.append("(\(session.prefix(8))…)") }
        return parts.joined(separator: " ")
    }
}

/// Where an event landed in the timeline.
package enum Attachment: Hashable, Sendable {
    /// A process-level event (launch, terminate, discard, …) or a notification read as such.
    case process
    /// A step of `connections[index]` (or `appTimeline` when the index is -1, `uikitTimeline`
    /// when it is -2, `systemTimeline` when it is -3).
    case connection(Int)
    /// A scene event in a multi-scene epoch with nothing on the line to tell which scene.
    case ambiguous
    /// A notification logged next to its own callback: the same logical event (N3).
    case companion
    /// An app-delegate callback that the scene delegate forwards (R3), paired with that event.
    case forwarded(pairedWith: Int)
    /// The same event logged twice within 10 ms.
    case duplicate(of: Int)
}

package struct EpochEvent: Hashable, Sendable {
    package let event: LifecycleEvent
    package var attachment: Attachment
    /// The event's id and source, kept beside it: the timeline's and the rules' walks ask them
    /// of every event, and read from the event (two objects away) each read retained and
    /// released it.
    package let id: EventID
    package let source: EventSource

    package init(event: LifecycleEvent, attachment: Attachment) {
        self.event = event
        self.attachment = attachment
        id = event.id
        source = event.source
    }
}

/// One run of one process (L1 in docs/rules.md).
///
/// A value, kept in one object that copies share until one of them changes (copy on write):
/// every rule is handed each run, and a copy of thirteen fields retained and released each
/// of its arrays, sets and strings (about fifty reference-counting calls a copy: a twelfth
/// of all of them on an app's console at 10 % lifecycle lines).
package struct ProcessEpoch: Hashable, Sendable {
    private var storage: Storage

    package init(ordinal: Int, pid: Int? = nil, process: String? = nil) {
        storage = Storage(Fields(ordinal: ordinal, pid: pid, process: process))
    }

    package var ordinal: Int { storage.fields.ordinal }
    package var pid: Int? {
        get { storage.fields.pid }
        set { unique().fields.pid = newValue }
    }
    package var process: String? {
        get { storage.fields.process }
        set { unique().fields.process = newValue }
    }
    package var events: [EpochEvent] {
        get { storage.fields.events }
        _modify {
            let storage = unique()
            yield &storage.fields.events
            storage.fields.sealed = Sealed()
        }
    }
    package var mode: LifecycleMode {
        get { storage.fields.mode }
        set { unique().fields.mode = newValue }
    }
    /// Nothing in the epoch told its mode: it took the capture's (the other epochs').
    package var modeAdopted: Bool {
        get { storage.fields.modeAdopted }
        set { unique().fields.modeAdopted = newValue }
    }
    /// Event ids the app visibly logs in this epoch (callbacks, or notifications standing in
    /// for callbacks it does not log). A rule that needs an id outside this set cannot judge.
    package var observed: Set<EventID> {
        get { storage.fields.observed }
        _modify {
            let storage = unique()
            // After the change, however the access ends.
            defer {
                storage.fields.observedBits = EventIDBits(storage.fields.observed)
                storage.fields.sealed = Sealed()
            }
            yield &storage.fields.observed
        }
    }
    /// The driving events, worked out once the timeline is built (`seal`): each rule walks
    /// them, and working them out per rule cost a set lookup per event and rule. Any change
    /// to `events` or `observed` forgets them.
    var sealed: Sealed {
        get { storage.fields.sealed }
        set { unique().fields.sealed = newValue }
    }
    package var connections: [SceneConnection] {
        get { storage.fields.connections }
        _modify { yield &unique().fields.connections }
    }
    /// A legacy app's implicit scene.
    package var appTimeline: SceneConnection? {
        get { storage.fields.appTimeline }
        _modify { yield &unique().fields.appTimeline }
    }
    /// UIKit's account of the application state, when the capture holds its lines.
    package var uikitTimeline: SceneConnection? {
        get { storage.fields.uikitTimeline }
        _modify { yield &unique().fields.uikitTimeline }
    }
    /// The system's account of the process, when the capture holds SpringBoard's lines about it.
    package var systemTimeline: SceneConnection? {
        get { storage.fields.systemTimeline }
        _modify { yield &unique().fields.systemTimeline }
    }
    /// The first UIKit line saying this process does not adopt the scene life cycle.
    package var legacyWarning: Int? {
        get { storage.fields.legacyWarning }
        set { unique().fields.legacyWarning = newValue }
    }

    /// The events and the scene connections, for `body` to change in place: one uniqueness
    /// check and one forgetting of `sealed` for a whole pass of the timeline's builder. Through
    /// `events` and `connections`, every read retained the array and every write did both (the
    /// scene pass alone made 70,000 of the 1.8 million reference-counting calls of 16 MB of an
    /// app's console at 10 % lifecycle lines).
    /// `body` cannot see the epoch itself: what it needs of it is read before.
    mutating func editEvents<Result>(_ body: (inout [EpochEvent], inout [SceneConnection]) throws -> Result) rethrows -> Result {
        let storage = unique()
        storage.fields.sealed = Sealed()
        return try body(&storage.fields.events, &storage.fields.connections)
    }

    /// The storage, copied first if another epoch shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    package static func == (lhs: ProcessEpoch, rhs: ProcessEpoch) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// Changed only while one epoch alone holds it (`unique()`): no other thread sees it
    /// change, and no access overlaps another (hence no dynamic exclusivity checks, which
    /// cost more than the copies they replaced).
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The epoch's value, whole in one struct so that a copy of the storage cannot leave a
    /// field out. `Sealed` compares equal whatever it holds: two epochs of the same events
    /// are equal whether or not one is sealed.
    private struct Fields: Hashable {
        let ordinal: Int
        var pid: Int?
        var process: String?
        var events: [EpochEvent] = []
        var mode: LifecycleMode = .unknown
        var modeAdopted = false
        var observed: Set<EventID> = []
        /// `observed` as bits, kept with it by its accessor.
        var observedBits = EventIDBits()
        var sealed = Sealed()
        var connections: [SceneConnection] = []
        var appTimeline: SceneConnection?
        var uikitTimeline: SceneConnection?
        var systemTimeline: SceneConnection?
        var legacyWarning: Int?
    }

    /// Index of the first launch callback, when the capture shows the launch.
    package var launchIndex: Int? {
        events.firstIndex { [.appWillFinishLaunching, .appDidFinishLaunching].contains($0.id) && $0.source == .callback }
    }

    package func isObserved(_ id: EventID) -> Bool { storage.fields.observedBits.contains(id) ?? observed.contains(id) }

    /// Lifecycle events, as a report counts them: not the lines that only name a scene.
    var eventCount: Int { events.reduce(0) { $0 + ($1.id.isIdentityHint ? 0 : 1) } }

    /// The events UIKit logged of its own accord, and those the system logged about the process.
    var ownAccounts: (uikit: Int, system: Int) {
        events.withUnsafeBufferPointer { events in
            events.indices.reduce(into: (0, 0)) { counts, index in
                let id = events[index].id
                if id.isSystemAccount { counts.1 += 1 } else if id.isUIKitAccount, !id.isIdentityHint { counts.0 += 1 }
            }
        }
    }

    /// True for the callbacks (and stand-in notifications) that move a timeline: not
    /// companions, duplicates or forwarded calls.
    package func drives(_ entry: EpochEvent) -> Bool { drives(entry.attachment, entry.id, entry.source) }

    /// `drives(_:)` from an entry's parts. Inlined, and handed the parts: a walk through the
    /// events' buffer reads them in place, where an entry passed whole was copied (its event
    /// retained and released).
    @inline(__always)
    func drives(_ attachment: Attachment, _ id: EventID, _ source: EventSource) -> Bool {
        switch attachment {
        case .companion, .duplicate, .forwarded: false
        default: source == .callback || isObserved(id)
        }
    }

    /// The indices of the events that drive a timeline, worked out now (`drivingEvents` keeps
    /// them once the epoch is sealed), through the events' buffer: a walk of the array
    /// retained and released each event.
    var drivingIndices: [Int] {
        events.withUnsafeBufferPointer { events in
            events.indices.filter { drives(events[$0].attachment, events[$0].id, events[$0].source) }
        }
    }

    /// The events a forwarded call is paired by (R3): the driving events but a framework's
    /// states (Flutter's engine prints its `inactive` while the scene delegate forwards).
    package func mayPairForwarding(_ entry: EpochEvent) -> Bool { mayPairForwarding(entry.attachment, entry.id, entry.source) }

    /// `mayPairForwarding(_:)` from an entry's parts (see `drives(_:_:_:)`).
    @inline(__always)
    func mayPairForwarding(_ attachment: Attachment, _ id: EventID, _ source: EventSource) -> Bool {
        drives(attachment, id, source) && !id.isFrameworkState
    }

    /// The events that drive a timeline, in order, with their index in `events`.
    package var drivingEvents: [(index: Int, event: LifecycleEvent)] { (sealed.driving ?? DrivingEvents(of: self)).indexed }

    /// The indices in `events` of the events that drive a timeline, in order.
    package var drivingPositions: [Int] { sealed.driving?.indices ?? drivingIndices }

    /// The driving events' events alone, in order.
    package var driving: [LifecycleEvent] { (sealed.driving ?? DrivingEvents(of: self)).events }

    /// The driving events that are callbacks (not the notifications standing in for them).
    package var drivingCallbacks: [LifecycleEvent] { (sealed.driving ?? DrivingEvents(of: self)).callbacks }

    /// The indices in `events` of the events that are `id`, in order: looked up once the
    /// epoch is sealed, where a rule's filter of every event by its id cost a retain and a
    /// release of each (a tenth of the rules' time on an app's console, for four rules).
    package func positions(of id: EventID) -> [Int] {
        sealed.positions.map { $0[id] ?? [] } ?? events.indices.filter { events[$0].id == id }
    }

    /// `driving`'s events that are `id`, in order.
    package func driving(_ id: EventID) -> [LifecycleEvent] {
        positions(of: id).compactMap { drives(events[$0]) ? events[$0].event : nil }
    }

    /// `drivingCallbacks`' events that are `id`, in order.
    package func drivingCallbacks(_ id: EventID) -> [LifecycleEvent] {
        driving(id).filter { $0.source == .callback }
    }

    /// Works out the driving events, the ids the events hold and the comparison with UIKit's
    /// account (where the capture has it) once the epoch is complete.
    mutating func seal() {
        let comparison = uikitTimeline == nil ? nil : AccountComparison(self)
        // Read through the buffer: `enumerated()` retained and released each event.
        let positions = events.withUnsafeBufferPointer { events in EventIDTable(positionsOf: events.count) { events[$0].id } }
        sealed = Sealed(driving: DrivingEvents(of: self), positions: positions, comparison: comparison, ambiguous: ambiguousCount)
    }

    /// The app's foreground callbacks set beside UIKit's account of this process.
    var accountComparison: AccountComparison { sealed.comparison ?? AccountComparison(self) }

    /// The scene events that name no scene where several scenes were connected: the rules
    /// that follow scenes cannot place them.
    package var ambiguousEvents: Int { sealed.ambiguous ?? ambiguousCount }

    /// `ambiguousEvents` counted now, through the events' buffer (`seal` keeps it).
    private var ambiguousCount: Int {
        events.withUnsafeBufferPointer { events in events.indices.reduce(0) { events[$1].attachment == .ambiguous ? $0 + 1 : $0 } }
    }

    /// Whether some event of the epoch is `id`: a rule about one rare line (UIKit's warnings)
    /// asks before walking the events.
    package func holds(_ id: EventID) -> Bool { sealed.positions.map { $0[id] != nil } ?? events.contains { $0.id == id } }

    /// Whether some event of the epoch has an id that `matches` (a framework's family, a
    /// kind of callback): asked of the few tens of ids a sealed epoch holds, not of its
    /// events, which a walk retains and releases one by one.
    package func holds(where matches: (EventID) -> Bool) -> Bool {
        sealed.positions.map { $0.ids.contains(where: matches) } ?? events.contains { matches($0.id) }
    }

    package func connection(at index: Int) -> SceneConnection? {
        switch index {
        case -1: appTimeline
        case -2: uikitTimeline
        case -3: systemTimeline
        default: connections.indices.contains(index) ? connections[index] : nil
        }
    }

    /// Whether the app itself logged anything here: not only UIKit's account of it.
    package var appLogs: Bool {
        events.withUnsafeBufferPointer { events in events.indices.contains { !events[$0].id.isOutsideAccount } }
    }

    /// Every scene connection, then the legacy app timeline: what the app logged, not UIKit's
    /// account (`uikitTimeline`).
    package var allTimelines: [(index: Int, connection: SceneConnection)] {
        connections.enumerated().map { ($0.offset, $0.element) } + (appTimeline.map { [(-1, $0)] } ?? [])
    }

    package var label: String {
        if let process, let pid { return "\(process)[\(pid)]" }
        if let pid { return "pid \(pid)" }
        return "process #\(ordinal)"
    }
}

/// Everything the rules look at for one capture.
package struct CaptureTimeline: Sendable {
    package let path: String
    package var epochs: [ProcessEpoch]
    /// What the configuration says about the app: verdicts some rules cannot reach alone.
    package var facts: AppFacts
    /// What the reading stage made of the capture, for the rule that says nothing was read.
    package var reading = CaptureReading()
    /// What is left of the runs judged while the capture was read and let go (`RunRetirement`).
    package internal(set) var letGo = RunsLetGo()
    /// The line of the capture's last event that drives a timeline (the runs let go all end
    /// before it).
    package let lastDrivingLine: Int?

    package init(path: String, epochs: [ProcessEpoch], facts: AppFacts = AppFacts()) {
        self.path = path
        self.epochs = epochs
        self.facts = facts
        lastDrivingLine = epochs.compactMap { epoch in epoch.events.last(where: epoch.drives)?.event.line }.max()
    }
}

/// What a long capture's runs that were judged while it was read, and let go, leave
/// behind: counts for the summary, the modes they showed, their health issues, and those
/// with a finding, for the reports that show a finding's timeline.
package struct RunsLetGo: Sendable {
    package internal(set) var runs = 0
    /// Lifecycle events, as `CaptureReport.eventCount` counts them; UIKit's own and the
    /// system's in the runs not kept (those kept are counted in the timeline).
    package internal(set) var events = 0
    package internal(set) var uikitOwn = 0
    package internal(set) var systemOwn = 0
    /// The modes the runs showed: a run that shows none takes the capture's.
    var modes: Set<LifecycleMode> = []
    /// The timeline's health issues in those runs, and the pid each process had last.
    var health: [HealthIssue] = []
    var pidsByProcess: [String: Int] = [:]
    /// The runs let go of which a rule found something, whole.
    package internal(set) var kept: [ProcessEpoch] = []

    package init() {}
}

/// What was read of a capture, whatever its events: enough to tell a user why nothing was.
package struct CaptureReading: Sendable {
    package var format = ""
    package var lines = 0
    package var records = 0
    /// The processes whose records the capture holds, and the ones `--process` asked for.
    package var processes: [String] = []
    package var processFilter: [String] = []
    /// Lines that name a lifecycle callback but were read as no event: how many, the first few.
    package var nearMisses: (count: Int, first: [(line: Int, name: String)]) = (0, [])
    /// The apps the system's lines name, with how many lines each: what a device log shows of
    /// an app whose own process logs nothing.
    package var systemLines: [(bundle: String, lines: Int)] = []

    package init() {}

    init(_ scan: ScannedCapture, processFilter: [String]) {
        format = scan.format
        lines = scan.statistics.lines
        records = scan.recordsByFormat.values.reduce(0, +)
        processes = scan.processes
        self.processFilter = processFilter
        nearMisses = scan.nearMisses
        var counts: [String: Int] = [:]
        scan.stream.events.withUnsafeBufferPointer { events in
            for index in events.indices where events[index].id.isSystemAccount {
                if let bundle = events[index].bundle { counts[bundle, default: 0] += 1 }
            }
        }
        systemLines = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }
}

/// An epoch's driving events in the three forms the rules read them.
struct DrivingEvents: Sendable {
    /// Their indices in the epoch's `events`.
    let indices: [Int]
    let events: [LifecycleEvent]
    /// Where every driving event is a callback (an app's console that logs no notification
    /// in their stead), the same array as `events`: each array of events retains each one.
    let callbacks: [LifecycleEvent]

    init(of epoch: ProcessEpoch) {
        let indices = epoch.drivingIndices
        (events, callbacks) = epoch.events.withUnsafeBufferPointer { events in
            let driving = indices.map { events[$0].event }
            guard indices.allSatisfy({ events[$0].source == .callback }) else {
                return (driving, indices.filter { events[$0].source == .callback }.map { events[$0].event })
            }
            return (driving, driving)
        }
        self.indices = indices
    }

    /// With their index in the epoch's `events`: made when asked (few rules ask).
    var indexed: [(index: Int, event: LifecycleEvent)] { zip(indices, events).map { ($0, $1) } }
}

/// What an epoch works out of its events once (`ProcessEpoch.seal`): not part of its value,
/// so two epochs of the same events are equal whether or not one is sealed.
struct Sealed: Hashable, Sendable {
    var driving: DrivingEvents?
    /// Where each id's events are in `events` (`ProcessEpoch.positions(of:)`).
    var positions: EventIDTable<[Int]>?
    var comparison: AccountComparison?
    /// How many scene events name no scene where several were connected (`ambiguousEvents`).
    var ambiguous: Int?

    static func == (lhs: Sealed, rhs: Sealed) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
