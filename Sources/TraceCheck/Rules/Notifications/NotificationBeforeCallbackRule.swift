/// N3: a callback and its own notification are one event; the notification comes second.
package struct NotificationBeforeCallbackRule: EpochRule {
    package init() {}

    /// How far ahead of its callback a notification may be logged (N3 in docs/rules.md).
    static let tolerance = 0.050

    package static let description = RuleDescription(
        id: "notification_before_callback",
        spec: "N3",
        name: "A notification logged well before its own callback",
        family: .notifications,
        severity: .warning,
        rationale: """
            A delegate callback and the notification UIKit posts for it form one logical event: UIApplication.h says \
            the notifications "are sent out after the equivalent delegate message is called", and a scene app logs \
            sceneDidBecomeActive(_:) before NSNotificationName(_rawValue: UISceneDidActivateNotification) (observed). \
            tracecheck merges the two. A notification logged more than 50 ms before its callback means one of the two \
            prints is not where it seems (an observer on another queue, a deferred print).
            """,
        exceptions: """
            Observers in different objects may log in any order relative to each other, and a notification a few \
            milliseconds early is within clock noise: only a lead above 50 ms is reported, and only with timestamps. \
            didFinishLaunching and willTerminate have rules of their own (launch_notification_order, \
            terminate_notification_order).
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] application(_:didFinishLaunchingWithOptions:)",
                "2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] scene(_:willConnectTo:options:)",
                "2026-03-14 09:27:12.210000+0100 Fieldnotes[4817:3120544] sceneWillEnterForeground(_:)",
                "↓2026-03-14 09:27:12.220000+0100 Fieldnotes[4817:3120544] NSNotificationName(_rawValue: UISceneDidActivateNotification)",
                "2026-03-14 09:27:12.480000+0100 Fieldnotes[4817:3120544] sceneDidBecomeActive(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] application(_:didFinishLaunchingWithOptions:)",
                "2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] scene(_:willConnectTo:options:)",
                "2026-03-14 09:27:12.210000+0100 Fieldnotes[4817:3120544] sceneWillEnterForeground(_:)",
                "2026-03-14 09:27:12.220000+0100 Fieldnotes[4817:3120544] sceneDidBecomeActive(_:)",
                "2026-03-14 09:27:12.221000+0100 Fieldnotes[4817:3120544] NSNotificationName(_rawValue: UISceneDidActivateNotification)",
            ]),
            ExampleTrace([
                "2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] scene(_:willConnectTo:options:)",
                "2026-03-14 09:27:12.210000+0100 Fieldnotes[4817:3120544] sceneWillEnterForeground(_:)",
                "2026-03-14 09:27:12.218000+0100 Fieldnotes[4817:3120544] NSNotificationName(_rawValue: UISceneDidActivateNotification)",
                "2026-03-14 09:27:12.220000+0100 Fieldnotes[4817:3120544] sceneDidBecomeActive(_:)",
            ]),
        ])

    static let ownRules: Set<EventID> = [.appDidFinishLaunching, .appWillTerminate]

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let companions = epoch.events.indices.filter {
            epoch.events[$0].attachment == .companion && !Self.ownRules.contains(epoch.events[$0].id)
        }
        guard !companions.isEmpty else { return verdict }
        verdict.judged = true
        for index in companions {
            let notification = epoch.events[index].event
            // The callback it accompanies is the next event that drives a timeline, when
            // that is the same event and no callback of its kind came just before.
            guard let next = epoch.events.indices.first(where: { $0 > index && epoch.drives(epoch.events[$0]) }),
                  epoch.events[next].id == notification.id, epoch.events[next].source == .callback else { continue }
            let previous = epoch.events[..<index].lastIndex { epoch.drives($0) }
            if let previous, epoch.events[previous].id == notification.id { continue }
            let callback = epoch.events[next].event
            guard let start = notification.time, let end = callback.time else {
                verdict.unverifiable.insert("the capture has no timestamps")
                continue
            }
            if end - start > Self.tolerance {
                verdict.findings.append(finding(
                    "\(notification.id) notification logged \(Int(((end - start) * 1000).rounded())) ms before its callback (line \(callback.line)): UIKit posts it after the callback",
                    at: notification, in: timeline, epoch: epoch, context: [callback]))
            }
        }
        return verdict
    }
}
