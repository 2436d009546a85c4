import Foundation

/// A rule's verdict on one capture, for the summary.
package struct RuleStatus: Hashable, Sendable {
    package let rule: String
    package let checked: Bool
    /// Why some epochs could not be judged (sorted).
    package let unverifiable: [String]
}

/// A finding the capture cannot support: its evidence spans a weak spot of the recording.
public struct InconclusiveFinding: Hashable, Sendable {
    public let finding: Finding
    /// Why the capture cannot support it.
    public let reason: String
}

extension CaptureReport {
    /// What a run keeps of a capture once its output is written (a streaming format writes
    /// each capture as it finishes): findings, health, counts and the rules' reasons for what
    /// they could not judge; not the timeline, nor the rules that passed. A directory of a
    /// night's captures then costs a few hundred bytes per clean capture, not kilobytes.
    /// `keepingRuleStatuses`: every rule's status too, for JUnit's test cases.
    package func summarised(keepingRuleStatuses: Bool = false) -> CaptureReport {
        // A copy of the whole report with two parts cut down: every other fact comes along.
        var copy = self
        copy.timeline.epochs = []
        copy.timeline.letGo.kept = []
        if !keepingRuleStatuses { copy.rules = rules.filter { !$0.unverifiable.isEmpty } }
        return copy
    }
}

/// Everything known about one capture after the whole pipeline.
package struct CaptureReport: Sendable {
    package let scan: ScannedCapture
    package internal(set) var timeline: CaptureTimeline
    package internal(set) var findings: [Finding]
    /// Findings withheld because the capture is too weak where they point.
    package let inconclusive: [InconclusiveFinding]
    package internal(set) var rules: [RuleStatus]
    /// The scanner's health issues plus those only the timeline shows.
    package let health: [HealthIssue]
    /// Findings a `--baseline` accepts: not reported, kept for `--write-baseline`.
    package internal(set) var baselined: [Finding] = []
    /// Findings already written while the capture was read (a live read, `LiveMonitor`):
    /// streaming formats do not write them again.
    package internal(set) var told: Set<Finding> = []
    /// Findings that only the end of the capture decides (a response still owed when it
    /// ended), by `Finding.tellingKey`: a live read does not tell them early.
    package internal(set) var endDependent: Set<String> = []
    /// Findings a rule decided at the end marks as decided as seen (`EpochVerdict`).
    package internal(set) var decidedAsSeen: Set<String> = []

    /// The report as an output that wrote nothing while the capture was read sees it.
    package var forgettingTold: CaptureReport {
        var copy = self
        copy.told = []
        return copy
    }

    /// The findings a streaming output writes when the capture is checked: those it did not
    /// write while the capture was read.
    package var untoldFindings: [Finding] {
        told.isEmpty ? findings : findings.filter { !told.contains($0) }
    }

    /// Lifecycle events read: every event of the timeline, duplicates and forwarded calls
    /// included (a React Native state repeated is a poll, not an event).
    package let eventCount: Int

    package var path: String { scan.source.displayName }

    /// Every event, in line order, as the timeline has them (ambiguous spellings resolved).
    package var events: [LifecycleEvent] {
        timeline.epochs.flatMap { $0.events.map(\.event) }.sorted { $0.line < $1.line }
    }
}

package struct CheckOptions: Sendable {
    package var timeline = TimelineOptions()
    package var scan = ScanOptions()
    package var rules: [ActiveRule] = RuleRegistry.enabledByDefault
    /// Runs of a process that are over are judged while a capture is read whole by one
    /// thread, and let go (`RunRetirement`): for outputs that need no timeline of a run
    /// without findings. Nil: every run is kept to the end.
    package var retirement: (threshold: Int, lag: Int)?
    /// What a run that lets runs go uses: a look once 32,768 events are held (about 5 MB), at
    /// runs over for 10,000 lines.
    package static let lettingRunsGo = (threshold: 32_768, lag: 10_000)

    package init(forcedMode: LifecycleMode? = nil, format: (any CaptureFormat)? = nil, processes: [String] = []) {
        timeline = TimelineOptions(forcedMode: forcedMode)
        scan = ScanOptions(format: format, processes: processes)
    }
}

/// Runs bytes → records → events → timelines → rules → findings for one capture.
package struct Checker: Sendable {
    package var options: CheckOptions

    package init(options: CheckOptions = CheckOptions()) { self.options = options }

    package func check(_ source: InputSource) throws(InputError) -> CaptureReport {
        try check(source, live: nil)
    }

    /// Checks `source`; with `live`, a capture read as it is written (standard input,
    /// `--follow`) has its findings told as they are decided, before its end.
    package func check(_ source: InputSource, live: LiveOptions?) throws(InputError) -> CaptureReport {
        var monitor: LiveMonitor?
        if let live, LiveMonitor.applies(to: source, options: options.scan) {
            monitor = LiveMonitor(checker: self, source: source, options: live)
        }
        let retirement = options.retirement.flatMap { RunRetirement(checker: self, path: source.displayName, threshold: $0.threshold, lag: $0.lag) }
        var scan = try CaptureScanner(options: options.scan).scan(source, monitor: monitor, retirement: retirement)
        var report = judge(&scan)
        if let monitor { report.told = monitor.told(in: report) }
        return report
    }

    /// The stages after reading: events → timelines → rules → findings.
    ///
    /// `scan` is changed in place, not copied: its event list is let go once the timeline
    /// holds the events, and a copy kept by the caller would hold it through the rules.
    func judge(_ scan: inout ScannedCapture) -> CaptureReport {
        let source = scan.source
        let retired = scan.retired ?? RetiredRuns(rules: options.rules.count)
        // What was read, for a capture that shows nothing (`NoLifecycleEventsRule`), is worked
        // out beside the timelines, and the runs' health and count beside the rules: after a
        // parted read, one thread did each while the others waited (0.1 to 0.3 ms on 64 MB
        // of an app's console).
        // (The side task reads the scan through a box emptied once the timelines are built,
        // so that its event list is let go below.)
        let read = SideResult<ScannedCapture>(scan), reading = SideResult<CaptureReading>(), filter = options.scan.processes
        var timeline = TimelineBuilder(options: options.timeline).build(path: source.displayName, stream: scan.stream, after: retired.letGo,
                                                                         threads: options.scan.threadsPerFile) {
            if let scan = read.value { reading.value = CaptureReading(scan, processFilter: filter) }
        }
        read.value = nil
        timeline.reading = reading.value ?? CaptureReading(scan, processFilter: filter)
        scan.stream.events = []
        let runs = SideResult<(health: [HealthIssue], events: Int)>()
        let judged = timeline, lettingGo = retired.letGo.events
        let ruleOutcomes = outcomes(of: options.rules, for: timeline, after: retired.progress) {
            runs.value = Self.account(of: judged, after: lettingGo)
        }
        let (runsHealth, eventCount) = runs.value ?? Self.account(of: timeline, after: lettingGo)
        let health = scan.health + retired.letGo.health + runsHealth
        let uncleanEnd = TimelineHealth.uncleanEnd(health)
        var findings: [Finding] = []
        var pending: [Finding] = []
        var statuses: [RuleStatus] = []
        var decidedAsSeen: Set<String> = []
        for (rule, outcome) in zip(options.rules, ruleOutcomes) {
            findings += outcome.findings
            pending += outcome.pending
            decidedAsSeen.formUnion(outcome.decidedAsSeen)
            statuses.append(RuleStatus(rule: rule.description.id, checked: outcome.checked > 0,
                                       unverifiable: outcome.unverifiable.sorted()))
        }
        var conclusive: [Finding] = []
        var inconclusive: [InconclusiveFinding] = []
        var endDependent: Set<String> = []
        for finding in pending {
            if let uncleanEnd {
                inconclusive.append(InconclusiveFinding(finding: finding, reason: "still pending when the capture ended, and it did not end cleanly (\(uncleanEnd))"))
            } else {
                findings.append(finding)
                endDependent.insert(finding.tellingKey)
            }
        }
        findings.sort { ($0.line, $0.rule) < ($1.line, $1.rule) }
        for finding in findings {
            if let reason = TimelineHealth.weakness(under: finding, health: health) {
                inconclusive.append(InconclusiveFinding(finding: finding, reason: reason))
            } else {
                conclusive.append(finding)
            }
        }
        inconclusive.sort { ($0.finding.line, $0.finding.rule) < ($1.finding.line, $1.finding.rule) }
        // The reports show the runs let go that have a finding, before the runs judged now.
        timeline.epochs = retired.letGo.kept + timeline.epochs
        var report = CaptureReport(scan: scan, timeline: timeline, findings: conclusive, inconclusive: inconclusive,
                             rules: statuses, health: health, eventCount: eventCount)
        report.endDependent = endDependent
        report.decidedAsSeen = decidedAsSeen
        return report
    }

    /// The health of `timeline`'s runs, and their events counted after `letGo` let go before them.
    private static func account(of timeline: CaptureTimeline, after letGo: Int) -> (health: [HealthIssue], events: Int) {
        (TimelineHealth.issues(in: timeline), timeline.epochs.reduce(letGo) { $0 + $1.eventCount })
    }

    /// Each rule's outcome, in the rules' order. With threads to spare for this capture
    /// (`threadsPerFile`), the rules run at once: they only read the timeline, and after a
    /// parted scan they are most of what is left to do on one thread.
    /// `progress`: each rule's, over the runs let go before `timeline`'s.
    /// `alongside`: work done beside the rules, by one of the threads that judge them.
    func outcomes(of rules: [ActiveRule], for timeline: CaptureTimeline, after progress: [RuleProgress],
                  alongside: (@Sendable () -> Void)? = nil) -> [RuleOutcome] {
        // Progress comes from this checker's rules, one each; a rule without starts afresh.
        let progress = rules.indices.map { progress.indices.contains($0) ? progress[$0] : RuleProgress() }
        guard options.scan.threadsPerFile > 1, rules.count > 1 else {
            alongside?()
            return rules.indices.map { rules[$0].outcome(for: timeline, after: progress[$0]) }
        }
        // This thread and `threadsPerFile - 1` threads of their own, each taking the next rule no
        // other has begun: the rules are shared by how long each takes. Not the dispatch
        // pool's: its workers began late, and two threads judged 64 MB of an app's console
        // in the time one did (2.1 ms); with threads of their own, in 0.6 to 1.1 ms.
        let helpers = options.scan.threadsPerFile - 1
        let outcome = { @Sendable (index: Int) in rules[index].outcome(for: timeline, after: progress[index]) }
        return SharedTasks.results(count: rules.count, helpers: helpers, alongside: alongside, body: outcome)
    }
}

/// A value worked out on whichever thread runs a side task (`SharedTasks.results(count:
/// helpers:alongside:body:)`), read once the tasks are done: their end orders the write
/// before the read.
private final class SideResult<Value>: @unchecked Sendable {
    var value: Value?
    init(_ value: Value? = nil) { self.value = value }
}
