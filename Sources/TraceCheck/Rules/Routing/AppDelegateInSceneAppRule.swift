/// R1: in a scene-based app UIKit does not call the app delegate's foreground/background callbacks.
package struct AppDelegateInSceneAppRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "app_delegate_in_scene_app",
        spec: "R1",
        name: "No app-delegate foreground/background callbacks in a scene-based app",
        family: .routing,
        severity: .warning,
        rationale: """
            "If you're using scenes … UIKit will not call this method" (Apple, applicationDidBecomeActive(_:), \
            applicationDidEnterBackground(_:)): with a scene manifest, UIKit delivers the UI life cycle to the scene \
            delegate only. An app-delegate callback in a scene-based process that is not forwarded by the scene \
            delegate is dead code waiting to be relied on — a common migration bug.
            """,
        exceptions: """
            A scene delegate that forwards to the app delegate (calling \
            UIApplication.shared.delegate?.applicationDidBecomeActive?(…)) logs the app callback right next to the \
            scene callback; that is recognised and not reported (forwarded_app_callback). A notification observer \
            method named like the callback (applicationDidBecomeActive(_:) on UIApplication.didBecomeActiveNotification) \
            looks the same in a log, hence a warning, not an error.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
                "2026-03-14 09:27:12.220000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                "2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:27:13.900000+0100 Fieldnotes[4817:3120544] Loaded 42 notes",
                "↓2026-03-14 09:27:14.010000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.260000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:27:12.261000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
                "2026-03-14 09:31:40.010000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
                "2026-03-14 09:31:40.011000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationWillResignActive:]",
            ]),
            ExampleTrace([
                "applicationDidFinishLaunching(_:)",
                "applicationDidBecomeActive(_:)",
                "applicationWillResignActive(_:)",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        verdict.judged = true
        // The app delegate's foreground callbacks, looked up (a walk of every event cost a
        // retain and a release of each), in line order.
        for index in TimelineBuilder.appForegroundCallbacks.flatMap({ epoch.positions(of: $0) }).sorted() {
            let entry = epoch.events[index]
            let event = entry.event
            guard event.source == .callback, entry.attachment == .process,
                  let counterpart = TimelineBuilder.forwardingPairs[event.id], epoch.isObserved(counterpart) else { continue }
            let nearest = epoch.events[..<index].last { $0.id == counterpart }?.event
            verdict.findings.append(finding(
                "\(event.id) in a scene-based app, not next to a \(counterpart) it could be forwarded from: UIKit does not call it when the app uses scenes",
                at: event, in: timeline, epoch: epoch, context: nearest.map { [$0] } ?? []))
        }
        return verdict
    }
}
