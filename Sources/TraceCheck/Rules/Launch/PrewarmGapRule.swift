/// L4: a long gap between launch and the first scene is prewarming, worth a note, not a finding.
package struct PrewarmGapRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "prewarm_gap",
        spec: "L4",
        name: "Possible prewarm: long gap between launch and the first scene",
        family: .launch,
        severity: .info,
        rationale: """
            Since iOS 15 the system may prewarm an app: in a scene-based app didFinishLaunchingWithOptions "may be \
            called" while scene(_:willConnectTo:options:) is not, and the UI connects minutes later (Stack Overflow \
            and Apple forum reports; one test app launched at 12:28:36 and showed its UI at 12:58:15). Apple documents \
            no bound. A long gap is therefore not a hang; this note says so next to the line, so a reader of the \
            capture does not go looking for one.
            """,
        exceptions: """
            Any gap is legal; this rule only annotates gaps longer than the prewarm threshold (5 s by default, \
            `prewarm_gap` in .tracecheck.yml). Not judged without timestamps.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] application(_:didFinishLaunchingWithOptions:)",
                "↓2026-03-14 09:57:40.020000+0100 Fieldnotes[4817:3120544] scene(_:willConnectTo:options:)",
                "2026-03-14 09:57:40.030000+0100 Fieldnotes[4817:3120544] sceneWillEnterForeground(_:)",
                "2026-03-14 09:57:40.040000+0100 Fieldnotes[4817:3120544] sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] application(_:didFinishLaunchingWithOptions:)",
                "2026-03-14 09:27:12.300000+0100 Fieldnotes[4817:3120544] scene(_:willConnectTo:options:)",
                "2026-03-14 09:27:12.310000+0100 Fieldnotes[4817:3120544] sceneWillEnterForeground(_:)",
                "2026-03-14 09:27:12.320000+0100 Fieldnotes[4817:3120544] sceneDidBecomeActive(_:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let events = epoch.drivingCallbacks
        guard let launch = events.first(where: { $0.id == .appDidFinishLaunching }),
              let connect = events.first(where: { [.appConfigurationForConnecting, .sceneWillConnect].contains($0.id) && $0.line > launch.line })
        else { return verdict }
        // An annotation: a capture without times simply gets none.
        guard let start = launch.time, let end = connect.time else { return verdict }
        verdict.judged = true
        let gap = end - start
        if gap > timeline.facts.prewarmGap {
            verdict.findings.append(finding(
                "\(connect.id) \(Self.duration(gap)) after app.didFinishLaunching (line \(launch.line)): possibly a prewarmed launch, not a hang",
                at: connect, in: timeline, epoch: epoch, context: [launch]))
        }
        return verdict
    }

    static func duration(_ seconds: Double) -> String {
        seconds >= 120 ? "\(Int(seconds / 60)) min \(Int(seconds) % 60) s" : "\(Int(seconds.rounded())) s"
    }
}
