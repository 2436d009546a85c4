/// K7: the app failed to launch because it does not adopt the scene life cycle.
package struct SceneLifecycleRequiredRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitSceneLifecycleRequired

    package static let description = RuleDescription(
        id: "scene_lifecycle_required",
        spec: "K7",
        name: "UIScene life cycle is required",
        family: .uikit,
        severity: .error,
        rationale: """
            From the major release after iOS 26, UIKit asserts at launch when an app built with the latest SDK does not \
            adopt the scene life cycle: "UIScene lifecycle is required" (TN3187). The app does not start.
            """,
        exceptions: "The earlier warnings (\"will soon be required\") are K6 (legacy_lifecycle_warning).",
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:willFinishLaunchingWithOptions:]",
                "↓2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] *** Assertion failure: UIScene lifecycle is required when building with the latest SDK.",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future.",
            ]),
        ])

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "the app does not adopt the UIScene life cycle, which this iOS requires: it cannot launch"
    }
}
