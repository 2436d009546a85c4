/// K9: a scene session request failed with a UISceneErrorDomain error.
package struct SceneSessionRequestFailedRule: UIKitMessageRule {
    package init() {}

    static let message = EventID.uikitSceneError

    package static let description = RuleDescription(
        id: "scene_session_request_failed",
        spec: "K9",
        name: "Scene session request failed",
        family: .uikit,
        severity: .warning,
        rationale: """
            requestSceneSessionActivation fails with UISceneErrorDomain: code 0 (multipleScenesNotSupported) when the \
            app asks for a second scene without UIApplicationSupportsMultipleScenes, code 1 (requestDenied) when the \
            system refuses. The scene the code expected never connects.
            """,
        exceptions: "None; the code says which case it is.",
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "↓2026-03-14 09:27:12.100050+0100 Fieldnotes[4817:3120544] Scene activation request failed: The operation couldn’t be completed. (UISceneErrorDomain error 0.)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace(["2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]"]),
        ])

    static let meanings = [0: "multipleScenesNotSupported: the app does not declare UIApplicationSupportsMultipleScenes",
                           1: "requestDenied: the system refused the request"]

    static func subject(of event: LifecycleEvent) -> String {
        UIKitText.number(after: "UISceneErrorDomain error ", in: event.text).map(String.init) ?? ""
    }

    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String {
        let meaning = Int(subject).flatMap { meanings[$0] } ?? "see UISceneError.Code"
        return "a scene session request failed with UISceneErrorDomain error \(subject) (\(meaning))"
    }
}
