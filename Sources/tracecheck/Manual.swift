import ArgumentParser
import TraceCheck
import Foundation

/// `tracecheck manual`: the man page, tracecheck.1, in roff, written in a second from the
/// argument parser's own description of the commands (`--experimental-dump-help`) and the
/// exit status table the code uses. Hidden: `make man` and `make install` call it.
struct Manual: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Print the man page (roff) for tracecheck(1).",
        shouldDisplay: false)

    func run() throws {
        guard let executable = Bundle.main.executablePath ?? CommandLine.arguments.first else { throw ExitCode(Exit.usage) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--experimental-dump-help"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let help = try JSONDecoder().decode(HelpDump.self, from: data)
        print(Self.roff(help.command), terminator: "")
    }

    /// The part of the argument parser's help dump the page uses.
    struct HelpDump: Decodable {
        let command: Command
    }
    struct Command: Decodable {
        let commandName: String
        let abstract: String?
        let discussion: String?
        let shouldDisplay: Bool?
        let arguments: [Argument]?
        let subcommands: [Command]?
    }
    struct Argument: Decodable {
        let kind: String
        let names: [Name]?
        let valueName: String?
        let abstract: String?
        let allValues: [String]?
        let isRepeating: Bool?
        let shouldDisplay: Bool?
    }
    struct Name: Decodable {
        let kind: String
        let name: String
    }

    static func roff(_ root: Command) -> String {
        var page = ".TH TRACECHECK 1 \"\" \"tracecheck \(TraceCheckVersion.current)\" \"User Commands\"\n"
        page += ".SH NAME\ntracecheck \\- \(escape(root.abstract ?? ""))\n"
        let commands = (root.subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
        page += ".SH SYNOPSIS\n"
        for command in commands {
            page += ".B tracecheck \(command.commandName)\n[\\fIoptions\\fR]\(positional(command))\n.br\n"
        }
        page += ".SH DESCRIPTION\n\(escape(root.abstract ?? "")) Without a command, \\fBreport\\fR is run.\n"
        for command in commands {
            page += ".SH \(command.commandName.uppercased())\n\(escape(command.abstract ?? ""))\n"
            for paragraph in (command.discussion ?? "").components(separatedBy: "\n\n") where !paragraph.isEmpty {
                page += ".PP\n\(escape(paragraph))\n"
            }
            for argument in command.arguments ?? [] where argument.shouldDisplay != false {
                page += ".TP\n\(term(argument))\n\(escape(argument.abstract ?? ""))"
                if let values = argument.allValues, !values.isEmpty, argument.kind == "option" {
                    page += " One of: \(values.map(escape).joined(separator: ", "))."
                }
                page += "\n"
            }
        }
        page += ".SH EXIT STATUS\n"
        for (status, meaning) in Exit.table {
            page += ".TP\n.B \(status)\n\(escape(meaning))\n"
        }
        page += """
            .SH ENVIRONMENT
            .TP
            .B GITHUB_ACTIONS, GITLAB_CI, TEAMCITY_VERSION
            Without \\fB\\-\\-format\\fR, the CI's annotations are written as well.
            .TP
            .B GITHUB_WORKSPACE, CI_PROJECT_DIR
            What paths in CI outputs are relative to, unless \\fB\\-\\-path\\-base\\fR is given.
            .TP
            .B GITHUB_STEP_SUMMARY
            The file the Markdown job summary is appended to.
            .TP
            .B NO_COLOR, TERM, COLUMNS
            Colour and width of the terminal output.
            .SH FILES
            .TP
            .B .tracecheck.yml
            The configuration, looked for in the working directory and its parents.
            .SH SEE ALSO
            \(escape(TraceCheckVersion.repository)), whose docs/rules.md explains every rule.

            """
        return page
    }

    private static func positional(_ command: Command) -> String {
        (command.arguments ?? []).filter { $0.kind == "positional" && $0.shouldDisplay != false }.map {
            " \\fI\(escape($0.valueName ?? "argument"))\\fR" + ($0.isRepeating == true ? " ..." : "")
        }.joined()
    }

    private static func term(_ argument: Argument) -> String {
        let names = (argument.names ?? []).map { name in
            switch name.kind {
            case "short": return "\\fB\\-\(escape(name.name))\\fR"
            default: return "\\fB\\-\\-\(escape(name.name))\\fR"
            }
        }
        let value = argument.kind == "flag" ? "" : " \\fI\(escape(argument.valueName ?? "value"))\\fR"
        if argument.kind == "positional" { return "\\fI\(escape(argument.valueName ?? "argument"))\\fR" + (argument.isRepeating == true ? " ..." : "") }
        return names.joined(separator: ", ") + value
    }

    /// Text safe in roff: backslashes and dashes escaped, no line starting with a control character.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
