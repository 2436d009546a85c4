package enum TraceCheckVersion {
    package static let current = "0.1.0"
    /// Where the project is published: SARIF's `informationUri` and the rules' `helpUri`.
    package static let repository = "https://github.com/tracecheck/tracecheck"
}

/// The result of one `report` run over several inputs, in the order they were given.
package struct RunResult: Sendable {
    /// The captures' reports, in input order (without the clean ones a long run only counted).
    package var reports: [CaptureReport]
    /// Inputs that could not be read at all.
    package var unreadable: [InputError]
    /// The rules the run used, as configured: built-in and user-defined.
    package var rules: [RuleDescription]
    /// Clean captures a long run counted without keeping (`add(_:keepingClean:)`): how many,
    /// the processes they hold and what the rules could not judge in them.
    package private(set) var folded = FoldedCaptures()

    /// What is left of clean captures that were counted, not kept.
    package struct FoldedCaptures: Sendable {
        package fileprivate(set) var count = 0
        fileprivate var processes: Set<String> = []
        /// The first few counted captures whose rules could not judge something, with what;
        /// past them, what the rest could not judge, pooled.
        package fileprivate(set) var unverifiableByCapture: [(path: String, statuses: [RuleStatus])] = []
        fileprivate var unverifiable: [String: Set<String>] = [:]
        fileprivate var pooled = 0
        static let capturesNamed = 10
    }

    package init(reports: [CaptureReport] = [], unreadable: [InputError] = [],
                rules: [RuleDescription] = RuleRegistry.all.map { $0.description }) {
        self.reports = reports
        self.unreadable = unreadable
        self.rules = rules
    }

    package func description(of rule: String) -> RuleDescription? { rules.first { $0.id == rule } }

    /// Adds a capture's report. A clean one (no finding, withheld or baselined, read whole)
    /// is only counted when `keepingClean` is false: a run over a device farm's night of
    /// captures then holds what it must report, not every capture it read.
    package mutating func add(_ report: CaptureReport, keepingClean: Bool = true) {
        let clean = report.findings.isEmpty && report.inconclusive.isEmpty && report.baselined.isEmpty
            && report.scan.statistics.damage == nil
        guard !keepingClean, clean else {
            reports.append(report)
            return
        }
        folded.count += 1
        folded.processes.formUnion(report.scan.processes)
        let statuses = report.rules.filter { !$0.unverifiable.isEmpty }
        guard !statuses.isEmpty else { return }
        if folded.unverifiableByCapture.count < FoldedCaptures.capturesNamed {
            folded.unverifiableByCapture.append((report.path, statuses))
            return
        }
        folded.pooled += 1
        for status in statuses { folded.unverifiable[status.rule, default: []].formUnion(status.unverifiable) }
    }

    /// What the rules could not judge in the clean captures that were only counted past the
    /// first few named ones: how many captures, and by rule in the rules' order.
    package var foldedUnverifiable: (captures: Int, reasons: [(rule: String, reasons: [String])]) {
        (folded.pooled, rules.map(\.id).compactMap { id in folded.unverifiable[id].map { (id, $0.sorted()) } })
    }

    /// Captures checked: those kept and those counted.
    package var checkedCount: Int { reports.count + folded.count }

    /// Why `filter` (`--process`, `app_processes`) read nothing, when it names no process of
    /// any capture the run read: a selection that reads nothing is a mistake, not a clean
    /// run. Names the nearest process, and the ones the captures hold.
    package func unmatchedProcessFilter(_ filter: [String]) -> String? {
        guard !filter.isEmpty, checkedCount > 0 else { return nil }
        let seen = Set(reports.flatMap(\.scan.processes)).union(folded.processes)
        guard seen.isDisjoint(with: filter) else { return nil }
        let suggestion = filter.lazy.map { ConfigurationReader.suggestion(for: $0, in: seen) }.first { !$0.isEmpty } ?? ""
        let names = seen.sorted().prefix(8).joined(separator: ", ") + (seen.count > 8 ? ", …" : "")
        return "--process \(filter.joined(separator: ", ")) matches no process of the captures\(suggestion)"
            + (seen.isEmpty ? " (their lines name no process)" : "; their processes: \(names)")
    }

    package var findings: [Finding] { reports.flatMap(\.findings) }

    package func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Rules that could not judge something, with the reasons, over all inputs.
    package var unverifiable: [(rule: String, reasons: [String])] {
        var reasons = folded.unverifiable
        for status in folded.unverifiableByCapture.flatMap(\.statuses) {
            reasons[status.rule, default: []].formUnion(status.unverifiable)
        }
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
package protocol Reporter: Sendable {
    func render(_ result: RunResult) -> String
    /// This reporter, where it writes each capture as it is checked (`StreamingReporter`).
    /// Asked of the reporter, not found by a cast: the cast searched the binary's
    /// conformances before the first capture was read.
    var streaming: (any StreamingReporter)? { get }
}

extension Reporter {
    package var streaming: (any StreamingReporter)? { nil }
}
