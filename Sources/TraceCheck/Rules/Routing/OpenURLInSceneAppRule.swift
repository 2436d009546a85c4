/// R2: a scene-based app gets URLs through its scene delegate, not `application(_:open:options:)`.
package struct OpenURLInSceneAppRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "open_url_in_scene_app",
        spec: "R2",
        name: "No application(_:open:options:) in a scene-based app",
        family: .routing,
        severity: .warning,
        rationale: """
            With scenes, UIKit delivers a URL to scene(_:openURLContexts:), or at cold launch in the connection \
            options of scene(_:willConnectTo:options:); application(_:open:options:) is not called (observed in \
            migrations: "URL handling moved to the SceneDelegate"; the iOS 26 SDK deprecates the launch option keys in \
            favour of UIScene.ConnectionOptions.URLContexts). URL handling left in the app delegate after a migration \
            silently stops working; a log line from it in a scene app means something calls it by hand.
            """,
        exceptions: """
            A scene delegate that forwards openURLContexts to the app delegate logs the two calls side by side; that \
            is the forwarding pattern (forwarded_app_callback) and is not reported.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "↓application(_:open:options:) fieldnotes://note/42",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "scene(_:openURLContexts:) fieldnotes://note/42",
                "application(_:open:options:) fieldnotes://note/42",
            ]),
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "applicationDidBecomeActive(_:)",
                "application(_:open:options:) fieldnotes://note/42",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        verdict.judged = true
        guard epoch.holds(.appOpenURL) else { return verdict }
        for entry in epoch.events where entry.id == .appOpenURL && entry.source == .callback && entry.attachment == .process {
            verdict.findings.append(finding(
                "application(_:open:options:) in a scene-based app: UIKit delivers URLs to scene(_:openURLContexts:) or willConnect's connection options",
                at: entry.event, in: timeline, epoch: epoch))
        }
        return verdict
    }
}
