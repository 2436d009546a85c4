/// N2: app-level notifications follow the aggregate state of the scenes.
package struct AppNotificationAgainstSceneStateRule: EpochRule {
    package init() {}

    /// How long a scene may take to reach the state the notification announces (N2 in docs/rules.md).
    static let window = 0.050

    package static let description = RuleDescription(
        id: "app_notification_against_scene_state",
        spec: "N2",
        name: "App notifications agree with the scenes' state",
        family: .notifications,
        severity: .warning,
        rationale: """
            UIKit keeps posting UIApplication notifications in a scene-based app ("regardless of whether your app \
            uses scenes", applicationDidBecomeActive(_:)), following the app's aggregate state: the app is active \
            while a scene is. So didEnterBackgroundNotification while a scene is still in the foreground, or \
            didBecomeActiveNotification while no scene is (or is about to be) active, cannot be UIKit's: something \
            posts them by hand, or the observer logs from a stale state.
            """,
        exceptions: """
            How UIKit times these notifications across several scenes is not documented, so only impossible cases \
            are reported, and a scene that reaches the announced state within 50 ms (or, without timestamps, as the \
            very next lifecycle line) agrees. Scenes whose state the capture cannot know (already connected when it \
            began) are left out. Not judged unless the app logs both sceneDidBecomeActive and sceneDidEnterBackground.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "↓NSConcreteNotification 0x11218a7a0 {name = UIApplicationDidEnterBackgroundNotification; object = <UIApplication: 0x10cc50000>}",
                "applicationDidReceiveMemoryWarning(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "NSConcreteNotification 0x11218a7a0 {name = UIApplicationDidBecomeActiveNotification; object = <UIApplication: 0x10cc50000>}",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "NSConcreteNotification 0x11218a7a0 {name = UIApplicationDidEnterBackgroundNotification; object = <UIApplication: 0x10cc50000>}",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        // The two ids' events, in order, from where the epoch keeps each id's.
        let notifications = (epoch.positions(of: .appDidEnterBackground) + epoch.positions(of: .appDidBecomeActive)).sorted()
            .filter { epoch.events[$0].source == .notification }
        guard !notifications.isEmpty else { return verdict }
        guard epoch.isObserved(.sceneDidBecomeActive), epoch.isObserved(.sceneDidEnterBackground) else {
            verdict.unverifiable.insert("scene.didBecomeActive or scene.didEnterBackground not logged")
            return verdict
        }
        verdict.judged = true
        var sweep = SceneStateSweep(epoch)
        for index in notifications {
            let event = epoch.events[index].event
            let states = sweep.states(before: index).filter { $0.state != .unknown }
            if event.id == .appDidEnterBackground {
                let foreground = states.first { state in
                    [.foregroundActive, .foregroundInactive].contains(state.state)
                        && !epoch.connection(state.connection, enters: [.background, .disconnected], after: index, within: Self.window)
                }
                if let foreground {
                    let scene = epoch.connections[foreground.connection]
                    verdict.findings.append(finding(
                        "UIApplicationDidEnterBackgroundNotification while \(scene.label) is \(foreground.state.phrase): the app enters the background only when its last foreground scene does",
                        at: event, in: timeline, epoch: epoch, scene: scene.label,
                        context: scene.steps.last { $0.event < index }.map { [epoch.events[$0.event].event] } ?? []))
                }
            } else if !states.isEmpty, !states.contains(where: { $0.state == .foregroundActive }),
                      !states.contains(where: { epoch.connection($0.connection, enters: [.foregroundActive], after: index, within: Self.window) }) {
                verdict.findings.append(finding(
                    "UIApplicationDidBecomeActiveNotification while no scene is active: the app becomes active only with a scene",
                    at: event, in: timeline, epoch: epoch))
            }
        }
        return verdict
    }
}
