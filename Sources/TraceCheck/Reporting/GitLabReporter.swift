import Foundation

/// `--format gitlab`: GitLab Code Quality JSON (an array of issues with description,
/// check name, fingerprint, severity and location), for a job's `codequality` report.
package struct GitLabReporter: Reporter {
    /// What `location.path` is relative to (`CI_PROJECT_DIR`, `--path-base`).
    package var paths: PathBase

    package init(paths: PathBase = .asGiven) { self.paths = paths }

    struct Issue: Encodable {
        let type = "issue"
        let description: String
        let check_name: String
        let fingerprint: String
        let severity: String
        let categories = ["Bug Risk"]
        let location: Location
    }
    struct Location: Encodable {
        let path: String
        let lines: Lines
    }
    struct Lines: Encodable { let begin: Int }

    package func render(_ result: RunResult) -> String {
        var seen: [String: Int] = [:]
        let issues = result.reports.flatMap(\.findings).map { finding in
            // Stable across re-captures, whatever the capture is called (GitLab compares
            // fingerprints between pipelines to tell new issues from fixed ones); identical
            // findings in one run (a message logged twice, two captures) still need distinct ones.
            let path = paths(finding.path)
            let key = finding.fingerprint
            seen[key, default: 0] += 1
            return Issue(description: "\(finding.message) [\(finding.rule)]", check_name: finding.rule,
                         fingerprint: StableHash.hex(key + "\u{1F}\(seen[key] ?? 1)"), severity: Self.severity(finding.severity),
                         location: Location(path: path, lines: Lines(begin: finding.line)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(issues) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "minor"
        case .info: "info"
        }
    }
}
