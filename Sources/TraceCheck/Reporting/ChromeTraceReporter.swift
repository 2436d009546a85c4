import Foundation

/// `--format chrome-trace`: the Trace Event format that ui.perfetto.dev and chrome://tracing
/// open. One process per app process epoch; in it a track per row the terminal shows (the app
/// delegate's own callbacks, each scene, each framework's states), each scene state a
/// duration slice, each callback an instant event; findings are instant events on a track of
/// their own. Time is the capture's when its lines carry it,
/// else one millisecond per line, so the order is always the capture's.
package struct ChromeTraceReporter: Reporter {
    package init() {}

    /// One Trace Event. Only the fields the format defines for each phase are written.
    struct Event: Encodable {
        let name: String
        /// `M` metadata, `X` complete (a duration), `i` instant.
        let ph: String
        let ts: Double?
        let dur: Double?
        let pid: Int
        let tid: Int
        /// An instant event's scope: `t` its thread (track).
        let s: String?
        let cat: String?
        let args: [String: String]
    }

    struct Document: Encodable {
        let traceEvents: [Event]
        let displayTimeUnit = "ms"
    }

    /// Tracks within a process: the timeline rows from the first, findings last.
    static let firstTrack = 1, findingsTrack = 1_000_000

    package func render(_ result: RunResult) -> String {
        var events: [Event] = []
        var pid = 0
        for report in result.reports {
            let findingsByEpoch = Dictionary(grouping: report.findings + report.inconclusive.map(\.finding)) { $0.process ?? "" }
            let allEvents = report.timeline.epochs.flatMap { $0.events.map(\.event) }
            let clock = Clock(allEvents)
            for epoch in report.timeline.epochs {
                pid += 1
                events.append(meta("process_name", pid: pid, tid: 0, name: "\(report.path): \(epoch.label) (\(epoch.modePhrase))"))
                // The rows every view shows, a track each: callbacks as instants, states as slices.
                for (index, row) in TimelineRows.rows(of: epoch).enumerated() {
                    let tid = Self.firstTrack + index
                    events.append(meta("thread_name", pid: pid, tid: tid, name: row.kind == .appDelegate ? "app delegate" : row.label))
                    for event in row.steps.compactMap(\.event) {
                        events.append(instant(event, pid: pid, tid: tid, clock: clock, category: Self.category[row.kind] ?? "callback"))
                    }
                    for span in TimelineRows.states(of: row, until: epoch.events.last?.event) {
                        let start = clock.time(of: span.from), stop = clock.time(of: span.to)
                        events.append(Event(name: span.state.rawValue, ph: "X", ts: start, dur: max(0, stop - start), pid: pid, tid: tid,
                                            s: nil, cat: "state", args: ["from line": String(span.from.line)]))
                    }
                }
                let findings = findingsByEpoch[epoch.label] ?? []
                if !findings.isEmpty {
                    events.append(meta("thread_name", pid: pid, tid: Self.findingsTrack, name: "findings"))
                    for finding in findings {
                        let at = allEvents.first { $0.line == finding.line }
                        events.append(Event(name: "\(finding.severity.rawValue): \(finding.rule)", ph: "i", ts: clock.time(of: at, line: finding.line),
                                            dur: nil, pid: pid, tid: Self.findingsTrack, s: "t", cat: "finding",
                                            args: ["line": String(finding.line), "message": finding.message, "rule": finding.rule]))
                    }
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(traceEvents: events)) else { return "{\"traceEvents\":[]}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// What an instant on a row's track is: the app's callback, a framework's state, or UIKit's
    /// own line.
    static let category: [TimelineRows.Row.Kind: String] = [.framework: "state", .uikit: "uikit", .system: "system"]

    private func meta(_ kind: String, pid: Int, tid: Int, name: String) -> Event {
        Event(name: kind, ph: "M", ts: nil, dur: nil, pid: pid, tid: tid, s: nil, cat: nil, args: ["name": name])
    }

    private func instant(_ event: LifecycleEvent, pid: Int, tid: Int, clock: Clock, category: String) -> Event {
        Event(name: String(event.id.member), ph: "i", ts: clock.time(of: event), dur: nil, pid: pid, tid: tid, s: "t", cat: category,
              args: ["event": event.id.rawValue, "line": String(event.line), "text": event.text])
    }

    /// Microseconds from the capture's first timed event when every event has a time,
    /// else a millisecond per line.
    struct Clock {
        let origin: Double?

        init(_ events: [LifecycleEvent]) {
            let times = events.map(\.time)
            origin = times.allSatisfy({ $0 != nil }) ? times.compactMap { $0 }.min() : nil
        }

        func time(of event: LifecycleEvent?, line: Int? = nil) -> Double {
            if let origin, let time = event?.time { return ((time - origin) * 1e6).rounded() }
            return Double(event?.line ?? line ?? 0) * 1000
        }
    }
}
