/// `--format junit`: one test suite per capture, one test case per rule. A rule fails
/// with its findings at or above `--fail-on` as failure messages, is skipped when the
/// capture does not let it judge anything, and passes otherwise. The capture's format and
/// health are the suite's properties. Valid against the Jenkins JUnit XSD (a test checks).
package struct JUnitReporter: Reporter {
    package let failOn: Severity
    /// What suite names, `file` attributes and failure paths are relative to (`--path-base`).
    package var paths: PathBase

    package init(failOn: Severity = .error, paths: PathBase = .asGiven) {
        self.failOn = failOn
        self.paths = paths
    }

    package func render(_ result: RunResult) -> String {
        var suites: [String] = []
        var tests = 0, failures = 0, errors = 0
        for report in result.reports {
            let suite = self.suite(report, rules: result)
            suites.append(suite.xml)
            tests += suite.tests
            failures += suite.failures
        }
        for unreadable in result.unreadable {
            tests += 1
            errors += 1
            suites.append("""
                  <testsuite name="\(EscapeTable.xml(paths(unreadable.source)))" tests="1" failures="0" errors="1" skipped="0">
                    <testcase name="read" classname="tracecheck.input">
                      <error type="unreadable" message="\(EscapeTable.xml(unreadable.description))"/>
                    </testcase>
                  </testsuite>

                """)
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"tracecheck\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
            + suites.joined() + "</testsuites>\n"
    }

    private func suite(_ report: CaptureReport, rules result: RunResult) -> (xml: String, tests: Int, failures: Int) {
        let findings = ReportedFinding.all(in: report)
        var cases = ""
        var failures = 0, skipped = 0
        for status in report.rules {
            let mine = findings.filter { $0.finding.rule == status.rule }
            let failing = mine.filter { $0.inconclusive == nil && $0.finding.severity >= failOn }
            let other = mine.filter { $0.inconclusive != nil || $0.finding.severity < failOn }
            let spec = result.description(of: status.rule)?.spec ?? ""
            cases += "    <testcase name=\"\(EscapeTable.xml(status.rule))\" classname=\"tracecheck.\(EscapeTable.xml(spec.isEmpty ? "rule" : spec))\">\n"
            if !failing.isEmpty {
                failures += 1
                let first = failing[0].finding
                let message = failing.count == 1 ? "line \(first.line): \(first.message)" : "\(failing.count) findings, first at line \(first.line): \(first.message)"
                cases += "      <failure type=\"\(first.severity.rawValue)\" message=\"\(EscapeTable.xml(message))\">"
                cases += EscapeTable.xml(failing.map { describe($0.finding) }.joined(separator: "\n")) + "</failure>\n"
            } else if mine.isEmpty, !status.checked {
                skipped += 1
                let reason = status.unverifiable.isEmpty ? "nothing in this capture for the rule to check"
                    : "not verifiable: " + status.unverifiable.joined(separator: "; ")
                cases += "      <skipped message=\"\(EscapeTable.xml(reason))\"/>\n"
            }
            if !other.isEmpty {
                let text = other.map { reported in
                    (reported.inconclusive.map { "inconclusive (\($0)): " } ?? "\(reported.finding.severity.rawValue): ")
                        + describe(reported.finding)
                }.joined(separator: "\n")
                cases += "      <system-out>\(EscapeTable.xml(text))</system-out>\n"
            }
            cases += "    </testcase>\n"
        }
        var properties = "    <properties>\n"
        properties += Self.property("format", report.scan.format)
        if let decoration = report.scan.decoration { properties += Self.property("decoration", decoration) }
        properties += Self.property("lines", String(report.scan.statistics.lines))
        properties += Self.property("events", String(report.eventCount))
        for issue in report.health {
            properties += Self.property("health.\(issue.kind.rawValue)", (issue.line.map { "line \($0): " } ?? "") + issue.message)
        }
        properties += "    </properties>\n"
        let path = EscapeTable.xml(paths(report.path))
        let xml = "  <testsuite name=\"\(path)\" tests=\"\(report.rules.count)\" failures=\"\(failures)\" "
            + "errors=\"0\" skipped=\"\(skipped)\" file=\"\(path)\">\n" + properties + cases + "  </testsuite>\n"
        return (xml, report.rules.count, failures)
    }

    private static func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(EscapeTable.xml(name))\" value=\"\(EscapeTable.xml(value))\"/>\n"
    }

    func describe(_ finding: Finding) -> String {
        "\(paths(finding.path)):\(finding.line): \(finding.message)"
            + finding.evidence.map { "\n  \($0.line) | \(TerminalReporter.clipped($0.text))" }.joined()
    }
}
