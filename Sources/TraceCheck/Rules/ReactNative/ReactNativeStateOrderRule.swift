/// React Native's `AppState` on iOS reports `inactive` before `background` (docs/lifecycle.md,
/// "React Native").
package struct ReactNativeStateOrderRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "react_native_state_order",
        spec: "—",
        name: "React Native's AppState passes inactive on its way to the background",
        family: .reactNative,
        severity: .warning,
        rationale: """
            On iOS, React Native's AppState follows UIApplication's notifications: willResignActive reports \
            inactive and didEnterBackground reports background, and UIKit never enters the background without \
            resigning active first. So an app leaving the foreground reports active → inactive → background. A log \
            that goes from active straight to background missed the inactive change: a listener was removed or \
            added late, or the state was polled rather than listened to, and work hung on inactive (hiding \
            sensitive content before the app switcher's snapshot) did not run.
            """,
        exceptions: """
            The way back is background → active with no inactive: AppState reports willEnterForeground as \
            background still, and the next change is didBecomeActive. Any state may come first (the capture may \
            start mid-session); unknown (before the bridge has the state) and extension are not states of the app \
            and are not read. The same state again is a poll or a second listener, not a change.
            """,
        triggering: [
            ExampleTrace([
                "AppState changed to active",
                "↓AppState changed to background",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "AppState changed to active",
                "AppState changed to inactive",
                "AppState changed to background",
                "AppState changed to active",
                "AppState changed to inactive",
                "AppState changed to active",
            ]),
        ],
        decided: .asSeenAnyMode)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        // Off where the process logs no such state.
        guard epoch.holds(where: { $0.builtInFamily == .reactnative }) else { return verdict }
        verdict.judged = true
        for (previous, state) in epoch.stateChanges(of: .reactnative)
        where previous.id == .reactNativeActive && state.id == .reactNativeBackground {
            verdict.findings.append(finding(
                "AppState background right after active (line \(previous.line)) with no inactive between: on iOS the app resigns active before it enters the background",
                at: state, in: timeline, epoch: epoch, context: [previous]))
        }
        return verdict
    }
}
