/// `--format markdown`, and the GitHub job summary: the captures that need a look first, each
/// with its timelines and its findings with their evidence lines; then every clean capture as
/// one row of a collapsed table, so a run over thousands stays far below GitHub's 1 MiB limit
/// for a step summary.
package struct MarkdownReporter: Reporter {
    /// Steps shown per timeline before the middle is elided.
    package var maximumSteps = 20
    /// The severity that fails a capture: its verdict is ❌.
    package let failOn: Severity

    package init(failOn: Severity = .error) { self.failOn = failOn }

    package func render(_ result: RunResult) -> String {
        let errors = result.count(.error), warnings = result.count(.warning), infos = result.count(.info)
        var out = "## tracecheck\n\n"
        out += "\(result.checkedCount + result.unreadable.count) capture(s): \(errors) error(s), \(warnings) warning(s), \(infos) info(s)"
        if !result.unreadable.isEmpty { out += ", \(result.unreadable.count) unreadable" }
        out += "\n\n"
        let terminal = TerminalReporter(color: false, failOn: failOn)
        let verdicts = result.reports.map { ($0, terminal.verdict(of: $0)) }
        // Failed first, then warnings and inconclusive ones, in input order within each.
        let order: [TerminalReporter.Verdict] = [.failed, .nothingRead, .warned, .inconclusive]
        for verdict in order {
            for (report, its) in verdicts where its == verdict { out += section(report, verdict: its) }
        }
        for unreadable in result.unreadable {
            out += "### ⛔ `\(EscapeTable.markdownCode(unreadable.source))`\n\nCould not be read: \(EscapeTable.markdownCell(unreadable.description))\n\n"
        }
        let clean = verdicts.filter { $0.1 == .clean }.map(\.0)
        let counted = result.folded.count
        if !clean.isEmpty || counted > 0 {
            out += "<details><summary>✅ \(clean.count + counted) clean capture(s)</summary>\n\n"
            if !clean.isEmpty {
                out += "| capture | format | lines | events |\n|---|---|---|---|\n"
                for report in clean {
                    out += "| `\(EscapeTable.markdownCode(EscapeTable.markdownCell(report.path)))` | \(report.scan.format) | \(report.scan.statistics.lines) | \(report.eventCount) |\n"
                }
            }
            if counted > 0 { out += "\n\(counted) more, counted without their details.\n" }
            out += "\n</details>\n\n"
        }
        return out
    }

    static func mark(_ verdict: TerminalReporter.Verdict) -> String {
        switch verdict {
        case .failed: "❌"
        case .nothingRead: "❓"
        case .warned: "⚠️"
        case .inconclusive: "❔"
        case .clean: "✅"
        }
    }

    private func section(_ report: CaptureReport, verdict: TerminalReporter.Verdict) -> String {
        var out = "### \(Self.mark(verdict)) `\(EscapeTable.markdownCode(report.path))`\n\n"
        out += "\(report.scan.format), \(report.scan.statistics.lines) lines, \(report.eventCount) lifecycle events\n\n"
        if !report.timeline.epochs.isEmpty {
            out += "| process | timeline | steps |\n|---|---|---|\n"
            let focus = TimelineRows.focus(of: report)
            for epoch in report.timeline.epochs {
                for row in TimelineRows.rows(of: epoch) {
                    out += "| \(EscapeTable.markdownCell(epoch.label)) (\(epoch.modePhrase)) | \(EscapeTable.markdownCell(row.label)) | "
                        + EscapeTable.markdownCell(TimelineRows.elided(row.steps, keeping: maximumSteps, around: focus).joined(separator: " → ")) + " |\n"
                }
            }
            out += "\n"
        }
        let findings = ReportedFinding.all(in: report)
        if !findings.isEmpty {
            out += "| line | severity | rule | message | evidence |\n|---|---|---|---|---|\n"
            for reported in findings {
                let finding = reported.finding
                let severity = reported.inconclusive == nil ? finding.severity.rawValue : "inconclusive (\(finding.severity.rawValue))"
                var message = finding.message
                if let reason = reported.inconclusive { message += "; not a violation: \(reason)" }
                let evidence = finding.evidence.sorted { $0.line < $1.line }.map { line in
                    "`\(line.line): \(EscapeTable.markdownCode(EscapeTable.markdownCell(TerminalReporter.clipped(line.text, limit: 120))))`"
                }.joined(separator: "<br>")
                let rule = finding.spec == "user" ? "`\(finding.rule)`" : "[`\(finding.rule)`](\(Self.rulesDocument)#\(finding.rule))"
                out += "| \(finding.line) | \(severity) | \(rule) | \(EscapeTable.markdownCell(message)) | \(evidence) |\n"
            }
            out += "\n"
        }
        if !report.health.isEmpty {
            out += "Capture health:\n\n"
            for issue in report.health { out += "- " + EscapeTable.markdownCell((issue.line.map { "line \($0): " } ?? "") + issue.message) + "\n" }
            out += "\n"
        }
        return out
    }

    /// Where each built-in rule is explained (the rule's id is its anchor): tracecheck's
    /// docs/rules.md, relative to where tracecheck's documentation is published.
    static let rulesDocument = "docs/rules.md"
}
