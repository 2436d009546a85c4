import ArgumentParser
import CThreadPlacement
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
    /// A configuration or baseline file that cannot be used: before any capture is read.
    static let badConfiguration: Int32 = 2
    /// A second Ctrl-C or SIGTERM: out at once.
    static let interruptedTwice: Int32 = 130

    /// Every status with its meaning, for the man page (the README's table says the same).
    static let table: [(status: Int32, meaning: String)] = [
        (clean, "No finding at or above --fail-on (default error; warning with --strict), or --exit-zero."),
        (findings, "At least one finding at or above --fail-on (findings hidden by --baseline do not count); a capture from which "
            + "nothing was read is such a finding (no_lifecycle_events, an error; off with --allow-empty)."),
        (unreadableInput, "An input could not be read, or only in part (a damaged .gz: what came before the damage is checked); every "
            + "other input is still checked and reported. Also a configuration or baseline file that cannot be used: every problem "
            + "is printed as path:line:column: error: ... and no capture is read."),
        (usage, "Bad usage (unknown option or value, no input); a directory with no capture to check; a --process that names no "
            + "process of any capture read."),
        (cannotWriteOutput, "An output could not be written: standard output (a full disk, a closed descriptor; a reader that stops "
            + "early, | head, is not an error), --output, a --report file, the --write-baseline file or the job summary."),
        (interruptedTwice, "A second Ctrl-C or SIGTERM (the first ends the input; what was read is reported)."),
    ]
}

/// `--config`, shared by every command that reads `.tracecheck.yml`.
struct ConfigOptions: ParsableArguments {
    @Option(name: .customLong("config"),
            help: ArgumentHelp("Configuration file (default: .tracecheck.yml in the working directory or its nearest parent).",
                               valueName: "path"),
            completion: .file(extensions: ["yml", "yaml"]))
    var path: String?

    @Flag(name: .customLong("no-config"), help: "Ignore any .tracecheck.yml: built-in defaults only.")
    var ignore = false

    func load() throws -> Configuration {
        try Self.load(ignore ? nil : Self.locate(path))
    }

    /// The file in effect: the one named, else the nearest `.tracecheck.yml`.
    static func locate(_ path: String?) -> String? {
        path ?? ConfigurationLoader.find(from: ".")
    }

    /// The configuration, or every problem in it on stderr and exit 2.
    static func load(_ location: String?) throws -> Configuration {
        guard let location else { return Configuration() }
        do {
            return try ConfigurationLoader.load(path: location)
        } catch {
            for problem in error.problems { printError(problem.description) }
            printError("tracecheck: error: \(location) has \(error.problems.count) problem(s); nothing was checked")
            throw ExitCode(Exit.badConfiguration)
        }
    }
}

@main
struct TraceCheckCommand: ParsableCommand {
    // Every command is named: a name left to ArgumentParser is derived from the type's name
    // (`String(describing:)`, then snake case) each time it is asked for, which it does for
    // every subcommand while parsing; about a tenth of a run on a small capture.
    static let configuration = CommandConfiguration(
        commandName: "tracecheck",
        abstract: "Check an iOS console capture against UIKit's app and scene life cycle.",
        version: TraceCheckVersion.current,
        subcommands: [Report.self, Rules.self, Explain.self, CheckConfig.self, Formats.self, Events.self, SnippetCommand.self, Manual.self],
        defaultSubcommand: Report.self)

    /// glibc gives freed memory at the heap's top back to the system once 128 KiB of it is
    /// free, and grows the heap by no more than it is asked: a check freed and asked again
    /// all along, and each time paid for the system calls, for fresh pages, and for the other
    /// threads' stale address translations (interrupts to every core). A check is one short
    /// process: it keeps what it freed, and grows the heap 16 MiB at a time (pages are only
    /// backed once touched). 64 MB of an app's console, one thread: 43.2 against 42.3 ms;
    /// peaks 0.4 to 1.3 MB higher (19.8 MB there, 28.7 MB for 1 GB from standard input). Set
    /// here, not in the library: it is the process's choice, not a library's.
    private static func keepFreedMemory() {
        _ = tc_keep_freed_memory()
    }

    /// The first write to a page of the executable's writable data (a static's once-token, a
    /// rule's description, the runtime's caches) faults, and once the warm-up thread runs on
    /// the other core each such fault also interrupts that core to flush its stale address
    /// translations: most of the half millisecond the rules' descriptions took before a check
    /// began was those interrupts. The pages are backed at once here, before that thread
    /// starts. A check of a few lines: 5.0 against 4.4 ms (61 runs alternating); peaks 0.8 MB
    /// higher (about 1.2 MB of data, of which a run wrote 0.5 MB anyway). Set here, not in the
    /// library, for the same reason as the heap's settings.
    private static func populateDataSections() {
        _ = tc_populate_data_sections()
    }

    /// The command line with grouped short options spelt out first (`-qj2` is `-q -j2`, as
    /// in ripgrep), which the argument parser does not split when an option takes a value.
    static func main() {
        let raw = Array(CommandLine.arguments.dropFirst())
        // Grouped short options (`-qj2`) never hold what `checksCaptures` looks for.
        guard checksCaptures(raw) else { return main(ShortOptions.expanded(raw)) }
        keepFreedMemory()
        populateDataSections()
        Warmup.start()
        let arguments = ShortOptions.expanded(raw)
        // A common command line is read without the argument parser; its errors exit as
        // `main` would make them.
        guard let settings = QuickArguments.report(arguments) else { return main(arguments) }
        do {
            try settings.run()
        } catch {
            exit(withError: error)
        }
    }

    /// The commands other than `report`, as `configuration` names them (a test holds the two
    /// alike): the first read of `configuration` builds the argument parser's description of
    /// every command, 0.2 ms that `checksCaptures` took before the warm-up could start.
    static let otherCommands = ["rules", "explain", "check-config", "formats", "events", "snippet", "manual"]

    /// Whether the command line asks for a check (`report`, named or by default), whose
    /// patterns are then compiled while it is parsed; not for the other commands, help or the
    /// version.
    ///
    /// Without sets: this runs before the compile can start, and the first set of strings
    /// or characters costs the runtime a search of every type's conformances (a third of a
    /// million instructions each).
    static func checksCaptures(_ arguments: [String]) -> Bool {
        guard let first = arguments.first, first != "help", first == "report" || !otherCommands.contains(first) else { return false }
        return !arguments.prefix { $0 != "--" }.contains { ["-h", "--help", "--version", "--generate-completion-script"].contains($0) }
    }
}

/// Grouped short options: flags (`-q`, `-v`) followed by at most one option that takes a
/// value (`-j`), whose value may be joined (`-qj2`) or come as the next argument (`-qj 2`).
enum ShortOptions {
    /// Strings, not sets (`checksCaptures` says why).
    static let flags = "qv"
    static let valued = "j"

    static func expanded(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" {
                out += arguments[index...]
                break
            }
            out += split(argument) ?? [argument]
        }
        return out
    }

    /// The options of a group, or nil when `argument` is not one (a single option, a long
    /// option, a path, a letter tracecheck does not know).
    static func split(_ argument: String) -> [String]? {
        guard argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--") else { return nil }
        var options: [String] = []
        var rest = argument.dropFirst()
        while let letter = rest.first {
            rest = rest.dropFirst()
            if flags.contains(letter) {
                options.append("-\(letter)")
            } else if valued.contains(letter), !options.isEmpty {
                options.append("-\(letter)" + rest)
                return options
            } else {
                return nil
            }
        }
        return options.count > 1 ? options : nil
    }
}

/// An option whose values are an enumeration's raw strings. ArgumentParser's defaults name
/// each value with `"\(value)"` in code generic over the type, which asks the runtime's
/// dynamic casts how to print it, and `report` builds its options six times a run: those
/// defaults took 3 of the 26 million instructions of parsing `report`'s command line; these
/// two read the raw strings.
public protocol ChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}

extension Severity: ChoiceArgument {}
extension ReportFormat: ChoiceArgument {}

/// `--report FORMAT=PATH`: an extra report written by the same run.
struct ReportRequest: ExpressibleByArgument, Equatable {
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

enum ModeOption: String, ChoiceArgument {
    case auto, scene, legacy

    var forcedMode: LifecycleMode? {
        switch self {
        case .auto: nil
        case .scene: .scene
        case .legacy: .legacy
        }
    }
}

enum ColorOption: String, ChoiceArgument {
    case auto, always, never
}

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Check captures and report lifecycle anomalies.",
        discussion: """
            Inputs are files, directories (searched recursively; --include/--exclude filter their files) \
            and - for standard input. Captures are checked in parallel; output follows the order given, \
            then path order.

            Under GitHub Actions, GitLab CI or TeamCity (detected from GITHUB_ACTIONS, GITLAB_CI, \
            TEAMCITY_VERSION) and without --format, the CI's annotations are written as well: \
            workflow commands and the job summary, tracecheck-code-quality.json, service messages. \
            Paths in SARIF, GitLab, GitHub, JUnit and Checkstyle output are relative to --path-base, \
            else GITHUB_WORKSPACE or CI_PROJECT_DIR, when the capture lies inside it.

            Exit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 when an input \
            could not be read (the others are still checked and reported), 73 when an output file \
            could not be written, 64 on bad usage.
            """)

    @Argument(help: "Capture files and directories to check; - reads standard input.", completion: .file())
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Output format (default: terminal; README lists what each one writes).",
                               valueName: "format"))
    var format: ReportFormat?

    @Option(name: .customLong("output"), help: ArgumentHelp("Write the output to this file instead of standard output.", valueName: "path"),
            completion: .file())
    var output: String?

    @Option(name: .customLong("report"),
            help: ArgumentHelp("Also write a report in another format to a file, e.g. junit=junit.xml (repeatable).",
                               valueName: "format=path"))
    var reports: [ReportRequest] = []

    @Option(name: .customLong("fail-on"), help: "The lowest severity that makes the exit status 1: error, warning or info.")
    var failOn: Severity = .error

    @Flag(help: "Warnings fail too (the same as --fail-on warning).")
    var strict = false

    @Flag(name: .customLong("exit-zero"), help: "Exit 0 even with findings (report-only jobs); unreadable inputs still exit 2.")
    var exitZero = false

    @Flag(name: [.customShort("v"), .customLong("timeline"), .customLong("verbose")],
          help: "Show every capture's timeline and health, clean ones too (a clean capture is otherwise one line).")
    var timeline = false

    @Flag(help: "Keep reading the capture file as it grows (like tail -f, across truncation and rotation); Ctrl-C ends it and reports.")
    var follow = false

    @Flag(name: .customLong("allow-empty"), help: "Let a capture from which no lifecycle event was read pass (turns off no_lifecycle_events), and a directory without captures be a warning.")
    var allowEmpty = false

    @Option(help: ArgumentHelp("Hide the findings recorded in this baseline file.", valueName: "path"), completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Record this run's findings as a baseline file (keyed by rule, process and message).", valueName: "path"),
            completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    @Flag(name: .customLong("baseline-by-file"), help: "Key the written baseline by the capture's file name too, so it accepts findings only in a capture of the same name.")
    var baselineByFile = false

    @Option(name: .customLong("path-base"),
            help: ArgumentHelp("Make paths in CI outputs (SARIF, GitLab, GitHub, JUnit, Checkstyle) relative to this directory (default: GITHUB_WORKSPACE or CI_PROJECT_DIR).",
                               valueName: "dir"),
            completion: .directory)
    var pathBase: String?

    @OptionGroup var config: ConfigOptions

    @Option(help: "Life cycle of the app: auto (detect per process), scene, or legacy (default: lifecycle in .tracecheck.yml, else auto).")
    var mode: ModeOption?

    @Option(help: "Colour: auto (only on a terminal, TERM not dumb, NO_COLOR unset), always, never.")
    var color: ColorOption = .auto

    @Flag(name: .shortAndLong, help: "Findings only: no timelines, capture health, summary or progress.")
    var quiet = false

    @Option(name: .customLong("input-format"),
            help: ArgumentHelp("Read every input in this format instead of detecting it (`tracecheck formats` lists them).",
                               valueName: "name"),
            completion: .list(CaptureFormats.names))
    var inputFormat: String?

    @Option(help: ArgumentHelp("Check only this process of a whole-device log (repeatable; default: app_processes in .tracecheck.yml, else every process that logs lifecycle events).",
                               valueName: "name"))
    var process: [String] = []

    @Option(name: .customLong("include"), help: ArgumentHelp("Only check a directory's files that match this glob (repeatable; *.log, logs/*.txt).",
                                                             valueName: "glob"))
    var include: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Skip a directory's files that match this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Option(name: [.customShort("j", allowingJoined: true), .customLong("jobs")], help: "Threads: captures checked at once; with fewer captures than threads, a capture of 16 MB or more is also read in parts at once (default: one per core).")
    var jobs: Int?

    @Flag(name: .customLong("no-mmap"), help: "Read capture files with read(2) only; by default a file of 1 MB or more is read through a memory map of it, which skips a copy.")
    var noMmap = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one capture file or directory, or - for standard input") }
        if let inputFormat, CaptureFormats.named(inputFormat) == nil {
            throw ValidationError("unknown input format '\(inputFormat)'; known: \(CaptureFormats.names.joined(separator: ", "))")
        }
        guard inputs.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (standard input) can be given once") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of 1 or more") }
        if follow {
            guard inputs.count == 1, let path = inputs.first, path != "-", !InputDiscovery.isDirectory(path) else {
                throw ValidationError("--follow takes one capture file (standard input is followed anyway)")
            }
        }
        let paths = reports.map(\.path) + (output.map { [$0] } ?? []) + (writeBaseline.map { [$0] } ?? [])
        if Set(paths).count != paths.count { throw ValidationError("two outputs are written to the same file") }
    }

    func run() throws { try settings.run() }

    /// What the command line asked for, as plain values (`QuickArguments` reads the same
    /// from a common command line without the argument parser).
    var settings: ReportSettings {
        ReportSettings(inputs: inputs, format: format, output: output, reports: reports, failOn: failOn, strict: strict,
                       exitZero: exitZero, timeline: timeline, follow: follow, allowEmpty: allowEmpty, baseline: baseline,
                       writeBaseline: writeBaseline, baselineByFile: baselineByFile, pathBase: pathBase, configPath: config.path,
                       ignoreConfig: config.ignore, mode: mode, color: color, quiet: quiet, inputFormat: inputFormat, process: process,
                       include: include, exclude: exclude, jobs: jobs, noMmap: noMmap)
    }

    /// The columns of the terminal on standard output: `$COLUMNS`, else what the terminal
    /// says, else 100 (a pipe, a file).
    static func terminalWidth(_ variables: [String: String]) -> Int {
        if let columns = variables["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 100
    }

    /// Whether the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`,
    /// the order the C library asks them in): else the terminal gets ASCII verdict marks.
    static func localeIsUTF8(_ variables: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty } ?? ""
        // `UTF-8`, `utf8`, `en_US.UTF-8`, as bytes: Foundation's `replacingOccurrences` and
        // `contains` took a million instructions here, on the way to the first line.
        let folded = Array(locale.lowercased().utf8.filter { $0 != UInt8(ascii: "-") })
        return folded.indices.contains { folded[$0...].starts(with: "utf8".utf8) }
    }

    /// The baseline to hide findings with, or a message and exit 2 before any capture is read.
    static func readBaseline(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("tracecheck: error: cannot read the baseline \(path): \(String(cString: strerror(errno)))")
            throw ExitCode(Exit.badConfiguration)
        }
        do {
            return try Baseline.read(data)
        } catch {
            printError("\(path)\(error.position.map { ":" + $0 } ?? ""): error: not a tracecheck baseline (write one with --write-baseline): \(error)")
            throw ExitCode(Exit.badConfiguration)
        }
    }

    static func describe(_ diagnostic: InputDiagnostic) -> String {
        let place = diagnostic.line.map { "\(diagnostic.path):\($0)" } ?? diagnostic.path
        return "\(place): \(diagnostic.level.rawValue): \(diagnostic.message)"
    }
}

/// Everything `report` was asked for, as plain values: from the argument parser (`Report`), or
/// from a common command line read without it (`QuickArguments`), and run the same way.
struct ReportSettings: Equatable {
    var inputs: [String]
    var format: ReportFormat?
    var output: String?
    var reports: [ReportRequest] = []
    var failOn: Severity = .error
    var strict = false
    var exitZero = false
    var timeline = false
    var follow = false
    var allowEmpty = false
    var baseline: String?
    var writeBaseline: String?
    var baselineByFile = false
    var pathBase: String?
    var configPath: String?
    var ignoreConfig = false
    var mode: ModeOption?
    var color: ColorOption = .auto
    var quiet = false
    var inputFormat: String?
    var process: [String] = []
    var include: [String] = []
    var exclude: [String] = []
    var jobs: Int?
    var noMmap = false

    /// The lowest severity that fails the run.
    var threshold: Severity { strict ? min(failOn, .warning) : failOn }

    func run() throws {
        let configuration = try ConfigOptions.load(ignoreConfig ? nil : ConfigOptions.locate(configPath))
        let accepted = try baseline.map(Report.readBaseline)
        var options = configuration.checkOptions
        if let mode { options.timeline.forcedMode = mode.forcedMode }
        options.scan.format = inputFormat.flatMap(CaptureFormats.named)
        if !process.isEmpty { options.scan.processes = process }
        options.scan.follow = follow
        options.scan.mapsFiles = !noMmap
        if allowEmpty { options.rules.removeAll { $0.description.id == NoLifecycleEventsRule.description.id } }
        let failOn = threshold
        let discovery = InputDiscovery(include: include, exclude: exclude).discover(inputs)
        let items = discovery.items
        for directory in discovery.emptyDirectories {
            let filtered = include.isEmpty && exclude.isEmpty ? "" : " (after --include/--exclude)"
            printError("\(directory): \(allowEmpty ? "warning" : "error"): no capture to check\(filtered)" + (allowEmpty ? "" : "; --allow-empty lets an empty directory pass"))
        }
        if !allowEmpty, !discovery.emptyDirectories.isEmpty { throw ExitCode(Exit.usage) }
        // Read once: Foundation builds a dictionary of every variable each time it is asked
        // (a third of a million instructions).
        let variables = ProcessInfo.processInfo.environment
        let environment = CIEnvironment(variables)
        let paths = PathBase.detected(explicit: pathBase, environment: variables)
        let mainFormat = format ?? .terminal
        let mainReporter = mainFormat.reporter(color: output == nil && useColor, quiet: quiet, failOn: failOn,
                                               verbose: timeline, unicode: Report.localeIsUTF8(variables),
                                               width: output == nil ? Report.terminalWidth(variables) : 100, paths: paths,
                                               rules: options.rules.map(\.description))
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
        let streaming = mainReporter.streaming
        let progress = Progress(enabled: !quiet && items.count > 1 && isatty(STDERR_FILENO) == 1)
        var extras = reports.map { ($0.format, Optional($0.path)) }
        if format == nil { extras += environment.annotations.map { ($0.format, $0.path) } }
        let wroteGitHub = mainFormat == .github || extras.contains { $0.0 == .github }
        // What the run's documents (the main format's, extra reports, the job summary) need of
        // a capture once it is checked; streamed outputs need nothing more.
        let formats = [mainFormat] + extras.map(\.0) + (wroteGitHub && environment.stepSummary != nil ? [.markdown] : [])
        let retention = formats.map(\.retention).max() ?? .none
        let collected = Collected(rules: options.rules.map(\.description), retention: retention)
        // A run of the app that is over is judged as it is read and let go when no output
        // shows the timeline of a run without findings: memory then follows the longest run,
        // not the capture.
        if retention <= .timelinesOfFindings, !timeline { options.retirement = CheckOptions.lettingRunsGo }
        let checker = Checker(options: options)
        InterruptHandling.install()
        // One capture read as it is written (standard input, --follow): each finding is written
        // as soon as it is decided. With several inputs, output keeps the order they were given.
        var live: LiveOptions?
        if let streaming, items.count == 1 {
            live = LiveOptions(accept: { accepted?.filter($0) ?? $0 }) { finding in sink.write(streaming.render(decided: finding)) }
        }
        BatchChecker(checker: checker, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, live: live).check(
            items, progress: { done, total in progress.show(done, of: total) },
            deliver: { index, checked in
                let outcome = checked.map { accepted?.filter($0) ?? $0 }
                collected.store(outcome)
                switch outcome {
                case .success(let report):
                    let streamed = streaming?.render(report) ?? ""
                    if !report.scan.diagnostics.isEmpty || !streamed.isEmpty || report.scan.statistics.damage != nil { progress.clear() }
                    for diagnostic in report.scan.diagnostics { printError(Report.describe(diagnostic)) }
                    if report.scan.statistics.interrupted {
                        printError("tracecheck: \(report.path): interrupted after line \(report.scan.statistics.lines); the lines before it are checked")
                    }
                    if let damage = report.scan.statistics.damage {
                        printError("tracecheck: error: \(report.path): \(damage) after line \(report.scan.statistics.lines); the lines before it are checked")
                    }
                    sink.write(streamed)
                case .failure(let error):
                    progress.clear()
                    printError("tracecheck: error: \(error.description)")
                    if let streaming { sink.write(streaming.render(unreadable: error)) }
                }
            })
        progress.clear()
        let result = collected.finished()
        let unchecked = items.count - result.checkedCount - result.unreadable.count
        if unchecked > 0 { printError("tracecheck: interrupted: \(unchecked) input(s) not checked") }
        let hidden = result.reports.map(\.baselined.count).reduce(0, +)
        if hidden > 0, !quiet { printError("tracecheck: \(hidden) finding(s) hidden by the baseline \(baseline ?? "")") }
        sink.write(streaming?.finish(result) ?? mainReporter.render(result))
        var writeFailed = !sink.close()
        if writeFailed {
            let reason = sink.failure.map { String(cString: strerror($0)) } ?? "the output could not be closed"
            printError("tracecheck: error: cannot write \(output ?? "standard output"): \(reason)")
        }
        if let writeBaseline {
            let current = result.reports.flatMap { $0.findings + $0.baselined }
            if OutputSink.write(String(decoding: Baseline(findings: current, byFile: baselineByFile).encoded(), as: UTF8.self) + "\n", to: writeBaseline) {
                if !quiet { printError("tracecheck: wrote \(current.count) finding(s) to the baseline \(writeBaseline)") }
            } else {
                printError("tracecheck: error: cannot write \(writeBaseline): \(String(cString: strerror(errno)))")
                writeFailed = true
            }
        }

        for (extraFormat, path) in extras {
            let text = extraFormat.reporter(failOn: failOn, paths: paths, rules: options.rules.map(\.description)).render(result)
            if let path {
                if !OutputSink.write(text, to: path) {
                    printError("tracecheck: error: cannot write \(path): \(String(cString: strerror(errno)))")
                    writeFailed = true
                } else if path == CIEnvironment.gitLabReport, extraFormat == .gitlab, !quiet, !reports.contains(where: { $0.path == path }) {
                    printError("tracecheck: GitLab CI: wrote the Code Quality report to \(path) (list it under artifacts:reports:codequality)")
                }
            } else {
                OutputSink.standardOutput.write(text)
            }
        }
        if wroteGitHub, let summary = environment.stepSummary {
            if !OutputSink.write(MarkdownReporter(failOn: failOn).render(result), to: summary, appending: true) {
                printError("tracecheck: error: cannot append the job summary to \(summary): \(String(cString: strerror(errno)))")
                writeFailed = true
            }
        }
        if !result.unreadable.isEmpty || result.reports.contains(where: { $0.scan.statistics.damage != nil }) { throw ExitCode(Exit.unreadableInput) }
        if let problem = result.unmatchedProcessFilter(options.scan.processes) {
            printError("tracecheck: error: \(problem)")
            throw ExitCode(Exit.usage)
        }
        if writeFailed { throw ExitCode(Exit.cannotWriteOutput) }
        if !exitZero, result.findings.contains(where: { $0.severity >= failOn }) { throw ExitCode(Exit.findings) }
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

}

enum RulesFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, markdown
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules (with whether the configuration enables them), or explain one.")

    @Argument(help: "A rule id (foreground_before_active) or spec id (F1) to explain.", completion: .list(RuleRegistry.ids))
    var rule: String?

    @Option(help: "List as a table, a JSON array, or the Markdown of docs/rules.md.")
    var format: RulesFormat = .table

    @OptionGroup var config: ConfigOptions

    func run() throws {
        let configuration = try config.load()
        guard let rule else {
            switch format {
            case .table: print(RuleHelp.table(configuration), terminator: "")
            case .json: print(RuleHelp.json(configuration), terminator: "")
            case .markdown: print(RuleHelp.markdown(), terminator: "")
            }
            return
        }
        try Explain.explain(rule, in: configuration)
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule: why it exists, what is legal, and its examples (the same as `rules ID`).")

    @Argument(help: "A rule id (foreground_before_active) or spec id (F1).", completion: .list(RuleRegistry.ids))
    var rule: String

    @OptionGroup var config: ConfigOptions

    func run() throws {
        try Self.explain(rule, in: try config.load())
    }

    static func explain(_ id: String, in configuration: Configuration) throws {
        guard let found = RuleHelp.rule(withID: id, in: configuration) else {
            throw ValidationError("no rule '\(id)'; `tracecheck rules` lists them")
        }
        print(RuleHelp.explanation(of: found, in: configuration), terminator: "")
    }
}

struct CheckConfig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate a configuration: its keys, rule ids, patterns, event samples and rule examples.",
        discussion: "Exit status: 0 when the configuration is valid (or there is none), 2 when it has problems, each printed as path:line:column: error: message.")

    @Argument(help: "The configuration file (default: .tracecheck.yml in the working directory or its nearest parent).",
              completion: .file(extensions: ["yml", "yaml"]))
    var path: String?

    func run() throws {
        guard let location = ConfigOptions.locate(path) else {
            print("no \(ConfigurationLoader.fileName) in \(FileManager.default.currentDirectoryPath) or its parents: the built-in defaults apply")
            return
        }
        let configuration = try ConfigOptions.load(location)
        let enabled = configuration.activeRules
        let examples = configuration.rules.map { $0.triggering.count + $0.nonTriggering.count }.reduce(0, +)
        let samples = configuration.events.count
        print("\(location): ok: \(enabled.count) rules enabled (\(enabled.filter { $0.description.spec != "user" }.count) built in, "
              + "\(configuration.rules.count) defined here); \(samples) event spelling(s) whose samples match; \(examples) rule example(s) that behave")
        for spelling in configuration.events where spelling.requiredLiterals == nil {
            print("note: event '\(spelling.event.rawValue)': the pattern has no literal of \(RequiredLiterals.minimumLength)+ characters every match "
                  + "must contain, so it is searched on every line: \(spelling.pattern)")
        }
    }
}

struct Formats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the capture formats tracecheck reads, with a sample line of each.")

    func run() throws {
        print(FormatHelp.table(), terminator: "")
    }
}

enum EventsFormat: String, ChoiceArgument {
    case table, json
}

struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the canonical event names a configuration refers to, with the spellings read as each.")

    @Option(help: "List as text or as a JSON array of {id, spellings: [{kind, forms}]}.")
    var format: EventsFormat = .table

    func run() throws {
        print(format == .json ? EventHelp.json() : EventHelp.table(), terminator: "")
    }
}

extension Snippet.Language: ChoiceArgument {}
extension Snippet.Logger: ChoiceArgument {}

struct SnippetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snippet",
        abstract: "Print the logging an app should carry so that its captures are fully checkable.",
        discussion: """
            Every app-, scene- and window-scene-delegate callback logs its name, the scene (pointer and \
            persistentIdentifier) and the delegate object, which is how tracecheck tells scenes apart; \
            then the log stream command that captures exactly those lines.
            """)

    @Argument(help: "swift, objc, or swiftui (a SwiftUI App with scenePhase and the delegates).")
    var language: Snippet.Language

    @Option(help: "os.Logger/os_log (default for Swift), NSLog (default for Objective-C), or print (Xcode's console only).")
    var logger: Snippet.Logger?

    @Option(name: .customLong("app-delegate"), help: ArgumentHelp("The app delegate's class.", valueName: "name"))
    var appDelegate = "AppDelegate"

    @Option(name: .customLong("scene-delegate"), help: ArgumentHelp("The scene delegate's class.", valueName: "name"))
    var sceneDelegate = "SceneDelegate"

    @Option(help: ArgumentHelp("The app's process name, for the log stream predicate.", valueName: "name"))
    var process = "MyApp"

    @Option(help: ArgumentHelp("The os_log subsystem (usually the bundle id).", valueName: "id"))
    var subsystem = "com.example.myapp"

    func validate() throws {
        if language == .objc, logger == .print { throw ValidationError("Objective-C has no print: use --logger nslog or oslog") }
        for name in [appDelegate, sceneDelegate] {
            guard let first = name.first, first.isLetter || first == "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw ValidationError("'\(name)' is not a class name")
            }
        }
        for (flag, name) in [("--app-delegate", appDelegate), ("--scene-delegate", sceneDelegate)] where !name.hasSuffix("Delegate") {
            printError("tracecheck: warning: \(flag) \(name): tracecheck knows a delegate object by a class name ending in Delegate; "
                       + "its lines are still read, without the delegate's identity")
        }
    }

    func run() throws {
        var snippet = Snippet(language: language, logger: logger)
        snippet.appDelegate = appDelegate
        snippet.sceneDelegate = sceneDelegate
        snippet.process = process
        snippet.subsystem = subsystem
        print(snippet.render(), terminator: "")
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
