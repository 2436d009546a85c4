/// `--format teamcity`: TeamCity service messages. Each rule that found something is an
/// inspection type, each finding an inspection with the file, line and severity.
package struct TeamCityReporter: Reporter {
    package init() {}

    package func render(_ result: RunResult) -> String {
        var out = ""
        var declared = Set<String>()
        for finding in result.reports.flatMap(\.findings) {
            if declared.insert(finding.rule).inserted {
                let rule = result.description(of: finding.rule)
                out += message("inspectionType", [
                    ("id", finding.rule), ("name", rule?.name ?? finding.rule),
                    ("category", "tracecheck \(rule?.family.rawValue ?? "")"), ("description", rule?.rationale ?? finding.rule),
                ])
            }
            out += message("inspection", [
                ("typeId", finding.rule), ("message", finding.message), ("file", finding.path),
                ("line", String(finding.line)), ("SEVERITY", Self.severity(finding.severity)),
            ])
        }
        for unreadable in result.unreadable {
            out += message("message", [("text", unreadable.description), ("status", "ERROR")])
        }
        return out
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
}
