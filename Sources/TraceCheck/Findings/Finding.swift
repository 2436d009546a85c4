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

    public init(_ event: LifecycleEvent) {
        line = event.line
        self.event = event.id.rawValue
        text = event.text
    }
}

/// One anomaly, pointing at the line that proves it.
public struct Finding: Hashable, Sendable {
    public let rule: String
    public let severity: Severity
    public let message: String
    public let path: String
    public let line: Int
    /// The scene timeline it concerns (`scene #1 SceneDelegate 0x…`), nil for process-level findings.
    public let scene: String?
    public let process: String?
    /// The offending line first, then the lines that put it in context, in line order.
    public let evidence: [Evidence]
}

/// What one rule concluded about one capture.
public struct RuleOutcome: Sendable {
    public var findings: [Finding] = []
    /// Why the rule could not judge some epoch (the events it needs are not logged, or the
    /// scene of an event cannot be told). Empty when it judged everything it applies to.
    public var unverifiable: Set<String> = []
    /// Epochs in which the rule could judge something.
    public var checked = 0

    public init() {}
}
