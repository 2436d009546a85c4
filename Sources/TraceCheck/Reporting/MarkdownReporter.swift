/// `--format markdown`, and the GitHub job summary: per capture a verdict, each process's
/// timelines as a table, and the findings.
public struct MarkdownReporter: Reporter {
    /// Steps shown per timeline before the middle is elided.
    public var maximumSteps = 20

    public init() {}

    public func render(_ result: RunResult) -> String {
        let errors = result.count(.error), warnings = result.count(.warning), infos = result.count(.info)
        var out = "## tracecheck\n\n"
        out += "\(result.reports.count + result.unreadable.count) capture(s): \(errors) error(s), \(warnings) warning(s), \(infos) info(s)"
        if !result.unreadable.isEmpty { out += ", \(result.unreadable.count) unreadable" }
        out += "\n\n"
        for report in result.reports { out += section(report) }
        for unreadable in result.unreadable {
            out += "### ⛔ `\(EscapeTable.markdownCode(unreadable.source))`\n\nCould not be read: \(EscapeTable.markdownCell(unreadable.description))\n\n"
        }
        return out
    }

    private func section(_ report: CaptureReport) -> String {
        let verdict = report.findings.contains { $0.severity == .error } ? "❌"
            : report.findings.isEmpty ? "✅" : "⚠️"
        var out = "### \(verdict) `\(EscapeTable.markdownCode(report.path))`\n\n"
        out += "\(report.scan.format), \(report.scan.statistics.lines) lines, \(report.eventCount) lifecycle events\n\n"
        if !report.timeline.epochs.isEmpty {
            out += "| process | timeline | steps |\n|---|---|---|\n"
            let focus = Set((report.findings + report.inconclusive.map(\.finding)).flatMap { [$0.line] + $0.evidence.map(\.line) })
            for epoch in report.timeline.epochs {
                for row in TimelineRows.rows(of: epoch) {
                    out += "| \(EscapeTable.markdownCell(epoch.label)) (\(epoch.mode.phrase)) | \(EscapeTable.markdownCell(row.label)) | "
                        + EscapeTable.markdownCell(TimelineRows.elided(row.steps, keeping: maximumSteps, around: focus).joined(separator: " → ")) + " |\n"
                }
            }
            out += "\n"
        }
        let findings = ReportedFinding.all(in: report)
        if !findings.isEmpty {
            out += "| line | severity | rule | message |\n|---|---|---|---|\n"
            for reported in findings {
                let finding = reported.finding
                let severity = reported.inconclusive == nil ? finding.severity.rawValue : "inconclusive (\(finding.severity.rawValue))"
                var message = finding.message
                if let reason = reported.inconclusive { message += "; not a violation: \(reason)" }
                out += "| \(finding.line) | \(severity) | `\(finding.rule)` | \(EscapeTable.markdownCell(message)) |\n"
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
}
