/// Health issues that only the rebuilt timeline shows, and the test that makes a finding
/// inconclusive.
enum TimelineHealth {
    /// Callbacks that start a transition whose end the capture should show. (Names of a few
    /// members are arrays, here and in the rules: a set of `Substring`s made the Swift runtime
    /// search every conformance of the binary for `Substring`'s `Hashable`, 380,000
    /// instructions, at its first use.)
    static let transitionStarts: [Substring] = ["willConnect", "willEnterForeground", "willResignActive", "willFinishLaunching"]

    /// Callbacks with which a process or a scene session visibly begins.
    static let sessionStarts: [Substring] = [
        "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnect", "didConnect", "didConnectWindow",
    ]

    /// The issues of `timeline`'s epochs, after those of the runs let go, then how it ends.
    static func issues(in timeline: CaptureTimeline) -> [HealthIssue] {
        var pidsByProcess = timeline.letGo.pidsByProcess
        var issues = issues(inRuns: timeline.epochs[...], pidsByProcess: &pidsByProcess)
        var last: LifecycleEvent?
        var lastEpoch: ProcessEpoch?
        for epoch in timeline.epochs {
            if let final = epoch.events.last(where: epoch.drives)?.event, final.line > (last?.line ?? 0) {
                last = final
                lastEpoch = epoch
            }
        }
        if let last, transitionStarts.contains(last.id.member) {
            issues.append(HealthIssue(.endsMidTransition, line: last.line,
                                      message: "the capture ends right after \(last.id.rawValue): what it led to is not shown"))
        } else if let last, let lastEpoch, let unfinished = unfinishedTransition(in: lastEpoch, endingAt: last) {
            issues.append(HealthIssue(.endsMidTransition, line: unfinished.event.line,
                                      message: "the capture ends \(Int((unfinished.before * 1000).rounded())) ms after \(unfinished.event.id.rawValue) of \(unfinished.scene), "
                                        + "with other scenes' transitions in between: what it led to is not shown"))
        }
        return issues
    }

    /// The issues each run shows on its own, in order; `pidsByProcess`: the pid each process
    /// had in the runs before, kept up.
    static func issues(inRuns epochs: ArraySlice<ProcessEpoch>, pidsByProcess: inout [String: Int]) -> [HealthIssue] {
        var issues: [HealthIssue] = []
        for epoch in epochs {
            if !epoch.appLogs, let first = epoch.uikitTimeline?.steps.first {
                issues.append(HealthIssue(.uikitAccountOnly, line: epoch.events[first.event].event.line,
                                          message: "\(epoch.label) logs no lifecycle line of its own; only UIKit's account of the application state was read, which cannot show launch callbacks, scene connection and disconnection, session discard or termination"))
            }
            let driving = epoch.driving
            guard let first = driving.first else { continue }
            if epoch.launchIndex == nil, !sessionStarts.contains(first.id.member) {
                if let process = epoch.process, let pid = epoch.pid, let earlier = pidsByProcess[process], earlier != pid {
                    issues.append(HealthIssue(.processRestartWithoutLaunch, line: first.line,
                                              message: "\(process) comes back as pid \(pid) (was \(earlier)) with no launch callbacks: its first lifecycle line is \(first.id.rawValue)",
                                              weakRanges: [first.line...first.line]))
                } else {
                    issues.append(HealthIssue(.startsMidSession, line: first.line,
                                              message: "\(epoch.label) is already running when the capture starts: its first lifecycle line is \(first.id.rawValue)"))
                }
            }
            if let process = epoch.process, let pid = epoch.pid { pidsByProcess[process] = pid }
            issues += inversions(in: driving)
        }
        return issues
    }

    /// Scenes move through their transitions interleaved (two windows coming to the
    /// foreground together), so the capture's last line need not be the unfinished one: a
    /// scene whose last callback starts a transition less than `unfinishedWindow` before the
    /// capture's last lifecycle line was cut off too, not stuck.
    static let unfinishedWindow = 1.0

    static func unfinishedTransition(in epoch: ProcessEpoch, endingAt last: LifecycleEvent) -> (event: LifecycleEvent, scene: String, before: Double)? {
        guard let end = last.time else { return nil }
        var earliest: (event: LifecycleEvent, scene: String, before: Double)?
        for connection in epoch.connections {
            guard let step = connection.steps.last else { continue }
            let event = epoch.events[step.event].event
            guard transitionStarts.contains(event.id.member), let time = event.time, end - time <= unfinishedWindow,
                  event.line < (earliest?.event.line ?? .max) else { continue }
            earliest = (event, connection.label, end - time)
        }
        return earliest
    }

    /// Lifecycle lines whose timestamps contradict their order: each spans from the first
    /// earlier-logged line that is timestamped later to the line that is out of place.
    static func inversions(in events: [LifecycleEvent]) -> [HealthIssue] {
        var ranges: [ClosedRange<Int>] = []
        // The latest time so far at each timed event, with the event's line: the first earlier line
        // timestamped later than a given time is where this running maximum first exceeds
        // it, found by bisection (a scan back from every line out of place grew with the
        // square of a capture whose clock went back, as one spanning midnight does).
        var latest: [(time: Double, line: Int)] = []
        // Through the buffer: a walk of the array retained and released each event.
        events.withUnsafeBufferPointer { events in
            for event in events.indices {
                guard let time = events[event].time else { continue }
                if let last = latest.last, time < last.time - 0.000_001 {
                    let first = latest.partitioningIndex { $0.time > time }
                    if first < latest.count { ranges.append(latest[first].line...events[event].line) }
                }
                latest.append((max(latest.last?.time ?? time, time), events[event].line))
            }
        }
        guard let first = ranges.first else { return [] }
        return [HealthIssue(.outOfOrderTimestamps, line: first.upperBound, count: ranges.count,
                            message: "lifecycle lines \(first.lowerBound) and \(first.upperBound) are logged in one order and timestamped in the other"
                                + (ranges.count > 1 ? " (\(ranges.count) such places)" : "") + "; findings between them are inconclusive",
                            weakRanges: ranges)]
    }

    /// Why the capture cannot be said to have ended cleanly, if it did not: it stops in the
    /// middle of a transition, or lines were dropped on the way (the device disconnected).
    static func uncleanEnd(_ health: [HealthIssue]) -> String? {
        let issue = health.first { [.endsMidTransition, .droppedLines, .patternSwitchedOff, .truncated, .interrupted].contains($0.kind) }
        return issue.map { "\($0.kind.rawValue)\($0.line.map { " at line \($0)" } ?? ""): \($0.message)" }
    }

    /// Why `finding` cannot be trusted, if a weak spot of the capture lies where it points:
    /// an order inverted or lines dropped between its evidence lines (or, for lines dropped,
    /// anywhere before it: the missing callback may be there), a redacted evidence line.
    static func weakness(under finding: Finding, health: [HealthIssue]) -> String? {
        let lines = finding.evidence.map(\.line) + [finding.line]
        guard let low = lines.min(), let high = lines.max() else { return nil }
        for issue in health {
            let reaches: (ClosedRange<Int>) -> Bool
            switch issue.kind {
            case .droppedLines, .processRestartWithoutLaunch, .malformedEntries, .truncated, .interrupted: reaches = { $0.lowerBound <= high }
            default: reaches = { $0.lowerBound <= high && low <= $0.upperBound }
            }
            if let range = issue.weakRanges.first(where: reaches) {
                return "\(issue.kind.rawValue) at line \(range.lowerBound): \(issue.message)"
            }
        }
        return nil
    }
}
