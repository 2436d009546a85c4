import ArgumentParser
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

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case terminal, json
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
            Exit status: 0 when no finding is at or above --fail-on, 1 when one is, 2 when an input \
            could not be read (the others are still checked and reported), 64 on bad usage.
            """)

    @Argument(help: "Capture files to check; - reads standard input.")
    var inputs: [String] = []

    @Option(help: "Output format: terminal or json.")
    var format: OutputFormat = .terminal

    @Option(name: .customLong("fail-on"), help: "The lowest severity that makes the exit status 1: error, warning or info.")
    var failOn: Severity = .error

    @Option(help: "Life cycle of the app: auto (detect per process), scene, or legacy.")
    var mode: ModeOption = .auto

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorOption = .auto

    @Option(name: .customLong("input-format"),
            help: ArgumentHelp("Read every input in this format instead of detecting it (`tracecheck formats` lists them).",
                               valueName: "name"))
    var inputFormat: String?

    @Option(help: ArgumentHelp("Check only this process of a whole-device log (default: every process that logs lifecycle events).",
                               valueName: "name"))
    var process: String?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one capture file, or - for standard input") }
        if let inputFormat, CaptureFormats.named(inputFormat) == nil {
            throw ValidationError("unknown input format '\(inputFormat)'; known: \(CaptureFormats.names.joined(separator: ", "))")
        }
        guard inputs.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (standard input) can be given once") }
    }

    func run() throws {
        let checker = Checker(options: CheckOptions(forcedMode: mode.forcedMode,
                                                    format: inputFormat.flatMap(CaptureFormats.named), process: process))
        var result = RunResult()
        for input in inputs {
            let source: InputSource = input == "-" ? .standardInput : .file(input)
            do {
                let report = try checker.check(source)
                result.reports.append(report)
                for diagnostic in report.scan.diagnostics { printError(describe(diagnostic)) }
            } catch {
                result.unreadable.append(error)
                printError("tracecheck: error: \(error.description)")
            }
        }
        let reporter: any Reporter = switch format {
        case .terminal: TerminalReporter(color: useColor)
        case .json: JSONReporter()
        }
        print(reporter.render(result), terminator: "")
        if !result.unreadable.isEmpty { throw ExitCode(Exit.unreadableInput) }
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

    private func describe(_ diagnostic: InputDiagnostic) -> String {
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

func printError(_ message: String) {
    var standardError = StandardError()
    print(message, to: &standardError)
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
