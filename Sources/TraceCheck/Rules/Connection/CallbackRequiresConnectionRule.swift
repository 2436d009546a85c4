/// F5: a scene callback needs a connected scene.
package struct CallbackRequiresConnectionRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "callback_requires_connection",
        spec: "F5",
        name: "Scene callbacks need a connected scene",
        family: .connection,
        severity: .error,
        rationale: """
            Every scene-delegate callback concerns a connected scene (Apple, Managing your app's life cycle: scenes \
            start unattached and return to it when disconnected). A callback when, since the launch, no scene of that \
            delegate class has connected, or after the only one disconnected, belongs to no scene: a missed \
            willConnect, or a delegate that outlived its scene.
            """,
        exceptions: """
            Not judged when the app does not log willConnect, or when the capture does not show the launch (scenes \
            may have connected before it began).
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneDidDisconnect(_:)",
                "↓sceneWillEnterForeground(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "sceneDidDisconnect(_:)",
                "application(_:didDiscardSceneSessions:)",
            ]),
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneDidDisconnect(_:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeOrphanConnections(in: epoch, of: timeline) { epoch, connection, events in
            guard !connection.hasWillConnect,
                  let orphan = events.first(where: { $0.id != .windowSceneDidUpdateCoordinateSpace }) else { return nil }
            let lastDisconnect = epoch.events.map(\.event).last { $0.id == .sceneDidDisconnect && $0.line < orphan.line }
            let why = lastDisconnect.map { "the last scene disconnected at line \($0.line)" } ?? "no scene has connected since the launch"
            return finding("\(orphan.id) with no connected scene: \(why)", at: orphan, in: timeline, epoch: epoch,
                           scene: connection.label, context: lastDisconnect.map { [$0] } ?? [])
        }
    }
}
