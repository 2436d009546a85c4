/// C13: a CarPlay scene's interface controller disconnects only after it connected.
package struct CarPlayConnectPairingRule: EpochRule {
    package init() {}

    static let connects: [Substring] = ["didConnect", "didConnectWindow"]
    static let disconnects: [Substring] = ["didDisconnect", "didDisconnectWindow"]

    package static let description = RuleDescription(
        id: "carplay_connect_pairing",
        spec: "C13",
        name: "CarPlay connect and disconnect come in pairs",
        family: .connection,
        severity: .error,
        rationale: """
            A CarPlay scene delegate learns of its interface controller through \
            templateApplicationScene(_:didConnect:) (or …didConnect:to: with a window, for navigation apps) and loses \
            it through the matching didDisconnect (CPTemplateApplicationSceneDelegate). A disconnect with no connect \
            before it, or a second connect with no disconnect between, means the app's CarPlay state (templates, \
            now-playing) is built on an interface controller it does not hold.
            """,
        exceptions: """
            A CarPlay-only cold launch, with no phone window, is legal and not judged here. A capture that starts \
            after the launch may begin with a disconnect; only processes whose launch is in the capture are judged.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> templateApplicationScene(_:didConnect:)",
                "↓<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> templateApplicationScene(_:didConnect:)",
            ]),
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "↓<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> templateApplicationScene(_:didDisconnectInterfaceController:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> templateApplicationScene(_:didConnect:)",
                "<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> templateApplicationScene(_:didDisconnectInterfaceController:)",
                "<Fieldnotes.CarPlaySceneDelegate: 0x600002673b40> templateApplicationScene(_:didConnect:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.holds(where: { $0.builtInFamily == .carplay }) else { return verdict }
        let carPlay = epoch.driving.filter { $0.id.builtInFamily == .carplay }
        guard !carPlay.isEmpty, epoch.launchIndex != nil else { return verdict }
        verdict.judged = true
        // Keyed by delegate object where the line names one: each CarPlay scene pairs its own calls.
        var connected: [String: LifecycleEvent] = [:]
        for event in carPlay {
            let key = event.delegatePointer ?? event.scenePointer ?? event.delegateClass ?? ""
            if Self.connects.contains(event.id.member) {
                if let open = connected[key] {
                    verdict.findings.append(finding(
                        "\(event.id) while the interface controller connected at line \(open.line) is still connected: a disconnect must come between",
                        at: event, in: timeline, epoch: epoch, context: [open]))
                }
                connected[key] = event
            } else if Self.disconnects.contains(event.id.member) {
                if connected.removeValue(forKey: key) == nil {
                    verdict.findings.append(finding(
                        "\(event.id) with no interface controller connected: templateApplicationScene(_:didConnect:) must come first",
                        at: event, in: timeline, epoch: epoch))
                }
            }
        }
        return verdict
    }
}
