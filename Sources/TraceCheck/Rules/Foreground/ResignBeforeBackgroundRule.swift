/// F3: leaving foreground-active, `willResignActive` precedes `didEnterBackground`.
package struct ResignBeforeBackgroundRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "resign_before_background",
        spec: "F3",
        name: "willResignActive before didEnterBackground",
        family: .foreground,
        severity: .error,
        rationale: """
            "When the user exits the foreground app, the system deactivates that app immediately before moving it \
            to the background" (Apple, Preparing your UI to run in the background; sceneWillResignActive(_:)). A \
            didEnterBackground while the scene is still foreground-active skipped the deactivation.
            """,
        exceptions: """
            A scene that is foreground-inactive but never became active goes to the background with no new \
            willResignActive (seen when a freshly created scene is killed fast: willEnterForeground → \
            didEnterBackground). Not judged when the app does not log willResignActive at all.
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
                "↓sceneDidEnterBackground(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
            ]),
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneDidEnterBackground(_:)",
            ]),
        ],
        decided: .asSeen)

    static let table = [
        IllegalTransition(member: .didEnterBackground, from: [.foregroundActive], requiresAnyOf: [.willResignActive],
                          explanation: "willResignActive must come first when leaving the foreground"),
    ]

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeTransitions(Self.table, in: epoch, of: timeline)
    }
}
