/// Text for `tracecheck rules` and `tracecheck rules <id>`, from the rule registry.
public enum RuleHelp {
    public static func table() -> String {
        let rows = RuleRegistry.all.map { $0.description }.map { [$0.id, $0.spec, $0.severity.rawValue, $0.family.rawValue, $0.name] }
        let header = ["id", "spec", "severity", "family", "name"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ") + "\n"
        }
        return ([header] + rows).map(line).joined()
    }

    public static func explanation(of rule: RuleDescription) -> String {
        var out = "\(rule.id) (\(rule.spec), \(rule.severity.rawValue), \(rule.family.rawValue))\n\(rule.name)\n\n"
        out += "Why:\n\(rule.rationale)\n\nLegal, not reported:\n\(rule.exceptions)\n"
        for (title, examples) in [("Triggering", rule.triggering), ("Not triggering", rule.nonTriggering)] {
            for (index, example) in examples.enumerated() {
                out += "\n\(title) example \(index + 1):\n"
                out += example.lines.map { $0.first == ExampleTrace.marker ? "  \($0)" : "   \($0)" }.joined(separator: "\n") + "\n"
            }
        }
        return out
    }
}
