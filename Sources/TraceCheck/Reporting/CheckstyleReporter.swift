/// `--format checkstyle`: Checkstyle 4.3 XML, one `<file>` per capture, which most code
/// review tools (Jenkins warnings-ng, reviewdog, Danger) import.
package struct CheckstyleReporter: Reporter {
    /// What file names are relative to (the workspace, `--path-base`).
    package var paths: PathBase

    package init(paths: PathBase = .asGiven) { self.paths = paths }

    package func render(_ result: RunResult) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for report in result.reports {
            out += "  <file name=\"\(EscapeTable.xml(paths(report.path)))\">\n"
            for finding in report.findings {
                out += "    <error line=\"\(finding.line)\" severity=\"\(finding.severity.rawValue)\" "
                    + "message=\"\(EscapeTable.xml(finding.message))\" source=\"tracecheck.\(EscapeTable.xml(finding.rule))\"/>\n"
            }
            out += "  </file>\n"
        }
        for unreadable in result.unreadable {
            out += "  <file name=\"\(EscapeTable.xml(paths(unreadable.source)))\">\n"
            out += "    <error severity=\"error\" message=\"\(EscapeTable.xml(unreadable.description))\" source=\"tracecheck.input\"/>\n"
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }
}
