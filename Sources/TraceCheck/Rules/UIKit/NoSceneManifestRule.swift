/// K1: UIKit found no scene manifest while looking for the default configuration.
package struct NoSceneManifestRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitNoSceneConfiguration

    package static let description = RuleDescription(
        id: "no_scene_manifest",
        spec: "K1",
        name: "No UIScene configuration in Info.plist",
        family: .uikit,
        severity: .info,
        rationale: """
            UIKit logs "Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no \
            name)\")" when the app has no UIApplicationSceneManifest or an empty UISceneConfigurations (seen from iOS \
            16.2 on, often several times in one launch). The app then runs the legacy life cycle, which Apple will \
            stop launching in the major release after iOS 26 (TN3187).
            """,
        exceptions: """
            A SwiftUI app without a manifest logs it too and still gets scenes from SwiftUI; on its own the line does \
            not decide the life-cycle mode. A configuration looked up by name is K2 (configuration_name_not_in_plist).
            """,
        triggering: [
            ExampleTrace([
                "↓2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
                "2022-12-19 11:57:15.692431-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] -[AppDelegate application:configurationForConnectingSceneSession:options:]",
            ]),
        ])

    static func reports(_ event: LifecycleEvent) -> Bool { event.text.contains("named \"(no name)\"") }

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "UIKit found no UIScene configuration in Info.plist: the app runs without a scene manifest"
    }
}
