/// P2: a printed scenePhase agrees with the state of the scenes UIKit reported.
package struct PhaseAgainstSceneStateRule: EpochRule {
    package init() {}

    /// The phase a scene in `state` has, if any. A switch, not a table keyed by the state: its
    /// first use made the runtime search the binary's conformances for `SceneState`'s `Hashable`.
    static func phase(of state: SceneState) -> EventID? {
        switch state {
        case .foregroundActive: .swiftUIActive
        case .foregroundInactive: .swiftUIInactive
        case .background: .swiftUIBackground
        case .unattached, .unknown, .connecting, .disconnected: nil
        }
    }

    package static let description = RuleDescription(
        id: "phase_against_scene_state",
        spec: "P2",
        name: "scenePhase agrees with the scenes' state",
        family: .swiftui,
        severity: .warning,
        rationale: """
            ScenePhase (Apple): read in a view it is the phase of its scene; read in the App it is the aggregate, \
            active if any scene is active, inactive if none is active and one is inactive, background otherwise; \
            they map onto UIKit's foreground-active, foreground-inactive and background. A phase print that neither \
            any scene's state nor the aggregate supports means the SwiftUI side and the UIKit side of the app \
            disagree about where the app is (a common sight when a UIKit scene delegate and SwiftUI both handle life \
            cycle after a migration).
            """,
        exceptions: """
            onChange prints lag the UIKit callbacks, so a phase is supported by any state a scene (or the aggregate) \
            took since the previous phase print. Scenes whose state is unknown (connected before the capture began) \
            leave the print unjudged. Needs both phase prints and scene callbacks (didBecomeActive and \
            didEnterBackground) in the process.
            """,
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "active",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "↓active",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "active",
                "inactive",
                "sceneDidEnterBackground(_:)",
                "background",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.holds(where: { $0.builtInFamily == .swiftui }) else { return verdict }
        let phases = epoch.events.indices.filter { epoch.events[$0].id.builtInFamily == .swiftui }
        guard !phases.isEmpty, epoch.mode == .scene else { return verdict }
        guard epoch.isObserved(.sceneDidBecomeActive), epoch.isObserved(.sceneDidEnterBackground) else {
            verdict.unverifiable.insert("scene.didBecomeActive or scene.didEnterBackground not logged")
            return verdict
        }
        verdict.judged = true
        var since = 0
        var sweep = SceneStateSweep(epoch)
        for index in phases {
            defer { since = index + 1 }
            let phase = epoch.events[index].event
            let now = sweep.states(before: index)
            guard !now.isEmpty, !now.contains(where: { $0.state == .unknown }) else { continue }
            var supported = Set(now.compactMap { Self.phase(of: $0.state) })
            supported.insert(Self.aggregate(now.map(\.state)))
            var states = Dictionary(now.map { ($0.connection, $0.state) }, uniquingKeysWith: { $1 })
            for (connection, state) in sweep.entered(in: since..<index) {
                states[connection] = state
                if let mapped = Self.phase(of: state) { supported.insert(mapped) }
                supported.insert(Self.aggregate(Array(states.values)))
            }
            if !supported.contains(phase.id) {
                let description = now.map { "\(epoch.connections[$0.connection].label) \($0.state.phrase)" }.joined(separator: ", ")
                let context = now.compactMap { state in
                    epoch.connections[state.connection].steps.last { $0.event < index }.map { epoch.events[$0.event].event }
                }
                verdict.findings.append(finding(
                    "scenePhase \(phase.id.member) while \(description): no scene (nor the app as a whole) was \(phase.id.member) since the previous phase print",
                    at: phase, in: timeline, epoch: epoch, context: context))
            }
        }
        return verdict
    }

    /// The App-level phase of a set of scene states.
    static func aggregate(_ states: [SceneState]) -> EventID {
        if states.contains(.foregroundActive) { return .swiftUIActive }
        if states.contains(.foregroundInactive) { return .swiftUIInactive }
        return .swiftUIBackground
    }
}
