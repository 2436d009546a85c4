/// C1: for a new session, `configurationForConnecting` comes before its `willConnect`.
public struct ConfigurationBeforeConnectRule: Rule {
    public init() {}

    public static let description = RuleDescription(
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

    public func evaluate(_ timeline: CaptureTimeline) -> RuleOutcome {
        var outcome = RuleOutcome()
        let lastLine = timeline.epochs.flatMap { $0.drivingEvents.map(\.event.line) }.max()
        for epoch in timeline.epochs where epoch.mode == .scene {
            let events = epoch.drivingEvents.map(\.event).filter { $0.source == .callback }
            let configurations = events.enumerated().filter { $0.element.id == .appConfigurationForConnecting }
            guard !configurations.isEmpty else { continue }
            outcome.checked += 1
            for (position, configuration) in configurations where configuration.line != lastLine {
                let earlier = events[..<position]
                if !configuration.identity.sessions.isEmpty,
                   let connect = earlier.last(where: { $0.id == .sceneWillConnect && !Set($0.identity.sessions).isDisjoint(with: configuration.identity.sessions) }) {
                    outcome.findings.append(finding(
                        "app.configurationForConnecting for a session whose willConnect came first (line \(connect.line)): UIKit asks for the configuration before creating the scene",
                        at: configuration, in: timeline, epoch: epoch, context: [connect]))
                    continue
                }
                let later = events[(position + 1)...].prefix { $0.id != .appConfigurationForConnecting }
                guard let previous = earlier.last(where: { $0.id.isSceneLevel || $0.id == .appConfigurationForConnecting }),
                      previous.id == .sceneWillConnect, !later.contains(where: { $0.id == .sceneWillConnect }) else { continue }
                outcome.findings.append(finding(
                    "app.configurationForConnecting right after a willConnect (line \(previous.line)) and no scene connects after it: the configuration must come before the willConnect",
                    at: configuration, in: timeline, epoch: epoch, context: [previous]))
            }
        }
        return outcome
    }
}
