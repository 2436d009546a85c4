import Foundation

/// How a live read tells its findings: a capture read as it is written (standard input,
/// `--follow`) has each finding told as soon as no later line can take it back, not at
/// its end.
package struct LiveOptions: Sendable {
    /// Called once per finding decided early, from the reading thread.
    package var tell: @Sendable (Finding) -> Void
    /// What a run does to a report before writing it (a baseline's filter): only what it
    /// keeps is told.
    package var accept: @Sendable (CaptureReport) -> CaptureReport

    package init(accept: @escaping @Sendable (CaptureReport) -> CaptureReport = { $0 },
                 tell: @escaping @Sendable (Finding) -> Void) {
        self.accept = accept
        self.tell = tell
    }
}

/// Looks at a live capture as it is read: when the input pauses, the lines read so far are
/// checked as a whole and the findings that are decided (`RuleDescription.Decision`) and not
/// yet told are told.
///
/// The checks between looks are the same ones the capture's end runs, so what is told early
/// is what the whole capture reports; `LiveCheckTests` holds that on every sample, the shared
/// corpus and generated traces, looking after every line.
final class LiveMonitor {
    let checker: Checker
    let source: InputSource
    let options: LiveOptions
    let decisions: [String: RuleDescription.Decision]
    /// The rules that judge each epoch alone: all their findings in a run that is over are
    /// decided.
    let epochRules: Set<String>
    /// What was told, by `Finding.tellingKey`.
    private(set) var toldKeys: Set<String> = []
    private var lastLook: ContinuousClock.Instant?
    private var lastCost: Duration = .zero
    private var eventsLookedAt = 0

    init(checker: Checker, source: InputSource, options: LiveOptions) {
        self.checker = checker
        self.source = source
        self.options = options
        decisions = Dictionary(checker.options.rules.map { ($0.description.id, $0.description.decided) }) { first, _ in first }
        epochRules = Set(checker.options.rules.filter(\.judgesEpochsAlone).map(\.description.id))
    }

    /// A live read is one that may wait for its writer: standard input, a followed file.
    static func applies(to source: InputSource, options: ScanOptions) -> Bool {
        switch source {
        case .standardInput: true
        case .file: options.follow
        case .text, .bytes: false
        }
    }

    /// The input waits for its writer (10 ms without data, or a followed file read to its
    /// end): a look, unless nothing was read since the last one, or the last one was so
    /// recent that looks would take more than a fifth of the time.
    ///
    /// Only a pause leads to a look. A look checks everything read so far, so one while lines
    /// flow (a capture piped whole) would cost up to what its end costs; such an input is
    /// checked at its end, as fast as a file.
    func waiting(_ session: ScanSession, lines: Int, maximumLineLength: Int) {
        guard lines > 0, session.eventsRead > eventsLookedAt || !session.formatDecided else { return }
        let now = ContinuousClock.now
        if let lastLook, now - lastLook < lastCost * 4 { return }
        session.decideNow()
        look(at: session, lines: lines, maximumLineLength: maximumLineLength)
        lastLook = ContinuousClock.now
        lastCost = ContinuousClock.now - now
    }

    /// Checks what was read so far and tells what is decided.
    /// `maximumLineLength`: the reader's, for what the snapshot says of over-long lines.
    func look(at session: ScanSession, lines: Int, maximumLineLength: Int) {
        eventsLookedAt = session.eventsRead
        var scan = session.snapshot(source: source, lines: lines, maximumLineLength: maximumLineLength)
        let report = options.accept(checker.judge(&scan))
        for finding in report.decidedFindings(decisions, epochRules: epochRules, forcedMode: checker.options.timeline.forcedMode != nil)
        where toldKeys.insert(finding.tellingKey).inserted {
            options.tell(finding)
        }
    }

    /// The findings of the final report that were told.
    func told(in report: CaptureReport) -> Set<Finding> {
        Set(report.findings.filter { toldKeys.contains($0.tellingKey) })
    }
}

extension Finding {
    /// A finding told early is the final report's finding with this key: the rule, the line
    /// and the message. The scene's label is not part of it, as later lines may name the
    /// scene better (its class, its session) than the lines before.
    var tellingKey: String { "\(rule)\u{1F}\(line)\u{1F}\(message)" }
}

extension CaptureReport {
    /// The conclusive findings that no line after those read can take back: those of a rule
    /// decided as seen (or that its rule marks so), under its conditions; and every finding of a rule that judges each
    /// epoch alone, in a run of the process that is over (the process was launched again),
    /// but those that hang on the end of the capture.
    func decidedFindings(_ decisions: [String: RuleDescription.Decision], epochRules: Set<String>, forcedMode: Bool) -> [Finding] {
        let over = Set(timeline.runsOver(forcedMode: forcedMode))
        let epochByLabel = Dictionary(timeline.epochs.indices.map { (timeline.epochs[$0].label, $0) }) { first, _ in first }
        var settled: [Int: Bool] = [:]
        return findings.filter { finding in
            guard let process = finding.process, let index = epochByLabel[process] else { return false }
            let epoch = timeline.epochs[index]
            // What is owed when the capture ends is decided then, whatever the rule.
            guard !endDependent.contains(finding.tellingKey) else { return false }
            if over.contains(process), epochRules.contains(finding.rule) { return true }
            // The epoch's events are in line order: the finding's own is found by halving.
            let position = epoch.events.partitioningIndex(where: { $0.event.line >= finding.line })
            let marked = decidedAsSeen.contains(finding.tellingKey) ? RuleDescription.Decision.asSeen : nil
            guard let decision = marked ?? decisions[finding.rule], decision != .atEnd, position < epoch.events.count,
                  epoch.events[position].event.line == finding.line,
                  epoch.events[position].source != .notification else { return false }
            if decision == .asSeenAnyMode { return true }
            if settled[index] == nil { settled[index] = (forcedMode || epoch.mode == .scene) && !epoch.hasStandInNotification }
            guard settled[index] == true else { return false }
            // A scene delegate's call of the app delegate is known by the callback after it.
            guard TimelineBuilder.forwardingPairs[epoch.events[position].id] != nil else { return true }
            return epoch.events[(position + 1)...].contains { $0.event.line > finding.line && epoch.mayPairForwarding($0) }
        }
    }
}

extension CaptureTimeline {
    /// The labels of the runs of a process that are over: the same process was launched
    /// again after their last line (a later epoch of its name begins after it). A run whose
    /// mode nothing in it tells is not, as it takes the mode of the capture's other runs,
    /// which later runs may change.
    func runsOver(forcedMode: Bool) -> [String] {
        zip(epochs, over(forcedMode: forcedMode)).compactMap { epoch, over in over ? epoch.label : nil }
    }

    /// For each epoch, whether it is a run that is over (`runsOver`): found walking back,
    /// with where each process's latest later epoch begins.
    func over(forcedMode: Bool) -> [Bool] {
        var laterStart: [String?: Int] = [:]
        var over = [Bool](repeating: false, count: epochs.count)
        for (index, epoch) in epochs.enumerated().reversed() {
            if let last = epoch.events.last?.event.line, let start = laterStart[epoch.process], start > last,
               forcedMode || (epoch.mode != .unknown && !epoch.modeAdopted) {
                over[index] = true
            }
            if let first = epoch.events.first?.event.line { laterStart[epoch.process] = max(laterStart[epoch.process] ?? 0, first) }
        }
        return over
    }
}

extension ProcessEpoch {
    /// A notification stands in for a callback the app has not logged (yet): should the
    /// callback come, the notification becomes its companion and every step it made goes.
    var hasStandInNotification: Bool {
        events.contains { $0.source == .notification && drives($0) }
    }
}
