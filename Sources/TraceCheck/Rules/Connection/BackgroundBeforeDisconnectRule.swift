/// C5: `didDisconnect` normally follows `didEnterBackground`.
package struct BackgroundBeforeDisconnectRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "background_before_disconnect",
        spec: "C5",
        name: "didEnterBackground before didDisconnect",
        family: .connection,
        severity: .warning,
        rationale: """
            "UIKit can disconnect a background or suspended scene at any time" (Apple, Managing your app's life \
            cycle); the template says disconnection "occurs shortly after the scene enters the background, or when \
            its session is discarded". A scene disconnected while still in the foreground skipped its background \
            transition, so work saved in sceneDidEnterBackground never ran.
            """,
        exceptions: """
            Killing a scene from the app switcher while it is foreground-inactive gives willResignActive → \
            didDisconnect with no didEnterBackground (forum thread 732170; Neuburg's answer on swipe-kill). That is \
            accepted when the disconnect is followed by didDiscardSceneSessions, applicationWillTerminate, or the end \
            of the process. Not judged when the app does not log didEnterBackground (or, from active, willResignActive).
            """,
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneWillEnterForeground(_:)",
                "↓sceneDidDisconnect(_:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidDisconnect(_:)",
                "application(_:didDiscardSceneSessions:)",
            ]),
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneDidDisconnect(_:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        var judged = false
        for connection in epoch.connections {
            for (position, step) in connection.steps.enumerated() {
                let event = epoch.events[step.event].event
                guard event.id == .sceneDidDisconnect else { continue }
                let required: EventID
                switch step.before {
                case .foregroundActive: required = .sceneWillResignActive
                case .foregroundInactive: required = .sceneDidEnterBackground
                default: continue
                }
                guard epoch.isObserved(required), epoch.isObserved(.sceneDidEnterBackground) else {
                    verdict.unverifiable.insert("\(required) not logged")
                    continue
                }
                judged = true
                if step.before == .foregroundInactive, endsTheSession(after: step.event, in: epoch) { continue }
                let previous = position > 0 ? epoch.events[connection.steps[position - 1].event].event : nil
                let kill = step.before == .foregroundInactive
                    ? " and no didDiscardSceneSessions or willTerminate follows, so it is not an app-switcher kill" : ""
                let found = finding("scene.didDisconnect while the scene was \(step.before.phrase), without didEnterBackground\(kill)",
                                    at: event, in: timeline, epoch: epoch, scene: connection.label, context: previous.map { [$0] } ?? [])
                // From the foreground-active state no exception applies: nothing after the
                // disconnect changes it. From inactive, a discard or terminate later may.
                if kill.isEmpty { verdict.appendDecidedAsSeen(found) } else { verdict.findings.append(found) }
            }
        }
        if judged { verdict.judged = true }
        return verdict
    }

    /// The switcher-kill exception: the disconnect is followed by a discard, a terminate, or
    /// nothing else from this process.
    private func endsTheSession(after index: Int, in epoch: ProcessEpoch) -> Bool {
        let later = epoch.drivingEvents.filter { $0.index > index }.map(\.event)
        return later.isEmpty || later.contains { $0.id == .appDidDiscardSceneSessions || $0.id == .appWillTerminate }
    }
}
