import Foundation

/// `--format teamcity`: TeamCity service messages. Each rule that found something is an
/// inspection type, declared before its first inspection; each finding an inspection with
/// the file, line and severity. Written per capture as it is checked, and per finding as it
/// is decided in a live read.
package struct TeamCityReporter: StreamingReporter {
    /// The rules of the run, for the inspection types' names and descriptions.
    let rules: [String: RuleDescription]
    /// The inspection types declared so far in this output.
    private let declared = Declared()

    package init(rules: [RuleDescription] = RuleRegistry.all.map { $0.description }) {
        self.rules = Dictionary(rules.map { ($0.id, $0) }) { first, _ in first }
    }

    package func render(_ report: CaptureReport) -> String {
        report.untoldFindings.map { render(decided: $0) }.joined()
    }

    package func render(decided finding: Finding) -> String {
        var out = ""
        if declared.insert(finding.rule) {
            let rule = rules[finding.rule]
            out += message("inspectionType", [
                ("id", finding.rule), ("name", rule?.name ?? finding.rule),
                ("category", "tracecheck \(rule?.family.rawValue ?? "")"), ("description", rule?.rationale ?? finding.rule),
            ])
        }
        return out + message("inspection", [
            ("typeId", finding.rule), ("message", finding.message), ("file", finding.path),
            ("line", String(finding.line)), ("SEVERITY", Self.severity(finding.severity)),
        ])
    }

    package func render(unreadable: InputError) -> String {
        message("message", [("text", unreadable.description), ("status", "ERROR")])
    }

    private func message(_ name: String, _ attributes: [(String, String)]) -> String {
        "##teamcity[\(name)" + attributes.map { " \($0.0)='\(EscapeTable.teamCity($0.1))'" }.joined() + "]\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "ERROR"
        case .warning: "WARNING"
        case .info: "INFO"
        }
    }

    /// Shared by the copies of one reporter: the captures of a run are written from the
    /// thread that delivers them, a live read's findings from the reading thread.
    private final class Declared: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: Set<String> = []

        func insert(_ id: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return ids.insert(id).inserted
        }
    }
}
