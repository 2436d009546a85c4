/// C6: a session that disconnected may connect again; worth a note when reading a capture.
package struct SessionReconnectedRule: CarryingRule {
    package init() {}

    package static let description = RuleDescription(
        id: "session_reconnected",
        spec: "C6",
        name: "A known session connects again",
        family: .connection,
        severity: .info,
        rationale: """
            UIKit "preserves the sessions" it disconnects (application(_:didDiscardSceneSessions:)); a disconnected \
            scene is not necessarily destroyed and may be connected again. A new willConnect for a \
            persistentIdentifier the capture has already seen is a reconnection: new scene and delegate objects, the \
            same session, normally no configurationForConnecting. Noting it explains why a second willConnect is legal.
            """,
        exceptions: """
            Everything here is legal; the rule only annotates, and is opt-in (`opt_in_rules: [session_reconnected]`). \
            Needs persistentIdentifier UUIDs on willConnect lines.
            """,
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidEnterBackground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidDisconnect(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "↓scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidEnterBackground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidDisconnect(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "scene(_:willConnectTo:options:) 0B7A7C1E-93F4-4F5C-9C1D-2F7E3B8A6D10",
                "sceneWillEnterForeground(_:) 0B7A7C1E-93F4-4F5C-9C1D-2F7E3B8A6D10",
            ]),
        ],
        optIn: true)

    /// The first willConnect of each session, in any run of the process.
    package struct Carried: CarriedFacts {
        var connected = SessionSightings()
        package init() {}
    }

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline, carrying carried: inout Carried) -> EpochVerdict {
        var verdict = EpochVerdict()
        for event in epoch.driving where event.id == .sceneWillConnect {
            verdict.judged = true
            for session in event.sessions {
                if let earlier = carried.connected[session] {
                    verdict.findings.append(finding(
                        "session \(session.prefix(8))… connects again (first connected at line \(earlier.line)): a reconnection, with new scene and delegate objects",
                        at: event, in: timeline, epoch: epoch, context: [earlier]))
                } else {
                    carried.connected.noteFirst(session, event)
                }
            }
        }
        return verdict
    }
}
