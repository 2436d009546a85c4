/// C9: a discarded session never comes back.
package struct DiscardedSessionReusedRule: CarryingRule {
    package init() {}

    package static let description = RuleDescription(
        id: "discarded_session_reused",
        spec: "C9",
        name: "Nothing refers to a discarded session",
        family: .connection,
        severity: .error,
        rationale: """
            "UIKit calls this method only when dismissing scenes permanently" (Apple, \
            application(_:didDiscardSceneSessions:)); the template adds "as they will not return". A later line \
            with the same persistentIdentifier — in this process or a later launch in the capture — means state \
            was restored for a session the app was told is gone.
            """,
        exceptions: """
            Needs persistentIdentifiers on the lines (as the spec recommends logging them); restoration data (not the \
            session) has been seen to survive a force quit, which this rule does not look at.
            """,
        triggering: [
            ExampleTrace([
                "2026-03-14 09:40:00.100000+0100 Atlas[2210:88101] -[SceneDelegate sceneDidDisconnect:] 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "2026-03-14 09:40:00.120000+0100 Atlas[2210:88101] -[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = 5910B345-5C7F-4CA4-BA22-EE6114C79B6A>)}",
                "2026-03-14 09:41:10.500000+0100 Atlas[2290:90114] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "↓2026-03-14 09:41:10.600000+0100 Atlas[2290:90114] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x12c5056d0; role: UIWindowSceneSessionRoleApplication; persistentIdentifier: 5910B345-5C7F-4CA4-BA22-EE6114C79B6A; activationState: UISceneActivationStateUnattached>",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "2026-03-14 09:40:00.100000+0100 Atlas[2210:88101] -[SceneDelegate sceneDidDisconnect:] 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "2026-03-14 09:41:10.600000+0100 Atlas[2210:88101] -[SceneDelegate scene:willConnectToSession:options:] 5910B345-5C7F-4CA4-BA22-EE6114C79B6A",
                "2026-03-14 09:42:00.120000+0100 Atlas[2210:88101] -[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = 04EAB7E8-1819-4E9B-BC75-C6342395CE82>)}",
            ]),
        ])

    /// Where each session was discarded, and the sessions already reported, in any run of
    /// the process.
    package struct Carried: CarriedFacts {
        var discardedAt = SessionSightings()
        var reported = Set<SessionKey>()
        package init() {}
    }

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline, carrying carried: inout Carried) -> EpochVerdict {
        var verdict = EpochVerdict()
        // Through the buffer, each event taken out only where it names a session: a walk of the
        // array retained and released every one.
        epoch.driving.withUnsafeBufferPointer { driving in
            for index in driving.indices {
                if driving[index].id == .appDidDiscardSceneSessions {
                    let event = driving[index]
                    if event.sessions.isEmpty {
                        verdict.unverifiable.insert("didDiscardSceneSessions lines carry no persistentIdentifier")
                    } else {
                        verdict.judged = true
                    }
                    for session in event.sessions { carried.discardedAt.noteFirst(session, event) }
                    continue
                }
                guard driving[index].hasSessions else { continue }
                let event = driving[index]
                for session in event.sessions {
                    let key = SessionKey(session)
                    guard !carried.reported.contains(key), let discard = carried.discardedAt[session] else { continue }
                    carried.reported.insert(key)
                    verdict.findings.append(finding(
                        "\(event.id) refers to session \(session), discarded at line \(discard.line): discarded sessions do not return",
                        at: event, in: timeline, epoch: epoch, context: [discard]))
                }
            }
        }
        return verdict
    }
}
