/// K4: a storyboard-based scene without a scene delegate.
package struct NoSceneDelegateRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitNoSceneDelegate

    package static let description = RuleDescription(
        id: "no_scene_delegate",
        spec: "K4",
        name: "No scene delegate set",
        family: .uikit,
        severity: .error,
        rationale: """
            "There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file." \
            UIKit cannot give the storyboard's window to a scene without a delegate: the scene shows nothing.
            """,
        exceptions: "None.",
        triggering: [
            ExampleTrace([
                "↓2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file.",
            ]),
        ],
        nonTriggering: [
            ExampleTrace(["2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]"]),
        ])

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "UIKit has no scene delegate for a storyboard-based scene: set UISceneDelegateClassName in the scene configuration"
    }
}
