/// K8: a CarPlay scene delegate without the template connect methods.
package struct CarPlayLifecycleMissingRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitCarPlayLifecycleMissing

    package static let description = RuleDescription(
        id: "carplay_lifecycle_missing",
        spec: "K8",
        name: "CarPlay scene delegate lacks its life-cycle methods",
        family: .uikit,
        severity: .error,
        rationale: """
            "Application does not implement CarPlay template application lifecycle methods in its scene delegate." is \
            an uncaught NSGenericException: the CarPlay scene's delegate must implement \
            templateApplicationScene(_:didConnect:) (CPTemplateApplicationSceneDelegate). The app is terminated.
            """,
        exceptions: "None.",
        triggering: [
            ExampleTrace([
                "↓2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Application does not implement CarPlay template application lifecycle methods in its scene delegate.'",
            ]),
        ],
        nonTriggering: [
            ExampleTrace(["2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[CarPlaySceneDelegate templateApplicationScene:didConnectInterfaceController:]"]),
        ])

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "the CarPlay scene delegate does not implement templateApplicationScene(_:didConnect:): UIKit terminates the app"
    }
}
