/// A rule's verdict on one capture, for the summary.
public struct RuleStatus: Hashable, Sendable {
    public let rule: String
    public let checked: Bool
    /// Why some epochs could not be judged (sorted).
    public let unverifiable: [String]
}

/// Everything known about one capture after the whole pipeline.
public struct CaptureReport: Sendable {
    public let scan: ScannedCapture
    public let timeline: CaptureTimeline
    public let findings: [Finding]
    public let rules: [RuleStatus]

    public var path: String { scan.source.displayName }
    public var eventCount: Int { scan.stream.events.count }
}

public struct CheckOptions: Sendable {
    public var timeline = TimelineOptions()
    public var rules: [any Rule.Type] = RuleRegistry.all

    public init(forcedMode: LifecycleMode? = nil) {
        timeline = TimelineOptions(forcedMode: forcedMode)
    }
}

/// Runs bytes → records → events → timelines → rules → findings for one capture.
public struct Checker: Sendable {
    public let options: CheckOptions

    public init(options: CheckOptions = CheckOptions()) { self.options = options }

    public func check(_ source: InputSource, format: any CaptureFormat = XcodeConsoleFormat()) throws(InputError) -> CaptureReport {
        let scan = try CaptureScanner(format: format).scan(source)
        let timeline = TimelineBuilder(options: options.timeline).build(path: source.displayName, stream: scan.stream)
        var findings: [Finding] = []
        var statuses: [RuleStatus] = []
        for rule in options.rules {
            let outcome = rule.init().evaluate(timeline)
            findings += outcome.findings
            statuses.append(RuleStatus(rule: rule.description.id, checked: outcome.checked > 0,
                                       unverifiable: outcome.unverifiable.sorted()))
        }
        findings.sort { ($0.line, $0.rule) < ($1.line, $1.rule) }
        return CaptureReport(scan: scan, timeline: timeline, findings: findings, rules: statuses)
    }
}
