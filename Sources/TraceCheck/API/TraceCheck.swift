import Foundation

/// Checks iOS console captures against UIKit's app and scene life cycle, from Swift code:
/// the same reading, rules and verdict as `tracecheck report`, for a test suite or a tool.
///
/// ```swift
/// let verdict = try TraceCheck.check(path: "ui-tests/launch.log")
/// for finding in verdict.findings {
///     print("\(finding.path):\(finding.line): \(finding.severity): \(finding.message) [\(finding.rule)]")
/// }
/// ```
///
/// The other public types (``Finding``, ``Evidence``, ``Severity``, ``HealthIssue``,
/// ``InconclusiveFinding``) are named unqualified: with a type named like the module,
/// `TraceCheck.Finding` would be looked up in this enum.
///
/// In a test, ``assertLifecycle(_:options:)`` throws with the findings as its message, which
/// fails an XCTest or Swift Testing test that calls it with `try`.
public enum TraceCheck {
    /// How a capture is read and judged; the defaults are those of `tracecheck report`.
    public struct Options: Sendable {
        /// The app's life cycle; nil detects it per process.
        public var mode: Mode?
        /// Only these processes of a whole-device log (by name or pid); empty: every process
        /// that logs lifecycle events.
        public var processes: [String]
        /// A capture format by the name `tracecheck formats` lists; nil detects it.
        public var inputFormat: String?
        /// A `.tracecheck.yml` to apply (rules, severities, the app's facts, own events).
        public var configurationFile: String?
        /// The lowest severity that fails ``Verdict/passed`` and ``assertLifecycle(_:options:)``.
        public var failOn: Severity

        public init(mode: Mode? = nil, processes: [String] = [], inputFormat: String? = nil,
                    configurationFile: String? = nil, failOn: Severity = .error) {
            self.mode = mode
            self.processes = processes
            self.inputFormat = inputFormat
            self.configurationFile = configurationFile
            self.failOn = failOn
        }
    }

    /// The life cycle an app follows.
    public enum Mode: String, Sendable {
        /// UIScene: UI events on a scene delegate per window.
        case scene
        /// UIKit's app-delegate life cycle, before scenes.
        case legacy
    }

    /// Checks the capture at `path` (any format tracecheck reads, gzip included).
    public static func check(path: String, options: Options = Options()) throws(Failure) -> Verdict {
        try check(.file(path), options: options)
    }

    /// Checks a capture held in memory (any format, gzip included), named `name` in findings.
    public static func check(data: Data, name: String = "capture", options: Options = Options()) throws(Failure) -> Verdict {
        try check(.bytes(name: name, contents: [UInt8](data)), options: options)
    }

    /// Checks capture text, named `name` in findings.
    public static func check(text: String, name: String = "capture", options: Options = Options()) throws(Failure) -> Verdict {
        try check(.text(name: name, contents: text), options: options)
    }

    /// Checks the capture at `path` and throws ``Violation`` when it has a finding at or
    /// above `options.failOn`, or when nothing was read from it: the findings, with their
    /// lines, are the error's description, which is what XCTest and Swift Testing print.
    ///
    /// ```swift
    /// func testLaunchLifecycle() throws {
    ///     try TraceCheck.assertLifecycle(capturePath)
    /// }
    /// ```
    public static func assertLifecycle(_ path: String, options: Options = Options()) throws {
        let verdict = try check(path: path, options: options)
        guard verdict.passed else { throw Violation(verdict: verdict) }
    }

    /// Why a capture could not be checked.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// One line per problem: `path: reason`, or `path:line:column: error: …` for a configuration.
        public let description: String
    }

    /// A capture that did not pass: ``Verdict/summary`` is the description.
    public struct Violation: Error, Sendable, CustomStringConvertible {
        public let verdict: Verdict
        public var description: String { verdict.summary }
    }

    static func check(_ source: InputSource, options: Options) throws(Failure) -> Verdict {
        var configuration = Configuration()
        if let file = options.configurationFile {
            do {
                configuration = try ConfigurationLoader.load(path: file)
            } catch {
                throw Failure(description: error.problems.map(\.description).joined(separator: "\n"))
            }
        }
        var checkOptions = configuration.checkOptions
        if let mode = options.mode { checkOptions.timeline.forcedMode = mode == .scene ? .scene : .legacy }
        if !options.processes.isEmpty { checkOptions.scan.processes = options.processes }
        if let name = options.inputFormat {
            guard let format = CaptureFormats.named(name) else {
                throw Failure(description: "unknown input format '\(name)'; known: \(CaptureFormats.names.joined(separator: ", "))")
            }
            checkOptions.scan.format = format
        }
        checkOptions.scan.threadsPerFile = 1
        do {
            return Verdict(try Checker(options: checkOptions).check(source), failOn: options.failOn)
        } catch {
            throw Failure(description: error.description)
        }
    }
}

extension TraceCheck {
    /// What a check found in one capture.
    public struct Verdict: Sendable {
        /// The capture's name: its path, or the name given with its data.
        public let path: String
        /// The capture format read (`xcode-console`, `log-ndjson`, …).
        public let format: String
        /// Lifecycle events read.
        public let eventCount: Int
        /// Anomalies, in line order.
        public let findings: [Finding]
        /// Findings withheld because the recording is weak where they point (never fail).
        public let inconclusive: [InconclusiveFinding]
        /// What makes the recording weaker evidence (timestamps out of order, dropped lines, …).
        public let health: [HealthIssue]
        /// One per process (epoch) the capture shows, with its scenes' steps.
        public let timelines: [ProcessTimeline]
        /// Rules that could not judge part of the capture, with why (`launch_sequence`: reasons).
        public let unverifiable: [String: [String]]
        /// The severity this verdict fails at.
        public let failOn: Severity

        /// No finding at or above `failOn` (a capture from which nothing was read has one:
        /// `no_lifecycle_events`).
        public var passed: Bool { !findings.contains { $0.severity >= failOn } }

        /// The verdict as `tracecheck report` prints it: a line per finding with its evidence.
        /// Rendered when asked (a failing test's message), not on every check.
        public var summary: String { TerminalReporter(color: false, failOn: failOn, verbose: true).render(report) }
        private let report: CaptureReport

        init(_ report: CaptureReport, failOn: Severity) {
            path = report.path
            format = report.scan.format
            eventCount = report.eventCount
            findings = report.findings
            inconclusive = report.inconclusive
            health = report.health
            timelines = report.timeline.epochs.map(ProcessTimeline.init)
            unverifiable = Dictionary(report.rules.filter { !$0.unverifiable.isEmpty }.map { ($0.rule, $0.unverifiable) }) { first, _ in first }
            self.failOn = failOn
            self.report = report
        }
    }

    /// A process's timelines: one lane per scene (or the legacy app), and UIKit's and the
    /// system's own account when the capture has it.
    public struct ProcessTimeline: Sendable {
        /// `Fieldnotes[4817]`, `pid 4817` or `process #1`.
        public let process: String
        /// `scene`, `legacy` or `unknown`.
        public let mode: String
        public let lanes: [Lane]

        init(_ epoch: ProcessEpoch) {
            process = epoch.label
            mode = epoch.mode.rawValue
            let connections = epoch.allTimelines.map(\.connection) + [epoch.uikitTimeline, epoch.systemTimeline].compactMap { $0 }
            lanes = connections.map { connection in
                Lane(label: connection.label, origin: connection.origin.rawValue, steps: connection.steps.compactMap { step in
                    guard epoch.events.indices.contains(step.event) else { return nil }
                    let event = epoch.events[step.event].event
                    return Step(line: event.line, event: event.id.rawValue, state: step.after.rawValue)
                })
            }
        }
    }

    /// One scene's (or the app's, UIKit's, the system's) sequence of callbacks.
    public struct Lane: Sendable {
        /// `scene #1 SceneDelegate 0x… (5910B345…)`, `app`, `[uikit]`, `[system]`.
        public let label: String
        /// `connected`, `preExisting`, `orphan`, `implicitApp`, `uikit` or `system`.
        public let origin: String
        public let steps: [Step]
    }

    /// One callback of a lane and the state it left the scene in.
    public struct Step: Sendable {
        /// The capture line (1-based).
        public let line: Int
        /// The canonical event (`scene.didBecomeActive`; `tracecheck events` lists them).
        public let event: String
        /// `foregroundActive`, `background`, … after the step.
        public let state: String
    }
}
