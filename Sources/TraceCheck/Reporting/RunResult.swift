public enum TraceCheckVersion {
    public static let current = "0.1.0"
}

/// The result of one `report` run over several inputs, in the order they were given.
public struct RunResult: Sendable {
    public var reports: [CaptureReport]
    /// Inputs that could not be read at all.
    public var unreadable: [InputError]
    /// The rules the run used, as configured: built-in and user-defined.
    public var rules: [RuleDescription]

    public init(reports: [CaptureReport] = [], unreadable: [InputError] = [],
                rules: [RuleDescription] = RuleRegistry.all.map { $0.description }) {
        self.reports = reports
        self.unreadable = unreadable
        self.rules = rules
    }

    public func description(of rule: String) -> RuleDescription? { rules.first { $0.id == rule } }

    /// Why `filter` (`--process`, `app_processes`) read nothing, when it names no process of
    /// any capture the run read: a selection that reads nothing is a mistake, not a clean
    /// run. Names the nearest process, and the ones the captures hold.
    public func unmatchedProcessFilter(_ filter: [String]) -> String? {
        guard !filter.isEmpty, !reports.isEmpty else { return nil }
        let seen = Set(reports.flatMap(\.scan.processes))
        guard seen.isDisjoint(with: filter) else { return nil }
        let suggestion = filter.lazy.map { ConfigurationReader.suggestion(for: $0, in: seen) }.first { !$0.isEmpty } ?? ""
        let names = seen.sorted().prefix(8).joined(separator: ", ") + (seen.count > 8 ? ", …" : "")
        return "--process \(filter.joined(separator: ", ")) matches no process of the captures\(suggestion)"
            + (seen.isEmpty ? " (their lines name no process)" : "; their processes: \(names)")
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
        return rules.map(\.id).compactMap { id in
            reasons[id].map { (id, $0.sorted()) }
        }
    }
}

/// Turns a run into text for one audience. Reporters never parse.
public protocol Reporter: Sendable {
    func render(_ result: RunResult) -> String
}
