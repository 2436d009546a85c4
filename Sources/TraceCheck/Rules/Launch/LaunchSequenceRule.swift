/// L2: `willFinishLaunching` precedes `didFinishLaunching`; each at most once per process.
package struct LaunchSequenceRule: EpochRule {
    package init() {}

    package static let description = RuleDescription(
        id: "launch_sequence",
        spec: "L2",
        name: "Launch callbacks once each, willFinish before didFinish",
        family: .launch,
        severity: .error,
        rationale: """
            UIKit calls application(_:willFinishLaunchingWithOptions:) and then \
            application(_:didFinishLaunchingWithOptions:), once each per process (Apple, About the app launch \
            sequence, steps 3 and 5). A second didFinishLaunching in the same process means the launch code ran \
            twice — typically a framework that re-initialises itself — or two processes logged under one pid.
            """,
        exceptions: """
            Very old code implements applicationDidFinishLaunching: instead of both; that counts as didFinishLaunching. \
            A new pid is a new process and may launch again. Without pids, a second launch starts a new process.
            """,
        triggering: [
            ExampleTrace([
                "2020-04-22 14:27:31.276102+0300 Runner[1397:695256] Metal API Validation Enabled",
                "-> applicationDidFinishLaunching()",
                "-> applicationDidBecomeActive()",
                "↓-> applicationDidFinishLaunching()",
            ]),
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "↓2026-03-14 09:27:12.140000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:willFinishLaunchingWithOptions:]",
            ]),
        ],
        nonTriggering: [
            ExampleTrace([
                "application(_:willFinishLaunchingWithOptions:)",
                "application(_:didFinishLaunchingWithOptions:)",
            ]),
            ExampleTrace([
                "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                "2026-03-14 09:40:02.400000+0100 Fieldnotes[4903:3140012] -[AppDelegate application:didFinishLaunchingWithOptions:]",
            ]),
        ],
        decided: .asSeen)

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        let didFinish = epoch.drivingCallbacks(.appDidFinishLaunching)
        let willFinish = epoch.drivingCallbacks(.appWillFinishLaunching)
        guard !didFinish.isEmpty || !willFinish.isEmpty else {
            if !epoch.events.isEmpty { verdict.unverifiable.insert("app.didFinishLaunching not logged") }
            return verdict
        }
        verdict.judged = true
        for repeated in [didFinish, willFinish] where repeated.count > 1 {
            for again in repeated.dropFirst() {
                verdict.findings.append(finding(
                    "\(again.id) logged again in \(epoch.label) (first at line \(repeated[0].line)): the launch code ran twice in one process",
                    at: again, in: timeline, epoch: epoch, context: [repeated[0]]))
            }
        }
        if let will = willFinish.first, let did = didFinish.first, will.line > did.line {
            verdict.findings.append(finding(
                "app.willFinishLaunching after app.didFinishLaunching (line \(did.line)): willFinish must come first",
                at: will, in: timeline, epoch: epoch, context: [did]))
        }
        return verdict
    }
}
