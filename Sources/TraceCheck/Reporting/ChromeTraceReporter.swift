import Foundation

/// `--format chrome-trace`: the Trace Event format that ui.perfetto.dev and chrome://tracing
/// open. One process per app process epoch; in it one track per scene (and the app delegate's
/// own callbacks), each state a duration slice, each callback an instant event; findings are
/// instant events on a track of their own. Time is the capture's when its lines carry it,
/// else one millisecond per line, so the order is always the capture's.
public struct ChromeTraceReporter: Reporter {
    public init() {}

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

    /// Tracks within a process: the app delegate, then each scene, findings last.
    static let appTrack = 1, findingsTrack = 1_000_000

    public func render(_ result: RunResult) -> String {
        var events: [Event] = []
        var pid = 0
        for report in result.reports {
            let findingsByEpoch = Dictionary(grouping: report.findings + report.inconclusive.map(\.finding)) { $0.process ?? "" }
            let allEvents = report.timeline.epochs.flatMap { $0.events.map(\.event) }
            let clock = Clock(allEvents)
            for epoch in report.timeline.epochs {
                pid += 1
                events.append(meta("process_name", pid: pid, tid: 0, name: "\(report.path): \(epoch.label) (\(epoch.mode.phrase))"))
                let end = clock.time(of: epoch.events.last?.event)
                var tracks: [(tid: Int, name: String, connection: SceneConnection)] = []
                for (index, (_, connection)) in epoch.allTimelines.enumerated() {
                    tracks.append((Self.appTrack + 1 + index, connection.label, connection))
                }
                let appCallbacks = epoch.events.map(\.event).filter { $0.id.builtInFamily == .app && $0.source == .callback }
                if !appCallbacks.isEmpty {
                    events.append(meta("thread_name", pid: pid, tid: Self.appTrack, name: "app delegate"))
                    for event in appCallbacks { events.append(instant(event, pid: pid, tid: Self.appTrack, clock: clock, category: "callback")) }
                }
                for track in tracks {
                    events.append(meta("thread_name", pid: pid, tid: track.tid, name: track.name))
                    let steps = track.connection.steps
                    for (position, step) in steps.enumerated() {
                        let event = epoch.events[step.event].event
                        events.append(instant(event, pid: pid, tid: track.tid, clock: clock, category: "callback"))
                        // The state the step leads to lasts until the next step (or the epoch's end).
                        let start = clock.time(of: event)
                        let stop = position + 1 < steps.count ? clock.time(of: epoch.events[steps[position + 1].event].event) : end
                        guard step.after != .disconnected else { continue }
                        events.append(Event(name: step.after.rawValue, ph: "X", ts: start, dur: max(0, stop - start), pid: pid, tid: track.tid,
                                            s: nil, cat: "state", args: ["from line": String(event.line)]))
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
