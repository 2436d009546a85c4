/// U2: every `willContinueUserActivityWithType` gets one `continue` or `didFailToContinue`.
package struct ContinueActivityPairingRule: EpochRule {
    package init() {}

    static let outcomes: [Substring] = ["continueUserActivity", "didFailToContinueUserActivity"]
    /// The catalog's ids of each kind, found by member once: every event of every epoch is
    /// asked, and cutting its name each time cost more than the rest of the rule. A team's
    /// own ids are cut.
    private static let announcements = Set(EventCatalog.knownIDs.filter { $0.member == "willContinueUserActivity" })
    private static let outcomeIDs = Set(EventCatalog.knownIDs.filter { outcomes.contains($0.member) })

    static func isAnnouncement(_ id: EventID) -> Bool {
        announcements.contains(id) || (!EventCatalog.knownIDs.contains(id) && id.member == "willContinueUserActivity")
    }

    static func isOutcome(_ id: EventID) -> Bool {
        outcomeIDs.contains(id) || (!EventCatalog.knownIDs.contains(id) && outcomes.contains(id.member))
    }

    package static let description = RuleDescription(
        id: "continue_activity_pairing",
        spec: "U2",
        name: "willContinueUserActivity is answered",
        family: .delivery,
        severity: .warning,
        rationale: """
            UIApplication.h: "For each application:willContinueUserActivityWithType: invocation, you are guaranteed \
            to get exactly one invocation of application:continueUserActivity: on success, or \
            application:didFailToContinueUserActivityWithType:error: if an error was encountered"; the scene delegate's \
            variants are taken to behave the same (spec [Inf]). A willContinue with no answer before the next one, or \
            before its process ends, is a Handoff or universal link the app announced and then dropped.
            """,
        exceptions: """
            continueUserActivity without a willContinue before it is legal. A willContinue still unanswered when the \
            capture ends is not reported unless its process ended inside the capture.
            """,
        triggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "↓scene(_:willContinueUserActivityWithType:) NSUserActivityTypeBrowsingWeb",
                "scene(_:willContinueUserActivityWithType:) NSUserActivityTypeBrowsingWeb",
                "scene(_:continue:) NSUserActivityTypeBrowsingWeb",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "scene(_:willContinueUserActivityWithType:) NSUserActivityTypeBrowsingWeb",
                "scene(_:continue:) NSUserActivityTypeBrowsingWeb",
                "scene(_:continue:) com.fieldnotes.editing",
                "scene(_:willContinueUserActivityWithType:) com.fieldnotes.editing",
                "scene(_:didFailToContinueUserActivityWithType:error:) com.fieldnotes.editing",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        guard epoch.holds(where: Self.isAnnouncement) else { return verdict }
        let events = epoch.drivingCallbacks
        guard events.contains(where: { Self.isAnnouncement($0.id) }) else { return verdict }
        verdict.judged = true
        let ended = epoch.endsWithinCapture(timeline)
        // App and scene delegates answer their own announcements; scenes are told apart by delegate object.
        var pending: [String: LifecycleEvent] = [:]
        for event in events {
            let announces = Self.isAnnouncement(event.id)
            guard announces || Self.isOutcome(event.id) else { continue }
            let key = "\(event.id.family) \(event.delegatePointer ?? event.scenePointer ?? "")"
            if announces {
                if let unanswered = pending[key] {
                    verdict.findings.append(finding(
                        "\(unanswered.id) never answered by continueUserActivity or didFailToContinueUserActivity before the next one (line \(event.line))",
                        at: unanswered, in: timeline, epoch: epoch, context: [event]))
                }
                pending[key] = event
            } else {
                pending[key] = nil
            }
        }
        if ended {
            for unanswered in pending.values.sorted(by: { $0.line < $1.line }) {
                verdict.findings.append(finding(
                    "\(unanswered.id) never answered by continueUserActivity or didFailToContinueUserActivity before the process ended",
                    at: unanswered, in: timeline, epoch: epoch))
            }
        }
        return verdict
    }
}
