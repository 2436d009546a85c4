/// Health issues that only the rebuilt timeline shows, and the test that makes a finding
/// inconclusive.
enum TimelineHealth {
    /// Callbacks that start a transition whose end the capture should show.
    static let transitionStarts: Set<Substring> = ["willConnect", "willEnterForeground", "willResignActive", "willFinishLaunching"]

    /// Callbacks with which a process or a scene session visibly begins.
    static let sessionStarts: Set<Substring> = [
        "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnect", "didConnect", "didConnectWindow",
    ]

    static func issues(in timeline: CaptureTimeline) -> [HealthIssue] {
        var issues: [HealthIssue] = []
        var pidsByProcess: [String: Int] = [:]
        for epoch in timeline.epochs {
            let driving = epoch.drivingEvents.map(\.event)
            guard let first = driving.first else { continue }
            if epoch.launchIndex == nil, !sessionStarts.contains(first.id.member) {
                if let process = epoch.process, let pid = epoch.pid, let earlier = pidsByProcess[process], earlier != pid {
                    issues.append(HealthIssue(.processRestartWithoutLaunch, line: first.line,
                                              message: "\(process) comes back as pid \(pid) (was \(earlier)) with no launch callbacks: its first lifecycle line is \(first.id.rawValue)",
                                              weakLines: [first.line]))
                } else {
                    issues.append(HealthIssue(.startsMidSession, line: first.line,
                                              message: "\(epoch.label) is already running when the capture starts: its first lifecycle line is \(first.id.rawValue)"))
                }
            }
            if let process = epoch.process, let pid = epoch.pid { pidsByProcess[process] = pid }
        }
        let last = timeline.epochs.flatMap { $0.drivingEvents.map(\.event) }.max { $0.line < $1.line }
        if let last, transitionStarts.contains(last.id.member) {
            issues.append(HealthIssue(.endsMidTransition, line: last.line,
                                      message: "the capture ends right after \(last.id.rawValue): what it led to is not shown"))
        }
        return issues
    }

    /// Why `finding` cannot be trusted, if a weak spot of the capture lies where it points:
    /// an order inverted or lines dropped between its evidence lines (or, for lines dropped,
    /// anywhere before it: the missing callback may be there), a redacted evidence line.
    static func weakness(under finding: Finding, health: [HealthIssue]) -> String? {
        let lines = finding.evidence.map(\.line) + [finding.line]
        guard let low = lines.min(), let high = lines.max() else { return nil }
        for issue in health {
            let inside: (Int) -> Bool
            switch issue.kind {
            case .droppedLines, .processRestartWithoutLaunch: inside = { $0 <= high }
            case .redacted: inside = { low <= $0 && $0 <= high }
            default: inside = { low < $0 && $0 <= high }
            }
            if let line = issue.weakLines.first(where: inside) {
                return "\(issue.kind.rawValue) at line \(line): \(issue.message)"
            }
        }
        return nil
    }
}
