public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A line that supports a finding.
public struct Evidence: Hashable, Sendable, Codable {
    public let line: Int
    public let event: String
    public let text: String
    /// `app`, `uikit` or `system`: who logged the line.
    public let source: String

    package init(_ event: LifecycleEvent) {
        line = event.line
        self.event = event.id.rawValue
        text = event.text
        source = event.source.origin
    }
}

/// One anomaly, pointing at the line that proves it.
public struct Finding: Hashable, Sendable {
    public let rule: String
    /// The invariant the rule checks (`F3`), or `user` for a rule from the configuration.
    public let spec: String
    public let severity: Severity
    public let message: String
    public let path: String
    public let line: Int
    /// The scene timeline it concerns (`scene #1 SceneDelegate 0x…`), nil for process-level findings.
    public let scene: String?
    public let process: String?
    /// The offending line first, then the lines that put it in context, in line order.
    public let evidence: [Evidence]

    package init(rule: String, spec: String, severity: Severity, message: String, path: String, line: Int,
                scene: String? = nil, process: String? = nil, evidence: [Evidence]) {
        self.rule = rule
        self.spec = spec
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.scene = scene
        self.process = process
        self.evidence = evidence
    }

    /// The same finding at the severity the configuration sets for its rule.
    func with(severity newSeverity: Severity) -> Finding {
        Finding(rule: rule, spec: spec, severity: newSeverity, message: message, path: path, line: line,
                scene: scene, process: process, evidence: evidence)
    }
}

/// What one rule concluded about one capture.
package struct RuleOutcome: Sendable {
    package var findings: [Finding] = []
    /// Why the rule could not judge some epoch (the events it needs are not logged, or the
    /// scene of an event cannot be told). Empty when it judged everything it applies to.
    package var unverifiable: Set<String> = []
    /// Epochs in which the rule could judge something.
    package var checked = 0
    /// Findings that depend on how the capture ends: a response still owed when it stopped.
    /// They are violations only when the capture ended cleanly, else inconclusive.
    package var pending: [Finding] = []
    /// Findings decided as seen though the rule's are not in general (`EpochVerdict`).
    package var decidedAsSeen: Set<String> = []

    package init() {}
}
