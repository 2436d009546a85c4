/// Which scene connection a scene event belongs to (how scenes are told apart:
/// docs/lifecycle.md), answered from tables kept up as connections change instead of a scan
/// of every connection for every event: an app with tens of thousands of scenes, or one
/// scene connected and disconnected thousands of times, costs the same per event as one.
///
/// The rules, in order: a live connection with the event's scene or delegate pointer; for a
/// CarPlay connect, a connecting scene of its delegate class, else a new connection; for
/// `willConnect`, an orphan still waiting for it that agrees with the event, else a new
/// connection; any connection (even disconnected) with its pointer; a live connection with
/// one of its sessions; the one live connection that agrees with it, none if several do,
/// else a new connection (an orphan when the launch was seen, pre-existing when not).
struct ConnectionLookup {
    enum Choice: Equatable {
        case existing(Int)
        case new(SceneConnection.Origin, SceneState)
        /// Several live connections agree with the event and nothing tells them apart.
        case ambiguous
    }

    // Keyed by `TextKey`: each scene event looks up a few of these.
    private var liveByScenePointer: [TextKey: Set<Int>] = [:]
    private var liveByDelegatePointer: [TextKey: Set<Int>] = [:]
    /// The last connection, live or not, that ever had the pointer (a pointer, once known, stays).
    private var lastByScenePointer: [TextKey: Int] = [:]
    private var lastByDelegatePointer: [TextKey: Int] = [:]
    private var liveBySession: [TextKey: Set<Int>] = [:]
    private var connectingByClass: [TextKey: Set<Int>] = [:]
    private var live = AgreementIndex()
    /// Live orphans that have not had their `willConnect` yet.
    private var awaitingConnect = AgreementIndex()

    func choose(for event: LifecycleEvent, startObserved: Bool, in connections: [SceneConnection]) -> Choice {
        // The identity's parts are read from the event, the whole identity only where an
        // index asks for it: a copy retained and released all its strings, for every event.
        // The keys read where the shared identity holds them: copied out of it (a key holds
        // its text), each was retained and released, at every scene event.
        let shared = event.sharedIdentity
        // A missing pointer is not looked up (as "", it was hashed and looked for at every event).
        let livePointer = Self.last(shared?.scenePointerKey.flatMap { liveByScenePointer[$0] },
                                    shared?.delegatePointerKey.flatMap { liveByDelegatePointer[$0] })
        if let livePointer { return .existing(livePointer) }
        if TimelineBuilder.isCarPlayConnect(event.id) {
            // A CarPlay delegate may also have had willConnect; either opens the connection.
            if let connecting = Self.last(event.delegateClass.flatMap { connectingByClass[TextKey($0)] }, nil) { return .existing(connecting) }
            return .new(.connected, .unattached)
        }
        if event.id == .sceneWillConnect {
            if let orphan = awaitingConnect.agreeing(with: event.identity, in: connections).max() { return .existing(orphan) }
            return .new(.connected, .unattached)
        }
        let anyPointer = Self.later(shared?.scenePointerKey.flatMap { lastByScenePointer[$0] },
                                    shared?.delegatePointerKey.flatMap { lastByDelegatePointer[$0] })
        if let anyPointer { return .existing(anyPointer) }
        // A loop, not `compactMap(…).max()`: that made an array at every event.
        var bySession: Int?
        if event.hasSessions { for session in event.sessions { bySession = Self.later(bySession, liveBySession[TextKey(session)]?.max()) } }
        if let bySession { return .existing(bySession) }
        let candidates = live.agreeing(with: event.identity, in: connections, limit: 2)
        if candidates.count == 1, let only = candidates.first { return .existing(only) }
        if candidates.count > 1 { return .ambiguous }
        return startObserved ? .new(.orphan, .unattached) : .new(.preExisting, .unknown)
    }

    /// What the tables file a connection under: its identity and state, not its steps (a
    /// copy of a connection kept across a change would copy its steps on the next append).
    struct Keys: Equatable {
        let scenePointer: String?
        let delegatePointer: String?
        let delegateClass: String?
        let sessions: [String]
        let state: SceneState
        let origin: SceneConnection.Origin
        let hasWillConnect: Bool

        init(_ connection: SceneConnection) {
            scenePointer = connection.scenePointer
            delegatePointer = connection.delegatePointer
            delegateClass = connection.delegateClass
            sessions = connection.sessions
            state = connection.state
            origin = connection.origin
            hasWillConnect = connection.hasWillConnect
        }

        /// The keys `connection` had one step before, when it then had `shape` (`Shape`).
        init(_ connection: SceneConnection, before shape: Shape) {
            scenePointer = shape.hasScenePointer ? connection.scenePointer : nil
            delegatePointer = shape.hasDelegatePointer ? connection.delegatePointer : nil
            delegateClass = shape.hasDelegateClass ? connection.delegateClass : nil
            sessions = Array(connection.sessions.prefix(shape.sessions))
            state = shape.state
            origin = shape.origin
            hasWillConnect = shape.hasWillConnect
        }

        var isLive: Bool { state != .disconnected }

        /// Whether the tables hold a connection with these keys exactly where they hold one
        /// with `other`'s (`insert` reads no more than this).
        func isIndexedAs(_ other: Keys) -> Bool {
            scenePointer == other.scenePointer && delegatePointer == other.delegatePointer && delegateClass == other.delegateClass
                && sessions == other.sessions && ConnectionLookup.statesIndexedAlike(state, other.state)
                && origin == other.origin && hasWillConnect == other.hasWillConnect
        }
    }

    /// What the tables file a connection under, without its strings: the nil-ness of its
    /// pointers and class, its count of sessions, its state, origin and `willConnect`. A
    /// scene event's step (`TimelineBuilder.advance`) only fills a pointer or class the
    /// connection lacked, adds sessions, moves the state and marks `willConnect`, so the
    /// connection's keys before a step are its keys after it cut back to this shape
    /// (`Keys(_:before:)`), and are indexed as they are after it exactly where the shapes
    /// are (`isIndexedAs`). On a capture at 10 % lifecycle lines, the two copies of `Keys`
    /// a scene event made (every string retained and released) were a fifth of the scene
    /// timelines' instructions.
    struct Shape {
        let hasScenePointer: Bool
        let hasDelegatePointer: Bool
        let hasDelegateClass: Bool
        let sessions: Int
        let state: SceneState
        let origin: SceneConnection.Origin
        let hasWillConnect: Bool

        init(_ connection: SceneConnection) {
            hasScenePointer = connection.scenePointer != nil
            hasDelegatePointer = connection.delegatePointer != nil
            hasDelegateClass = connection.delegateClass != nil
            sessions = connection.sessions.count
            state = connection.state
            origin = connection.origin
            hasWillConnect = connection.hasWillConnect
        }

        /// `Keys.isIndexedAs` for a connection and itself one step later.
        func isIndexedAs(_ other: Shape) -> Bool {
            hasScenePointer == other.hasScenePointer && hasDelegatePointer == other.hasDelegatePointer
                && hasDelegateClass == other.hasDelegateClass && sessions == other.sessions
                && ConnectionLookup.statesIndexedAlike(state, other.state)
                && origin == other.origin && hasWillConnect == other.hasWillConnect
        }
    }

    /// Whether the tables file a connection in state `a` where they file it in state `b`:
    /// they tell live connections from disconnected ones, and connecting ones from the rest.
    /// One place for `Keys` and `Shape`, which must agree on it.
    static func statesIndexedAlike(_ a: SceneState, _ b: SceneState) -> Bool {
        (a != .disconnected) == (b != .disconnected) && (a == .connecting) == (b == .connecting)
    }

    /// Moves connection `target` on by `event` (`TimelineBuilder.advance`) and keeps the
    /// tables up; the keys it had are made again only where the step changed one.
    mutating func advance(_ connections: inout [SceneConnection], _ target: Int, with event: LifecycleEvent, at index: Int) {
        let before = Shape(connections[target])
        TimelineBuilder.advance(&connections[target], with: event, at: index)
        guard !before.isIndexedAs(Shape(connections[target])) else { return }
        update(target, from: Keys(connections[target], before: before), to: Keys(connections[target]))
    }

    /// Keeps the tables up after a connection at `index` changed from `old` (nil: it is new).
    mutating func update(_ index: Int, from old: Keys?, to new: Keys) {
        if let old {
            // Most callbacks move the state only, which no table holds but for connecting and
            // disconnected: then every table stays as it is.
            if old.isIndexedAs(new) { return }
            remove(index, old)
        }
        insert(index, new)
    }

    private mutating func insert(_ index: Int, _ connection: Keys) {
        if let pointer = connection.scenePointer.map(TextKey.init) { lastByScenePointer[pointer] = max(lastByScenePointer[pointer] ?? index, index) }
        if let pointer = connection.delegatePointer.map(TextKey.init) {
            lastByDelegatePointer[pointer] = max(lastByDelegatePointer[pointer] ?? index, index)
        }
        guard connection.isLive else { return }
        if let pointer = connection.scenePointer { liveByScenePointer[TextKey(pointer), default: []].insert(index) }
        if let pointer = connection.delegatePointer { liveByDelegatePointer[TextKey(pointer), default: []].insert(index) }
        for session in connection.sessions { liveBySession[TextKey(session), default: []].insert(index) }
        if connection.state == .connecting, let delegateClass = connection.delegateClass {
            connectingByClass[TextKey(delegateClass), default: []].insert(index)
        }
        live.insert(index, connection)
        if connection.origin == .orphan, !connection.hasWillConnect { awaitingConnect.insert(index, connection) }
    }

    private mutating func remove(_ index: Int, _ connection: Keys) {
        guard connection.isLive else { return }
        if let pointer = connection.scenePointer { liveByScenePointer.remove(index, at: TextKey(pointer)) }
        if let pointer = connection.delegatePointer { liveByDelegatePointer.remove(index, at: TextKey(pointer)) }
        for session in connection.sessions { liveBySession.remove(index, at: TextKey(session)) }
        if connection.state == .connecting, let delegateClass = connection.delegateClass { connectingByClass.remove(index, at: TextKey(delegateClass)) }
        live.remove(index, connection)
        if connection.origin == .orphan, !connection.hasWillConnect { awaitingConnect.remove(index, connection) }
    }

    private static func last(_ a: Set<Int>?, _ b: Set<Int>?) -> Int? {
        later(a?.max(), b?.max())
    }

    /// The larger of two connections, either of which may be missing: without the arrays
    /// `[a, b].compactMap { $0 }.max()` allocates, at every scene event.
    private static func later(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }
}

/// A set of connections, partitioned so that the ones that may agree with an identity
/// (each of pointers and delegate class either unknown on one side or equal) are found
/// among few: a connection agrees on a pointer the event has only by lacking one, since a
/// connection with that same pointer was looked for first.
struct AgreementIndex {
    private var all: Set<Int> = []
    private var withoutScenePointer: Set<Int> = []
    private var withoutDelegatePointer: Set<Int> = []
    private var withoutClass: Set<Int> = []
    private var byClass: [TextKey: Set<Int>] = [:]

    mutating func insert(_ index: Int, _ connection: ConnectionLookup.Keys) {
        all.insert(index)
        if connection.scenePointer == nil { withoutScenePointer.insert(index) }
        if connection.delegatePointer == nil { withoutDelegatePointer.insert(index) }
        if let delegateClass = connection.delegateClass { byClass[TextKey(delegateClass), default: []].insert(index) } else { withoutClass.insert(index) }
    }

    mutating func remove(_ index: Int, _ connection: ConnectionLookup.Keys) {
        all.remove(index)
        withoutScenePointer.remove(index)
        withoutDelegatePointer.remove(index)
        withoutClass.remove(index)
        if let delegateClass = connection.delegateClass { byClass.remove(index, at: TextKey(delegateClass)) }
    }

    /// Up to `limit` members that agree with `identity`, taken from the smallest part that
    /// holds them all.
    func agreeing(with identity: SceneIdentity, in connections: [SceneConnection], limit: Int = .max) -> [Int] {
        var parts: [[Set<Int>]] = [[all]]
        if identity.scenePointer != nil { parts.append([withoutScenePointer]) }
        if identity.delegatePointer != nil { parts.append([withoutDelegatePointer]) }
        if let delegateClass = identity.delegateClass { parts.append([withoutClass, byClass[TextKey(delegateClass)] ?? []]) }
        let smallest = parts.min { $0.reduce(0) { $0 + $1.count } < $1.reduce(0) { $0 + $1.count } } ?? []
        var found: [Int] = []
        for part in smallest {
            for index in part where Self.agrees(connections[index], identity) {
                found.append(index)
                if found.count >= limit { return found }
            }
        }
        return found
    }

    static func agrees(_ connection: SceneConnection, _ identity: SceneIdentity) -> Bool {
        func agrees(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a == b }
        return agrees(connection.delegateClass, identity.delegateClass)
            && agrees(connection.scenePointer, identity.scenePointer)
            && agrees(connection.delegatePointer, identity.delegatePointer)
    }
}

extension Dictionary where Value == Set<Int> {
    /// Removes `index` from the set at `key`, and the key with its last member.
    mutating func remove(_ index: Int, at key: Key) {
        // In place, found once: a copy of the set taken out and put back would cost its whole
        // size, and a lookup for each step (remove, ask if empty, drop) hashed the key thrice.
        guard let position = self.index(forKey: key), values[position].remove(index) != nil, values[position].isEmpty else { return }
        remove(at: position)
    }
}
