/// C2: an existing session that reconnects gets no `configurationForConnecting`.
package struct ConfigurationOnReconnectRule: CarryingRule {
    package init() {}

    package static let description = RuleDescription(
        id: "configuration_on_reconnect",
        spec: "C2",
        name: "No configurationForConnecting for a session that reconnects",
        family: .connection,
        severity: .warning,
        rationale: """
            Xcode's template: configurationForConnecting is "Called when a new scene session is being created", while \
            willConnect "does not imply the connecting scene or session are new"; WWDC 2019 session 246: connecting \
            to an existing session whose scene was released calls only willConnectTo. A configurationForConnecting \
            followed by the willConnect of a session the capture has already seen means the app configured a \
            session that was not new: the configuration it chose is ignored.
            """,
        exceptions: """
            Needs persistentIdentifier UUIDs on the willConnect lines (log scene.session.persistentIdentifier with each callback); without \
            them every reconnection looks new and nothing is judged. A willConnect without configurationForConnecting \
            is always legal.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "application(_:configurationForConnecting:options:)",
                "scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidBecomeActive(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillResignActive(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidEnterBackground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "application(_:didFinishLaunchingWithOptions:)",
                "↓application(_:configurationForConnecting:options:)",
                "scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidBecomeActive(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "application(_:configurationForConnecting:options:)",
                "scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidBecomeActive(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillResignActive(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidEnterBackground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneWillEnterForeground(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "sceneDidBecomeActive(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
            ]),
        ])

    /// Where each session was first seen, in any run of the process.
    package struct Carried: CarriedFacts {
        var seen = SessionSightings()
        package init() {}
    }

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline, carrying carried: inout Carried) -> EpochVerdict {
        var verdict = EpochVerdict()
        var pendingConfiguration: LifecycleEvent?
        // Through the buffer, each event copied only where it is kept or shown: a walk of the
        // array retained and released every one.
        epoch.driving.withUnsafeBufferPointer { driving in
            for index in driving.indices {
                let id = driving[index].id
                if id == .appConfigurationForConnecting, driving[index].source == .callback {
                    pendingConfiguration = driving[index]
                    verdict.judged = true
                } else if id == .sceneWillConnect, let configuration = pendingConfiguration {
                    pendingConfiguration = nil
                    let event = driving[index]
                    if let session = event.sessions.first(where: { carried.seen[$0] != nil }), let earlier = carried.seen[session] {
                        verdict.findings.append(finding(
                            "app.configurationForConnecting before the willConnect (line \(event.line)) of session \(session.prefix(8))…, already seen at line \(earlier.line): UIKit configures only new sessions",
                            at: configuration, in: timeline, epoch: epoch, context: [event, earlier]))
                    }
                }
                // The configuration names the session it is creating: that is no earlier sighting.
                guard id != .appConfigurationForConnecting, driving[index].hasSessions else { continue }
                for session in driving[index].sessions { carried.seen.noteFirst(session, driving[index]) }
            }
        }
        return verdict
    }
}
