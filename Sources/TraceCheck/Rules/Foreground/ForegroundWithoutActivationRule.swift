/// F2: `willEnterForeground` is followed, eventually, by `didBecomeActive`.
package struct ForegroundWithoutActivationRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "foreground_without_activation",
        spec: "F2",
        name: "A scene that enters the foreground becomes active",
        family: .foreground,
        severity: .warning,
        rationale: """
            sceneWillEnterForeground(_:) is "invariably followed by a call to the sceneDidBecomeActive(_:) method" \
            (Apple). A scene left foreground-inactive while its process goes on logging never reached the state in \
            which the app resumes its UI work: the typical symptom of activation work moved to the wrong callback.
            """,
        exceptions: """
            A scene may go back to the background, or be disconnected, before it activates (a fast kill right after \
            it was created, the user leaving during launch): willEnterForeground → didEnterBackground is legal. \
            External-display scenes never activate (a delegate class with External in its name is skipped); iPadOS 26 \
            windowing has been reported not to deliver activation. The end of a capture is tolerated: a scene whose \
            willEnterForeground is the capture's last lifecycle line is not judged, and one whose process is still \
            running when the capture stops is reported only if the capture ended cleanly (else inconclusive). Only \
            judged when the app logs didBecomeActive at all.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "↓sceneWillEnterForeground(_:)",
                "applicationDidReceiveMemoryWarning(_:)",
                "applicationSignificantTimeChange(_:)",
                "applicationWillTerminate(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        guard epoch.connections.contains(where: { connection in
            connection.steps.contains { $0.id == .sceneWillEnterForeground }
        }) else { return verdict }
        guard epoch.isObserved(.sceneDidBecomeActive) else {
            verdict.unverifiable.insert("scene.didBecomeActive not logged")
            return verdict
        }
        verdict.judged = true
        let driving = epoch.drivingPositions
        let lastDriving = driving.last ?? 0
        let ended = epoch.endsWithinCapture(timeline)
        for connection in epoch.connections where !connection.isExternalDisplay {
            guard let last = connection.steps.last, last.id == .sceneWillEnterForeground,
                  last.event < lastDriving || ended else { continue }
            let event = epoch.events[last.event].event
            let later = driving.filter { $0 > last.event }.count
            let why = ended ? "the process ended" : "the process logged \(later) more lifecycle event(s)"
            let found = finding("\(event.id) never followed by didBecomeActive (or a return to the background) before \(why)",
                                at: event, in: timeline, epoch: epoch, scene: connection.label)
            // A process still running when the capture stops may yet activate the scene:
            // a violation only if the capture ended cleanly.
            if ended { verdict.findings.append(found) } else { verdict.pending.append(found) }
        }
        return verdict
    }
}
