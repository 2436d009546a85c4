/// The app's callback line says the application is going where UIKit's account says it is
/// not (docs/uikit-account.md, "Cross-checking the handlers").
package struct CallbackAgainstUIKitStateRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "callback_against_uikit_state",
        spec: "—",
        name: "A callback line contradicts UIKit's state",
        family: .uikitAccount,
        severity: .warning,
        rationale: """
            UIKit's deactivation reasons say at every moment whether the application is active (no reason) and \
            whether it is in the background (reason 11). A didBecomeActive line while UIKit's mask is non-zero and \
            stays so, a willResignActive line while it is zero and stays so, a didEnterBackground line while bit 11 \
            is clear or a willEnterForeground line while it is set, with no transition of UIKit's near it, was not \
            logged by UIKit's callback: the app calls its handler by hand (from another callback, a notification \
            of another kind, a timer), or logs the callback's name in the wrong place. Work hung on it runs at the \
            wrong moment.
            """,
        exceptions: """
            Judged only after UIKit's first transition in the process (its state before is unknown). A line up to \
            100 ms from UIKit's transition of the same kind is that transition's handler (lines without \
            time are matched by order). A scene's callback is judged only where the process has one scene, or the \
            scene is UIKit's scene of record: in a multi-window app another scene changes state while the \
            application's does not. Deferred lines (logged from a block) and repeated lines are not judged.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
                "2026-03-14 09:27:12.101000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
                "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:15.201000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationWillResignActive:]",
                "↓2026-03-14 09:27:15.210000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidEnterBackground:]",
                "2026-03-14 09:27:19.000000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
                "2026-03-14 09:27:12.101000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
                "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:15.201000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationWillResignActive:]",
                "2026-03-14 09:27:15.648000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidEnterBackground:]",
                "2026-03-14 09:27:15.650000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 11; deactivation reasons: 32 -> 2080; animating application lifecycle event: 1",
            ]),
            // Before UIKit's first transition its state is unknown.
            ExampleTrace([
                "2026-03-14 09:27:12.101000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
                "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let comparison = epoch.accountComparison
        guard comparison.comparable else { return verdict }
        verdict.judged = true
        let sessions = Set(epoch.uikitTimeline?.sessions ?? [])
        // Several scenes: only the scene of record follows the application's state. Which
        // scenes are it, worked out once per scene (asked per line, each line's scene's
        // sessions were copied).
        let connections = epoch.connections
        let ofRecord = connections.count > 1 ? connections.map { !sessions.isDisjoint(with: $0.sessions) } : []
        for call in comparison.calls {
            if let connection = call.connection, connection >= 0, connections.count > 1 {
                guard ofRecord.indices.contains(connection), ofRecord[connection] else { continue }
            }
            // The state first: most lines agree with it, and then no transition need be looked for.
            guard let state = comparison.state(at: call), let contradiction = Self.contradiction(call.callback, state),
                  comparison.transitions(handledBy: call).isEmpty else { continue }
            let last = comparison.lastTransition(before: call.index)
            verdict.findings.append(finding(
                "\(call.id) logged while UIKit's account says \(contradiction), with no \(call.callback.rawValue) of UIKit's near it (UIKit's last transition: \(last.map { "\($0.id.member) at line \($0.event(in: epoch).line)" } ?? "none")): the callback was not UIKit's; the app calls its handler itself or logs it in the wrong place",
                at: call.event(in: epoch), in: timeline, epoch: epoch, scene: call.connection.flatMap { epoch.connection(at: $0)?.label },
                context: last.map { [$0.event(in: epoch)] } ?? []))
        }
        return verdict
    }

    /// What UIKit's state says against `callback`, or nil when it agrees.
    static func contradiction(_ callback: ForegroundCallback, _ state: UIKitAccount.State) -> String? {
        switch callback {
        case .didBecomeActive: state.active ? nil : "the application is not active"
        case .willResignActive: state.active ? "the application is active" : nil
        case .didEnterBackground: state.background ? nil : "the application is not in the background"
        case .willEnterForeground: state.background ? "the application is in the background" : nil
        }
    }
}
