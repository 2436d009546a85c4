/// N5: `UIApplicationWillTerminateNotification` follows `applicationWillTerminate`.
package struct TerminateNotificationOrderRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "terminate_notification_order",
        spec: "N5",
        name: "willTerminate notification after the delegate callback",
        family: .notifications,
        severity: .warning,
        rationale: """
            applicationWillTerminate(_:): "After calling this method, the app also posts a \
            UIApplication.willTerminateNotification notification" (Apple). The notification logged first means the \
            delegate's print is not where it seems, or the lines come from two processes.
            """,
        exceptions: """
            A print from a block is late by design and not used. Not judged when the app does not log \
            applicationWillTerminate.
            """,
        triggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "↓UIApplicationWillTerminateNotification",
                "applicationWillTerminate(_:)",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)",
                "sceneWillEnterForeground(_:)",
                "sceneDidBecomeActive(_:)",
                "sceneWillResignActive(_:)",
                "sceneDidEnterBackground(_:)",
                "applicationWillTerminate(_:)",
                "UIApplicationWillTerminateNotification",
            ]),
        ])

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        judgeNotificationFollowsCallback(.appWillTerminate, in: epoch, of: timeline)
    }
}
