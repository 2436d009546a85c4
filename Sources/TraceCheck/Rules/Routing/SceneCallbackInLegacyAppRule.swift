/// R4: a process that does not adopt the scene life cycle receives no scene-delegate callbacks.
package struct SceneCallbackInLegacyAppRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "scene_callback_in_legacy_app",
        spec: "R4",
        name: "No scene-delegate callbacks in a legacy app",
        family: .routing,
        severity: .error,
        rationale: """
            Without a scene manifest (or on iOS 12 and earlier) UIKit uses the app delegate only (Apple, Managing \
            your app's life cycle). When UIKit itself says "This process does not adopt UIScene lifecycle" (TN3187), \
            or the mode is forced with --mode legacy, a scene-delegate callback means the log mixes two builds or the \
            scene delegate is called by hand.
            """,
        exceptions: """
            UIScene notifications are posted in legacy apps too (they prove nothing), so only delegate callbacks \
            count. Without UIKit's warning or --mode legacy, scene callbacks simply make the process scene-based.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.050000+0100 Fieldnotes[4817:3120544] CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.",
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "↓2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.050000+0100 Fieldnotes[4817:3120544] CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.",
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] NSNotificationName(_rawValue: UISceneWillEnterForegroundNotification)",
                "2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.legacyWarning != nil || epoch.mode == .legacy else { return verdict }
        verdict.judged = true
        guard let first = epoch.events.map(\.event).first(where: { $0.source == .callback && $0.id.isSceneLevel }) else { return verdict }
        let warning = epoch.events.map(\.event).first { $0.line == epoch.legacyWarning }
        let why = warning != nil ? "UIKit says this process does not adopt the scene life cycle (line \(warning?.line ?? 0))" : "the mode is set to legacy"
        verdict.findings.append(finding("\(first.id) in a legacy app: \(why)", at: first, in: timeline, epoch: epoch,
                                        context: warning.map { [$0] } ?? []))
        return verdict
    }
}
