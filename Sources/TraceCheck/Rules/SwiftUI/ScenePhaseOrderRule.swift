/// P1: SwiftUI scene phases pass through `inactive` between `active` and `background`.
package struct ScenePhaseOrderRule: EpochRule {
    package init() {}

    /// Phase changes that skip `inactive`.
    static let jumps: Set<[EventID]> = [[.swiftUIBackground, .swiftUIActive], [.swiftUIActive, .swiftUIBackground]]

    package static let description = RuleDescription(
        id: "scene_phase_order",
        spec: "P1",
        name: "scenePhase passes through inactive",
        family: .swiftui,
        severity: .warning,
        rationale: """
            ScenePhase (Apple): a scene in the inactive phase may "only pass through this phase temporarily on their \
            way to the background phase"; UIKit's scene goes background → foreground-inactive → active and back the \
            same way. A print of `.onChange(of: scenePhase)` that jumps from background to active, or active to \
            background, missed a change: work hung on `.inactive` (pausing, saving) did not run.
            """,
        exceptions: """
            The first value may be missing (onChange without initial: true). The same value printed twice is several \
            views observing one change. Phase prints do not say which scene they come from, so processes with more \
            than one connected scene are not judged.
            """,
        triggering: [
            ExampleTrace([
                "active",
                "inactive",
                "background",
                "↓active",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "inactive",
                "active",
                "active",
                "inactive",
                "background",
                "inactive",
                "active",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.holds(where: { $0.builtInFamily == .swiftui }) else { return verdict }
        guard epoch.connections.count <= 1 else {
            verdict.unverifiable.insert("phase prints do not say which scene they belong to and several scenes were connected")
            return verdict
        }
        verdict.judged = true
        for (previous, phase) in epoch.stateChanges(of: .swiftui) where Self.jumps.contains([previous.id, phase.id]) {
            verdict.findings.append(finding(
                "scenePhase \(phase.id.member) right after \(previous.id.member) (line \(previous.line)): the phase passes through inactive",
                at: phase, in: timeline, epoch: epoch, context: [previous]))
        }
        return verdict
    }
}
