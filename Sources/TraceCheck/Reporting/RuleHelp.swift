import Foundation

/// Text for `tracecheck rules`, `tracecheck rules <id>` and docs/rules.md, from the rule
/// registry and the configuration's own rules.
package enum RuleHelp {
    /// Every rule the configuration knows: built in, then its own.
    package static func rules(_ configuration: Configuration) -> [RuleDescription] {
        RuleRegistry.all.map { $0.description } + configuration.rules.map(\.description)
    }

    package static func rule(withID id: String, in configuration: Configuration) -> RuleDescription? {
        rules(configuration).first { $0.id == id || $0.spec.lowercased() == id.lowercased() && $0.spec != "user" }
    }

    /// Two lines a rule, to fit 80 columns: its id, spec id, severity, family and whether it
    /// is off; then its name.
    package static func table(_ configuration: Configuration = Configuration()) -> String {
        let rows = rules(configuration).map { rule -> (cells: [String], name: String) in
            let state = configuration.isEnabled(rule) ? "" : (rule.optIn ? "opt-in, off" : "off")
            return ([rule.id, rule.spec, configuration.severity(of: rule).rawValue, rule.family.rawValue, state], rule.name)
        }
        let header = ["id", "spec", "severity", "family", ""]
        let widths = header.indices.map { column in ([header] + rows.map(\.cells)).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression) + "\n"
        }
        return line(header) + "    name\n" + rows.map { line($0.cells) + "    " + $0.name + "\n" }.joined()
    }

    struct RuleEntry: Encodable {
        let id: String
        let spec: String
        let name: String
        let family: String
        let severity: Severity
        let defaultSeverity: Severity
        let enabled: Bool
        let optIn: Bool
        let description: String
        let exceptions: String

        enum CodingKeys: String, CodingKey {
            case id, spec, name, family, severity, enabled, description, exceptions
            case defaultSeverity = "default_severity", optIn = "opt_in"
        }
    }

    /// `tracecheck rules --format json`: one object per rule.
    package static func json(_ configuration: Configuration = Configuration()) -> String {
        let entries = rules(configuration).map { rule in
            RuleEntry(id: rule.id, spec: rule.spec, name: rule.name, family: rule.family.rawValue,
                      severity: configuration.severity(of: rule), defaultSeverity: rule.severity,
                      enabled: configuration.isEnabled(rule), optIn: rule.optIn, description: rule.rationale,
                      exceptions: rule.exceptions)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    package static func explanation(of rule: RuleDescription, in configuration: Configuration = Configuration()) -> String {
        var out = "\(rule.id) (\(rule.spec), \(configuration.severity(of: rule).rawValue), \(rule.family.rawValue)"
        out += configuration.isEnabled(rule) ? ")\n" : ", not enabled\(rule.optIn ? ": opt-in" : ""))\n"
        out += "\(rule.name)\n\nWhy:\n\(wrapped(rule.rationale))\n\nLegal, not reported:\n\(wrapped(rule.exceptions))\n"
        out += "\nWhen:\n\(wrapped(rule.decided.phrase))\n"
        if rule.spec != "user" {
            out += "\nMore: docs/rules.md#\(rule.id) and docs/lifecycle.md\n"
        }
        for (title, examples) in [("Triggering", rule.triggering), ("Not triggering", rule.nonTriggering)] {
            for (index, example) in examples.enumerated() {
                out += "\n\(title) example \(index + 1):\n"
                out += example.lines.map { $0.first == ExampleTrace.marker ? "  \($0)" : "   \($0)" }.joined(separator: "\n") + "\n"
            }
        }
        return out
    }

    /// `text` wrapped at word boundaries to `width` columns (a word longer than that stands alone).
    static func wrapped(_ text: String, width: Int = 80) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// docs/rules.md, generated so that it cannot drift from the registry (a test compares).
    package static func markdown() -> String {
        var out = """
            # Rules

            Generated from the rule registry by `tracecheck rules --format markdown`; do not edit by hand \
            (a test fails when this file is out of date). `tracecheck rules ID` prints the same text for one rule.

            Each rule checks one invariant of the life cycle that [lifecycle.md](lifecycle.md) describes. Opt-in rules run only when \
            `.tracecheck.yml` lists them in `opt_in_rules`.

            *When* says when a rule's findings are printed while a capture is read as it is written (standard input, \
            `--follow`): as soon as their line is read ("decided as seen"), or when the capture ends.


            """
        out += "| id | spec | severity | family | name |\n|---|---|---|---|---|\n"
        for rule in RuleRegistry.all.map({ $0.description }) {
            out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.spec) | \(rule.severity.rawValue)\(rule.optIn ? " (opt-in)" : "") | \(rule.family.rawValue) | \(rule.name) |\n"
        }
        for family in RuleFamily.allCases {
            let members = RuleRegistry.all.map { $0.description }.filter { $0.family == family }
            guard !members.isEmpty else { continue }
            out += "\n## \(family.rawValue)\n"
            for rule in members {
                out += "\n### \(rule.id)\n\n" + markdown(of: rule)
            }
        }
        return out
    }

    /// One rule's section of docs/rules.md below its heading; also SARIF's `help.markdown`.
    static func markdown(of rule: RuleDescription) -> String {
        var out = "**\(rule.name)**: spec \(rule.spec), \(rule.severity.rawValue)\(rule.optIn ? ", opt-in" : "").\n\n"
        out += "\(rule.rationale)\n\n*Legal, not reported:* \(rule.exceptions)\n\n*When:* \(rule.decided.phrase)\n"
        for (title, examples) in [("Triggering", rule.triggering), ("Not triggering", rule.nonTriggering)] {
            for example in examples {
                out += "\n\(title):\n\n```\n" + example.lines.joined(separator: "\n") + "\n```\n"
            }
        }
        return out
    }

    /// Where a built-in rule is documented on the web (its anchor in docs/rules.md, at this
    /// version's tag); nil for a rule a configuration defines.
    static func helpURI(of rule: RuleDescription) -> String? {
        guard rule.family != .custom else { return nil }
        return "\(TraceCheckVersion.repository)/blob/v\(TraceCheckVersion.current)/docs/rules.md#\(rule.id)"
    }
}

extension RuleDescription.Decision {
    /// When a live read prints the rule's findings, for its help.
    var phrase: String {
        switch self {
        case .atEnd:
            "when the capture ends, or once the app is launched again if the rule judges one run of the process at a time: the rule weighs what comes after a line (a finding nothing later can change is printed at once)."
        case .asSeen:
            "decided as seen: a live read prints a finding once its line is read, when the process uses scenes and no notification stands in for a callback (an app-delegate callback a scene delegate may forward: at the next callback)."
        case .asSeenAnyMode:
            "decided as seen: a live read prints a finding once its line is read."
        }
    }
}
