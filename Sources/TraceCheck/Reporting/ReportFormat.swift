/// Every output `report` can write, by the name `--format` and `--report` take.
public enum ReportFormat: String, CaseIterable, Sendable {
    case terminal, json, jsonl, junit, sarif, github, gitlab, teamcity, markdown, checkstyle

    public var summary: String {
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
        }
    }

    /// A reporter for this format. `failOn` decides which findings fail a JUnit test case.
    public func reporter(color: Bool = false, quiet: Bool = false, failOn: Severity = .error) -> any Reporter {
        switch self {
        case .terminal: TerminalReporter(color: color, quiet: quiet)
        case .json: JSONReporter()
        case .jsonl: JSONLinesReporter()
        case .junit: JUnitReporter(failOn: failOn)
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        case .gitlab: GitLabReporter()
        case .teamcity: TeamCityReporter()
        case .markdown: MarkdownReporter()
        case .checkstyle: CheckstyleReporter()
        }
    }
}

/// Escaping for XML text and attribute values. Control characters XML 1.0 cannot carry at
/// all (a binary capture's evidence) become U+FFFD rather than an unreadable report.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// The findings of a run in output order, each with its capture, and the withheld
/// (inconclusive) ones marked: the CI formats all list them the same way.
struct ReportedFinding {
    let finding: Finding
    /// Set when the capture is too weak where the finding points: not a violation.
    let inconclusive: String?

    static func all(in report: CaptureReport) -> [ReportedFinding] {
        (report.findings.map { ReportedFinding(finding: $0, inconclusive: nil) }
            + report.inconclusive.map { ReportedFinding(finding: $0.finding, inconclusive: $0.reason) })
            .sorted { ($0.finding.line, $0.finding.rule) < ($1.finding.line, $1.finding.rule) }
    }
}

extension RuleRegistry {
    /// Descriptions by rule id, for reporters that show a rule's name or spec.
    static let descriptions: [String: RuleDescription] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.description.id, $0.description) })
}

/// A stable, short hash of text (FNV-1a, 64 bits, hex), for fingerprints that must not
/// change between runs or machines.
enum StableHash {
    static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
