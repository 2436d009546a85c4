/// K6/K7: UIKit warns that the process does not adopt the scene life cycle.
package struct LegacyLifecycleWarningRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitLegacyLifecycleWarning

    package static let description = RuleDescription(
        id: "legacy_lifecycle_warning",
        spec: "K6",
        name: "UIKit warns the app does not adopt UIScene",
        family: .uikit,
        severity: .info,
        rationale: """
            iOS 18.4 logs "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will \
            become an assert in a future version." and iOS 26 "UIScene lifecycle will soon be required. Failure to \
            adopt will result in an assert in the future." Apple: in the next major release after iOS 26, an app \
            built with the latest SDK that does not adopt the scene life cycle will not launch (TN3187).
            """,
        exceptions: """
            Info, as the spec flags it: the app runs today. The launch failure itself is K7 (scene_lifecycle_required), \
            an error.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "↓2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future.",
                "2026-03-14 09:27:12.100090+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
            ]),
        ])

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "UIKit warns that this process does not adopt the UIScene life cycle, which the release after iOS 26 requires"
    }
}
