/// K2: a configuration asked for by name has no entry in the scene manifest.
package struct ConfigurationNameNotInPlistRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitNoSceneConfiguration

    package static let description = RuleDescription(
        id: "configuration_name_not_in_plist",
        spec: "K2",
        name: "Scene configuration name not in Info.plist",
        family: .uikit,
        severity: .warning,
        rationale: """
            application(_:configurationForConnecting:options:) returned UISceneConfiguration(name: "X", sessionRole:) \
            but UISceneConfigurations has no entry named X, so UIKit logs "Info.plist contained no UIScene \
            configuration dictionary (looking for configuration named \"X\")" and the scene gets no delegate class or \
            storyboard from the manifest.
            """,
        exceptions: "The \"(no name)\" lookup is K1 (no_scene_manifest).",
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:configurationForConnectingSceneSession:options:]",
                "↓2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"SceneDelegate\")",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:configurationForConnectingSceneSession:options:]",
                "2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
            ]),
        ])

    static func reports(_ event: LifecycleEvent) -> Bool { !NoSceneManifestRule.reports(event) }

    static func subject(of event: LifecycleEvent) -> String {
        UIKitText.quoted(after: "named ", in: event.text) ?? ""
    }

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "no scene configuration named \"\(subject)\" in Info.plist's UISceneConfigurations"
    }
}
