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
public struct LifecycleEvent: Hashable, Sendable {
    public var id: EventID
    /// 1-based line number in the capture.
    public let line: Int
    /// The whole line as it appears in the capture (invalid UTF-8 shown as U+FFFD).
    public let text: String
    /// The spelling shape that recognised it (`objc-method`, `swift-function`, …).
    public let shape: String
    public let source: EventSource
    public let identity: SceneIdentity
    /// Logged from inside a block, so later than the callback itself ran.
    public let deferred: Bool
    public let pid: Int?
    public let thread: String?
    public let process: String?
    /// Seconds on the capture's own clock; only differences are meaningful.
    public let time: Double?

    public init(id: EventID, line: Int, text: String, shape: String = "test", source: EventSource = .callback,
                identity: SceneIdentity = SceneIdentity(), deferred: Bool = false, pid: Int? = nil,
                thread: String? = nil, process: String? = nil, time: Double? = nil) {
        self.id = id
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
