/// F1: `willEnterForeground` precedes `didBecomeActive` on every entry into the foreground.
package struct ForegroundBeforeActiveRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "foreground_before_active",
        spec: "F1",
        name: "willEnterForeground before didBecomeActive",
        family: .foreground,
        severity: .error,
        rationale: """
            UIKit calls sceneWillEnterForeground(_:) before moving a scene to the foreground, "both for newly \
            created and connected scenes", and only then sceneDidBecomeActive(_:) (Apple, sceneWillEnterForeground(_:); \
            Preparing your UI to run in the foreground). A didBecomeActive that arrives while the scene is connecting \
            or in the background skipped the foreground transition. A legacy app follows the same order on its app delegate.
            """,
        exceptions: """
            After a temporary interruption (system alert, Control Center, app-switcher peek) the scene goes \
            foreground-inactive → foreground-active with didBecomeActive alone: that is legal. Not judged when the \
            app does not log willEnterForeground at all.
            """,
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "↓sceneDidBecomeActive(_:)",
            ]),
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
                "↓2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:31:40.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]",
                "2026-03-14 09:35:02.700000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneDidBecomeActive(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ],
        decided: .asSeen)

    static let table = [
        IllegalTransition(member: .didBecomeActive, from: [.background, .connecting], requiresAnyOf: [.willEnterForeground],
                          explanation: "willEnterForeground must come first when entering the foreground"),
    ]

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeTransitions(Self.table, in: epoch, of: timeline)
    }
}
