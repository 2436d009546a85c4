import Foundation
import XCTest

/// The CI outputs, end to end through the built executable: schema-valid JUnit and SARIF
/// from one run over a directory, GitHub annotations and job summary, the other formats,
/// and parallel checking with the same output as one by one.
final class CIOutputTests: XCTestCase {
    static let schemas = CLITests.root.deletingLastPathComponent().appendingPathComponent("shared/schemas")

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// A directory of captures: three samples (one with an error) and a file the globs skip.
    private func captureDirectory() throws -> URL {
        let directory = try temporaryDirectory()
        let nested = directory.appendingPathComponent("ui-tests/run 1")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        for (sample, target) in [("rule-resign_before_background", nested.appendingPathComponent("ipad.log")),
                                 ("clean-launch-background-foreground-kill", directory.appendingPathComponent("clean.log")),
                                 ("rule-scene_state_machine", directory.appendingPathComponent("warning.log"))] {
            try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("SampleLogs/\(sample).log"), to: target)
        }
        try Data("not a capture".utf8).write(to: directory.appendingPathComponent("notes.md"))
        return directory
    }

    func testOneRunOverADirectoryWritesTerminalJUnitAndSARIF() throws {
        let directory = try captureDirectory()
        let junit = directory.appendingPathComponent("junit.xml"), sarif = directory.appendingPathComponent("results.sarif")
        let result = try CLITests.run(["report", "--color", "never", "--include", "*.log", directory.path,
                                  "--report", "junit=\(junit.path)", "--report", "sarif=\(sarif.path)"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let order = ["clean.log", "ui-tests/run 1/ipad.log", "warning.log"].compactMap { result.stdout.range(of: "\(directory.path)/\($0) — ")?.lowerBound }
        XCTAssertEqual(order.count, 3, "each capture is reported: \(result.stdout)")
        XCTAssertEqual(order, order.sorted(), "in path order")
        XCTAssertFalse(result.stdout.contains("notes.md"), "--include leaves other files out")
        let none = try CLITests.run(["report", "--include", "*.txt", directory.path])
        XCTAssertTrue(none.stderr.contains("\(directory.path): error: no capture to check (after --include/--exclude)"), none.stderr)
        XCTAssertEqual(none.status, 64, "a directory with nothing to check does not pass")
        XCTAssertTrue(result.stdout.contains("summary: 1 error, 1 warning, 0 infos in 3 files"), result.stdout)

        let junitText = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertEqual(junitText.components(separatedBy: "<testsuite ").count - 1, 3)
        XCTAssertTrue(junitText.contains("<testcase name=\"resign_before_background\" classname=\"tracecheck.F3\">\n      <failure type=\"error\""), junitText)
        XCTAssertTrue(junitText.contains("<property name=\"format\" value=\"plain\"/>"))

        let sarifLog = try JSONValue.parse(Data(contentsOf: sarif))
        guard case .object(let log) = sarifLog, case .array(let runs)? = log["runs"], case .object(let run)? = runs.first,
              case .array(let results)? = run["results"] else { return XCTFail("SARIF has no results array") }
        XCTAssertEqual(results.count, 2)

        guard FileManager.default.fileExists(atPath: Self.schemas.path) else {
            throw XCTSkip("schemas not found at \(Self.schemas.path); the outputs were written but not validated")
        }
        let schema = try JSONValue.parse(Data(contentsOf: Self.schemas.appendingPathComponent("sarif-schema-2.1.0.json")))
        XCTAssertEqual(JSONSchemaValidator(root: schema).errors(in: sarifLog), [])
        try assertValidJUnit(junit)
    }

    func testTheSchemaValidatorRejectsBrokenSARIF() throws {
        guard FileManager.default.fileExists(atPath: Self.schemas.path) else { throw XCTSkip("schemas not found at \(Self.schemas.path)") }
        let schema = try JSONValue.parse(Data(contentsOf: Self.schemas.appendingPathComponent("sarif-schema-2.1.0.json")))
        let broken = #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "tracecheck"}}, "results": [{"message": {"text": "x"}, "level": "fatal", "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}]}]}"#
        let errors = JSONSchemaValidator(root: schema).errors(in: try JSONValue.parse(Data(broken.utf8)))
        XCTAssertTrue(errors.contains { $0.contains("level") && $0.contains("enum") }, "\(errors)")
        XCTAssertTrue(errors.contains { $0.contains("startLine") && $0.contains("minimum") }, "\(errors)")
    }

    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        .first(where: FileManager.default.isExecutableFile)

    /// xmllint's exit status and messages.
    private func xmllint(_ xmllint: String, _ arguments: [String]) throws -> (status: Int32, message: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    private func assertValidJUnit(_ file: URL) throws {
        guard let xmllint = Self.xmllint else {
            throw XCTSkip("xmllint not installed (apt libxml2-utils); JUnit not validated against the XSD")
        }
        let result = try self.xmllint(xmllint, ["--schema", Self.schemas.appendingPathComponent("junit.xsd").path, file.path])
        XCTAssertEqual(result.status, 0, result.message)
    }

    func testGitHubActionsGetsAnnotationsAndASummary() throws {
        let directory = try temporaryDirectory()
        let summary = directory.appendingPathComponent("summary.md")
        try Data("# Earlier step\n".utf8).write(to: summary)
        let result = try CLITests.run(["report", "--color", "never", "SampleLogs/rule-resign_before_background.log", "SampleLogs/rule-scene_state_machine.log"],
                                 environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("summary: 1 error, 1 warning"), "the terminal output is still there")
        let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        XCTAssertEqual(annotations.count, 2, result.stdout)
        // GitHub's syntax: ::level file=…,line=…,title=…::message, properties without raw `,` or `:`.
        let syntax = #"^::(error|warning|notice) file=[^,:]+,line=[0-9]+,title=[^,:]+::[^\r\n]+$"#
        for annotation in annotations {
            XCTAssertNotNil(String(annotation).range(of: syntax, options: .regularExpression), String(annotation))
        }
        XCTAssertTrue(annotations.contains { $0.hasPrefix("::error file=SampleLogs/rule-resign_before_background.log,line=11,title=tracecheck resign_before_background::") })
        let written = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("# Earlier step\n## tracecheck\n"), "appended, not replaced: \(written)")
        XCTAssertTrue(written.contains("| process | timeline | steps |"))
        XCTAssertTrue(written.contains("| 11 | error | [`resign_before_background`](docs/rules.md#resign_before_background) | "), written)
        XCTAssertTrue(written.contains("`10: sceneDidBecomeActive(_:)`<br>`11: sceneDidEnterBackground(_:)`"), "with its evidence lines: \(written)")

        let plain = try CLITests.run(["report", "SampleLogs/rule-resign_before_background.log"])
        XCTAssertFalse(plain.stdout.contains("::error"), "no annotations outside a CI")
    }

    /// A night of 2,500 clean captures and a few that need a look: those first, the clean ones
    /// one collapsed row each, far below GitHub's 1 MiB limit for a step summary; a capture
    /// whose only finding is inconclusive is not shown as clean.
    func testTheJobSummaryOfTwoThousandFiveHundredCleanCapturesStaysSmall() throws {
        let directory = try temporaryDirectory()
        let captures = directory.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        let clean = CLITests.root.appendingPathComponent("SampleLogs/clean-launch-background-foreground-kill.log")
        for index in 0..<2_500 {
            try FileManager.default.linkItem(at: clean, to: captures.appendingPathComponent(String(format: "night-%04d.log", index)))
        }
        let failing = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8)
        try failing.write(to: captures.appendingPathComponent("zz-failing.log"), atomically: true, encoding: .utf8)
        var lines = failing.split(separator: "\n").map(String.init)
        lines[10] += " <private>"
        try (lines.joined(separator: "\n") + "\n").write(to: captures.appendingPathComponent("zz-redacted.log"), atomically: true, encoding: .utf8)
        let summary = directory.appendingPathComponent("summary.md")
        let result = try CLITests.run(["report", "--quiet", captures.path], environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(result.status, 1)
        let written = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertLessThan(written.utf8.count, 1 << 20, "GitHub's limit for a step summary")
        let failed = try XCTUnwrap(written.range(of: "### ❌ `\(captures.path)/zz-failing.log`"))
        let inconclusive = try XCTUnwrap(written.range(of: "### ❔ `\(captures.path)/zz-redacted.log`"))
        let cleanTable = try XCTUnwrap(written.range(of: "<details><summary>✅ 2500 clean capture(s)</summary>"))
        XCTAssertTrue(failed.lowerBound < inconclusive.lowerBound && inconclusive.lowerBound < cleanTable.lowerBound, "failing first, clean last")
        XCTAssertFalse(written.contains("### ✅"), "clean captures are rows, not sections")
        XCTAssertEqual(written.components(separatedBy: "| xcode-console | 18 | 13 |").count - 1, 2_500)
    }

    /// Under GitLab CI the Code Quality report goes to a file of tracecheck's own, announced:
    /// SwiftLint's gl-code-quality-report.json in the same job is left as it was.
    func testGitLabAndTeamCityAreDetected() throws {
        let directory = try temporaryDirectory()
        let sample = CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log").path
        let swiftLint = #"[{"type":"issue","check_name":"line_length"}]"#
        try Data(swiftLint.utf8).write(to: directory.appendingPathComponent("gl-code-quality-report.json"))
        let gitlab = try CLITests.run(["report", "--color", "never", sample], environment: ["GITLAB_CI": "true"], in: directory)
        XCTAssertEqual(gitlab.status, 1)
        XCTAssertTrue(gitlab.stdout.contains("summary: 1 error"), "the terminal output is unchanged")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("gl-code-quality-report.json"), encoding: .utf8), swiftLint,
                       "another tool's report is not overwritten")
        XCTAssertTrue(gitlab.stderr.contains("wrote the Code Quality report to tracecheck-code-quality.json"), gitlab.stderr)
        let report = try Data(contentsOf: directory.appendingPathComponent("tracecheck-code-quality.json"))
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: report) as? [[String: Any]])
        XCTAssertEqual(issues.first?["check_name"] as? String, "resign_before_background")

        let teamcity = try CLITests.run(["report", "--color", "never", sample], environment: ["TEAMCITY_VERSION": "2025.07"], in: directory)
        XCTAssertTrue(teamcity.stdout.contains("summary: 1 error"))
        XCTAssertTrue(teamcity.stdout.contains("##teamcity[inspectionType id='resign_before_background'"), teamcity.stdout)

        let explicit = try CLITests.run(["report", "--format", "json", sample], environment: ["TEAMCITY_VERSION": "2025.07"], in: directory)
        XCTAssertFalse(explicit.stdout.contains("##teamcity"), "an explicit --format is all that is written")
    }

    /// A job that checks out the repository at its workspace and names captures by absolute
    /// paths gets annotations on the repository's files: paths relative to GITHUB_WORKSPACE,
    /// CI_PROJECT_DIR or --path-base in every CI format; SARIF says so with %SRCROOT%.
    func testCIPathsAreRelativeToTheWorkspace() throws {
        let workspace = try temporaryDirectory()
        let captures = workspace.appendingPathComponent("ui-tests/captures")
        try FileManager.default.createDirectory(at: captures, withIntermediateDirectories: true)
        let capture = captures.appendingPathComponent("run 0915.log")
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), to: capture)
        let relative = "ui-tests/captures/run 0915.log"
        let elsewhere = FileManager.default.temporaryDirectory

        let github = try CLITests.run(["report", "--format", "github", capture.path], environment: ["GITHUB_WORKSPACE": workspace.path], in: elsewhere)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=\(relative),line=11,"), github.stdout)
        let gitlab = try CLITests.run(["report", "--format", "gitlab", capture.path], environment: ["CI_PROJECT_DIR": workspace.path], in: elsewhere)
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(gitlab.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual((issues.first?["location"] as? [String: Any])?["path"] as? String, relative)
        // A relative --path-base resolves from the working directory, and so do relative inputs.
        for format in ["junit", "checkstyle"] {
            let output = try CLITests.run(["report", "--format", format, "--path-base", "ui-tests", "ui-tests/captures/run 0915.log"], in: workspace)
            XCTAssertTrue(output.stdout.contains("name=\"captures/run 0915.log\""), "\(format): \(output.stdout)")
        }
        let outside = try CLITests.run(["report", "--format", "github", "--path-base", captures.appendingPathComponent("other").path, capture.path])
        XCTAssertTrue(outside.stdout.hasPrefix("::error file=\(capture.path),"), "a capture outside the base keeps its path: \(outside.stdout)")

        let sarif = try CLITests.run(["report", "--format", "sarif", capture.path], environment: ["GITHUB_WORKSPACE": workspace.path], in: elsewhere)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let base = try XCTUnwrap((run["originalUriBaseIds"] as? [String: [String: Any]])?["SRCROOT"]?["uri"] as? String)
        XCTAssertEqual(base, "file://\(workspace.path)/")
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let location = try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
        XCTAssertEqual(location["uri"] as? String, "ui-tests/captures/run%200915.log")
        XCTAssertEqual(location["uriBaseId"] as? String, "SRCROOT")
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let rule = try XCTUnwrap(rules.first { $0["id"] as? String == "resign_before_background" })
        XCTAssertTrue((rule["helpUri"] as? String ?? "").hasSuffix("/docs/rules.md#resign_before_background"), "\(rule)")
        XCTAssertTrue(((rule["help"] as? [String: Any])?["markdown"] as? String ?? "").contains("*Legal, not reported:*"))
    }

    /// A re-capture of the same run (another pid, other pointers and sessions, other times,
    /// another file name) keeps its findings' fingerprints: dashboards see the same alert.
    func testFingerprintsSurviveARecapture() throws {
        let directory = try temporaryDirectory()
        let first = directory.appendingPathComponent("run-0915.log"), second = directory.appendingPathComponent("run-0916.log")
        let text = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-scene_callback_in_legacy_app.log"), encoding: .utf8)
        try Data(text.utf8).write(to: first)
        try Data(Self.recaptured(text).utf8).write(to: second)
        func fingerprints(_ url: URL) throws -> [String] {
            let sarif = try CLITests.run(["report", "--format", "sarif", url.path])
            let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
            let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            return results.compactMap { ($0["partialFingerprints"] as? [String: String])?["tracecheck/v2"] }
        }
        let before = try fingerprints(first), after = try fingerprints(second)
        XCTAssertEqual(before.count, 2)
        XCTAssertEqual(before, after)
        XCTAssertNotEqual(try String(contentsOf: second, encoding: .utf8), text, "the re-capture differs")
        XCTAssertNotEqual(try fingerprints(CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log")).first, before.first)
        func gitLabFingerprints(_ url: URL) throws -> [String] {
            let gitlab = try CLITests.run(["report", "--format", "gitlab", url.path])
            let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(gitlab.stdout.utf8)) as? [[String: Any]])
            return issues.compactMap { $0["fingerprint"] as? String }
        }
        XCTAssertEqual(try gitLabFingerprints(first).count, 2)
        XCTAssertEqual(try gitLabFingerprints(first), try gitLabFingerprints(second), "GitLab's too")
    }

    /// The same run captured again: another pid, other pointers, other times.
    static func recaptured(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "0x", with: "0x7f")
        for (old, new) in [("[4817:", "[5120:"), ("09:27", "10:31")] { out = out.replacingOccurrences(of: old, with: new) }
        return out
    }

    func testAnnotationEscaping() throws {
        let directory = try temporaryDirectory()
        let odd = directory.appendingPathComponent("run: 1, 50%.log")
        try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), to: odd)
        let github = try CLITests.run(["report", "--format", "github", odd.path])
        XCTAssertTrue(github.stdout.contains("run%3A 1%2C 50%25.log,line=11,"), github.stdout)
        let teamcity = try CLITests.run(["report", "--format", "teamcity", odd.path])
        XCTAssertTrue(teamcity.stdout.contains("##teamcity[inspection typeId='resign_before_background' message='"), teamcity.stdout)
        XCTAssertTrue(teamcity.stdout.contains("line='11' SEVERITY='ERROR']"), teamcity.stdout)
    }

    /// Evidence with control characters and markup (a binary or coloured capture) still
    /// gives well-formed XML.
    func testXMLOutputsSurviveControlCharacters() throws {
        let directory = try temporaryDirectory()
        var text = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8)
        // The colour escape is stripped while reading; the other control character reaches the report.
        text = text.replacingOccurrences(of: "sceneDidEnterBackground(_:)", with: "sceneDidEnterBackground(_:) \u{01}\u{1B}[0m <&> ]]> \u{FFFE}")
        let capture = directory.appendingPathComponent("odd.log")
        try Data(text.utf8).write(to: capture)
        for format in ["junit", "checkstyle"] {
            let output = directory.appendingPathComponent("\(format).xml")
            XCTAssertEqual(try CLITests.run(["report", "--format", format, "--output", output.path, capture.path]).status, 1)
            let written = try String(contentsOf: output, encoding: .utf8)
            XCTAssertFalse(written.contains("\u{01}"), format)
            XCTAssertTrue(format == "checkstyle" || written.contains("sceneDidEnterBackground(_:) \u{FFFD} &lt;&amp;&gt; ]]&gt; \u{FFFD}"), written)
            guard let xmllint = Self.xmllint else { continue }
            let result = try self.xmllint(xmllint, [output.path])
            XCTAssertEqual(result.status, 0, "\(format) output is well-formed XML: \(result.message)")
        }
    }

    func testJSONLinesGitLabAndCheckstyle() throws {
        let samples = ["SampleLogs/rule-resign_before_background.log", "SampleLogs/rule-no_scene_manifest.log", "missing.log"]
        let lines = try CLITests.run(["report", "--format", "jsonl"] + samples)
        XCTAssertEqual(lines.status, 2)
        var objects: [[String: Any]] = []
        for line in lines.stdout.split(separator: "\n") {
            objects.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line)))
        }
        XCTAssertEqual(objects.compactMap { $0["type"] as? String }, ["finding", "finding", "error"])
        XCTAssertEqual(objects.first?["rule"] as? String, "resign_before_background")

        let gitlab = try CLITests.run(["report", "--format", "gitlab"] + samples.dropLast())
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(gitlab.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(issues.count, 2)
        XCTAssertEqual(Set(issues.compactMap { $0["fingerprint"] as? String }).count, 2)
        XCTAssertEqual(issues.first?["severity"] as? String, "critical")
        XCTAssertEqual((issues.first?["location"] as? [String: Any])?["path"] as? String, samples[0])

        let checkstyle = try CLITests.run(["report", "--format", "checkstyle"] + samples.dropLast())
        XCTAssertTrue(checkstyle.stdout.contains("<error line=\"11\" severity=\"error\" message=\""), checkstyle.stdout)
        XCTAssertTrue(checkstyle.stdout.contains("source=\"tracecheck.resign_before_background\"/>"))
    }

    func testOutputFileQuietAndUnwritableOutput() throws {
        let directory = try temporaryDirectory()
        let output = directory.appendingPathComponent("report.json")
        let written = try CLITests.run(["report", "--format", "json", "--output", output.path, "SampleLogs/rule-resign_before_background.log"])
        XCTAssertEqual(written.status, 1)
        XCTAssertEqual(written.stdout, "", "the output went to the file")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])

        let unwritable = try CLITests.run(["report", "--output", directory.appendingPathComponent("no/such/dir/out.txt").path,
                                      "SampleLogs/rule-resign_before_background.log"])
        XCTAssertEqual(unwritable.status, 73)
        XCTAssertTrue(unwritable.stderr.contains("cannot write"), unwritable.stderr)

        let quiet = try CLITests.run(["report", "--quiet", "SampleLogs/rule-resign_before_background.log"])
        XCTAssertTrue(quiet.stdout.hasPrefix("SampleLogs/rule-resign_before_background.log:11: error:"), quiet.stdout)
        XCTAssertFalse(quiet.stdout.contains("summary:"))
    }

    func testABrokenPipeEndsQuietly() throws {
        let executable = try CLITests.executable()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "'\(executable.path)' report --color never SampleLogs | head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\""]
        process.currentDirectoryURL = CLITests.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(status, "1\n", "the run finishes with its own status (findings), not a signal")
        XCTAssertFalse(stderr.contains("pipe"), stderr)
    }

    /// A hundred captures checked on several threads give byte-for-byte the output of one thread.
    func testAHundredCapturesInParallelMatchOneByOne() throws {
        let directory = try temporaryDirectory()
        let samples = try FileManager.default.contentsOfDirectory(atPath: CLITests.root.appendingPathComponent("SampleLogs").path)
            .filter { $0.hasSuffix(".log") }.sorted()
        for index in 0..<100 {
            try FileManager.default.copyItem(at: CLITests.root.appendingPathComponent("SampleLogs/\(samples[index % samples.count])"),
                                             to: directory.appendingPathComponent(String(format: "capture-%03d.log", index)))
        }
        for format in ["terminal", "jsonl", "sarif"] {
            let serial = try CLITests.run(["report", "--color", "never", "--format", format, "--jobs", "1", directory.path])
            let parallel = try CLITests.run(["report", "--color", "never", "--format", format, "--jobs", "4", directory.path])
            XCTAssertEqual(serial.status, 1)
            XCTAssertEqual(parallel.status, serial.status)
            XCTAssertEqual(parallel.stdout, serial.stdout, format)
            XCTAssertEqual(parallel.stderr, serial.stderr, format)
        }
        let terminal = try CLITests.run(["report", "--color", "never", directory.path])
        let positions = (0..<100).compactMap { terminal.stdout.range(of: String(format: "capture-%03d.log — ", $0))?.lowerBound }
        XCTAssertEqual(positions.count, 100)
        XCTAssertEqual(positions, positions.sorted())
    }
}
