/// C7: a session discarded while the app runs is discarded after its scene disconnected.
package struct DisconnectBeforeDiscardRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "disconnect_before_discard",
        spec: "C7",
        name: "didDisconnect before didDiscardSceneSessions",
        family: .connection,
        severity: .error,
        rationale: """
            UIKit calls application(_:didDiscardSceneSessions:) "before discarding the scene's associated session \
            object" and removes the scene first ("a precursor to the destruction of that scene"); captures of \
            swipe-kills show sceneDidDisconnect → didDiscardSceneSessions. A discard reported before its scene disconnects means the \
            app is told a session is gone while its scene is still alive.
            """,
        exceptions: """
            Sessions discarded while the app was not running are reported shortly after the next launch, with no \
            disconnect in that process; a scene may have disconnected long before (memory reclaim); closing the last \
            window may terminate the process. So only a discard followed, in the same process, by the disconnect of \
            the scene it discards is reported. Not judged when the app does not log didDisconnect.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "↓application(_:didDiscardSceneSessions:)",
                "sceneDidDisconnect(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "application(_:didDiscardSceneSessions:)",
                "scene(_:willConnectTo:options:)",
                "sceneDidDisconnect(_:)",
            ]),
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneDidEnterBackground(_:)",
                "sceneDidDisconnect(_:)",
                "application(_:didDiscardSceneSessions:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        let discards = epoch.drivingCallbacks(.appDidDiscardSceneSessions)
        guard !discards.isEmpty else { return verdict }
        guard epoch.isObserved(.sceneDidDisconnect) else {
            verdict.unverifiable.insert("scene.didDisconnect not logged")
            return verdict
        }
        verdict.judged = true
        // Discards before any connection of this process were decided while it was not running.
        let firstConnect = epoch.driving(.sceneWillConnect).first?.line ?? .max
        let disconnects = epoch.driving(.sceneDidDisconnect)
        let disconnectsBySession = Self.disconnectsBySession(in: epoch)
        var previousDiscardLine = 0
        for discard in discards {
            defer { previousDiscardLine = discard.line }
            guard firstConnect < discard.line else { continue }
            let late: LifecycleEvent?
            if discard.sessions.isEmpty {
                let next = disconnects.partitioningIndex { $0.line > previousDiscardLine }
                let explained = next < disconnects.count && disconnects[next].line < discard.line
                let following = disconnects.partitioningIndex { $0.line > discard.line }
                late = explained || following == disconnects.count ? nil : disconnects[following]
            } else {
                late = discard.sessions.compactMap { session in
                    disconnectsBySession[session]?.first { $0.line > discard.line }
                }.min { $0.line < $1.line }
            }
            if let late {
                verdict.findings.append(finding(
                    "app.didDiscardSceneSessions before the scene it discards disconnected (line \(late.line)): the disconnect must come first",
                    at: discard, in: timeline, epoch: epoch, context: [late]))
            }
        }
        return verdict
    }

    /// The disconnects of each session's connections, in line order.
    static func disconnectsBySession(in epoch: ProcessEpoch) -> [String: [LifecycleEvent]] {
        var found: [String: [LifecycleEvent]] = [:]
        for connection in epoch.connections where !connection.sessions.isEmpty {
            let disconnects = connection.steps.filter { $0.id == .sceneDidDisconnect }.map { epoch.events[$0.event].event }
            guard !disconnects.isEmpty else { continue }
            for session in connection.sessions { found[session, default: []] += disconnects }
        }
        return found.mapValues { $0.sorted { $0.line < $1.line } }
    }
}

