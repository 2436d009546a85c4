/// K3: the scene delegate class named in the manifest could not be loaded.
package struct SceneDelegateClassNotLoadedRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitSceneDelegateClassNotLoaded

    package static let description = RuleDescription(
        id: "scene_delegate_class_not_loaded",
        spec: "K3",
        name: "Scene delegate class could not be loaded",
        family: .uikit,
        severity: .error,
        rationale: """
            UIKit logs "… contained UISceneDelegateClassName key, but could not load class with name \"X\"" (later \
            wording: "failed to load the class named") when UISceneDelegateClassName does not name a class in the \
            binary, usually a module prefix that does not match the target ($(PRODUCT_MODULE_NAME).SceneDelegate). \
            The scene then has no delegate: none of its scene callbacks will run.
            """,
        exceptions: "None: a manifest that names a missing class is always a configuration error.",
        triggering: [
            ExampleTrace([
                "↓2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\".",
                "2020-07-25 11:28:20.367011+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\".",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
                "2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
            ]),
        ])

    static func subject(of event: LifecycleEvent) -> String {
        UIKitText.quoted(after: "class with name ", in: event.text) ?? UIKitText.quoted(after: "class named ", in: event.text) ?? ""
    }

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        "UIKit could not load the scene delegate class \"\(subject)\" named in Info.plist: the scene has no delegate"
    }
}
