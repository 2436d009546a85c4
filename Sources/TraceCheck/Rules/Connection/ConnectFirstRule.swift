/// C3: `willConnect` is the first callback of a scene instance.
package struct ConnectFirstRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "connect_first",
        spec: "C3",
        name: "willConnect is a scene's first callback",
        family: .connection,
        severity: .error,
        rationale: """
            scene(_:willConnectTo:options:) is "called when your app creates or restores an instance of your user \
            interface" (Apple); scenes start unattached (Managing your app's life cycle). A scene callback that \
            comes after the launch but before its scene's willConnect is out of order.
            """,
        exceptions: """
            windowScene(_:didUpdate:interfaceOrientation:traitCollection:) has been seen while the scene is still \
            unattached and is exempt. A capture that starts after the launch may begin mid-session: scenes that were \
            connected before it are not judged. A URL, a restored interaction state or a shortcut delivered before \
            willConnect is reported by its own rule (open_url_before_connect, restore_interaction_before_connect, \
            shortcut_before_connect), not here.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "↓sceneWillEnterForeground(_:)",
                "scene(_:willConnectTo:options:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "application(_:configurationForConnecting:options:)",
                "windowScene(_:didUpdate:interfaceOrientation:traitCollection:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
            ]),
            ExampleTrace([
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "scene(_:willConnectTo:options:)",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeOrphanConnections(in: epoch, of: timeline) { epoch, connection, events in
            guard connection.hasWillConnect, let connect = events.first(where: { $0.id == .sceneWillConnect }),
                  let early = events.first(where: {
                      $0.line < connect.line && $0.id != .windowSceneDidUpdateCoordinateSpace && !ConnectionOptionsDelivery.ids.contains($0.id)
                  })
            else { return nil }
            return finding("\(early.id) before the scene's willConnect (line \(connect.line)): willConnect must be its first callback",
                           at: early, in: timeline, epoch: epoch, scene: connection.label, context: [connect])
        }
    }
}
