/// What a line says about which scene it concerns (docs/formats.md), strongest key first.
package struct SceneIdentity: Hashable, Sendable {
    /// `persistentIdentifier` UUIDs: the session(s). Several on a `didDiscardSceneSessions` line.
    package var sessions: [String] = []
    /// `<UIWindowScene: 0x…>`: one connection.
    package var scenePointer: String?
    /// `<Module.SceneDelegate: 0x…>` or a bare `%p` of `self`: one connection.
    package var delegatePointer: String?
    /// The delegate class: the scene kind, not the instance.
    package var delegateClass: String?
    /// The app a line of UIKit's or the system's names by its bundle id (`sceneOfRecord`'s
    /// scene, SpringBoard's process lines): how such a line finds its process where the
    /// capture has no pid to match.
    package var bundle: String?
    /// The app's pid, as a line of the system's about it names it.
    package var appPid: Int?

    package init(sessions: [String] = [], scenePointer: String? = nil, delegatePointer: String? = nil, delegateClass: String? = nil) {
        self.sessions = sessions
        self.scenePointer = scenePointer
        self.delegatePointer = delegatePointer
        self.delegateClass = delegateClass
    }

    package var isEmpty: Bool { sessions.isEmpty && scenePointer == nil && delegatePointer == nil && delegateClass == nil && bundle == nil && appPid == nil }
}

/// One lifecycle line of a capture, normalised to its canonical event.
///
/// A capture of a few GB holds a hundred thousand of these, and the timeline and the rules
/// copy them. An event is therefore one reference to a small immutable object (40 bytes of
/// fields) that every copy shares. What many events have in common (the event, the thread
/// that logged it and how it was spelled; the scene's identity) is one shared object each,
/// and the line's text sits in the capture's `EventTextArchive`, out of memory, until a
/// finding shows it.
package struct LifecycleEvent: Hashable, Sendable {
    private var facts: Facts

    package var id: EventID {
        get { facts.context.key.id }
        // Rare (an ambiguous spelling resolved by its epoch): a new object, not a mutation.
        set { facts = facts.with(context: facts.context.with(id: newValue)) }
    }
    /// 1-based line number in the capture.
    package var line: Int { facts.line }
    /// The whole line as it appears in the capture (invalid UTF-8 shown as U+FFFD).
    package var text: String { facts.context.archive.string(at: facts.text.offset, count: facts.text.count) }
    /// The spelling shape that recognised it (`objc-method`, `swift-function`, …).
    package var shape: String { facts.context.key.shape }
    package var source: EventSource { facts.context.key.source }
    package var identity: SceneIdentity { facts.identity?.identity ?? SceneIdentity() }
    // The parts of `identity`, each read without a copy of the whole (the timeline and several
    // rules read an event's identity; each copy retained and released all its strings).
    package var sessions: [String] { facts.identity?.identity.sessions ?? [] }
    /// Whether the line names a session: asked before `sessions`, whose array (even an empty
    /// one) is retained and released at each read, and most lines name none.
    package var hasSessions: Bool { facts.identity.map { !$0.identity.sessions.isEmpty } ?? false }
    package var scenePointer: String? { facts.identity?.identity.scenePointer }
    package var delegatePointer: String? { facts.identity?.identity.delegatePointer }
    /// The shared identity itself, whose keys (`SharedIdentity.scenePointerKey`) are read in
    /// place (`ConnectionLookup`): copied out of it, each key's text was retained and released.
    var sharedIdentity: SharedIdentity? { facts.identity }
    package var delegateClass: String? { facts.identity?.identity.delegateClass }
    package var bundle: String? { facts.identity?.identity.bundle }
    package var appPid: Int? { facts.identity?.identity.appPid }

    /// Whether both events name their scene the same way: most events that do share one
    /// identity object, compared without copying either.
    func hasSameIdentity(as other: LifecycleEvent) -> Bool {
        // The shared objects' identities compared where they are: `identity` copied both,
        // retaining each of their strings (190,000 of the 3 million reference-counting calls
        // of 16 MB of an app's console at 10 % lifecycle lines).
        switch (facts.identity, other.facts.identity) {
        case (nil, nil): true
        case let (one?, two?): one === two || one.identity == two.identity
        case let (shared?, nil), let (nil, shared?): shared.identity.isEmpty
        }
    }
    /// Logged from inside a block, so later than the callback itself ran.
    package var deferred: Bool { facts.context.key.deferred }
    package var pid: Int? { facts.context.key.pid }
    package var thread: String? { facts.context.key.thread }
    package var process: String? { facts.context.key.process }
    /// Seconds on the capture's own clock; only differences are meaningful.
    package var time: Double? { facts.time.isNaN ? nil : facts.time }

    /// An event made by hand (tests, tools): its text is kept in an archive of its own.
    package init(id: EventID, line: Int, text: String, shape: String = "test", source: EventSource = .callback,
                identity: SceneIdentity = SceneIdentity(), deferred: Bool = false, pid: Int? = nil,
                thread: String? = nil, process: String? = nil, time: Double? = nil) {
        let archive = EventTextArchive()
        var text = text
        let span = text.withUTF8 { archive.append(UnsafeRawBufferPointer($0)) }
        let context = EventContext(.init(id: id, source: source, deferred: deferred, shape: shape, pid: pid, thread: thread,
                                         process: process), archive: archive)
        self.init(line: line, text: span, identity: identity.isEmpty ? nil : SharedIdentity(identity), context: context, time: time)
    }

    /// An event whose text `context.archive` holds and whose shared parts are already shared.
    init(line: Int, text: ArchivedSpan, identity: SharedIdentity?, context: EventContext, time: Double?) {
        facts = Facts(line: line, text: text, identity: identity, context: context, time: time ?? .nan)
    }

    /// The event as a finding shows it (line, event, text, who logged it) without the scene
    /// identity it was read with: what a rule keeps of an event for the whole capture
    /// (`SessionSightings`) lets the identity's strings go.
    var forEvidence: LifecycleEvent {
        guard facts.identity != nil else { return self }
        var copy = self
        copy.facts = Facts(line: facts.line, text: facts.text, identity: nil, context: facts.context, time: facts.time)
        return copy
    }

    /// The event of the line `lines` further on: a part of a file read by another thread
    /// numbers its lines from its own start, and is renumbered where it is joined.
    /// An event only its part holds, as every event is when a part is joined, is renumbered in
    /// place: a new object per event took 95 µs of the 64 MB console's two-part read.
    mutating func shiftLine(by lines: Int) {
        if isKnownUniquelyReferenced(&facts) {
            facts.line += lines
        } else {
            facts = Facts(line: facts.line + lines, text: facts.text, identity: facts.identity, context: facts.context, time: facts.time)
        }
    }

    package static func == (lhs: LifecycleEvent, rhs: LifecycleEvent) -> Bool {
        lhs.facts === rhs.facts
            || (lhs.id == rhs.id && lhs.line == rhs.line && lhs.source == rhs.source && lhs.deferred == rhs.deferred
                && lhs.time == rhs.time && lhs.identity == rhs.identity && lhs.shape == rhs.shape && lhs.pid == rhs.pid
                && lhs.thread == rhs.thread && lhs.process == rhs.process && lhs.text == rhs.text)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(line)
    }

    /// Immutable once shared: `line` changes only while one event alone holds it (`shiftLine`),
    /// so no other thread can see it change.
    private final class Facts: @unchecked Sendable {
        var line: Int
        let text: ArchivedSpan
        let identity: SharedIdentity?
        let context: EventContext
        /// NaN when the line has no timestamp: an optional would take a word more.
        let time: Double

        init(line: Int, text: ArchivedSpan, identity: SharedIdentity?, context: EventContext, time: Double) {
            self.line = line
            self.text = text
            self.identity = identity
            self.context = context
            self.time = time
        }

        func with(context: EventContext) -> Facts {
            Facts(line: line, text: text, identity: identity, context: context, time: time)
        }
    }
}

/// One scene identity that every event naming the same scene the same way shares.
final class SharedIdentity: Sendable {
    let identity: SceneIdentity
    /// The keys the timeline looks the scene up by (`ConnectionLookup`), made once for every
    /// event that names it this way: made at each scene event, they folded the same pointers'
    /// bytes again and again.
    let scenePointerKey: TextKey?
    let delegatePointerKey: TextKey?

    init(_ identity: SceneIdentity) {
        self.identity = identity
        scenePointerKey = identity.scenePointer.map(TextKey.init)
        delegatePointerKey = identity.delegatePointer.map(TextKey.init)
    }
}

/// What the events of one kind, logged by one thread in one spelling shape, have in common:
/// a capture has a few hundred such groups and a hundred thousand events.
final class EventContext: Sendable {
    /// What makes two events' contexts the same, and the key they are shared under.
    struct Key: Hashable, Sendable {
        let id: EventID
        let source: EventSource
        let deferred: Bool
        let shape: String
        let pid: Int?
        let thread: String?
        let process: String?

        // Every event's context is looked up by its key. The id, pid and thread tell keys
        // apart; where they agree the shape and the process nearly always do too (equality
        // still compares them), so hashing those two strings as well would only cost.
        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(pid)
            hasher.combine(thread)
        }
    }

    let key: Key
    /// Where the events' line texts are.
    let archive: EventTextArchive

    init(_ key: Key, archive: EventTextArchive) {
        self.key = key
        self.archive = archive
    }

    func with(id: EventID) -> EventContext {
        EventContext(Key(id: id, source: key.source, deferred: key.deferred, shape: key.shape, pid: key.pid,
                         thread: key.thread, process: key.process), archive: archive)
    }
}

/// A record that names its process: where a new process epoch may begin.
package struct ProcessMark: Hashable, Sendable {
    package let line: Int
    /// Nil in formats that name the process only (Console.app copies).
    package let pid: Int?
    package let process: String?

    package init(line: Int, pid: Int?, process: String?) {
        self.line = line
        self.pid = pid
        self.process = process
    }

    /// The mark of the line `lines` further on (`LifecycleEvent.shiftLine(by:)`).
    func shifted(by lines: Int) -> ProcessMark { ProcessMark(line: line + lines, pid: pid, process: process) }

    /// What tells two processes apart: the pid, or the name where there is no pid.
    var key: Key { pid.map(Key.pid) ?? .name(process ?? "") }

    /// A process's identity as marks and epochs are keyed by it: two apps logging in turn
    /// make a mark per line, so an integer where there is a pid, not a string built for each.
    enum Key: Hashable {
        case pid(Int)
        case name(String)

        /// A pid hashed without a `Hasher` (spread by a multiply and a shift, mixed with the
        /// table's seed): the timeline looks one up at every mark, about one a line in a device
        /// log of apps logging in turn. A table indexed by pid would hold up to 4 MB a build.
        func _rawHashValue(seed: Int) -> Int {
            switch self {
            case .pid(let pid): spreadForHashing(pid) ^ seed
            case .name(let name): name._rawHashValue(seed: seed)
            }
        }
    }
}

/// `value` spread over every bit by a multiply and a shift: the hash of a key that is an
/// integer (a line, a pid), where a table looks one up per event or per mark and a `Hasher`
/// would cost more than the rest of the lookup (`EventKey`, `ProcessMark.Key`).
func spreadForHashing(_ value: Int) -> Int {
    let spread = UInt64(truncatingIfNeeded: value) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: spread ^ (spread >> 29))
}

/// Everything the event stage hands on: events plus where the process changed.
package struct EventStream: Sendable {
    package var events: [LifecycleEvent] = []
    /// Where the selected process changed (`ProcessMarkLog` says which changes are kept).
    package var processMarks = ProcessMarks()

    package init(events: [LifecycleEvent] = [], processMarks: ProcessMarks = ProcessMarks()) {
        self.events = events
        self.processMarks = processMarks
    }
}
