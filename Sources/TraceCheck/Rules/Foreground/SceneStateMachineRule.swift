/// F4: callbacks follow the state machine of docs/lifecycle.md ("A scene's states").
package struct SceneStateMachineRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "scene_state_machine",
        spec: "F4",
        name: "Callbacks follow the scene state machine",
        family: .foreground,
        severity: .warning,
        rationale: """
            A scene moves unattached → foreground-inactive ⇄ foreground-active, and foreground-inactive ⇄ background \
            (Apple, Managing your app's life cycle; UIScene.ActivationState). So no didBecomeActive while already \
            active, no willResignActive unless active, no didEnterBackground while in the background, no \
            willEnterForeground while in the foreground. A repeated callback usually means a second observer, a \
            missing callback, or the delegate of another scene logging under the same name.
            """,
        exceptions: """
            The same callback logged twice within 10 ms is one callback logged twice (seen with the app delegate on \
            iOS 11/12). A transition is only judged when the app logs the callbacks that would have made it legal.
            """,
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "↓sceneDidBecomeActive(_:)",
            ]),
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
                "2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                "2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
                "2026-03-14 09:31:40.020000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]",
                "↓2026-03-14 09:31:42.500000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
                "2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                "2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:27:12.262000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
            ]),
            ExampleTrace([
                "sceneDidEnterBackground(_:)",
                "sceneDidEnterBackground(_:)",
            ]),
        ],
        decided: .asSeen)

    static let table = [
        IllegalTransition(member: .didBecomeActive, from: [.foregroundActive], requiresAnyOf: [.willResignActive],
                          explanation: "it is already active"),
        IllegalTransition(member: .willResignActive, from: [.foregroundInactive, .background, .connecting],
                          requiresAnyOf: [.didBecomeActive], explanation: "only an active scene can resign"),
        IllegalTransition(member: .didEnterBackground, from: [.background], requiresAnyOf: [.willEnterForeground, .didBecomeActive],
                          explanation: "it is already in the background"),
        IllegalTransition(member: .willEnterForeground, from: [.foregroundInactive, .foregroundActive],
                          requiresAnyOf: [.didEnterBackground], explanation: "it is already in the foreground"),
    ]

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeTransitions(Self.table, in: epoch, of: timeline)
    }
}
