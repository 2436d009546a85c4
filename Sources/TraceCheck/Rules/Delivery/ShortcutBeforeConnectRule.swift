/// U6: a quick action that connects a scene arrives in the connection options.
package struct ShortcutBeforeConnectRule: DeliveredBeforeConnectRule {
    package init() {}

    package static let description = RuleDescription(
        id: "shortcut_before_connect",
        spec: "U6",
        name: "performActionFor shortcut only for a connected scene",
        family: .delivery,
        severity: .warning,
        rationale: """
            A Home-screen quick action that launches the app or connects a scene arrives in \
            connectionOptions.shortcutItem of scene(_:willConnectTo:options:) (observed in Titanium's scene \
            migration); windowScene(_:performActionFor:completionHandler:) is for scenes already connected, as \
            application(_:performActionFor:completionHandler:) is not called when didFinishLaunching handled the item. \
            Logged before willConnect, it is out of order, and an app that handles shortcuts only there misses the \
            one that launched it.
            """,
        exceptions: """
            Scenes connected before the capture began are not judged. The order is inferred by analogy with URLs \
            (spec [Inf]), hence a warning.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "↓windowScene(_:performActionFor:completionHandler:) com.fieldnotes.new-note",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:) shortcutItem=com.fieldnotes.new-note",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "windowScene(_:performActionFor:completionHandler:) com.fieldnotes.search",
            ]),
        ])

    static let delivered = EventID.windowScenePerformActionForShortcutItem
    static let explanation = "the quick action that connects a scene arrives in willConnect's connection options"
}
