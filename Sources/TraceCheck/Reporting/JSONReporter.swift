import Foundation

/// The module's finding, which the JSON document's own `Finding` shadows below.
typealias CheckedFinding = Finding

/// `--format json`: one document, described in docs/json-output.md. Other tools read it,
/// so fields are only ever added, never renamed or removed.
package struct JSONReporter: Reporter {
    package init() {}

    struct Document: Encodable {
        struct Tool: Encodable { let name: String, version: String }
        struct File: Encodable {
            let path: String, format: String, decoration: String?, lines: Int, bytes: Int, events: Int
            let recordsByFormat: [String: Int]
            let health: [HealthIssue]
            let processes: [Process]
            let unverifiable: [Unverifiable]
            let diagnostics: [InputDiagnostic]
        }
        struct Process: Encodable {
            let label: String, pid: Int?, mode: LifecycleMode
            let scenes: [Scene]
        }
        struct Scene: Encodable {
            let label: String, origin: SceneConnection.Origin, delegateClass: String?, sessions: [String]
            let steps: [Step]
        }
        /// `source`: `app` for what the app logged, `uikit` for UIKit's own account, `system`
        /// for SpringBoard's, FrontBoard's and RunningBoard's.
        struct Step: Encodable { let line: Int, event: String, before: SceneState, after: SceneState, source: String }
        struct Unverifiable: Encodable { let rule: String, reasons: [String] }
        struct Finding: Encodable {
            let rule: String, spec: String, severity: Severity, message: String, path: String, line: Int
            let scene: String?, process: String?
            let evidence: [Evidence]
            /// Set when the capture is too weak where the finding points: then it is not a violation.
            let inconclusive: String?

            /// The one place a finding becomes JSON; `--format jsonl` writes the same object.
            init(_ finding: CheckedFinding, inconclusive: String?) {
                rule = finding.rule
                spec = finding.spec
                severity = finding.severity
                message = finding.message
                path = finding.path
                line = finding.line
                scene = finding.scene
                process = finding.process
                evidence = finding.evidence
                self.inconclusive = inconclusive
            }
        }
        struct UnreadableInput: Encodable { let path: String, message: String }
        struct Summary: Encodable { let errors: Int, warnings: Int, infos: Int, inconclusive: Int, files: Int, unreadable: Int }

        let tool: Tool
        let files: [File]
        let findings: [Finding]
        let errors: [UnreadableInput]
        let summary: Summary
    }

    package func render(_ result: RunResult) -> String {
        let document = Document(
            tool: .init(name: "tracecheck", version: TraceCheckVersion.current),
            files: result.reports.map(file),
            findings: result.reports.flatMap { report in
                report.findings.map { (finding: $0, reason: String?.none) } + report.inconclusive.map { ($0.finding, $0.reason) }
            }.map { finding, reason in Document.Finding(finding, inconclusive: reason) },
            errors: result.unreadable.map { .init(path: $0.source, message: $0.description) },
            summary: .init(errors: result.count(.error), warnings: result.count(.warning), infos: result.count(.info),
                           inconclusive: result.reports.map(\.inconclusive.count).reduce(0, +),
                           files: result.reports.count + result.unreadable.count, unreadable: result.unreadable.count))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private func file(_ report: CaptureReport) -> Document.File {
        Document.File(
            path: report.path, format: report.scan.format, decoration: report.scan.decoration,
            lines: report.scan.statistics.lines, bytes: report.scan.statistics.bytes, events: report.eventCount,
            recordsByFormat: report.scan.recordsByFormat, health: report.health,
            processes: report.timeline.epochs.map { epoch in
                Document.Process(label: epoch.label, pid: epoch.pid, mode: epoch.mode, scenes: (epoch.allTimelines.map(\.connection) + [epoch.uikitTimeline, epoch.systemTimeline].compactMap { $0 }).map { connection in
                    Document.Scene(label: connection.label, origin: connection.origin, delegateClass: connection.delegateClass,
                                   sessions: connection.sessions, steps: connection.steps.map { step in
                        let event = epoch.events[step.event].event
                        return Document.Step(line: event.line, event: event.id.rawValue, before: step.before, after: step.after,
                                             source: event.source.origin)
                    })
                })
            },
            unverifiable: report.rules.filter { !$0.unverifiable.isEmpty }.map { .init(rule: $0.rule, reasons: $0.unverifiable) },
            diagnostics: report.scan.diagnostics)
    }
}
