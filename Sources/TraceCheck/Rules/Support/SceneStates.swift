extension SceneConnection {
    /// An external-display scene, judged from its delegate class name: it never activates
    /// (F2) and may coexist with the application scene (C11).
    var isExternalDisplay: Bool { delegateClass?.containsIgnoringASCIICase("external") ?? false }

    /// A CarPlay scene, judged from its delegate class name.
    var isCarPlayByName: Bool { delegateClass?.containsIgnoringASCIICase("carplay") ?? false }
}

extension String {
    /// Whether `word` (ASCII, in lowercase) stands in this string, its ASCII letters in any
    /// case. The rules ask it of every scene's delegate class in every run: as
    /// `lowercased().contains(word)`, Foundation's search took about 6,000 instructions a call.
    func containsIgnoringASCIICase(_ word: StaticString) -> Bool {
        let needle = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        var text = self
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            return (0...(bytes.count - needle.count)).contains { start in
                needle.indices.allSatisfy { Bytes.lowercased(bytes[start + $0]) == needle[$0] }
            }
        }
    }
}

extension ProcessEpoch {
    /// Whether `connection` enters one of `states` right after `events[index]`: within
    /// `window` seconds when both lines have times, else as the next event that drives a timeline.
    /// (An array, not a set: a set of states made the runtime search the binary's
    /// conformances for `SceneState`'s `Hashable` at its first use.)
    func connection(_ connection: Int, enters states: [SceneState], after index: Int, within window: Double) -> Bool {
        let steps = connections[connection].steps
        let next = steps.partitioningIndex { $0.event > index }
        guard next < steps.count, states.contains(steps[next].after) else { return false }
        let step = steps[next]
        if let start = events[index].event.time, let end = events[step.event].event.time { return end - start <= window }
        let nextDriving = events.indices[(index + 1)...].first { drives(events[$0]) }
        return nextDriving == step.event
    }

    /// True when the process is known to have ended inside the capture: a later epoch of
    /// the same process, or willTerminate.
    func endsWithinCapture(_ timeline: CaptureTimeline) -> Bool {
        events.contains { $0.id == .appWillTerminate && $0.source == .callback }
            || timeline.epochs.contains { $0.ordinal > ordinal && ($0.process == process || process == nil) }
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `belongsToSecondPart`, in a collection where
    /// every element that does comes after every element that does not (events and steps in
    /// line order): a binary search.
    func partitioningIndex(where belongsToSecondPart: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongsToSecondPart(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

/// Every connection's state as an epoch's events go by, for rules that ask at many events:
/// one pass over all steps in event order, instead of a search through every connection's
/// steps at each question (which grows with scenes times events).
struct SceneStateSweep {
    private let steps: [(event: Int, connection: Int, after: SceneState)]
    private var next = 0
    /// By connection index: the state after its last step passed, nil before its first.
    private var current: [SceneState?]
    /// Connections that have begun, and those of them not disconnected, as bit sets: asked
    /// for in order, they are found a word of 64 at a time, however many scenes have gone.
    private var begun: ConnectionBits
    private var live: ConnectionBits
    private var asked = Int.min

    init(_ epoch: ProcessEpoch) {
        steps = epoch.connections.enumerated().flatMap { offset, connection in
            connection.steps.map { (event: $0.event, connection: offset, after: $0.after) }
        }.sorted { $0.event < $1.event }
        current = Array(repeating: nil, count: epoch.connections.count)
        begun = ConnectionBits(count: epoch.connections.count)
        live = begun
    }

    /// Moves the sweep to just before `events[index]`; an earlier index starts it again.
    private mutating func advance(to index: Int) {
        if index < asked {
            next = 0
            current = Array(repeating: nil, count: current.count)
            begun = ConnectionBits(count: current.count)
            live = begun
        }
        asked = index
        while next < steps.count, steps[next].event < index {
            let (connection, state) = (steps[next].connection, steps[next].after)
            current[connection] = state
            begun.insert(connection)
            if state == .disconnected { live.remove(connection) } else { live.insert(connection) }
            next += 1
        }
    }

    /// The state of each connection that has begun before `events[index]`, by connection index.
    /// Questions in event order cost the steps passed since the last one; an earlier
    /// question starts the sweep again.
    mutating func states(before index: Int) -> [(connection: Int, state: SceneState)] {
        advance(to: index)
        return begun.members.compactMap { connection in current[connection].map { (connection, $0) } }
    }

    /// The first connection (by index) not disconnected before `events[index]` that
    /// satisfies `predicate`: disconnected ones cost nothing to pass over.
    mutating func firstLiveState(before index: Int,
                                 where predicate: ((connection: Int, state: SceneState)) -> Bool) -> (connection: Int, state: SceneState)? {
        advance(to: index)
        for connection in live.members {
            guard let state = current[connection] else { continue }
            if predicate((connection, state)) { return (connection, state) }
        }
        return nil
    }

    /// The states connections entered at events `range`, in order.
    func entered(in range: Range<Int>) -> [(connection: Int, state: SceneState)] {
        let low = steps.partitioningIndex { $0.event >= range.lowerBound }
        return steps[low...].prefix { $0.event < range.upperBound }.map { (connection: $0.connection, state: $0.after) }
    }
}

extension Rule {
    /// L5, N5: a notification UIKit posts after its delegate message (`id`'s notification) is
    /// logged before that message in the same process.
    func judgeNotificationFollowsCallback(_ id: EventID, in epoch: ProcessEpoch, of timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let events = epoch.positions(of: id).map { epoch.events[$0].event }.filter { !$0.deferred }
        guard let notification = events.first(where: { $0.source == .notification }) else { return verdict }
        guard let callback = events.first(where: { $0.source == .callback }) else {
            verdict.unverifiable.insert("\(id) (the delegate callback) not logged")
            return verdict
        }
        verdict.judged = true
        if notification.line < callback.line {
            verdict.findings.append(finding(
                "\(notification.id) notification logged before its delegate callback (line \(callback.line)): UIKit posts it after the delegate returns",
                at: notification, in: timeline, epoch: epoch, context: [callback]))
        }
        return verdict
    }
}

/// U1, U5, U6: a callback delivered to a scene before its willConnect. What connects a scene
/// arrives in willConnect's connection options instead.
protocol DeliveredBeforeConnectRule: EpochRule {
    /// The callback that must not come before the scene's willConnect.
    static var delivered: EventID { get }
    /// Why, after "before the scene's willConnect (line N): ".
    static var explanation: String { get }
}

extension DeliveredBeforeConnectRule {
    /// Judged in every epoch once the capture shows the callback at all: an app that never
    /// logs it gives the rule nothing to judge.
    package static var judgement: RuleJudgement { .runByRun(runJudge(onlyWhereCaptureShows: delivered)) }

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeOrphanConnections(in: epoch, of: timeline) { epoch, connection, events in
            guard connection.hasWillConnect, let connect = events.first(where: { $0.id == .sceneWillConnect }),
                  let early = events.first(where: { $0.line < connect.line && $0.id == Self.delivered }) else { return nil }
            return finding("\(early.id) before the scene's willConnect (line \(connect.line)): \(Self.explanation)",
                           at: early, in: timeline, epoch: epoch, scene: connection.label, context: [connect])
        }
    }
}

/// Scene callbacks that connection options stand in for before willConnect (U1, U5, U6): they
/// have rules of their own, so C3 leaves them to those.
enum ConnectionOptionsDelivery {
    static let ids: Set<EventID> = [.sceneOpenURLContexts, .sceneRestoreInteractionState, .windowScenePerformActionForShortcutItem]
}

/// A set of connection indices below a fixed count, iterated in order a word at a time.
struct ConnectionBits {
    private var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    mutating func insert(_ index: Int) { words[index / 64] |= 1 << UInt64(index % 64) }
    mutating func remove(_ index: Int) { words[index / 64] &= ~(1 << UInt64(index % 64)) }

    /// The members in ascending order, lazily.
    var members: some Sequence<Int> {
        words.indices.lazy.filter { words[$0] != 0 }.flatMap { wordIndex in
            sequence(state: words[wordIndex]) { (word: inout UInt64) -> Int? in
                guard word != 0 else { return nil }
                let bit = word.trailingZeroBitCount
                word &= word - 1
                return wordIndex * 64 + bit
            }
        }
    }
}
