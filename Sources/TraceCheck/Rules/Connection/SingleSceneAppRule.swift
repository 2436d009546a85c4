/// C11: with `UIApplicationSupportsMultipleScenes = NO`, one application scene at a time.
package struct SingleSceneAppRule: CarryingRule {
    package init() {}

    /// A scene replacing another may overlap it this long (C11 in docs/rules.md).
    static let overlap = 1.0

    package static let description = RuleDescription(
        id: "multiple_scenes_not_supported",
        spec: "C11",
        name: "One application scene at a time when multiple scenes are off",
        family: .connection,
        severity: .warning,
        rationale: """
            "If you set the value to false, UIKit never creates more than one scene for your app" \
            (UIApplicationSupportsMultipleScenes); a request for a second one fails with UISceneErrorDomain code 0, \
            multipleScenesNotSupported. A second window scene connecting while the first is still connected means the \
            Info.plist the app runs with is not the one the team believes (`supports_multiple_scenes: false` in \
            .tracecheck.yml says what they believe).
            """,
        exceptions: """
            Scenes of other roles may coexist in practice: a CarPlay scene (a delegate class with CarPlay in its name \
            or CarPlay callbacks) or an external display (a class with External in its name) are not counted. A scene \
            replacing another may overlap it by up to 1 s, or, without timestamps, until the old scene's disconnect \
            right after. Two application scenes at once are only judged when .tracecheck.yml sets \
            supports_multiple_scenes.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneDidBecomeActive(_:)",
                "↓<Fieldnotes.SceneDelegate: 0x600002671c80> scene(_:willConnectTo:options:)",
                "<Fieldnotes.SceneDelegate: 0x600002671c80> sceneWillEnterForeground(_:)",
            ], facts: AppFacts(supportsMultipleScenes: false)),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneDidBecomeActive(_:)",
                "<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> scene(_:willConnectTo:options:)",
                "<Fieldnotes.CarPlaySceneDelegate: 0x600002671c80> templateApplicationScene(_:didConnect:)",
            ], facts: AppFacts(supportsMultipleScenes: false)),
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> scene(_:willConnectTo:options:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)",
                "<Fieldnotes.SceneDelegate: 0x600002671c80> scene(_:willConnectTo:options:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneDidEnterBackground(_:)",
                "<Fieldnotes.SceneDelegate: 0x600002675ea0> sceneDidDisconnect(_:)",
            ], facts: AppFacts(supportsMultipleScenes: false)),
        ])

    /// Launches that showed two application scenes at once while the configuration does not
    /// say whether the app supports it: one reason for the whole capture, however many.
    package struct Carried: CarriedFacts {
        var unjudged: (first: Int, count: Int)?
        package init() {}
    }

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline, carrying carried: inout Carried) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene, !epoch.connections.isEmpty else { return verdict }
        let overlaps = Self.overlaps(in: epoch)
        guard let first = overlaps.first else {
            verdict.judged = true
            return verdict
        }
        guard let supported = timeline.facts.supportsMultipleScenes else {
            let line = min(carried.unjudged?.first ?? .max, first.connect.line)
            carried.unjudged = (line, (carried.unjudged?.count ?? 0) + 1)
            return verdict
        }
        verdict.judged = true
        guard !supported else { return verdict }
        for overlap in overlaps {
            let other = epoch.connections[overlap.other]
            let otherConnect = other.steps.first.map { epoch.events[$0.event].event }
            verdict.findings.append(finding(
                "a second application scene connects while \(other.label) is still \(overlap.otherState.phrase): UIApplicationSupportsMultipleScenes is NO",
                at: overlap.connect, in: timeline, epoch: epoch, scene: epoch.connections[overlap.connection].label,
                context: otherConnect.map { [$0] } ?? []))
        }
        return verdict
    }

    package func unverifiable(after carried: Carried) -> Set<String> {
        guard let unjudged = carried.unjudged else { return [] }
        let more = unjudged.count > 1 ? " and in \(unjudged.count - 1) more launch(es)" : ""
        return ["two application scenes are connected at once (line \(unjudged.first)\(more)); set supports_multiple_scenes in .tracecheck.yml to judge"]
    }

    /// Each willConnect of an application scene while another one stays connected.
    static func overlaps(in epoch: ProcessEpoch) -> [(connect: LifecycleEvent, connection: Int, other: Int, otherState: SceneState)] {
        let counted = epoch.connections.indices.filter { isApplicationScene(epoch.connections[$0], in: epoch) }
        let isCounted = Set(counted)
        var sweep = SceneStateSweep(epoch)
        return counted.compactMap { index in
            guard let first = epoch.connections[index].steps.first, first.id == .sceneWillConnect else { return nil }
            let other = sweep.firstLiveState(before: first.event) { other in
                other.connection != index && isCounted.contains(other.connection) && other.state != .unattached
                    && !epoch.connection(other.connection, enters: [.disconnected, .background], after: first.event, within: Self.overlap)
            }
            return other.map { (epoch.events[first.event].event, index, $0.connection, $0.state) }
        }
    }

    static func isApplicationScene(_ connection: SceneConnection, in epoch: ProcessEpoch) -> Bool {
        if connection.isExternalDisplay || connection.isCarPlayByName { return false }
        return !connection.steps.contains { $0.id.builtInFamily == .carplay }
    }
}
