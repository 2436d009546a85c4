/// K5: a legacy app with a main storyboard whose app delegate has no window property.
package struct AppDelegateWindowMissingRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitAppDelegateWindowMissing

    package static let description = RuleDescription(
        id: "app_delegate_window_missing",
        spec: "K5",
        name: "App delegate has no window property",
        family: .uikit,
        severity: .error,
        rationale: """
            "The app delegate must implement the window property if it wants to use a main storyboard file." Without \
            a scene manifest the storyboard's window goes to the app delegate; without the property there is nowhere \
            to put it. Often seen after removing the scene manifest but not restoring var window.
            """,
        exceptions: "None.",
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "↓2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] The app delegate must implement the window property if it wants to use a main storyboard file.",
            ]),
        ],
        nonTriggering: [
            ExampleTrace(["2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]"]),
        ])

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "the app delegate has no window property but the app uses a main storyboard"
    }
}
