/// Flutter's `AppLifecycleState` moves one step at a time along resumed ⇄ inactive ⇄ hidden ⇄
/// paused (docs/lifecycle.md, "Flutter").
package struct FlutterStateOrderRule: EpochRule {
    package init() {}

    /// Each state's place on the ladder; `detached` stands apart (before the first and after
    /// the last state of an engine).
    static let rung: [EventID: Int] = [.flutterResumed: 0, .flutterInactive: 1, .flutterHidden: 2, .flutterPaused: 3]

    package static let description = RuleDescription(
        id: "flutter_state_order",
        spec: "—",
        name: "Flutter's AppLifecycleState changes one step at a time",
        family: .flutter,
        severity: .warning,
        rationale: """
            Flutter's AppLifecycleListener documents the states as a ladder, resumed ⇄ inactive ⇄ hidden ⇄ paused, \
            with detached before the first and after the last: an app on its way to the background passes inactive \
            (and, since Flutter 3.13, hidden) before paused, and on its way back the same rungs upwards. A log that \
            jumps from resumed to paused, or from paused to resumed, missed a change: work hung on the skipped \
            state (pausing a player, saving a draft) did not run.
            """,
        exceptions: """
            Flutter before 3.13 has no hidden state: inactive ⇄ paused directly is legal. The first state may be any \
            (the capture may start mid-session); detached may follow or precede any state. The same state twice is \
            several listeners printing one change.
            """,
        triggering: [
            ExampleTrace([
                "flutter: AppLifecycleState.resumed",
                "↓flutter: AppLifecycleState.paused",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "flutter: AppLifecycleState.inactive",
                "flutter: AppLifecycleState.paused",
                "flutter: AppLifecycleState.inactive",
                "flutter: AppLifecycleState.resumed",
                "flutter: AppLifecycleState.inactive",
                "flutter: AppLifecycleState.hidden",
                "flutter: AppLifecycleState.paused",
                "flutter: AppLifecycleState.detached",
            ]),
        ],
        decided: .asSeenAnyMode)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        // Off where the process logs no such state.
        guard epoch.holds(where: { $0.builtInFamily == .flutter }) else { return verdict }
        verdict.judged = true
        for (previous, state) in epoch.stateChanges(of: .flutter) {
            guard let from = Self.rung[previous.id], let to = Self.rung[state.id] else { continue }
            // Two rungs apart is legal only across the hidden state that older Flutter does not report.
            let skipsOnlyHidden = Set([from, to]) == [1, 3]
            guard abs(from - to) > 1, !skipsOnlyHidden else { continue }
            verdict.findings.append(finding(
                "AppLifecycleState.\(state.id.member) right after \(previous.id.member) (line \(previous.line)): Flutter's state changes one step at a time (resumed, inactive, hidden, paused)",
                at: state, in: timeline, epoch: epoch, context: [previous]))
        }
        return verdict
    }
}
