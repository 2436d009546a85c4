/// A transition of docs/lifecycle.md ("A scene's states") that must not happen: `member` while the scene is in one of
/// `from`. It can only be judged when the app logs at least one of `requiresAnyOf`: the
/// callbacks that would have moved the scene out of `from` legitimately.
struct IllegalTransition {
    let member: ForegroundCallback
    /// A few states, compared one by one: a set hashed the state's name (its raw value) for
    /// every step of every scene.
    let from: [SceneState]
    let requiresAnyOf: [ForegroundCallback]
    let explanation: String
}

extension SceneState {
    /// One bit of eight, for sets of states tested without hashing (`judgeTransitions`).
    var bit: UInt8 {
        switch self {
        case .unattached: 1
        case .unknown: 2
        case .connecting: 4
        case .foregroundInactive: 8
        case .foregroundActive: 16
        case .background: 32
        case .disconnected: 64
        }
    }

    var phrase: String {
        switch self {
        case .unattached: "not connected"
        case .unknown: "in an unknown state"
        case .connecting: "still connecting (no foreground or background callback yet)"
        case .foregroundInactive: "foreground-inactive"
        case .foregroundActive: "foreground-active"
        case .background: "in the background"
        case .disconnected: "disconnected"
        }
    }
}

extension ProcessEpoch {
    /// The changes of a state a framework logs (SwiftUI's scenePhase, Flutter's
    /// AppLifecycleState): each event of `family` paired with the one before it, the same
    /// state logged again (several listeners printing one change) left out.
    func stateChanges(of family: EventFamily) -> [(from: LifecycleEvent, to: LifecycleEvent)] {
        var changes: [(from: LifecycleEvent, to: LifecycleEvent)] = []
        var previous: LifecycleEvent?
        for entry in events where entry.id.builtInFamily == family && entry.id != previous?.id {
            if let previous { changes.append((previous, entry.event)) }
            previous = entry.event
        }
        return changes
    }
}

extension Rule {
    /// Walks every scene timeline (and a legacy app's timeline, and UIKit's account) of an
    /// epoch and reports the transitions of `table`, marking as unverifiable what the app's
    /// logging cannot show. UIKit's account shows every transition, so it is always judged.
    func judgeTransitions(_ table: [IllegalTransition], in epoch: ProcessEpoch, of timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let timelines = epoch.allTimelines.map(\.connection) + (epoch.uikitTimeline.map { [$0] } ?? [])
        guard !timelines.isEmpty else { return verdict }
        // Each entry's callback and `from` states as plain numbers (a table holds one to four
        // entries): each step of each timeline reads these, and an entry or the event only
        // where one applies (each entry's list of states was retained and released at every step).
        let slots = table.map(\.member.slot), fromBits = table.map { $0.from.reduce(0) { $0 | $1.bit } }
        for connection in timelines {
            let sceneLevel = connection.origin != .implicitApp
            let uikit = connection.origin == .uikit
            let level = uikit ? "application (in UIKit's account)" : sceneLevel ? "scene" : "app"
            for (position, step) in connection.steps.enumerated() {
                guard let callback = uikit ? UIKitAccount.callback(for: step.id) : ForegroundCallback(step.id) else { continue }
                // Read in place: a rule is copied (its strings and lists retained) only where it applies.
                for index in table.indices where slots[index] == callback.slot && fromBits[index] & step.before.bit != 0 {
                    let event = epoch.events[step.event].event
                    let rule = table[index]
                    let required = rule.requiresAnyOf.map { $0.id(atSceneLevel: sceneLevel) }
                    guard uikit || required.contains(where: epoch.isObserved) else {
                        verdict.unverifiable.insert("\(required.map(\.rawValue).joined(separator: " or ")) not logged")
                        continue
                    }
                    let previous = position > 0 ? epoch.events[connection.steps[position - 1].event].event : nil
                    var message = "\(event.id) while the \(level) was \(step.before.phrase)"
                    if let previous { message += " (last: \(previous.id) at line \(previous.line))" }
                    message += ": \(rule.explanation)"
                    verdict.findings.append(finding(message, at: event, in: timeline, epoch: epoch,
                                                    scene: connection.label, context: previous.map { [$0] } ?? []))
                }
            }
            verdict.judged = verdict.judged || uikit || table.contains { rule in
                rule.requiresAnyOf.contains { epoch.isObserved($0.id(atSceneLevel: sceneLevel)) }
            }
        }
        let ambiguous = epoch.ambiguousEvents
        if ambiguous > 0 {
            verdict.unverifiable.insert("\(ambiguous) scene event(s) name no scene and several scenes were connected")
        }
        return verdict
    }

    /// C3 and F5 judge the scenes whose callbacks came, after the launch, with no connected
    /// scene to take them; only where the app logs willConnect at all.
    func judgeOrphanConnections(in epoch: ProcessEpoch, of timeline: CaptureTimeline,
                                _ judge: (ProcessEpoch, SceneConnection, [LifecycleEvent]) -> Finding?) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        guard epoch.isObserved(.sceneWillConnect) else {
            if !epoch.connections.isEmpty { verdict.unverifiable.insert("scene.willConnect not logged") }
            return verdict
        }
        verdict.judged = true
        for connection in epoch.connections where connection.origin == .orphan {
            let events = connection.steps.map { epoch.events[$0.event].event }
            if let found = judge(epoch, connection, events) { verdict.findings.append(found) }
        }
        return verdict
    }
}
