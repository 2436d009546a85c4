/// U5: `scene(_:restoreInteractionStateWith:)` comes after the scene's `willConnect`.
package struct RestoreInteractionBeforeConnectRule: DeliveredBeforeConnectRule {
    package init() {}

    package static let description = RuleDescription(
        id: "restore_interaction_before_connect",
        spec: "U5",
        name: "restoreInteractionState after willConnect",
        family: .delivery,
        severity: .warning,
        rationale: """
            scene(_:restoreInteractionStateWith:) restores the state of a scene's interface; the scene and its \
            windows exist only once willConnect has run (scenes start unattached, Managing your app's life cycle). \
            Apple's page has no discussion, so the order is inferred (spec [Inf]), hence a warning.
            """,
        exceptions: """
            None known. Scenes connected before the capture began are not judged.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "↓scene(_:restoreInteractionStateWith:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "scene(_:restoreInteractionStateWith:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ])

    static let delivered = EventID.sceneRestoreInteractionState
    static let explanation = "there is no interface to restore before the scene connects"
}
