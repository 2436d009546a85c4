/// A capture from which no lifecycle event was read cannot pass: a CI gate would stay green
/// when the app's logging or the capture step broke.
package struct NoLifecycleEventsRule: Rule {
    package init() {}

    package static let description = RuleDescription(
        id: "no_lifecycle_events",
        spec: "—",
        name: "Nothing was read from the capture",
        family: .capture,
        severity: .error,
        rationale: """
            A capture in which no lifecycle event was read shows nothing about the app's life cycle: calling it clean \
            would hide a capture that missed the app, a logging change that renamed every line, or a format tracecheck \
            does not read. The finding says what was read (format, lines, processes) and lists the lines that name a \
            lifecycle callback but were not read as one.
            """,
        exceptions: """
            A run that expects empty captures (a smoke test of the capture step itself) turns it off with --allow-empty \
            or disabled_rules in .tracecheck.yml.
            """,
        triggering: [
            ExampleTrace([
                "↓2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] Loaded 42 notes from cache",
                "2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] NotesListViewController viewDidLoad",
            ]),
            ExampleTrace([
                "Loaded 42 notes from cache",
                "↓entering applicationDidEnterBackground, saving state",
            ]),
        ],
        nonTriggering: [
            ExampleTrace(["2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]"]),
        ])

    package func evaluate(_ timeline: CaptureTimeline) -> RuleOutcome {
        var outcome = RuleOutcome()
        outcome.checked = 1
        guard timeline.epochs.isEmpty, timeline.letGo.runs == 0 else { return outcome }
        let reading = timeline.reading
        var message = "no lifecycle event was read from \(reading.lines) line(s)"
        if reading.lines > 0 {
            message += " (\(reading.format), \(reading.records) record(s)"
            if !reading.processes.isEmpty {
                let shown = reading.processes.prefix(5).joined(separator: ", ")
                message += "; processes \(shown)\(reading.processes.count > 5 ? " and \(reading.processes.count - 5) more" : "")"
            }
            message += ")"
        }
        if !reading.processFilter.isEmpty {
            message += "; only \(reading.processFilter.joined(separator: ", ")) was searched (--process, app_processes)"
        }
        if let named = reading.systemLines.first {
            let others = reading.systemLines.count > 1 ? " and \(reading.systemLines.count - 1) more app(s)" : ""
            message += "; the system's lines name \(named.bundle) (\(named.lines) line(s))\(others), but no line of the app's own process was read: they show the process from outside only"
        }
        let misses = reading.nearMisses
        if !misses.first.isEmpty {
            message += "; " + misses.first.map { "line \($0.line) mentions \($0.name) but was not read as a lifecycle event" }.joined(separator: "; ")
            if misses.count > misses.first.count { message += "; and \(misses.count - misses.first.count) more such line(s)" }
        }
        outcome.findings.append(Finding(rule: Self.description.id, spec: Self.description.spec, severity: Self.description.severity,
                                        message: message, path: timeline.path, line: misses.first.first?.line ?? 1, scene: nil,
                                        process: nil, evidence: []))
        return outcome
    }
}
