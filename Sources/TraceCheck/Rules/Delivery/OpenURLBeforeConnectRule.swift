/// U1: `scene(_:openURLContexts:)` only reaches a connected scene.
package struct OpenURLBeforeConnectRule: DeliveredBeforeConnectRule {
    package init() {}

    package static let description = RuleDescription(
        id: "open_url_before_connect",
        spec: "U1",
        name: "openURLContexts only for a connected scene",
        family: .delivery,
        severity: .error,
        rationale: """
            scene(_:openURLContexts:) "is not called when the app launches for the first time … the system calls \
            scene(_:willConnectTo:options:)" with the URL in connectionOptions.urlContexts (observed; VLC: "The \
            respective scene selector is not called when the scene isn't active yet"). An openURLContexts logged before \
            its scene's willConnect is out of order; apps that only handle URLs in openURLContexts lose the URL that \
            launched them.
            """,
        exceptions: """
            None known. A capture that starts after the launch is not judged for scenes connected before it.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "↓scene(_:openURLContexts:) fieldnotes://note/42",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:) urlContexts=[fieldnotes://note/42]",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "scene(_:openURLContexts:) fieldnotes://note/43",
            ]),
        ])

    static let delivered = EventID.sceneOpenURLContexts
    static let explanation = "the URL that connects a scene arrives in willConnect's connection options"
}
