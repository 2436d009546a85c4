/// `--format github`: GitHub Actions workflow commands, one per finding:
/// `::error file=…,line=…,title=…::message`. Errors and warnings keep their level, infos
/// and withheld (inconclusive) findings are notices. Escaped as GitHub's runner expects.
public struct GitHubReporter: StreamingReporter {
    public init() {}

    public func render(_ report: CaptureReport) -> String {
        ReportedFinding.all(in: report).map { reported in
            let finding = reported.finding
            let command = reported.inconclusive == nil ? Self.command(finding.severity) : "notice"
            var message = finding.message
            if let reason = reported.inconclusive { message += " (inconclusive: \(reason))" }
            let title = "tracecheck \(finding.rule)" + (reported.inconclusive == nil ? "" : " (inconclusive)")
            return "::\(command) file=\(Self.property(finding.path)),line=\(finding.line),title=\(Self.property(title))::\(Self.data(message))\n"
        }.joined()
    }

    public func render(unreadable: InputError) -> String {
        "::error file=\(Self.property(unreadable.source)),title=tracecheck::\(Self.data(unreadable.description))\n"
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    /// The runner's escaping of a command's message.
    static func data(_ text: String) -> String {
        text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D").replacingEvery("\n", with: "%0A")
    }

    /// The runner's escaping of a property value, which also ends at `,` and `:`.
    static func property(_ text: String) -> String {
        data(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingEvery(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
