/// UIKit's account shows a transition and the app, which logs its foreground callbacks, logged
/// no handler for it (docs/uikit-account.md, "Cross-checking the handlers").
package struct HandlerNotRunRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "handler_not_run",
        spec: "—",
        name: "UIKit made a transition whose handler did not log",
        family: .uikitAccount,
        severity: .warning,
        rationale: """
            UIKit logs every change of the application's state from the app's own process (its deactivation \
            reasons). When it shows the application entering the background, and the app, which logs its \
            foreground and background callbacks elsewhere in the capture, logged no didEnterBackground near it, \
            the handler did not run. The commonest cause is a migration: after adopting scenes, UIKit calls the \
            scene delegate's sceneDidEnterBackground(_:) and never the app delegate's \
            applicationDidEnterBackground(_:), so work left there (saving, pausing, hiding content) silently \
            stops. A scene delegate class that is never loaded, or an observer registered on the wrong object, \
            looks the same. In a scene-based app, a line from the app delegate's callback alone (no scene's \
            callback, no notification) is reported too: it is the unmigrated handler, called by hand.
            """,
        exceptions: """
            Judged only where the capture holds UIKit's deactivation-reason lines and the app logs at least one \
            of the four foreground callbacks (or their notifications) in the same process; UIKit's transitions \
            before the app's first line, and one that is the capture's last line, are not judged (the app's \
            print may be cut off), nor are the background a process launches into (`1024 -> 3072`) and \
            the return from it before the first activation, for which a legacy app's delegate is not called. A handler's line may come before or after UIKit's, up to 100 ms apart \
            (lines without time are matched by order). Flutter, SwiftUI and React Native states are not taken \
            for handlers. One finding per kind of transition and process, at the first, naming the others.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:15.201000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
                "↓2026-03-14 09:27:15.650000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 11; deactivation reasons: 32 -> 2080; animating application lifecycle event: 1",
                "2026-03-14 09:27:21.300000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 11; deactivation reasons: 2080 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:21.300400+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                "2026-03-14 09:27:21.420000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
                "2026-03-14 09:27:21.423000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
            ]),
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
                "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:15.201000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
                "↓2026-03-14 09:27:15.650000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 11; deactivation reasons: 32 -> 2080; animating application lifecycle event: 1",
                "2026-03-14 09:27:15.651000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidEnterBackground:]",
                "2026-03-14 09:27:16.000000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:15.201000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
                "2026-03-14 09:27:15.649000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]",
                "2026-03-14 09:27:15.650000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 11; deactivation reasons: 32 -> 2080; animating application lifecycle event: 1",
                "2026-03-14 09:27:21.300000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 11; deactivation reasons: 2080 -> 32; animating application lifecycle event: 1",
                "2026-03-14 09:27:21.300400+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                "2026-03-14 09:27:21.420000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
                "2026-03-14 09:27:21.423000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
            ]),
            // An app that logs none of the four callbacks: nothing to compare.
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:27:15.650000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 11; deactivation reasons: 32 -> 2080; animating application lifecycle event: 1",
                "2026-03-14 09:27:16.000000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 11; deactivation reasons: 2080 -> 32; animating application lifecycle event: 1",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let comparison = epoch.accountComparison
        guard comparison.comparable else { return verdict }
        verdict.judged = true
        guard let firstAppLine = epoch.events.firstIndex(where: { !$0.id.isOutsideAccount }) else { return verdict }
        let sceneBased = epoch.mode == .scene
        var missed: [ForegroundCallback: [(transition: AccountComparison.Transition, appDelegateLine: LifecycleEvent?)]] = [:]
        // From each launch to the first activation after it.
        var launchPhase = [Bool](repeating: false, count: comparison.transitions.count)
        var launching = false
        // Through the buffer: a walk of the array retained and released every transition.
        comparison.transitions.withUnsafeBufferPointer { transitions in
            for position in transitions.indices {
                if transitions[position].id == .uikitAppLaunched { launching = true }
                if transitions[position].callback == .didBecomeActive { launching = false }
                launchPhase[position] = launching
            }
        }
        comparison.transitions.withUnsafeBufferPointer { transitions in
            for position in transitions.indices {
                guard let callback = transitions[position].callback, transitions[position].index > firstAppLine,
                      transitions[position].index < epoch.events.count - 1 else { continue }
                // A process launches into the background state (`1024 -> 3072`) before its UI is
                // up, and leaves it when the first scene (or the legacy window) comes to the
                // foreground: a legacy app's delegate is called for neither, a scene's only for the
                // second. The launch is judged from its first activation on.
                if callback == .didEnterBackground || callback == .willEnterForeground, launchPhase[position] { continue }
                // In a scene-based app, the app delegate's own callback is not what UIKit calls.
                // The first handler's index, its event taken only for a miss: taken for every
                // transition, it was retained and released at each.
                var ran = false, firstHandler: Int?
                comparison.forEachCall(handling: transitions[position]) { call in
                    if firstHandler == nil { firstHandler = call.index }
                    ran = !(sceneBased && call.appDelegateCallback)
                    return !ran
                }
                guard !ran else { continue }
                missed[callback, default: []].append((transitions[position], firstHandler.map { epoch.events[$0].event }))
            }
        }
        // Named only in a finding: worked out once, where one is made (the calls of a dense
        // capture's epoch are thousands).
        lazy var logged = Array(Set(comparison.calls.map { $0.id.rawValue })).sorted()
        for callback in ForegroundCallback.allCases {
            guard let misses = missed[callback], let first = misses.first else { continue }
            var message = "\(Self.phrase(callback)) (line \(first.transition.event(in: epoch).line))"
            if let appDelegateLine = first.appDelegateLine {
                message += " and only the app delegate's \(callback.appDelegateName) logged (line \(appDelegateLine.line)), which UIKit does not call in a scene-based app: the scene delegate's \(callback.sceneDelegateName) did not run or does not log, and the app delegate's handler is unmigrated"
            } else {
                message += " but the app logged no \(callback.rawValue) near it, while it logs \(logged.joined(separator: ", ")) in this process: the handler did not run, or does not log"
                if sceneBased { message += "; in a scene-based app UIKit calls \(callback.sceneDelegateName), never \(callback.appDelegateName)" }
            }
            if misses.count > 1 { message += " (\(misses.count - 1) more time(s): line(s) \(misses.dropFirst().prefix(5).map { String($0.transition.event(in: epoch).line) }.joined(separator: ", ")))" }
            // The app's last callback before it shows where the app's own account stops.
            let lastCall = comparison.calls.last { $0.index < first.transition.index }?.event(in: epoch)  // once per kind
            let context = misses.dropFirst().prefix(5).map { $0.transition.event(in: epoch) } + (first.appDelegateLine.map { [$0] } ?? [])
                + (lastCall.map { [$0] } ?? [])
            verdict.findings.append(finding(message, at: first.transition.event(in: epoch), in: timeline, epoch: epoch,
                                            scene: epoch.uikitTimeline?.label, context: Array(context)))
        }
        return verdict
    }

    static func phrase(_ callback: ForegroundCallback) -> String {
        switch callback {
        case .didEnterBackground: "UIKit entered the background"
        case .willEnterForeground: "UIKit left the background"
        case .didBecomeActive: "UIKit made the application active"
        case .willResignActive: "UIKit made the application resign active"
        }
    }
}
