/// L5: `UIApplicationDidFinishLaunchingNotification` follows `didFinishLaunching`.
package struct LaunchNotificationOrderRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "launch_notification_order",
        spec: "L5",
        name: "didFinishLaunching notification after the delegate callback",
        family: .launch,
        severity: .warning,
        rationale: """
            UIApplication.h: "These notifications are sent out after the equivalent delegate message is called". An \
            observer of UIApplication.didFinishLaunchingNotification that logs before application(_:didFinishLaunchingWithOptions:) \
            means the print in the delegate is not where it seems (deferred to a later run-loop turn), or the capture \
            interleaves two processes.
            """,
        exceptions: """
            A print logged from a block (`__func__ … _block_invoke`) is known to be late and is not used. Not judged \
            when the app does not log the delegate callback.
            """,
        triggering: [
            ExampleTrace([
                "application(_:willFinishLaunchingWithOptions:)",
                "↓UIApplicationDidFinishLaunchingNotification",
                "application(_:didFinishLaunchingWithOptions:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:willFinishLaunchingWithOptions:)",
                "application(_:didFinishLaunchingWithOptions:)",
                "UIApplicationDidFinishLaunchingNotification",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeNotificationFollowsCallback(.appDidFinishLaunching, in: epoch, of: timeline)
    }
}
