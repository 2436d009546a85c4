/// C8: sessions discarded while the app was not running are reported at the next launch.
package struct LaunchTimeDiscardRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "launch_time_discard",
        spec: "C8",
        name: "Sessions discarded while the app was not running",
        family: .connection,
        severity: .info,
        rationale: """
            "If your app isn't running, UIKit calls this method the next time your app launches" \
            (application(_:didDiscardSceneSessions:)); the template says "shortly after \
            application:didFinishLaunchingWithOptions". A didDiscardSceneSessions before any scene of the process \
            connects therefore has no didDisconnect in this capture, by design. This note marks such discards, and \
            one that comes before didFinishLaunching, which the template order does not expect.
            """,
        exceptions: """
            Legal in every case; the rule only annotates and is opt-in (`opt_in_rules: [launch_time_discard]`). \
            Apple sets no time bound, so none is checked.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "↓application(_:didDiscardSceneSessions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidEnterBackground(_:)",
                "sceneDidDisconnect(_:)",
                "application(_:didDiscardSceneSessions:)",
            ]),
        ],
        optIn: true)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let events = epoch.drivingCallbacks
        guard let discard = events.first(where: { $0.id == .appDidDiscardSceneSessions }) else { return verdict }
        verdict.judged = true
        guard !events.contains(where: { $0.id == .sceneWillConnect && $0.line < discard.line }) else { return verdict }
        let launch = events.first { $0.id == .appDidFinishLaunching }
        let order = launch.map { $0.line < discard.line ? "after didFinishLaunching (line \($0.line))" : "before didFinishLaunching (line \($0.line)), earlier than the template order" }
        verdict.findings.append(finding(
            "sessions discarded while the app was not running, reported at launch \(order ?? "")"
                .trimmingCharacters(in: .whitespaces) + ": no didDisconnect is expected for them in this process",
            at: discard, in: timeline, epoch: epoch, context: launch.map { [$0] } ?? []))
        return verdict
    }
}
