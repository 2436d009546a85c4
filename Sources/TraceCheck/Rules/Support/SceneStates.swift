extension SceneConnection {
    /// An external-display scene, judged from its delegate class name: it never activates
    /// (F2) and may coexist with the application scene (C11).
    var isExternalDisplay: Bool { delegateClass?.lowercased().contains("external") ?? false }
}

extension ProcessEpoch {
    /// The state of each connection that has begun before `events[index]`, by connection index.
    func sceneStates(before index: Int) -> [(connection: Int, state: SceneState)] {
        connections.enumerated().compactMap { offset, connection in
            guard let step = connection.steps.last(where: { $0.event < index }) else { return nil }
            return (offset, step.after)
        }
    }

    /// The states connections entered at events `range`, in order.
    func sceneStatesEntered(in range: Range<Int>) -> [(connection: Int, state: SceneState)] {
        var entered: [(connection: Int, event: Int, state: SceneState)] = []
        for (offset, connection) in connections.enumerated() {
            for step in connection.steps where range.contains(step.event) { entered.append((offset, step.event, step.after)) }
        }
        return entered.sorted { $0.event < $1.event }.map { ($0.connection, $0.state) }
    }

    /// Whether `connection` enters one of `states` right after `events[index]`: within
    /// `window` seconds when both lines have times, else as the next event that drives a timeline.
    func connection(_ connection: Int, enters states: Set<SceneState>, after index: Int, within window: Double) -> Bool {
        guard let step = connections[connection].steps.first(where: { $0.event > index }), states.contains(step.after) else {
            return false
        }
        if let start = events[index].event.time, let end = events[step.event].event.time { return end - start <= window }
        let nextDriving = events.indices.first { $0 > index && drives(events[$0]) }
        return nextDriving == step.event
    }

    /// True when the process is known to have ended inside the capture: a later epoch of
    /// the same process, or willTerminate.
    func endsWithinCapture(_ timeline: CaptureTimeline) -> Bool {
        events.contains { $0.event.id == .appWillTerminate && $0.event.source == .callback }
            || timeline.epochs.contains { $0.ordinal > ordinal && ($0.process == process || process == nil) }
    }
}

extension Rule {
    /// L5, N5: a notification UIKit posts after its delegate message (`id`'s notification) is
    /// logged before that message in the same process.
    func checkNotificationFollowsCallback(_ id: EventID, in timeline: CaptureTimeline) -> RuleOutcome {
        var outcome = RuleOutcome()
        for epoch in timeline.epochs {
            let events = epoch.events.map(\.event).filter { $0.id == id && !$0.deferred }
            guard let notification = events.first(where: { $0.source == .notification }) else { continue }
            guard let callback = events.first(where: { $0.source == .callback }) else {
                outcome.unverifiable.insert("\(id) (the delegate callback) not logged")
                continue
            }
            outcome.checked += 1
            if notification.line < callback.line {
                outcome.findings.append(finding(
                    "\(notification.id) notification logged before its delegate callback (line \(callback.line)): UIKit posts it after the delegate returns",
                    at: notification, in: timeline, epoch: epoch, context: [callback]))
            }
        }
        return outcome
    }

    /// U1, U5, U6: `id` delivered to a scene before its willConnect. What connects a scene
    /// arrives in willConnect's connection options instead.
    func checkDeliveredBeforeConnect(_ id: EventID, explanation: String, in timeline: CaptureTimeline) -> RuleOutcome {
        guard timeline.epochs.contains(where: { epoch in epoch.events.contains { $0.event.id == id } }) else { return RuleOutcome() }
        return checkOrphanConnections(in: timeline) { epoch, connection, events in
            guard connection.hasWillConnect, let connect = events.first(where: { $0.id == .sceneWillConnect }),
                  let early = events.first(where: { $0.line < connect.line && $0.id == id }) else { return nil }
            return finding("\(early.id) before the scene's willConnect (line \(connect.line)): \(explanation)",
                           at: early, in: timeline, epoch: epoch, scene: connection.label, context: [connect])
        }
    }
}

/// Scene callbacks that connection options stand in for before willConnect (U1, U5, U6): they
/// have rules of their own, so C3 leaves them to those.
enum ConnectionOptionsDelivery {
    static let ids: Set<EventID> = [.sceneOpenURLContexts, "scene.restoreInteractionState", "windowScene.performActionForShortcutItem"]
}
