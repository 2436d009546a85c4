/// `--format github`: GitHub Actions workflow commands, one per finding:
/// `::error file=…,line=…,title=…::message`. Errors and warnings keep their level, infos
/// and withheld (inconclusive) findings are notices. Escaped as GitHub's runner expects.
package struct GitHubReporter: StreamingReporter {
    /// What `file=` is relative to (`GITHUB_WORKSPACE`, `--path-base`).
    package var paths: PathBase

    package init(paths: PathBase = .asGiven) { self.paths = paths }

    package func render(_ report: CaptureReport) -> String {
        ReportedFinding.untold(in: report).map { render($0) }.joined()
    }

    package func render(decided finding: Finding) -> String {
        render(ReportedFinding(finding: finding, inconclusive: nil))
    }

    private func render(_ reported: ReportedFinding) -> String {
        let finding = reported.finding
        let command = reported.inconclusive == nil ? Self.command(finding.severity) : "notice"
        var message = finding.message
        if let reason = reported.inconclusive { message += " (inconclusive: \(reason))" }
        let title = "tracecheck \(finding.rule)" + (reported.inconclusive == nil ? "" : " (inconclusive)")
        return "::\(command) file=\(EscapeTable.gitHubProperty(paths(finding.path))),line=\(finding.line),title=\(EscapeTable.gitHubProperty(title))::\(EscapeTable.gitHubData(message))\n"
    }

    package func render(unreadable: InputError) -> String {
        "::error file=\(EscapeTable.gitHubProperty(paths(unreadable.source))),title=tracecheck::\(EscapeTable.gitHubData(unreadable.description))\n"
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }
}
