import Foundation
import TraceCheck
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes: standard output or a file, written with write(2). A reader that goes
/// away (`| head`) ends the writing quietly: SIGPIPE is ignored and EPIPE stops the output,
/// while the run still finishes and exits with its status.
final class OutputSink: @unchecked Sendable {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var failed = false
    /// Why writing stopped (errno), when it did. EPIPE on standard output is a reader that
    /// chose to stop (`| head`); anything else (`> /dev/full`, a closed descriptor) is data lost.
    private(set) var failure: Int32?
    private let lock = NSLock()

    static let standardOutput = OutputSink(descriptor: STDOUT_FILENO, owns: false)

    /// Set once, before the first sink exists: EPIPE instead of a signal.
    private static let brokenPipeIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private init(descriptor: Int32, owns: Bool) {
        Self.brokenPipeIgnored
        self.descriptor = descriptor
        ownsDescriptor = owns
    }

    convenience init?(path: String, append: Bool = false) {
        let flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor, owns: true)
    }

    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !failed, !text.isEmpty else { return }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    failure = errno
                    return
                }
                offset += written
            }
        }
    }

    /// Closes a file; false when something could not be written. A closed pipe on standard
    /// output is not a failure: the reader chose to stop. A full disk or a closed descriptor is.
    func close() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if ownsDescriptor {
            #if canImport(Glibc)
            let closed = Glibc.close(descriptor) == 0
            #else
            let closed = Darwin.close(descriptor) == 0
            #endif
            return closed && !failed
        }
        return !failed || failure == EPIPE
    }

    /// Writes (or appends) a whole report to a file; false when it could not.
    static func write(_ text: String, to path: String, appending: Bool = false) -> Bool {
        guard let sink = OutputSink(path: path, append: appending) else { return false }
        sink.write(text)
        return sink.close()
    }
}

/// The CI the run is in, from its environment variables, and what it adds to the output
/// when no --format is given.
struct CIEnvironment {
    /// Extra outputs: a format and a file, or standard output when the path is nil.
    var annotations: [(format: ReportFormat, path: String?)] = []
    /// Where the Code Quality report goes under GitLab CI when no `--report gitlab=PATH` says.
    static let gitLabReport = "tracecheck-code-quality.json"
    /// GitHub's job summary file (`GITHUB_STEP_SUMMARY`).
    var stepSummary: String?

    /// The CI these environment variables show.
    init(_ variables: [String: String]) {
        if variables["GITHUB_ACTIONS"] == "true" { annotations.append((.github, nil)) }
        if let summary = variables["GITHUB_STEP_SUMMARY"], !summary.isEmpty { stepSummary = summary }
        // Its own file, never GitLab's conventional gl-code-quality-report.json, which
        // SwiftLint and others may already have written in the same job.
        if variables["GITLAB_CI"] != nil { annotations.append((.gitlab, Self.gitLabReport)) }
        if variables["TEAMCITY_VERSION"] != nil { annotations.append((.teamcity, nil)) }
    }
}

/// A progress line on standard error for long runs on a terminal; nothing when piped.
final class Progress: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false
    private let lock = NSLock()

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ done: Int, of total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        printError("\rtracecheck: checked \(done) of \(total) captures", terminator: "")
        shown = true
    }

    func clear() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if shown { printError("\r\u{1B}[K", terminator: "") }
        shown = false
    }
}

/// The outcomes of a run as they are delivered (in input order, one at a time). A run whose
/// documents need every capture keeps every report; otherwise clean captures are counted
/// and let go once their streamed output is written.
final class Collected: @unchecked Sendable {
    private var result: RunResult
    /// The most any output of the run needs of a capture after it is checked.
    private let retention: ReportFormat.Retention
    private let lock = NSLock()

    init(rules: [RuleDescription], retention: ReportFormat.Retention) {
        result = RunResult(rules: rules)
        self.retention = retention
    }

    func store(_ outcome: BatchChecker.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        switch outcome {
        case .success(let report):
            let hasFindings = !report.findings.isEmpty || !report.inconclusive.isEmpty
            let kept = switch retention {
            case .whole: report
            case .timelinesOfFindings where hasFindings: report
            default: report.summarised(keepingRuleStatuses: retention >= .ruleStatuses)
            }
            result.add(kept, keepingClean: retention > .none)
        case .failure(let error): result.unreadable.append(error)
        }
        Self.lastOutcome = outcome
    }

    /// The last outcome delivered, held until the process ends (a global is never freed):
    /// the run ends right after its last capture, and freeing that capture's report object by
    /// object (every event, every scene's timeline) only to exit was a fortieth of a dense
    /// console's run. Each delivery lets the one before go, so a run of many captures holds
    /// one report more than it did, not all of them. Written under the lock.
    private nonisolated(unsafe) static var lastOutcome: BatchChecker.Outcome?

    func finished() -> RunResult {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

/// Ctrl-C and SIGTERM end the input instead of the process: the capture being read stops
/// where it is, no further input is started, and what was read is checked and reported with
/// the usual exit status. A second signal exits at once (status 130).
enum InterruptHandling {
    static func install() {
        // The flag is initialised here, not first in the handler (lazy initialisation is
        // not async-signal-safe).
        _ = Interruption.isRequested
        for number in [SIGINT, SIGTERM] {
            _ = signal(number) { _ in
                if !Interruption.request() { _exit(Exit.interruptedTwice) }
            }
            // A read(2) waiting on a pipe returns EINTR instead of being restarted, so the
            // reader sees the request at once.
            _ = siginterrupt(number, 1)
        }
    }
}
