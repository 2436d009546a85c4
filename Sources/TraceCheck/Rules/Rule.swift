/// An example capture for a rule. Lines are Xcode console lines; `↓` before a line marks
/// the line the rule must report (SwiftLint's model). The examples are the rule's tests,
/// its `tracecheck rules <id>` help and its SARIF help text.
package struct ExampleTrace: Sendable, Hashable {
    package static let marker: Character = "↓"
    package let lines: [String]
    /// What `.tracecheck.yml` says about the app, for rules that need it.
    package let facts: AppFacts

    package init(_ lines: [String], facts: AppFacts = AppFacts()) {
        self.lines = lines
        self.facts = facts
    }

    /// The lines without markers.
    package var unmarkedLines: [String] {
        lines.map { $0.first == Self.marker ? String($0.dropFirst()) : $0 }
    }

    /// The capture text without markers.
    package var text: String { unmarkedLines.joined(separator: "\n") + "\n" }

    /// 1-based numbers of the marked lines.
    package var markedLines: [Int] {
        lines.enumerated().filter { $0.element.first == Self.marker }.map { $0.offset + 1 }
    }
}

/// The groups of rules (docs/rules.md), plus UIKit's own messages.
package enum RuleFamily: String, Sendable, Codable, CaseIterable {
    case launch, routing, connection, foreground
    /// UIApplication notifications against the scenes' state.
    case notifications
    /// URLs, user activities, restoration, shortcuts.
    case delivery
    /// SwiftUI scenePhase prints.
    case swiftui
    /// UIKit's own messages about the app's configuration (docs/lifecycle.md, "UIKit's own messages").
    case uikit
    /// Rules a team writes in `.tracecheck.yml`.
    case custom
    /// Whether the capture could be checked at all.
    case capture
    /// Flutter's AppLifecycleState, its own state machine over UIKit's callbacks.
    case flutter
    /// React Native's AppState, its own state machine over UIApplication's notifications.
    case reactNative = "react-native"
    /// The app's callbacks against UIKit's own account of the application state.
    case uikitAccount = "uikit-account"
}

/// What a rule is, for humans and for output formats.
package struct RuleDescription: Sendable {
    /// Stable snake_case identifier used in output and configuration.
    package let id: String
    /// The invariant's id (`C5`), as docs/rules.md lists it.
    package let spec: String
    package let name: String
    package let family: RuleFamily
    /// The default severity; a configuration may set another.
    package internal(set) var severity: Severity
    /// Why the rule exists, with its evidence.
    package let rationale: String
    /// What is legal although it looks wrong, and why.
    package let exceptions: String
    package let triggering: [ExampleTrace]
    package let nonTriggering: [ExampleTrace]
    /// Off unless `.tracecheck.yml` lists it in `opt_in_rules` (annotations most teams do not want).
    package var optIn = false
    /// When a finding of the rule can be told while the capture is still being read.
    package var decided: Decision = .atEnd

    /// When a rule's findings are final. A finding told early must be one the whole capture
    /// gives too: a live read tells only what no later line can take back.
    package enum Decision: Sendable {
        /// When the capture is read to its end: the rule weighs what comes after a line
        /// (an exception that follows, a count, something never logged). A rule that judges
        /// one epoch at a time has its findings in a run decided once the process is
        /// launched again (`LiveMonitor`).
        case atEnd
        /// Once its line is read, when the process's reading of its lines can no longer
        /// change: the process uses scenes (a legacy app may still log a scene callback that
        /// turns every line's meaning), no notification stands in for a callback, and an
        /// app-delegate callback that a scene delegate may forward has a callback after it.
        case asSeen
        /// Once its line is read: the rule reads a framework's own states, whatever the
        /// process's mode.
        case asSeenAnyMode
    }
}

/// One ordering invariant. Each rule is one type in one file.
package protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func evaluate(_ timeline: CaptureTimeline) -> RuleOutcome
    /// How the framework runs the rule: given by `EpochRule` and `CarryingRule`.
    static var judgement: RuleJudgement { get }
    /// Whether it is an `EpochRule`: given by the protocols, so that no dynamic cast (a
    /// search of the binary's conformances, at every start) asks.
    static var judgesEpochsAlone: Bool { get }
}

extension Rule {
    var id: String { Self.description.id }

    func finding(_ message: String, at event: LifecycleEvent, in timeline: CaptureTimeline, epoch: ProcessEpoch,
                 scene: String? = nil, context: [LifecycleEvent] = [], severity: Severity? = nil) -> Finding {
        let context = context.filter { $0.line != event.line }.sorted { $0.line < $1.line }
        return Finding(rule: Self.description.id, spec: Self.description.spec, severity: severity ?? Self.description.severity, message: message,
                path: timeline.path, line: event.line, scene: scene, process: epoch.label,
                evidence: [Evidence(event)] + context.map(Evidence.init))
    }
}

/// A rule as one run uses it: built in or from the configuration, at the severity the
/// configuration gives it.
package struct ActiveRule: Sendable {
    package private(set) var description: RuleDescription
    /// The severity the rule's findings come with, before the configuration's.
    let defaultSeverity: Severity
    let judgement: RuleJudgement
    /// Whether the rule judges each epoch on what it holds alone (`EpochRule`): its findings
    /// in a process's run are decided once that run is over.
    let judgesEpochsAlone: Bool

    package init(_ rule: any Rule.Type) {
        self.init(description: rule.description, judgement: rule.judgement, judgesEpochsAlone: rule.judgesEpochsAlone)
    }

    init(description: RuleDescription, judgement: RuleJudgement, judgesEpochsAlone: Bool = false) {
        self.description = description
        defaultSeverity = description.severity
        self.judgesEpochsAlone = judgesEpochsAlone
        self.judgement = judgement
    }

    /// The same rule at another severity.
    package func with(severity: Severity) -> ActiveRule {
        var copy = self
        copy.description.severity = severity
        return copy
    }

    /// Whether the rule can judge a capture's runs one after another, some of them before
    /// the others are read (`RunRetirement`).
    var judgesRunByRun: Bool {
        if case .wholeCapture = judgement { false } else { true }
    }

    /// Judges `timeline`'s first `count` epochs on top of `progress`: runs that are over,
    /// judged before the rest of the capture is read. Answers the epochs of which the rule
    /// found something.
    func judge(firstRuns count: Int, of timeline: CaptureTimeline, into progress: inout RuleProgress) -> Set<Int> {
        guard case .runByRun(let runs) = judgement else { return [] }
        return runs.judge(timeline.epochs.prefix(count), of: timeline, into: &progress)
    }

    /// The rule's outcome on a capture whose runs before `timeline`'s were judged into
    /// `progress`, with its findings at the severity this run gives the rule.
    func outcome(for timeline: CaptureTimeline, after progress: RuleProgress = RuleProgress()) -> RuleOutcome {
        var outcome: RuleOutcome
        switch judgement {
        case .runByRun(let runs):
            var progress = progress
            _ = runs.judge(timeline.epochs[...], of: timeline, into: &progress)
            outcome = runs.conclude(progress)
        case .atEnd(let evaluate), .wholeCapture(let evaluate):
            outcome = evaluate(timeline)
        }
        guard description.severity != defaultSeverity else { return outcome }
        outcome.findings = outcome.findings.map { $0.with(severity: description.severity) }
        outcome.pending = outcome.pending.map { $0.with(severity: description.severity) }
        return outcome
    }
}

/// How a rule judges a capture.
package enum RuleJudgement: Sendable {
    /// One run of a process (an epoch) after another, with what it carries from one to the
    /// next: the framework owns the loop (`EpochRule`, `CarryingRule`).
    case runByRun(RunJudge)
    /// At the capture's end, on what is left of it: a rule that needs no run's events (the
    /// runs judged early leave their count in `CaptureTimeline.letGo`).
    case atEnd(@Sendable (CaptureTimeline) -> RuleOutcome)
    /// At the capture's end, on every event of it: no run is let go before its end.
    case wholeCapture(@Sendable (CaptureTimeline) -> RuleOutcome)
}

/// A rule judged run by run, whatever its type: the loop over epochs, the counting of the
/// epochs judged and of what could not be, for every rule alike.
package struct RunJudge: Sendable {
    let family: RuleFamily
    /// The rule's verdict on one epoch, with what it carries (`RuleProgress.carried`).
    let judge: @Sendable (ProcessEpoch, CaptureTimeline, inout RuleProgress) -> EpochVerdict
    /// Why the rule could not judge, from what it carried to the end.
    let unverifiable: @Sendable (RuleProgress) -> Set<String>
    /// The rule judges nothing in a capture that never shows this event: until the capture
    /// has shown it, its verdicts are kept both ways (`RuleProgress.unshown`).
    let onlyWhereCaptureShows: EventID?

    init(family: RuleFamily, onlyWhereCaptureShows: EventID? = nil,
         unverifiable: @escaping @Sendable (RuleProgress) -> Set<String> = { _ in [] },
         judge: @escaping @Sendable (ProcessEpoch, CaptureTimeline, inout RuleProgress) -> EpochVerdict) {
        self.family = family
        self.onlyWhereCaptureShows = onlyWhereCaptureShows
        self.unverifiable = unverifiable
        self.judge = judge
    }

    func judge(_ epochs: ArraySlice<ProcessEpoch>, of timeline: CaptureTimeline, into progress: inout RuleProgress) -> Set<Int> {
        var found: Set<Int> = []
        // By index, each epoch read in place: a copy of one (`for epoch in epochs`) retained
        // and released each of its arrays, sets and strings, for every rule and every run.
        let judgedOnAppLinesOnly = RuleFamily.judgedOnAppLinesOnly.contains(family)
        for index in epochs.indices {
            // One copy of the epoch for all that is asked of it: each `epochs[index]` below
            // retained and released its storage (ten times a rule and a run).
            let epoch = epochs[index]
            var verdict = judge(epoch, timeline, &progress)
            if !verdict.findings.isEmpty || !verdict.pending.isEmpty { found.insert(index) }
            // A process of which only UIKit's account was read shows nothing the rules of
            // some families judge: they are not verifiable there, not passed.
            let uikitOnly: Set<String> = judgedOnAppLinesOnly && !epoch.appLogs ? ["only UIKit's account was read"] : []
            if !verdict.judged, !uikitOnly.isEmpty { verdict.unverifiable = uikitOnly }
            progress.tally.add(epoch.label, verdict)
            if let shown = onlyWhereCaptureShows {
                progress.shows = progress.shows || epoch.holds(shown)
                var unjudged = EpochVerdict()
                unjudged.unverifiable = uikitOnly
                progress.unshown.add(epoch.label, unjudged)
            }
        }
        return found
    }

    func conclude(_ progress: RuleProgress) -> RuleOutcome {
        let tally = onlyWhereCaptureShows == nil || progress.shows ? progress.tally : progress.unshown
        return tally.outcome(adding: unverifiable(progress))
    }
}

/// What one rule has judged of a capture's runs so far (`RunJudge`): its verdicts added up,
/// and what it carries from run to run. Small whatever the number of runs.
package struct RuleProgress: Sendable {
    var tally = VerdictTally()
    /// What the rule carries from one run to the next (`CarryingRule.Carried`).
    var carried: (any Sendable)?
    /// Whether the capture showed `RunJudge.onlyWhereCaptureShows` so far, and the verdicts
    /// as they are if it never does.
    var shows = false
    var unshown = VerdictTally()

    package init() {}
}

/// Epoch verdicts added up as they come: the findings, the epochs judged, and each reason
/// for what could not be judged with the first few processes it holds for.
struct VerdictTally: Sendable {
    private var outcome = RuleOutcome()
    private var holders: [String: (first: [String], count: Int)] = [:]
    /// Processes named per reason; the others are counted.
    static let named = 3

    /// `process`: the epoch's label, made only where a reason names it (a label is a string
    /// built for each epoch and rule otherwise).
    mutating func add(_ process: @autoclosure () -> String, _ verdict: EpochVerdict) {
        // Most verdicts hold none of these: appending an empty list or set still retained
        // and released it (for every rule and every run).
        if !verdict.findings.isEmpty { outcome.findings += verdict.findings }
        if !verdict.pending.isEmpty { outcome.pending += verdict.pending }
        if !verdict.decidedAsSeen.isEmpty { outcome.decidedAsSeen.formUnion(verdict.decidedAsSeen) }
        if verdict.judged { outcome.checked += 1 }
        for reason in verdict.unverifiable {
            var entry = holders[reason] ?? ([], 0)
            if entry.first.count < Self.named { entry.first.append(process()) }
            entry.count += 1
            holders[reason] = entry
        }
    }

    /// The outcome, with reasons said once for the whole capture.
    func outcome(adding reasons: Set<String>) -> RuleOutcome {
        var outcome = outcome
        for (reason, entry) in holders {
            let more = entry.count > Self.named ? " and \(entry.count - Self.named) more" : ""
            outcome.unverifiable.insert("\(reason) in \(entry.first.joined(separator: ", "))\(more)")
        }
        outcome.unverifiable.formUnion(reasons)
        return outcome
    }
}

/// Every built-in rule, in the order they are listed.
package enum RuleRegistry {
    package static let all: [any Rule.Type] = [
        NoLifecycleEventsRule.self,
        LaunchSequenceRule.self,
        LaunchBeforeSceneConnectRule.self,
        PrewarmGapRule.self,
        LaunchNotificationOrderRule.self,
        NothingAfterTerminateRule.self,
        AppDelegateInSceneAppRule.self,
        OpenURLInSceneAppRule.self,
        ForwardedAppCallbackRule.self,
        SceneCallbackInLegacyAppRule.self,
        OneDelegateClassPerSceneRule.self,
        ConfigurationBeforeConnectRule.self,
        ConfigurationOnReconnectRule.self,
        ConnectFirstRule.self,
        ConnectOncePerInstanceRule.self,
        BackgroundBeforeDisconnectRule.self,
        SessionReconnectedRule.self,
        DisconnectBeforeDiscardRule.self,
        LaunchTimeDiscardRule.self,
        DiscardedSessionReusedRule.self,
        SingleSceneAppRule.self,
        CarPlayConnectPairingRule.self,
        ForegroundBeforeActiveRule.self,
        ForegroundWithoutActivationRule.self,
        ResignBeforeBackgroundRule.self,
        SceneStateMachineRule.self,
        CallbackRequiresConnectionRule.self,
        AppNotificationAgainstSceneStateRule.self,
        NotificationBeforeCallbackRule.self,
        TerminateNotificationOrderRule.self,
        OpenURLBeforeConnectRule.self,
        ContinueActivityPairingRule.self,
        RestoreInteractionBeforeConnectRule.self,
        ShortcutBeforeConnectRule.self,
        ScenePhaseOrderRule.self,
        PhaseAgainstSceneStateRule.self,
        FlutterStateOrderRule.self,
        ReactNativeStateOrderRule.self,
        HandlerNotRunRule.self,
        CallbackAgainstUIKitStateRule.self,
        NoSceneManifestRule.self,
        ConfigurationNameNotInPlistRule.self,
        SceneDelegateClassNotLoadedRule.self,
        NoSceneDelegateRule.self,
        AppDelegateWindowMissingRule.self,
        LegacyLifecycleWarningRule.self,
        SceneLifecycleRequiredRule.self,
        CarPlayLifecycleMissingRule.self,
        SceneSessionRequestFailedRule.self,
    ]

    /// Every built-in rule's id, in the order they are listed.
    package static var ids: [String] { all.map { $0.description.id } }

    /// What runs without a configuration: every rule but the opt-in ones.
    package static var enabledByDefault: [ActiveRule] { all.filter { !$0.description.optIn }.map(ActiveRule.init) }
}

/// A rule judged one process epoch at a time, which most are: the framework owns the loop
/// over the epochs and counts the epochs judged, so a rule only says what it found in one.
package protocol EpochRule: Rule {
    func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict
}

/// What a rule found in one epoch.
package struct EpochVerdict: Sendable {
    package var findings: [Finding] = []
    /// Findings that depend on how the capture ends (see `RuleOutcome.pending`).
    package var pending: [Finding] = []
    /// Why the rule could not judge (part of) the epoch.
    package var unverifiable: Set<String> = []
    /// Whether the rule could judge something in the epoch.
    package var judged = false
    /// Findings of a rule decided at the end that are decided as seen all the same, by
    /// `Finding.tellingKey`: the rule knows that nothing after their line can change them.
    package var decidedAsSeen: Set<String> = []

    package init() {}

    /// A finding that nothing after its line can take back, though the rule's others wait.
    package mutating func appendDecidedAsSeen(_ finding: Finding) {
        findings.append(finding)
        decidedAsSeen.insert(finding.tellingKey)
    }
}

extension Rule {
    /// A rule that is neither an `EpochRule` nor a `CarryingRule` judges the capture at its end.
    package static var judgement: RuleJudgement { .atEnd { Self().evaluate($0) } }
    package static var judgesEpochsAlone: Bool { false }
}

extension EpochRule {
    package static var judgement: RuleJudgement { .runByRun(runJudge()) }
    package static var judgesEpochsAlone: Bool { true }

    static func runJudge(onlyWhereCaptureShows shown: EventID? = nil) -> RunJudge {
        let rule = Self()
        return RunJudge(family: description.family, onlyWhereCaptureShows: shown) { epoch, timeline, _ in rule.judge(epoch, in: timeline) }
    }

    package func evaluate(_ timeline: CaptureTimeline) -> RuleOutcome { ActiveRule(Self.self).outcome(for: timeline) }
}

/// A rule judged one process epoch at a time that carries what it learnt from one epoch to
/// the next: a scene session outlives the run of the process that connected it. The
/// framework owns the loop and the counting, as for `EpochRule`.
package protocol CarryingRule: Rule {
    associatedtype Carried: CarriedFacts
    func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline, carrying: inout Carried) -> EpochVerdict
    /// Why the rule could not judge, said once for the whole capture when its epochs are
    /// judged (not once per epoch).
    func unverifiable(after carried: Carried) -> Set<String>
}

/// What a `CarryingRule` carries, empty before the capture's first epoch.
package protocol CarriedFacts: Sendable { init() }

extension CarryingRule {
    package func unverifiable(after carried: Carried) -> Set<String> { [] }

    package static var judgement: RuleJudgement {
        let rule = Self()
        return .runByRun(RunJudge(family: description.family,
                                  unverifiable: { rule.unverifiable(after: $0.carried as? Carried ?? Carried()) }) { epoch, timeline, progress in
            var carried = progress.carried as? Carried ?? Carried()
            // Taken out, not copied: while the progress still held it, the first change
            // would copy every session the rule remembers, at every epoch.
            progress.carried = nil
            defer { progress.carried = carried }
            return rule.judge(epoch, in: timeline, carrying: &carried)
        })
    }

    package func evaluate(_ timeline: CaptureTimeline) -> RuleOutcome { ActiveRule(Self.self).outcome(for: timeline) }
}

extension RuleFamily {
    /// Families whose rules need the app's own lines: UIKit's account shows no launch callback,
    /// scene connection, delivery or notification.
    static let judgedOnAppLinesOnly: Set<RuleFamily> = [.launch, .routing, .connection, .notifications, .delivery]
}

extension EpochVerdict {
    /// The verdict of a rule over the whole capture, as its outcome.
    var outcome: RuleOutcome {
        var tally = VerdictTally()
        tally.add("the capture", self)
        return tally.outcome(adding: [])
    }
}
