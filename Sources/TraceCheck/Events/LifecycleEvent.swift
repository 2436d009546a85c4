/// What a line says about which scene it concerns (spec §6.1), strongest key first.
public struct SceneIdentity: Hashable, Sendable {
    /// `persistentIdentifier` UUIDs: the session(s). Several on a `didDiscardSceneSessions` line.
    public var sessions: [String] = []
    /// `<UIWindowScene: 0x…>`: one connection.
    public var scenePointer: String?
    /// `<Module.SceneDelegate: 0x…>` or a bare `%p` of `self`: one connection.
    public var delegatePointer: String?
    /// The delegate class: the scene kind, not the instance.
    public var delegateClass: String?

    public init(sessions: [String] = [], scenePointer: String? = nil, delegatePointer: String? = nil, delegateClass: String? = nil) {
        self.sessions = sessions
        self.scenePointer = scenePointer
        self.delegatePointer = delegatePointer
        self.delegateClass = delegateClass
    }

    public var isEmpty: Bool { sessions.isEmpty && scenePointer == nil && delegatePointer == nil && delegateClass == nil }
}

/// One lifecycle line of a capture, normalised to its canonical event.
///
/// A capture of a few GB holds a hundred thousand of these, and the timeline and the rules
/// copy them; the line's facts therefore live in one immutable object that every copy
/// shares (a copy is two words and a reference), not in a wide struct copied member by member.
public struct LifecycleEvent: Hashable, Sendable {
    public var id: EventID
    private let facts: Facts

    /// 1-based line number in the capture.
    public var line: Int { facts.line }
    /// The whole line as it appears in the capture (invalid UTF-8 shown as U+FFFD).
    public var text: String { facts.text }
    /// The spelling shape that recognised it (`objc-method`, `swift-function`, …).
    public var shape: String { facts.shape }
    public var source: EventSource { facts.source }
    public var identity: SceneIdentity { facts.identity }
    /// Logged from inside a block, so later than the callback itself ran.
    public var deferred: Bool { facts.deferred }
    public var pid: Int? { facts.pid }
    public var thread: String? { facts.thread }
    public var process: String? { facts.process }
    /// Seconds on the capture's own clock; only differences are meaningful.
    public var time: Double? { facts.time }

    public init(id: EventID, line: Int, text: String, shape: String = "test", source: EventSource = .callback,
                identity: SceneIdentity = SceneIdentity(), deferred: Bool = false, pid: Int? = nil,
                thread: String? = nil, process: String? = nil, time: Double? = nil) {
        self.id = id
        facts = Facts(line: line, text: text, shape: shape, source: source, identity: identity, deferred: deferred,
                      pid: pid, thread: thread, process: process, time: time)
    }

    public static func == (lhs: LifecycleEvent, rhs: LifecycleEvent) -> Bool {
        lhs.id == rhs.id && (lhs.facts === rhs.facts || lhs.facts == rhs.facts)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(facts)
    }

    private final class Facts: Hashable, Sendable {
        let line: Int
        let text: String
        let shape: String
        let source: EventSource
        let identity: SceneIdentity
        let deferred: Bool
        let pid: Int?
        let thread: String?
        let process: String?
        let time: Double?

        init(line: Int, text: String, shape: String, source: EventSource, identity: SceneIdentity, deferred: Bool,
             pid: Int?, thread: String?, process: String?, time: Double?) {
            self.line = line
            self.text = text
            self.shape = shape
            self.source = source
            self.identity = identity
            self.deferred = deferred
            self.pid = pid
            self.thread = thread
            self.process = process
            self.time = time
        }

        static func == (lhs: Facts, rhs: Facts) -> Bool {
            lhs.line == rhs.line && lhs.text == rhs.text && lhs.shape == rhs.shape && lhs.source == rhs.source
                && lhs.identity == rhs.identity && lhs.deferred == rhs.deferred && lhs.pid == rhs.pid
                && lhs.thread == rhs.thread && lhs.process == rhs.process && lhs.time == rhs.time
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(line)
            hasher.combine(text)
        }
    }
}

/// A record that names its process: where a new process epoch may begin.
public struct ProcessMark: Hashable, Sendable {
    public let line: Int
    /// Nil in formats that name the process only (Console.app copies).
    public let pid: Int?
    public let process: String?

    public init(line: Int, pid: Int?, process: String?) {
        self.line = line
        self.pid = pid
        self.process = process
    }

    /// What tells two processes apart: the pid, or the name where there is no pid.
    var key: String { pid.map { "pid \($0)" } ?? "name \(process ?? "")" }
}

/// Everything the event stage hands on: events plus where the process changed.
public struct EventStream: Sendable {
    public var events: [LifecycleEvent] = []
    /// One mark each time the process differs from the previous record's.
    public var processMarks: [ProcessMark] = []

    public init(events: [LifecycleEvent] = [], processMarks: [ProcessMark] = []) {
        self.events = events
        self.processMarks = processMarks
    }
}
