/// C1: for a new session, `configurationForConnecting` comes before its `willConnect`.
package struct ConfigurationBeforeConnectRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "configuration_before_connect",
        spec: "C1",
        name: "configurationForConnecting before the willConnect it configures",
        family: .connection,
        severity: .error,
        rationale: """
            "Before actually creating your scene object, UIKit calls the application(_:configurationForConnecting:options:) \
            method of your app delegate" (Apple, Specifying the scenes your app supports); it is called "shortly before \
            creating a new scene". A configurationForConnecting after the willConnect of the session it names, or \
            right after a willConnect with no scene following it, was logged out of order.
            """,
        exceptions: """
            configurationForConnecting is optional (Info.plist alone is valid) and is not called when an existing \
            session reconnects, so a willConnect without one is legal (C2). A configurationForConnecting that is the \
            capture's last lifecycle line is not judged.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "↓application(_:configurationForConnecting:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "application(_:configurationForConnecting:options:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene, epoch.holds(.appConfigurationForConnecting) else { return verdict }
        let events = epoch.drivingCallbacks
        guard events.contains(where: { $0.id == .appConfigurationForConnecting }) else { return verdict }
        verdict.judged = true
        // A configuration on the capture's last line may have been cut from its willConnect.
        let lastLine = timeline.lastDrivingLine
        // The latest willConnect of each session so far, kept up as the walk goes.
        var connectsBySession: [String: LifecycleEvent] = [:]
        // Through the buffer, each event taken out only where it is kept or judged: a walk of
        // the array retained and released every one.
        events.withUnsafeBufferPointer { buffer in for position in buffer.indices {
            let id = buffer[position].id
            if id == .sceneWillConnect, buffer[position].hasSessions {
                let event = buffer[position]
                for session in event.sessions { connectsBySession[session] = event }
            }
            guard id == .appConfigurationForConnecting, buffer[position].line != lastLine else { continue }
            let configuration = buffer[position]
            let earlier = events[..<position]
            if let connect = configuration.sessions.compactMap({ connectsBySession[$0] }).max(by: { $0.line < $1.line }) {
                verdict.findings.append(finding(
                    "app.configurationForConnecting for a session whose willConnect came first (line \(connect.line)): UIKit asks for the configuration before creating the scene",
                    at: configuration, in: timeline, epoch: epoch, context: [connect]))
                continue
            }
            let later = events[(position + 1)...].prefix { $0.id != .appConfigurationForConnecting }
            guard let previous = earlier.last(where: { $0.id.isSceneLevel || $0.id == .appConfigurationForConnecting }),
                  previous.id == .sceneWillConnect, !later.contains(where: { $0.id == .sceneWillConnect }) else { continue }
            verdict.findings.append(finding(
                "app.configurationForConnecting right after a willConnect (line \(previous.line)) and no scene connects after it: the configuration must come before the willConnect",
                at: configuration, in: timeline, epoch: epoch, context: [previous]))
        } }
        return verdict
    }
}
