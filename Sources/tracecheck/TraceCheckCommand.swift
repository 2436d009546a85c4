import ArgumentParser
import Foundation
import TraceCheck
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit codes, documented in the README.
enum Exit {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let unreadableInput: Int32 = 2
    static let cannotWriteOutput: Int32 = 73
    static let usage: Int32 = 64
}

@main
struct TraceCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracecheck",
        abstract: "Check an iOS console capture against UIKit's app and scene life cycle.",
        version: TraceCheckVersion.current,
        subcommands: [Report.self, Rules.self, Formats.self],
        defaultSubcommand: Report.self)
}

extension Severity: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}

/// `--report FORMAT=PATH`: an extra report written by the same run.
struct ReportRequest: ExpressibleByArgument {
    let format: ReportFormat
    let path: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), let format = ReportFormat(rawValue: String(argument[..<equals])) else {
            return nil
        }
        let path = String(argument[argument.index(after: equals)...])
        guard !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }
}

enum ModeOption: String, ExpressibleByArgument, CaseIterable {
    case auto, scene, legacy

    var forcedMode: LifecycleMode? {
        switch self {
        case .auto: nil
        case .scene: .scene
        case .legacy: .legacy
        }
    }
}

enum ColorOption: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check captures and report lifecycle anomalies.",
        discussion: """
            Inputs are files, directories (searched recursively; --include/--exclude filter their files) \
            and - for standard input. Captures are checked in parallel; output follows the order given, \
            then path order.

            Under GitHub Actions, GitLab CI or TeamCity (detected from GITHUB_ACTIONS, GITLAB_CI, \
            TEAMCITY_VERSION) and without --format, the CI's annotations are written as well: \
            workflow commands and the job summary, gl-code-quality-report.json, service messages.

            Exit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 when an input \
            could not be read (the others are still checked and reported), 73 when an output file \
            could not be written, 64 on bad usage.
            """)

    @Argument(help: "Capture files and directories to check; - reads standard input.")
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Output format (default: terminal; README lists what each one writes).",
                               valueName: "format"))
    var format: ReportFormat?

    @Option(name: .customLong("output"), help: ArgumentHelp("Write the output to this file instead of standard output.", valueName: "path"))
    var output: String?

    @Option(name: .customLong("report"),
            help: ArgumentHelp("Also write a report in another format to a file, e.g. junit=junit.xml (repeatable).",
                               valueName: "format=path"))
    var reports: [ReportRequest] = []

    @Option(name: .customLong("fail-on"), help: "The lowest severity that makes the exit status 1: error, warning or info.")
    var failOn: Severity = .error

    @Option(help: "Life cycle of the app: auto (detect per process), scene, or legacy.")
    var mode: ModeOption = .auto

    @Option(help: "Colour: auto (only on a terminal, TERM not dumb, NO_COLOR unset), always, never.")
    var color: ColorOption = .auto

    @Flag(name: .shortAndLong, help: "Findings only: no timelines, capture health, summary or progress.")
    var quiet = false

    @Option(name: .customLong("input-format"),
            help: ArgumentHelp("Read every input in this format instead of detecting it (`tracecheck formats` lists them).",
                               valueName: "name"))
    var inputFormat: String?

    @Option(help: ArgumentHelp("Check only this process of a whole-device log (default: every process that logs lifecycle events).",
                               valueName: "name"))
    var process: String?

    @Option(name: .customLong("include"), help: ArgumentHelp("Only check a directory's files that match this glob (repeatable; *.log, logs/*.txt).",
                                                             valueName: "glob"))
    var include: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Skip a directory's files that match this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Captures checked at once (default: one per core).")
    var jobs: Int?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one capture file or directory, or - for standard input") }
        if let inputFormat, CaptureFormats.named(inputFormat) == nil {
            throw ValidationError("unknown input format '\(inputFormat)'; known: \(CaptureFormats.names.joined(separator: ", "))")
        }
        guard inputs.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (standard input) can be given once") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of 1 or more") }
        let paths = reports.map(\.path) + (output.map { [$0] } ?? [])
        if Set(paths).count != paths.count { throw ValidationError("two outputs are written to the same file") }
    }

    func run() throws {
        let checker = Checker(options: CheckOptions(forcedMode: mode.forcedMode,
                                                    format: inputFormat.flatMap(CaptureFormats.named), process: process))
        let discovery = InputDiscovery(include: include, exclude: exclude).discover(inputs)
        let items = discovery.items
        for directory in discovery.emptyDirectories {
            printError("\(directory): warning: no files to check" + (include.isEmpty && exclude.isEmpty ? "" : " (after --include/--exclude)"))
        }
        let environment = CIEnvironment.current
        let mainFormat = format ?? .terminal
        let mainReporter = mainFormat.reporter(color: output == nil && useColor, quiet: quiet, failOn: failOn)
        let sink: OutputSink
        if let output {
            guard let file = OutputSink(path: output) else {
                printError("tracecheck: error: cannot write \(output): \(String(cString: strerror(errno)))")
                throw ExitCode(Exit.cannotWriteOutput)
            }
            sink = file
        } else {
            sink = .standardOutput
        }
        let streaming = mainReporter as? any StreamingReporter
        let progress = Progress(enabled: !quiet && items.count > 1 && isatty(STDERR_FILENO) == 1)
        let collected = Collected(count: items.count)
        BatchChecker(checker: checker, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount).check(
            items, progress: { done, total in progress.show(done, of: total) },
            deliver: { index, outcome in
                collected.store(index, outcome)
                switch outcome {
                case .success(let report):
                    let streamed = streaming?.render(report) ?? ""
                    if !report.scan.diagnostics.isEmpty || !streamed.isEmpty { progress.clear() }
                    for diagnostic in report.scan.diagnostics { printError(Self.describe(diagnostic)) }
                    sink.write(streamed)
                case .failure(let error):
                    progress.clear()
                    printError("tracecheck: error: \(error.description)")
                    if let streaming { sink.write(streaming.render(unreadable: error)) }
                }
            })
        progress.clear()
        let result = collected.result
        if streaming == nil { sink.write(mainReporter.render(result)) }
        var writeFailed = !sink.close()

        var extras = reports.map { ($0.format, Optional($0.path)) }
        if format == nil { extras += environment.annotations.map { ($0.format, $0.path) } }
        for (extraFormat, path) in extras {
            let text = extraFormat.reporter(failOn: failOn).render(result)
            if let path {
                if !OutputSink.write(text, to: path) {
                    printError("tracecheck: error: cannot write \(path): \(String(cString: strerror(errno)))")
                    writeFailed = true
                }
            } else {
                OutputSink.standardOutput.write(text)
            }
        }
        let wroteGitHub = mainFormat == .github || extras.contains { $0.0 == .github }
        if wroteGitHub, let summary = environment.stepSummary {
            if !OutputSink.write(MarkdownReporter().render(result), to: summary, appending: true) {
                printError("tracecheck: error: cannot append the job summary to \(summary): \(String(cString: strerror(errno)))")
                writeFailed = true
            }
        }
        if !result.unreadable.isEmpty { throw ExitCode(Exit.unreadableInput) }
        if writeFailed { throw ExitCode(Exit.cannotWriteOutput) }
        if result.findings.contains(where: { $0.severity >= failOn }) { throw ExitCode(Exit.findings) }
    }

    private var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            return isatty(STDOUT_FILENO) == 1 && environment.isEmpty && term != "dumb"
        }
    }

    private static func describe(_ diagnostic: InputDiagnostic) -> String {
        let place = diagnostic.line.map { "\(diagnostic.path):\($0)" } ?? diagnostic.path
        return "\(place): \(diagnostic.level.rawValue): \(diagnostic.message)"
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the rules, or explain one.")

    @Argument(help: "A rule id (foreground_before_active) or spec id (F1) to explain.")
    var rule: String?

    func run() throws {
        guard let rule else {
            print(RuleHelp.table(), terminator: "")
            return
        }
        guard let found = RuleRegistry.rule(withID: rule) else {
            throw ValidationError("no rule '\(rule)'; `tracecheck rules` lists them")
        }
        print(RuleHelp.explanation(of: found.description), terminator: "")
    }
}

struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the capture formats tracecheck reads, with a sample line of each.")

    func run() throws {
        print(FormatHelp.table(), terminator: "")
    }
}

func printError(_ message: String, terminator: String = "\n") {
    var standardError = StandardError()
    print(message, terminator: terminator, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        #if canImport(Glibc)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        #else
        _ = bytes.withUnsafeMutableBytes { Darwin.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        #endif
    }
}
