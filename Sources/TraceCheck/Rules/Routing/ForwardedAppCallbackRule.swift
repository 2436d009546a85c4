/// R3: app-delegate lifecycle prints in a scene-based app whose forwarding cannot be confirmed.
package struct ForwardedAppCallbackRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "forwarded_app_callback",
        spec: "R3",
        name: "App-delegate callback presumed forwarded by the scene delegate",
        family: .routing,
        severity: .info,
        rationale: """
            Scene delegates often forward to the app delegate (calling \
            UIApplication.shared.delegate?.applicationDidBecomeActive?(…) from sceneDidBecomeActive). When the app \
            callback is logged right next to its scene counterpart (same thread, within 50 ms, nothing between) it is \
            classified forwarded and not reported. When the scene delegate logs nothing for that callback, the pair \
            cannot be confirmed: this note says so instead of guessing.
            """,
        exceptions: "Forwarded pairs are legal and produce no finding.",
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "↓applicationDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneDidBecomeActive(_:)",
                "applicationDidBecomeActive(_:)",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.mode == .scene else { return verdict }
        verdict.judged = true
        // The candidates picked out through the buffer: a walk of the events retained each.
        let candidates = epoch.events.withUnsafeBufferPointer { events in
            events.indices.filter { events[$0].source == .callback && events[$0].attachment == .process }
        }
        for index in candidates {
            let event = epoch.events[index].event
            guard TimelineBuilder.appForegroundCallbacks.contains(event.id),
                  let counterpart = TimelineBuilder.forwardingPairs[event.id], !epoch.isObserved(counterpart) else { continue }
            verdict.findings.append(finding(
                "\(event.id) in a scene-based app; the scene delegate logs no \(counterpart), so this is presumed forwarded by it",
                at: event, in: timeline, epoch: epoch))
        }
        return verdict
    }
}
