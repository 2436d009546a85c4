/// L6: nothing follows `applicationWillTerminate` in the same process.
package struct NothingAfterTerminateRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "nothing_after_terminate",
        spec: "L6",
        name: "Nothing after applicationWillTerminate",
        family: .launch,
        severity: .error,
        rationale: """
            applicationWillTerminate(_:) tells the app its process is about to end (Apple, \
            applicationWillTerminate(_:)); no lifecycle callback of that process can follow it. One that does means \
            two processes share the log (a pid reused or missing) or the print does not come from where it claims.
            """,
        exceptions: """
            The termination's own notification (UIApplicationWillTerminateNotification) and a new process (a new \
            pid, or a new launch in a capture without pids) are not findings.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:40:00.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationWillTerminate:]",
                "↓2026-03-14 09:40:00.300000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidDisconnect:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "sceneDidDisconnect(_:)",
                "applicationWillTerminate(_:)",
                "application(_:didFinishLaunchingWithOptions:)",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let events = epoch.driving
        guard let terminate = events.first(where: { $0.id == .appWillTerminate && $0.source == .callback }) else { return verdict }
        verdict.judged = true
        if let after = events.first(where: { $0.line > terminate.line && $0.id != .appWillTerminate && $0.source != .uikit }) {
            verdict.findings.append(finding(
                "\(after.id) after app.willTerminate (line \(terminate.line)) in \(epoch.label): the process was ending",
                at: after, in: timeline, epoch: epoch, context: [terminate]))
        }
        return verdict
    }
}
