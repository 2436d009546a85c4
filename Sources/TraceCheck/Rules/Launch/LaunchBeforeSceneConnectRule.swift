/// L3: `didFinishLaunching` precedes the first `configurationForConnecting` and `willConnect`.
package struct LaunchBeforeSceneConnectRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "launch_before_scene_connect",
        spec: "L3",
        name: "Launch finishes before the first scene connects",
        family: .launch,
        severity: .error,
        rationale: """
            "After the app launch completes, UIKit prepares a scene to connect to your app, and then calls \
            scene:willConnectToSession:options:" (Apple, About the app launch sequence, step 6). \
            configurationForConnecting, asked for just before the scene is created, comes after it too.
            """,
        exceptions: """
            A print at the end of didFinishLaunching still comes before willConnect. Not judged when the process \
            does not log didFinishLaunching (for example a capture that starts after launch).
            """,
        triggering: [
            ExampleTrace([
                "↓scene(_:willConnectTo:options:)",
                "application(_:didFinishLaunchingWithOptions:)",
                "sceneWillEnterForeground(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "application(_:configurationForConnecting:options:)",
                "scene(_:willConnectTo:options:)",
            ]),
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let events = epoch.drivingCallbacks
        let connecting = [EventID.appConfigurationForConnecting, .sceneWillConnect].compactMap { id in events.first { $0.id == id } }
        guard !connecting.isEmpty else { return verdict }
        guard let launch = events.first(where: { $0.id == .appDidFinishLaunching }) else {
            verdict.unverifiable.insert("app.didFinishLaunching not logged")
            return verdict
        }
        verdict.judged = true
        for early in connecting where early.line < launch.line {
            verdict.findings.append(finding(
                "\(early.id) before app.didFinishLaunching (line \(launch.line)): scenes connect only after the launch completes",
                at: early, in: timeline, epoch: epoch, context: [launch]))
        }
        return verdict
    }
}
