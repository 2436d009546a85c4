/// R5: the callbacks of one scene connection come from one delegate class.
package struct OneDelegateClassPerSceneRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "one_delegate_class_per_scene",
        spec: "R5",
        name: "One delegate class per scene",
        family: .routing,
        severity: .warning,
        rationale: """
            A scene gets the delegate class of the configuration it connected with (Info.plist \
            UISceneDelegateClassName or UISceneConfiguration.delegateClass; Apple, UISceneConfiguration). When a \
            line shows the same scene (pointer) handled by another delegate class, two configurations are \
            crossed, or a delegate logs for a scene it does not own.
            """,
        exceptions: """
            Separate classes (SceneDelegate, OtherSceneDelegate, a CarPlay delegate) are separate scene kinds and \
            never share a timeline. SwiftUI wraps a custom delegate in SwiftUI.AppSceneDelegate, and a restored \
            session keeps the class saved with it: both change the class across connections, not within one. \
            Classes that .tracecheck.yml's delegate_configurations maps to the same configuration (a SwiftUI wrapper \
            and the app's own delegate, say) count as one.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.180000+0100 Atlas[2210:88101] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10270b110>",
                "2026-03-14 09:27:12.220000+0100 Atlas[2210:88101] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10270b110>",
                "↓2026-03-14 09:27:12.260000+0100 Atlas[2210:88101] -[InspectorSceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10270b110>",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.180000+0100 Atlas[2210:88101] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10270b110>",
                "2026-03-14 09:27:13.010000+0100 Atlas[2210:88101] -[InspectorSceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x1028a4c20>",
                "2026-03-14 09:27:13.090000+0100 Atlas[2210:88101] -[InspectorSceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x1028a4c20>",
                "2026-03-14 09:27:13.120000+0100 Atlas[2210:88101] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10270b110>",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        verdict.judged = true
        let events = epoch.events
        let configurations = timeline.facts.delegateConfigurations
        for connection in epoch.connections {
            guard let owner = connection.delegateClass else { continue }
            func sameKind(_ other: String) -> Bool {
                other == owner || (configurations[other] != nil && configurations[other] == configurations[owner])
            }
            // The steps' events read in place: an array of them per scene retained each one.
            guard let intruder = connection.steps.first(where: { events[$0.event].event.delegateClass.map { !sameKind($0) } ?? false })
                    .map({ events[$0.event].event }),
                  let first = connection.steps.first(where: { events[$0.event].event.delegateClass == owner })
                    .map({ events[$0.event].event }) else { continue }
            verdict.findings.append(finding(
                "\(intruder.id) from \(intruder.delegateClass ?? "?") for a scene whose delegate is \(owner) (line \(first.line))",
                at: intruder, in: timeline, epoch: epoch, scene: connection.label, context: [first]))
        }
        return verdict
    }
}
