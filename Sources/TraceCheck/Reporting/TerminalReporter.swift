/// The default human output: per capture a verdict line, then (for a capture with findings,
/// or every capture with `verbose`) what was read, a compact per-scene timeline, the capture's
/// health and `path:line: severity: message [rule]` with the evidence lines; then a summary.
package struct TerminalReporter: StreamingReporter {
    package let color: Bool
    /// Findings only (`--quiet`): no verdicts, timelines, health, withheld findings or summary.
    package let quiet: Bool
    /// The severity that fails a capture (`--fail-on`): its verdict is ✗.
    package let failOn: Severity
    /// Clean captures' timelines too (`--timeline`, `-v`); else a clean capture is one line.
    package let verbose: Bool
    /// ✓ ✗ and — where the terminal shows UTF-8; `+ x` and `-` where it does not.
    package let unicode: Bool
    /// Steps shown per timeline before the middle is elided.
    package var maximumSteps = 14
    /// Columns a timeline row wraps at (the terminal's; 100 when not a terminal).
    package var width = 100

    package init(color: Bool, quiet: Bool = false, failOn: Severity = .error, verbose: Bool = false, unicode: Bool = true) {
        self.color = color
        self.quiet = quiet
        self.failOn = failOn
        self.verbose = verbose
        self.unicode = unicode
    }

    /// One capture, written as soon as it is checked: its verdict, then what was read, its
    /// health and its findings.
    package func render(_ report: CaptureReport) -> String {
        let untold = report.untoldFindings
        if quiet { return untold.map { render($0) }.joined() }
        var out = verdictLine(report)
        guard verbose || !report.findings.isEmpty || !report.inconclusive.isEmpty else { return out }
        out += header(report)
        out += health(report)
        if !report.told.isEmpty {
            out += "  \(report.told.count) finding\(report.told.count == 1 ? "" : "s") shown above as \(report.told.count == 1 ? "it was" : "they were") decided\n"
        }
        for finding in untold { out += render(finding) }
        for withheld in report.inconclusive { out += render(withheld) }
        return out
    }

    /// How a capture came out, as the first thing a reader sees of it.
    package enum Verdict: Equatable, Sendable {
        /// A finding at or above `failOn`.
        case failed
        /// No lifecycle event was read (`no_lifecycle_events` is its only finding).
        case nothingRead
        /// Findings, all below `failOn`.
        case warned
        /// Only findings the capture is too weak to support.
        case inconclusive
        case clean
    }

    package func verdict(of report: CaptureReport) -> Verdict {
        if !report.findings.isEmpty, report.findings.allSatisfy({ $0.rule == NoLifecycleEventsRule.description.id }) { return .nothingRead }
        if report.findings.contains(where: { $0.severity >= failOn }) { return .failed }
        if report.findings.contains(where: { $0.severity > .info }) { return .warned }
        return report.inconclusive.isEmpty ? .clean : .inconclusive
    }

    func verdictLine(_ report: CaptureReport) -> String {
        let counts = [Severity.error, .warning, .info].compactMap { severity -> String? in
            let count = report.findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        let events = "\(report.eventCount) event\(report.eventCount == 1 ? "" : "s")" + Self.sources(of: report)
        let mark: String, style: Style, text: String
        switch verdict(of: report) {
        case .failed: (mark, style, text) = (unicode ? "✗" : "x", .red, counts.joined(separator: ", "))
        case .nothingRead: (mark, style, text) = ("?", .red, "nothing read (\(report.scan.format), \(report.scan.statistics.lines) lines)")
        case .warned: (mark, style, text) = ("!", .yellow, (counts + [events]).joined(separator: ", "))
        case .inconclusive: (mark, style, text) = ("~", .yellow, "\(report.inconclusive.count) inconclusive, \(events)")
        case .clean: (mark, style, text) = (unicode ? "✓" : "+", .green, (["clean", events] + counts).joined(separator: ", "))
        }
        return paint(mark, style) + " " + paint(report.path, .bold) + (unicode ? " — " : " - ") + text + "\n"
    }

    /// How many of a capture's events UIKit and the system logged, not the app: ` (4 UIKit's
    /// own, 2 the system's)`; nothing when the app logged them all.
    static func sources(of report: CaptureReport) -> String {
        var uikit = report.timeline.letGo.uikitOwn, system = report.timeline.letGo.systemOwn
        for epoch in report.timeline.epochs {
            let counts = epoch.ownAccounts
            uikit += counts.uikit
            system += counts.system
        }
        let parts = (uikit == 0 ? [] : ["\(uikit) UIKit's own"]) + (system == 0 ? [] : ["\(system) the system's"])
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// A finding decided while the capture is read: the same lines as in the capture's block.
    package func render(decided finding: Finding) -> String { render(finding) }

    /// An input that could not be read is named on stderr and counted in the summary.
    package func render(unreadable: InputError) -> String { "" }

    package func finish(_ result: RunResult) -> String { quiet ? "" : summary(result) }

    func header(_ report: CaptureReport) -> String {
        let statistics = report.scan.statistics
        var format = report.scan.format
        if let decoration = report.scan.decoration { format += " (\(decoration) prefix stripped)" }
        var out = "  \(format), \(statistics.lines) lines, \(report.eventCount) lifecycle events\n"
        let focus = TimelineRows.focus(of: report)
        let runs = report.timeline.epochs.map { epoch in
            let rows = TimelineRows.rows(of: epoch)
            return (epoch: epoch, rows: rows, involved: rows.filter { row in row.steps.contains { focus.contains($0.line) } })
        }
        // Without --timeline, a capture with findings shows the runs they point at, and in
        // them the rows they point at; everything when they point at no row (a finding about
        // the capture as a whole). A device farm's capture of thousands of launches with one
        // finding then shows one run, not thousands.
        let showsEveryRun = verbose || runs.allSatisfy { $0.involved.isEmpty }
        var runsNotShown = 0
        for (epoch, rows, involved) in runs {
            guard showsEveryRun || !involved.isEmpty else {
                runsNotShown += 1
                continue
            }
            out += "  \(epoch.label) (\(epoch.modePhrase))\n"
            let shown = verbose || involved.isEmpty ? rows : involved
            for row in shown { out += self.row(row.label, TimelineRows.elided(row.steps, keeping: maximumSteps, around: focus)) }
            if shown.count < rows.count { out += "    (\(rows.count - shown.count) more row(s) without a finding; --timeline shows them)\n" }
            let forwarded = epoch.events.filter { if case .forwarded = $0.attachment { true } else { false } }.count
            if forwarded > 0 { out += "    \(forwarded) app-delegate call(s) forwarded by the scene delegate\n" }
            let ambiguous = epoch.events.filter { $0.attachment == .ambiguous }.count
            if ambiguous > 0 { out += "    \(ambiguous) scene event(s) name no scene while several are connected\n" }
        }
        // Runs let go while the capture was read (judged clean, not kept) are counted with the
        // runs not shown: read by several threads, which runs are let go before the end depends
        // on the threads' pace, and two counts would split the same total differently from run
        // to run. `--timeline` keeps every run.
        let letGo = report.timeline.letGo
        let notShown = runsNotShown + max(0, letGo.runs - letGo.kept.count)
        if notShown > 0 { out += "  (\(notShown) other run(s) without a finding; --timeline shows them)\n" }
        if report.timeline.epochs.isEmpty, letGo.runs == 0 { out += "  no lifecycle events found\n" }
        return out
    }

    /// A timeline row, wrapped to `width` at its arrows: each further line starts under the
    /// first step, with its arrow.
    func row(_ label: String, _ steps: [String]) -> String {
        // Under a long label (a scene with its class, pointer and session), the steps start on
        // the next line, indented a little more than the label.
        let besideLabel = 4 + label.count + 2 <= width / 3
        let lead = besideLabel ? 4 + label.count + 2 : 8
        var out = "    " + paint(label, .dim) + (besideLabel ? "  " : "\n" + String(repeating: " ", count: lead))
        var column = lead
        for (index, step) in steps.enumerated() {
            let piece = index == 0 ? step : " → " + step
            if index > 0, column + piece.count > width {
                out += "\n" + String(repeating: " ", count: lead) + "→ " + step
                column = lead + 2 + step.count
            } else {
                out += piece
                column += piece.count
            }
        }
        return out + "\n"
    }

    /// What weakens the capture as evidence, one line each.
    func health(_ report: CaptureReport) -> String {
        guard !report.health.isEmpty else { return "" }
        var out = "  " + paint("capture health:", .dim) + "\n"
        for issue in report.health {
            let place = issue.line.map { "line \($0): " } ?? ""
            out += "    \(place)\(issue.message)\n"
        }
        return out
    }

    func render(_ withheld: InconclusiveFinding) -> String {
        render(withheld.finding, label: paint("inconclusive", .dim) + " (\(withheld.finding.severity.rawValue))")
            + "    not reported as a violation: \(withheld.reason)\n"
    }

    func render(_ finding: Finding) -> String {
        let severity = paint(finding.severity.rawValue, finding.severity == .error ? .red : finding.severity == .warning ? .yellow : .blue)
        return render(finding, label: severity)
    }

    private func render(_ finding: Finding, label: String) -> String {
        var out = "\(finding.path):\(finding.line): \(label): \(finding.message) " + paint("[\(finding.rule)]", .dim) + "\n"
        let width = String(finding.evidence.map(\.line).max() ?? 0).count
        for evidence in finding.evidence.sorted(by: { $0.line < $1.line }) {
            let number = String(repeating: " ", count: width - String(evidence.line).count) + String(evidence.line)
            let pointer = evidence.line == finding.line ? paint(">", .bold) : " "
            out += "  \(pointer) \(number) | \(Self.clipped(evidence.text))\n"
        }
        return out
    }

    func summary(_ result: RunResult) -> String {
        let counts = [(Severity.error, "error"), (.warning, "warning"), (.info, "info")].map { severity, word in
            let count = result.count(severity)
            return "\(count) \(word)\(count == 1 ? "" : "s")"
        }
        let files = result.checkedCount + result.unreadable.count
        var out = "\n" + paint("summary:", .bold) + " " + counts.joined(separator: ", ") + " in \(files) file\(files == 1 ? "" : "s")"
        let inconclusive = result.reports.map(\.inconclusive.count).reduce(0, +)
        if inconclusive > 0 { out += ", \(inconclusive) inconclusive" }
        if !result.unreadable.isEmpty { out += ", \(result.unreadable.count) unreadable" }
        out += "\n"
        let failing = result.reports.filter { [.failed, .nothingRead].contains(verdict(of: $0)) }.map(\.path)
            + result.unreadable.map(\.source)
        if !failing.isEmpty {
            let more = failing.count > Self.failingNamed ? ", and \(failing.count - Self.failingNamed) more" : ""
            out += paint("failed:", .bold) + " " + failing.prefix(Self.failingNamed).joined(separator: ", ") + more + "\n"
        }
        // Each reason under the capture it belongs to: a clean capture's gap is not another's.
        var unverifiable: [(String, [(rule: String, reasons: [String])])] = (result.reports.map { ($0.path, $0.rules) }
            + result.folded.unverifiableByCapture.map { ($0.path, $0.statuses) }).compactMap { path, rules in
                let statuses = rules.filter { !$0.unverifiable.isEmpty }.map { (rule: $0.rule, reasons: $0.unverifiable) }
                return statuses.isEmpty ? nil : (path, statuses)
            }
        let pooled = result.foldedUnverifiable
        if pooled.captures > 0 {
            unverifiable.append(("\(pooled.captures) more clean capture\(pooled.captures == 1 ? "" : "s")", pooled.reasons))
        }
        if !unverifiable.isEmpty {
            out += "not verifiable from what the capture logs:\n"
            for (capture, statuses) in unverifiable {
                out += "  \(capture):\n"
                // Rules that share their reasons share a line: a process of which only UIKit's
                // account was read makes a score of rules unverifiable for one reason.
                var order: [String] = []
                var rules: [String: [String]] = [:]
                for (rule, reasons) in statuses {
                    let reason = reasons.joined(separator: "; ")
                    if rules[reason] == nil { order.append(reason) }
                    rules[reason, default: []].append(rule)
                }
                for reason in order {
                    let named = rules[reason, default: []]
                    if named.count <= 2 {
                        out += "    \(named.joined(separator: ", ")): \(reason)\n"
                    } else {
                        out += "    \(named.count) rules: \(reason)\n" + wrapped(named, indent: 6)
                    }
                }
            }
        }
        return out
    }

    /// `items` as comma-separated lines of at most `width` columns, each indented.
    func wrapped(_ items: [String], indent: Int) -> String {
        let lead = String(repeating: " ", count: indent)
        var out = "", line = lead
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? "" : ",")
            if line.count > indent, line.count + 1 + piece.count > width {
                out += line + "\n"
                line = lead
            }
            line += (line.count > indent ? " " : "") + piece
        }
        return out + line + "\n"
    }

    /// Failed captures the summary names before it counts the rest.
    static let failingNamed = 10

    /// Evidence lines are shown whole up to a point; a 1 MB line would drown the output.
    static func clipped(_ text: String, limit: Int = 240) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34"
    }

    func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// A process's timelines as rows of `member:line` steps: the app delegate's own callbacks
/// (when a scene app also logs them), then one row per scene.
/// What every view of a process shows, so that they agree: a row of the app delegate's own
/// callbacks (when a scene app also logs them), one per scene timeline (a legacy app's being
/// its app timeline), one per framework's states, and UIKit's own account.
enum TimelineRows {
    /// One step of a row: `member:line`, its line, and (in a scene timeline) the event and the
    /// state it leads to.
    struct Step {
        let text: String
        let line: Int
        let event: LifecycleEvent?
        let after: SceneState?

        init(_ event: LifecycleEvent, after: SceneState? = nil) {
            text = "\(event.id.member):\(event.line)"
            line = event.line
            self.event = event
            self.after = after
        }

        init(text: String, line: Int) {
            self.text = text
            self.line = line
            event = nil
            after = nil
        }
    }

    struct Row {
        enum Kind { case appDelegate, timeline, framework, uikit, system }
        let kind: Kind
        let label: String
        let steps: [Step]
    }

    static func rows(of epoch: ProcessEpoch) -> [Row] {
        var rows: [Row] = []
        let processEvents = epoch.events.filter { if case .process = $0.attachment { true } else { false } }
            .filter { $0.id.builtInFamily == .app && $0.source == .callback }
        if !processEvents.isEmpty, epoch.appTimeline == nil || epoch.mode == .scene {
            rows.append(Row(kind: .appDelegate, label: "app", steps: processEvents.map { Step($0.event) }))
        }
        for (_, connection) in epoch.allTimelines {
            rows.append(Row(kind: .timeline, label: connection.label,
                            steps: connection.steps.map { Step(epoch.events[$0.event].event, after: $0.after) }))
        }
        // The states a framework reports, a row each, under the name apps know them by.
        for (family, name) in EventCatalog.frameworkStates {
            let states = epoch.events.filter { $0.id.builtInFamily == family }
            if !states.isEmpty { rows.append(Row(kind: .framework, label: name, steps: states.map { Step($0.event) })) }
        }
        // UIKit's own account, then the system's, under what the app logged.
        for (kind, account) in [(Row.Kind.uikit, epoch.uikitTimeline), (.system, epoch.systemTimeline)] {
            guard let account else { continue }
            rows.append(Row(kind: kind, label: account.label,
                            steps: account.steps.map { Step(epoch.events[$0.event].event, after: $0.after) }))
        }
        return rows
    }

    /// A scene row's states as spans: each step's state from its event to the next step's
    /// (the last to `end`, the epoch's last event); none after a disconnect.
    static func states(of row: Row, until end: LifecycleEvent?) -> [(state: SceneState, from: LifecycleEvent, to: LifecycleEvent?)] {
        row.steps.enumerated().compactMap { position, step in
            guard let state = step.after, state != .disconnected, let event = step.event else { return nil }
            let next = position + 1 < row.steps.count ? row.steps[position + 1].event : end
            return (state, event, next)
        }
    }

    /// The lines a report's findings (withheld ones too) point at, evidence included: they
    /// stay in sight when a long timeline is shortened.
    static func focus(of report: CaptureReport) -> Set<Int> {
        Set((report.findings + report.inconclusive.map(\.finding)).flatMap { [$0.line] + $0.evidence.map(\.line) })
    }

    /// A long timeline shortened: its first and last steps, and a window around each step a
    /// finding points at (`focus`, its lines), the rest counted, so an anomaly in the middle
    /// of a long session stays in sight.
    static func elided(_ steps: [Step], keeping maximum: Int, around focus: Set<Int> = []) -> [String] {
        guard steps.count > maximum else { return steps.map(\.text) }
        let edge = focus.isEmpty ? maximum / 2 : 2
        var kept = Set(0..<min(edge, steps.count)).union(max(0, steps.count - edge)..<steps.count)
        for (index, step) in steps.enumerated() where focus.contains(step.line) {
            kept.formUnion(max(0, index - 2)...min(steps.count - 1, index + 2))
        }
        var out: [String] = []
        var dropped = 0
        for (index, step) in steps.enumerated() {
            guard kept.contains(index) else {
                dropped += 1
                continue
            }
            if dropped > 0 { out.append("… \(dropped) more …") }
            dropped = 0
            out.append(step.text)
        }
        return out
    }
}

extension LifecycleMode {
    /// How the mode reads in a sentence.
    var phrase: String {
        switch self {
        case .scene: "scene-based"
        case .legacy: "legacy app delegate"
        case .unknown: "life cycle unknown"
        }
    }
}

extension ProcessEpoch {
    /// The epoch's mode in a sentence; an epoch of UIKit's lines alone says so.
    var modePhrase: String { appLogs ? mode.phrase : "the app logs no lifecycle line: UIKit's account only" }
}
