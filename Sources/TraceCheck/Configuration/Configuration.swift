/// A problem with a configuration file, at the line it is on.
package struct ConfigurationProblem: Error, Sendable, Hashable, CustomStringConvertible {
    package let path: String
    package let line: Int?
    package let column: Int?
    package let message: String

    package init(path: String, line: Int?, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message`, the form editors and CI annotations understand.
    package var description: String {
        var place = path
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(place): error: \(message)"
    }
}

/// `.tracecheck.yml`: which rules run and how severe they are, what the team knows about the
/// app, and its own events and rules.
package struct Configuration: Sendable {
    /// Where it was read from; nil for the built-in defaults.
    package var path: String?
    package var disabledRules: [String] = []
    package var optInRules: [String] = []
    /// When set, exactly these rules run.
    package var onlyRules: [String]?
    package var severities: [String: Severity] = [:]
    /// `lifecycle: scene | legacy`; nil for auto.
    package var lifecycle: LifecycleMode?
    package var facts = AppFacts()
    /// Processes whose lines are checked (a whole-device log); empty: every app process.
    package var appProcesses: [String] = []
    /// R3's forwarding window, seconds.
    package var forwardingWindow: Double?
    /// Seconds each configured event pattern may search one capture (`pattern_budget`).
    package var patternBudget: Double?
    package var events: [UserSpelling] = []
    package var rules: [SpecificationPatternRule] = []

    package init() {}

    /// Every rule id the configuration may name: built in and its own.
    package var knownRuleIDs: Set<String> {
        Set(RuleRegistry.all.map { $0.description.id }).union(rules.map(\.id))
    }

    /// Event names rules may use: the catalog's and the configured ones.
    package var knownEvents: Set<EventID> {
        EventCatalog.knownIDs.union(events.map(\.event))
    }

    /// The rules a run uses, in registry order then the configuration's, at their severities.
    package var activeRules: [ActiveRule] {
        let builtIn = RuleRegistry.all.map(ActiveRule.init)
        let own = rules.map(\.activeRule)
        return (builtIn + own).filter { isEnabled($0.description) }.map { rule in
            severities[rule.description.id].map(rule.with(severity:)) ?? rule
        }
    }

    package func isEnabled(_ rule: RuleDescription) -> Bool {
        if let onlyRules { return onlyRules.contains(rule.id) }
        if disabledRules.contains(rule.id) { return false }
        return !rule.optIn || optInRules.contains(rule.id)
    }

    /// The severity a rule has in this configuration.
    package func severity(of rule: RuleDescription) -> Severity { severities[rule.id] ?? rule.severity }

    /// Check options for this configuration; command-line options are applied on top.
    package var checkOptions: CheckOptions {
        var options = CheckOptions(forcedMode: lifecycle, processes: appProcesses)
        options.timeline.facts = facts
        if let forwardingWindow { options.timeline.forwardingWindow = forwardingWindow }
        if let patternBudget { options.scan.patternBudget = patternBudget }
        options.scan.userSpellings = events
        options.rules = activeRules
        return options
    }
}
