/// `tracecheck formats`: each format with its summary and a sample line, then the
/// harness decorations that are stripped.
package enum FormatHelp {
    package static func table() -> String {
        var out = "Formats (detected per file from its first \(FormatDetector.sampleSize) lines; --input-format NAME overrides):\n"
        for format in CaptureFormats.all {
            out += "\n  \(format.name)\n    \(format.summary)\n"
            if let sample = format.samples.last { out += "    e.g. \(sample.line.replacingTabs())\n" }
        }
        out += "\nHarness prefixes stripped when a third of the first lines carry them:\n"
        for decoration in Decoration.all {
            out += "\n  \(decoration.name)\n    \(decoration.summary)\n"
            if let sample = decoration.samples.first { out += "    e.g. \(sample.line)\n" }
        }
        out += "\nCompressed captures (.gz) are read transparently.\n"
        return out
    }
}

extension String {
    /// Tabs shown as `⇥` so a tab-separated sample stays readable in a table.
    func replacingTabs() -> String { split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ⇥ ") }
}
