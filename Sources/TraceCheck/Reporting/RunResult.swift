public enum TraceCheckVersion {
    public static let current = "0.1.0"
}

/// The result of one `report` run over several inputs, in the order they were given.
public struct RunResult: Sendable {
    public var reports: [CaptureReport]
    /// Inputs that could not be read at all.
    public var unreadable: [InputError]

    public init(reports: [CaptureReport] = [], unreadable: [InputError] = []) {
        self.reports = reports
        self.unreadable = unreadable
    }

    public var findings: [Finding] { reports.flatMap(\.findings) }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Rules that could not judge something, with the reasons, over all inputs.
    public var unverifiable: [(rule: String, reasons: [String])] {
        var reasons: [String: Set<String>] = [:]
        for report in reports {
            for status in report.rules where !status.unverifiable.isEmpty {
                reasons[status.rule, default: []].formUnion(status.unverifiable)
            }
        }
        return RuleRegistry.all.map { $0.description.id }.compactMap { id in
            reasons[id].map { (id, $0.sorted()) }
        }
    }
}

/// Turns a run into text for one audience. Reporters never parse.
public protocol Reporter: Sendable {
    func render(_ result: RunResult) -> String
}
