/// A problem with a configuration file, at the line it is on.
public struct ConfigurationProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let column: Int?
    public let message: String

    public init(path: String, line: Int?, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message`, the form editors and CI annotations understand.
    public var description: String {
        var place = path
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(place): error: \(message)"
    }
}

/// `.tracecheck.yml`: which rules run and how severe they are, what the team knows about the
/// app, and its own events and rules.
public struct Configuration: Sendable {
    /// Where it was read from; nil for the built-in defaults.
    public var path: String?
    public var disabledRules: [String] = []
    public var optInRules: [String] = []
    /// When set, exactly these rules run.
    public var onlyRules: [String]?
    public var severities: [String: Severity] = [:]
    /// `lifecycle: scene | legacy`; nil for auto.
    public var lifecycle: LifecycleMode?
    public var facts = AppFacts()
    /// Processes whose lines are checked (a whole-device log); empty: every app process.
    public var appProcesses: [String] = []
    /// R3's forwarding window, seconds.
    public var forwardingWindow: Double?
    /// Seconds each configured event pattern may search one capture (`pattern_budget`).
    public var patternBudget: Double?
    public var events: [UserSpelling] = []
    public var rules: [SpecificationPatternRule] = []

    public init() {}

    /// Every rule id the configuration may name: built in and its own.
    public var knownRuleIDs: Set<String> {
        Set(RuleRegistry.all.map { $0.description.id }).union(rules.map(\.id))
    }

    /// Event names rules may use: the catalog's and the configured ones.
    public var knownEvents: Set<EventID> {
        EventCatalog.knownIDs.union(events.map(\.event))
    }

    /// The rules a run uses, in registry order then the configuration's, at their severities.
    public var activeRules: [ActiveRule] {
        let builtIn = RuleRegistry.all.map(ActiveRule.init)
        let own = rules.map(\.activeRule)
        return (builtIn + own).filter { isEnabled($0.description) }.map { rule in
            severities[rule.description.id].map(rule.with(severity:)) ?? rule
        }
    }

    public func isEnabled(_ rule: RuleDescription) -> Bool {
        if let onlyRules { return onlyRules.contains(rule.id) }
        if disabledRules.contains(rule.id) { return false }
        return !rule.optIn || optInRules.contains(rule.id)
    }

    /// The severity a rule has in this configuration.
    public func severity(of rule: RuleDescription) -> Severity { severities[rule.id] ?? rule.severity }

    /// Check options for this configuration; command-line options are applied on top.
    public var checkOptions: CheckOptions {
        var options = CheckOptions(forcedMode: lifecycle, processes: appProcesses)
        options.timeline.facts = facts
        if let forwardingWindow { options.timeline.forwardingWindow = forwardingWindow }
        if let patternBudget { options.scan.patternBudget = patternBudget }
        options.scan.userSpellings = events
        options.rules = activeRules
        return options
    }
}
