import TraceCheck

/// A common `report` command line read without the argument parser: its parse cost 2 to 3.5
/// ms of every run on the 2-core VM (the Swift runtime's first look-ups of the types of
/// `Report`'s options, each a search of every protocol conformance in the binary), while the
/// warm-up thread waited for the check to help it compile; a run over 50 lines took about 7 ms.
///
/// It takes only what it is sure of: `report` or nothing first, the flags and options below,
/// each at most once, and inputs. Anything else (another command, help, another option, an
/// option twice, `--`, a value the parser would refuse, what `Report.validate` would refuse)
/// is nil, and the argument parser reads the command line as before, with its messages. A
/// test holds what this reads to what the argument parser reads from the same command line.
enum QuickArguments {
    // Lists, not sets or dictionaries: this runs before anything else, and the first set of
    // a type costs the runtime a search of every conformance in the binary (as
    // `TraceCheckCommand.checksCaptures` says).
    private enum Flag: Int {
        case quiet, timeline, strict, exitZero, allowEmpty, noConfig, noMmap
    }

    private enum Valued: Int {
        case format, color, failOn, jobs, config, output, mode
    }

    /// Each spelling of a flag, as `Report` declares it.
    private static let flags: [(spelling: String, flag: Flag)] = [
        ("-q", .quiet), ("--quiet", .quiet), ("-v", .timeline), ("--timeline", .timeline), ("--verbose", .timeline),
        ("--strict", .strict), ("--exit-zero", .exitZero), ("--allow-empty", .allowEmpty), ("--no-config", .noConfig),
        ("--no-mmap", .noMmap),
    ]

    /// Each spelling of an option that takes a value, as `Report` declares it.
    private static let options: [(spelling: String, option: Valued)] = [
        ("--format", .format), ("--color", .color), ("--fail-on", .failOn), ("-j", .jobs), ("--jobs", .jobs), ("--config", .config),
        ("--output", .output), ("--mode", .mode),
    ]

    private static func flag(_ spelling: String) -> Flag? { flags.first { $0.spelling == spelling }?.flag }
    private static func option(_ spelling: String) -> Valued? { options.first { $0.spelling == spelling }?.option }

    /// What `arguments` (after the program's name, short options spelt out) ask of `report`,
    /// or nil when the argument parser must read them.
    static func report(_ arguments: [String]) -> ReportSettings? {
        // Another command, help or the version are the parser's.
        guard TraceCheckCommand.checksCaptures(arguments) else { return nil }
        var rest = arguments[...]
        if rest.first == "report" { rest = rest.dropFirst() }
        var settings = ReportSettings(inputs: [])
        // Each flag and option at most once: bit `rawValue` of each.
        var seenFlags = 0, seenOptions = 0
        while let argument = rest.popFirst() {
            if argument == "-" || !argument.hasPrefix("-") {
                settings.inputs.append(argument)
                continue
            }
            if let flag = flag(argument) {
                guard seenFlags & 1 << flag.rawValue == 0 else { return nil }
                seenFlags |= 1 << flag.rawValue
                set(flag, in: &settings)
                continue
            }
            // `--name value`, `--name=value`, `-j value` or `-jN`.
            let name: String, value: String
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if argument.hasPrefix("-j"), argument.count > 2, !argument.hasPrefix("--") {
                name = "-j"
                value = String(argument.dropFirst(2))
                guard value.allSatisfy(\.isASCIIDigit) else { return nil }
            } else {
                guard option(argument) != nil, let next = rest.popFirst(), !next.hasPrefix("-") else { return nil }
                name = argument
                value = next
            }
            guard let option = option(name), seenOptions & 1 << option.rawValue == 0, set(option, to: value, in: &settings) else { return nil }
            seenOptions |= 1 << option.rawValue
        }
        // What `Report.validate` refuses is left to it, with its message.
        guard !settings.inputs.isEmpty, settings.inputs.filter({ $0 == "-" }).count <= 1 else { return nil }
        return settings
    }

    private static func set(_ flag: Flag, in settings: inout ReportSettings) {
        switch flag {
        case .quiet: settings.quiet = true
        case .timeline: settings.timeline = true
        case .strict: settings.strict = true
        case .exitZero: settings.exitZero = true
        case .allowEmpty: settings.allowEmpty = true
        case .noConfig: settings.ignoreConfig = true
        case .noMmap: settings.noMmap = true
        }
    }

    /// Whether `value` is one the argument parser takes for `option`.
    private static func set(_ option: Valued, to value: String, in settings: inout ReportSettings) -> Bool {
        switch option {
        case .format:
            guard let format = ReportFormat(rawValue: value) else { return false }
            settings.format = format
        case .color:
            guard let color = ColorOption(rawValue: value) else { return false }
            settings.color = color
        case .failOn:
            guard let severity = Severity(rawValue: value) else { return false }
            settings.failOn = severity
        case .jobs:
            guard let jobs = Int(value), jobs >= 1 else { return false }
            settings.jobs = jobs
        case .config:
            guard !value.isEmpty else { return false }
            settings.configPath = value
        case .output:
            guard !value.isEmpty else { return false }
            settings.output = value
        case .mode:
            guard let mode = ModeOption(rawValue: value) else { return false }
            settings.mode = mode
        }
        return true
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
