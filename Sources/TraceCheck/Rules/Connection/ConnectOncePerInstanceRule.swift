/// C4: a scene instance connects once and receives nothing after its disconnect.
package struct ConnectOncePerInstanceRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "connect_once_per_instance",
        spec: "C4",
        name: "One willConnect per scene instance, nothing after didDisconnect",
        family: .connection,
        severity: .error,
        rationale: """
            "The removal of a scene is a precursor to the destruction of that scene" (Apple, sceneDidDisconnect(_:)); \
            a reconnection creates new scene and delegate instances (captures show new addresses after \
            a reconnect). The same scene pointer connecting twice, or called after its disconnect, is a reused or \
            leaked instance.
            """,
        exceptions: """
            Pointer values can be reused after deallocation: a willConnect with the address of a disconnected scene \
            starts a new instance. Judged only where lines carry a scene or delegate pointer.
            """,
        triggering: [
            ExampleTrace([
                "<Atlas.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> sceneDidEnterBackground(_:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> sceneDidDisconnect(_:)",
                "↓<Atlas.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
            ]),
            ExampleTrace([
                "<Atlas.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
                "↓<Atlas.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "<Atlas.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> sceneDidDisconnect(_:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Atlas.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        verdict.judged = true
        let events = epoch.events
        for connection in epoch.connections {
            var connected: LifecycleEvent?
            var disconnected: LifecycleEvent?
            // By the steps' ids: an event is taken out only where it is kept or shown (taken
            // out at every step, each was retained and released).
            for step in connection.steps {
                if step.before == .disconnected, let disconnected {
                    let event = events[step.event].event
                    verdict.findings.append(finding(
                        "\(event.id) for a scene instance after its didDisconnect (line \(disconnected.line))",
                        at: event, in: timeline, epoch: epoch, scene: connection.label, context: [disconnected]))
                    break
                }
                if step.id == .sceneWillConnect {
                    let event = events[step.event].event
                    if let connected {
                        verdict.findings.append(finding(
                            "scene.willConnect again for the same scene instance (first at line \(connected.line)): a reconnection creates a new instance",
                            at: event, in: timeline, epoch: epoch, scene: connection.label, context: [connected]))
                    }
                    connected = connected ?? event
                }
                if step.id == .sceneDidDisconnect { disconnected = events[step.event].event }
            }
        }
        return verdict
    }
}
