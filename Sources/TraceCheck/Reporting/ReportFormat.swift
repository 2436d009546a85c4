/// Every output `report` can write, by the name `--format` and `--report` take.
package enum ReportFormat: String, CaseIterable, Sendable {
    case terminal, json, jsonl, junit, sarif, github, gitlab, teamcity, markdown, checkstyle
    case html
    case chromeTrace = "chrome-trace"

    package var summary: String {
        switch self {
        case .terminal: "for people: per-capture timelines, findings with their evidence, a summary"
        case .json: "one JSON document (docs/json-output.md)"
        case .jsonl: "one JSON object per finding and line, written as each capture is checked"
        case .junit: "JUnit XML: a test suite per capture, a test case per rule"
        case .sarif: "SARIF 2.1.0, for code-scanning dashboards"
        case .github: "GitHub Actions workflow commands (::error file=…,line=…::…)"
        case .gitlab: "GitLab Code Quality JSON"
        case .teamcity: "TeamCity service messages (inspections)"
        case .markdown: "a Markdown summary: verdict, per-scene timeline tables, findings"
        case .checkstyle: "Checkstyle XML"
        case .html: "one self-contained HTML page: swimlanes per scene, states as bands, findings as markers"
        case .chromeTrace: "Trace Event JSON for ui.perfetto.dev and chrome://tracing: scenes as tracks, states as slices"
        }
    }

    /// What of a capture's report this format needs once the capture is checked, for a run
    /// to keep no more than its outputs use.
    package enum Retention: Int, Comparable, Sendable {
        /// Written as each capture is checked: only the run's counts are needed after.
        case none
        /// Findings, health and counts (SARIF, GitLab, Checkstyle; TeamCity, which is also
        /// written at the end when it is an extra report under TeamCity).
        case summary
        /// And every rule's status (JUnit's test cases).
        case ruleStatuses
        /// And the timelines of the captures with findings (Markdown: clean ones are a row).
        case timelinesOfFindings
        /// Everything (JSON, HTML and the trace describe every capture's timelines).
        case whole

        package static func < (lhs: Retention, rhs: Retention) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package var retention: Retention {
        switch self {
        case .terminal, .jsonl, .github: .none
        case .sarif, .gitlab, .teamcity, .checkstyle: .summary
        case .junit: .ruleStatuses
        case .markdown: .timelinesOfFindings
        case .json, .html, .chromeTrace: .whole
        }
    }

    /// A reporter for this format. `failOn` decides which findings fail a JUnit test case and
    /// a capture's verdict in the terminal; `verbose` shows clean captures' timelines too;
    /// `unicode` picks the terminal's verdict marks (ASCII where the locale is not UTF-8).
    package func reporter(color: Bool = false, quiet: Bool = false, failOn: Severity = .error,
                         verbose: Bool = false, unicode: Bool = true, width: Int = 100, paths: PathBase = .asGiven,
                         rules: [RuleDescription] = RuleRegistry.all.map { $0.description }) -> any Reporter {
        switch self {
        case .terminal:
            var terminal = TerminalReporter(color: color, quiet: quiet, failOn: failOn, verbose: verbose, unicode: unicode)
            terminal.width = max(40, width)
            return terminal
        case .json: return JSONReporter()
        case .jsonl: return JSONLinesReporter()
        case .junit: return JUnitReporter(failOn: failOn, paths: paths)
        case .sarif: return SARIFReporter(paths: paths)
        case .github: return GitHubReporter(paths: paths)
        case .gitlab: return GitLabReporter(paths: paths)
        case .teamcity: return TeamCityReporter(rules: rules)
        case .markdown: return MarkdownReporter(failOn: failOn)
        case .checkstyle: return CheckstyleReporter(paths: paths)
        case .html: return HTMLReporter(failOn: failOn)
        case .chromeTrace: return ChromeTraceReporter()
        }
    }
}

/// Escaping by table: each scalar with an entry becomes its replacement; a scalar the
/// target cannot carry at all becomes U+FFFD rather than an unreadable report.
struct EscapeTable: Sendable {
    let replacements: [Unicode.Scalar: String]
    var isForbidden: @Sendable (Unicode.Scalar) -> Bool = { _ in false }

    func callAsFunction(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { replacements[$0] != nil || isForbidden($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                out += replacement
            } else if isForbidden(scalar) {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// XML text and attribute values; XML 1.0 cannot carry most control characters (a binary
    /// capture's evidence) even as references.
    static let xml = EscapeTable(
        replacements: ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"],
        isForbidden: { $0.value < 0x20 || (0xFFFE...0xFFFF).contains($0.value) })
    /// TeamCity service-message values.
    static let teamCity = EscapeTable(replacements: [
        "|": "||", "'": "|'", "[": "|[", "]": "|]", "\n": "|n", "\r": "|r", "\u{85}": "|x", "\u{2028}": "|l", "\u{2029}": "|p",
    ])
    /// A GitHub workflow command's message.
    static let gitHubData = EscapeTable(replacements: ["%": "%25", "\r": "%0D", "\n": "%0A"])
    /// A GitHub workflow command's property value, which also ends at `,` and `:`.
    static let gitHubProperty = EscapeTable(replacements: gitHubData.replacements.merging([":": "%3A", ",": "%2C"]) { $1 })
    /// A Markdown table cell: one line, pipes escaped.
    static let markdownCell = EscapeTable(replacements: ["|": "\\|", "\n": " ", "\r": " "])
    /// Markdown inline code: backquotes would end it.
    static let markdownCode = EscapeTable(replacements: ["`": "'"])
}

/// The findings of a run in output order, each with its capture, and the withheld
/// (inconclusive) ones marked: the CI formats all list them the same way.
struct ReportedFinding {
    let finding: Finding
    /// Set when the capture is too weak where the finding points: not a violation.
    let inconclusive: String?

    static func all(in report: CaptureReport) -> [ReportedFinding] { listed(report.findings, of: report) }

    /// What a streaming format writes when the capture is checked: what it did not write
    /// while the capture was read.
    static func untold(in report: CaptureReport) -> [ReportedFinding] { listed(report.untoldFindings, of: report) }

    /// `findings` (of `report`) and the report's withheld findings, in line order.
    private static func listed(_ findings: [Finding], of report: CaptureReport) -> [ReportedFinding] {
        (findings.map { ReportedFinding(finding: $0, inconclusive: nil) }
            + report.inconclusive.map { ReportedFinding(finding: $0.finding, inconclusive: $0.reason) })
            .sorted { ($0.finding.line, $0.finding.rule) < ($1.finding.line, $1.finding.rule) }
    }
}

/// A stable, short hash of text (FNV-1a, 64 bits, hex), for fingerprints that must not
/// change between runs or machines.
enum StableHash {
    static func hex(_ text: String) -> String {
        let digits = String(fnv1a(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
