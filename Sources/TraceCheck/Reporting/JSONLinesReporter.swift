import Foundation

/// A reporter that can write each capture's part as soon as that capture is checked,
/// before the others are done.
package protocol StreamingReporter: Reporter {
    func render(_ report: CaptureReport) -> String
    func render(unreadable: InputError) -> String
    /// A finding decided while its capture is still being read (`LiveOptions`).
    func render(decided finding: Finding) -> String
    /// What follows the last capture (a summary): written once every capture is.
    func finish(_ result: RunResult) -> String
}

extension StreamingReporter {
    package var streaming: (any StreamingReporter)? { self }

    /// The whole run as one output (an extra `--report`, CI annotations beside the terminal's
    /// report): every finding, those another output told while its capture was read too.
    package func render(_ result: RunResult) -> String {
        result.reports.map { render($0.forgettingTold) }.joined() + result.unreadable.map { render(unreadable: $0) }.joined() + finish(result)
    }

    package func finish(_ result: RunResult) -> String { "" }
}

/// `--format jsonl`: one JSON object per line: each finding (`"type": "finding"`) and
/// each input that could not be read (`"type": "error"`), written per capture as soon as it
/// is checked, so a consumer can start before a long run ends.
package struct JSONLinesReporter: StreamingReporter {
    package init() {}

    /// `"type": "finding"` and the fields of a finding in the JSON document.
    struct FindingLine: Encodable {
        let finding: JSONReporter.Document.Finding

        enum Keys: String, CodingKey { case type }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("finding", forKey: .type)
            try finding.encode(to: encoder)
        }
    }

    struct ErrorLine: Encodable {
        let type = "error"
        let path: String, message: String
    }

    package func render(_ report: CaptureReport) -> String {
        ReportedFinding.untold(in: report).map { render($0) }.joined()
    }

    package func render(decided finding: Finding) -> String {
        render(ReportedFinding(finding: finding, inconclusive: nil))
    }

    private func render(_ reported: ReportedFinding) -> String {
        Self.line(FindingLine(finding: JSONReporter.Document.Finding(reported.finding, inconclusive: reported.inconclusive)))
    }

    package func render(unreadable: InputError) -> String {
        Self.line(ErrorLine(path: unreadable.source, message: unreadable.description))
    }

    static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
