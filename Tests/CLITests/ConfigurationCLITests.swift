import Foundation
import XCTest

/// `.tracecheck.yml`, user rules, baselines and exit-status options, through the built executable.
final class ConfigurationCLITests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ text: String, to name: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> CLITests.Result {
        try CLITests.run(arguments, in: directory)
    }

    /// The issue's own example configuration.
    static let configuration = """
        events:
          - name: analytics.flush          # a new event
            pattern: 'AnalyticsQueue flushed (?<count>\\d+) events'
            samples: ["2026-03-14 09:27:12.751366+0100 Fieldnotes[4817:3120544] AnalyticsQueue flushed 12 events"]
        rules:
          - id: analytics_flush_before_background
            pattern: precedes
            cause: analytics.flush
            effect: scene.didEnterBackground
            scope: scene
            within: 2s
            severity: error
            message: Analytics must flush before the scene goes to the background
            examples:
              triggering: ["scene.willConnect", "scene.willResignActive", "↓scene.didEnterBackground"]
              non_triggering: ["scene.willConnect", "analytics.flush", "scene.didEnterBackground"]

        """

    /// A session that goes to the background twice; `flushes` says before which ones the app flushed.
    static func capture(flushes: [Bool]) -> String {
        var lines = [
            "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
            "2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]",
        ]
        for (index, flush) in flushes.enumerated() {
            let minute = String(format: "%02d", 28 + index * 2)
            lines += [
                "2026-03-14 09:\(minute):00.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                "2026-03-14 09:\(minute):00.200000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]",
                "2026-03-14 09:\(minute):30.000000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]",
            ]
            if flush { lines.append("2026-03-14 09:\(minute):30.400000+0100 Fieldnotes[4817:3120544] AnalyticsQueue flushed 12 events") }
            lines.append("2026-03-14 09:\(minute):30.900000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testAUserRuleTriggersOnACaptureThatBreaksItAndNotOnOneThatKeepsIt() throws {
        try write(Self.configuration, to: ".tracecheck.yml")
        try write(Self.capture(flushes: [true, false]), to: "breaks.log")
        try write(Self.capture(flushes: [true, true]), to: "keeps.log")

        let breaks = try run(["report", "--format", "json", "breaks.log"])
        XCTAssertEqual(breaks.status, 1, breaks.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(breaks.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["rule"] as? String }, ["analytics_flush_before_background"])
        XCTAssertEqual(findings.first?["line"] as? Int, 11, "the second didEnterBackground, the one with no flush before it")
        XCTAssertEqual(findings.first?["severity"] as? String, "error")
        XCTAssertEqual(findings.first?["spec"] as? String, "user")
        XCTAssertTrue((findings.first?["message"] as? String ?? "").hasPrefix("Analytics must flush before the scene goes to the background"))

        let keeps = try run(["report", "keeps.log"])
        XCTAssertEqual(keeps.status, 0, keeps.stdout)
        XCTAssertTrue(keeps.stdout.contains("summary: 0 errors, 0 warnings"), keeps.stdout)

        // The same file named with --config from elsewhere, and ignored with --no-config.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("config"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: directory.appendingPathComponent(".tracecheck.yml"),
                                         to: directory.appendingPathComponent("config/team.yml"))
        XCTAssertEqual(try run(["report", "--config", "config/team.yml", "breaks.log"]).status, 1)
        XCTAssertEqual(try run(["report", "breaks.log"]).status, 0, "without the configuration the rule does not exist")
    }

    func testAConfigurationInAParentDirectoryIsFound() throws {
        try write(Self.configuration, to: ".tracecheck.yml")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("runs/today"), withIntermediateDirectories: true)
        try write(Self.capture(flushes: [false]), to: "runs/today/capture.log")
        let result = try CLITests.run(["report", "-q", "capture.log"], in: directory.appendingPathComponent("runs/today"))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("[analytics_flush_before_background]"), result.stdout)
        XCTAssertEqual(try CLITests.run(["report", "--no-config", "capture.log"], in: directory.appendingPathComponent("runs/today")).status, 0)
    }

    func testABadConfigurationStopsTheRunBeforeAnyCaptureIsRead() throws {
        try write("""
            disabled_rules: [resign_before_backgroud]
            rules:
              - id: flush_first
                pattern: precedes
                cause: analytics.flush
                effect: scene.didEnterBackground

            """, to: ".tracecheck.yml")
        try write(Self.capture(flushes: [false]), to: "capture.log")
        let result = try run(["report", "capture.log", "missing.log"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "", "no capture was read")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasSuffix(".tracecheck.yml:1:18: error: unknown rule 'resign_before_backgroud' (did you mean 'resign_before_background'?)") }, result.stderr)
        XCTAssertTrue(lines.contains { $0.hasSuffix(".tracecheck.yml:5:12: error: rule 'flush_first': unknown event 'analytics.flush'") }, result.stderr)
        XCTAssertFalse(result.stderr.contains("missing.log"), "captures are not opened")

        let check = try run(["check-config"])
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stderr.components(separatedBy: ": error: ").count - 1, 3, check.stderr)
    }

    func testCheckConfigRunsTheExamplesAndSamples() throws {
        try write(Self.configuration, to: ".tracecheck.yml")
        let ok = try run(["check-config"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("1 defined here"), ok.stdout)
        XCTAssertFalse(ok.stdout.contains("searched on every line"), "the flush pattern has a literal: \(ok.stdout)")

        // A pattern without a literal it cannot match without is pointed out, not refused.
        try write(Self.configuration.replacingOccurrences(of: "'AnalyticsQueue flushed (?<count>\\d+) events'", with: "'^\\w+ (?<count>\\d+)$'")
                    .replacingOccurrences(of: "AnalyticsQueue flushed 12 events", with: "AnalyticsQueue 12"), to: "slow.yml")
        let slow = try run(["check-config", "slow.yml"])
        XCTAssertEqual(slow.status, 0, slow.stderr)
        XCTAssertTrue(slow.stdout.contains("note: event 'analytics.flush': the pattern has no literal of 3+ characters"), slow.stdout)

        // An example that does not behave is a problem at its line.
        try write(Self.configuration.replacingOccurrences(of: "\"↓scene.didEnterBackground\"", with: "\"scene.didEnterBackground\""), to: "wrong.yml")
        let wrong = try run(["check-config", "wrong.yml"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("wrong.yml:15:"), wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("the triggering example marks no event"), wrong.stderr)

        let none = try CLITests.run(["check-config"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(none.status, 0)
        XCTAssertTrue(none.stdout.contains("the built-in defaults apply"), none.stdout)
    }

    func testABaselineHidesKnownFindingsButNotNewOnes() throws {
        let sample = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8)
        try write(sample, to: "capture.log")
        let first = try run(["report", "--write-baseline", "baseline.json", "capture.log"])
        XCTAssertEqual(first.status, 1, "writing a baseline still reports")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("baseline.json").path))

        let again = try run(["report", "--baseline", "baseline.json", "capture.log"])
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stderr.contains("1 finding(s) hidden by the baseline"), again.stderr)

        // A re-capture of the same run (other pointers and times) still matches; a new anomaly does not.
        let newAnomaly = sample + "sceneDidBecomeActive(_:)\nsceneDidBecomeActive(_:)\nsceneDidEnterBackground(_:)\n"
        try write(newAnomaly, to: "capture.log")
        let later = try run(["report", "--baseline", "baseline.json", "--format", "json", "capture.log"])
        XCTAssertEqual(later.status, 1)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any])
        let lines = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int }
        XCTAssertFalse(lines.isEmpty)
        XCTAssertTrue(lines.allSatisfy { $0 > sample.split(separator: "\n").count }, "only the new lines are reported: \(lines)")

        try write("{ not json", to: "broken.json")
        let broken = try run(["report", "--baseline", "broken.json", "capture.log"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("broken.json:1:3: error: not a tracecheck baseline (write one with --write-baseline): the file is not JSON"), broken.stderr)
    }

    /// A baseline written for one capture hides the same findings in a re-capture under
    /// another name (the night's run-0916.log after run-0915.log); `--baseline-by-file` keeps
    /// the old behaviour of matching only a file of the same name.
    func testABaselineMatchesARecaptureUnderAnotherName() throws {
        let sample = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-scene_callback_in_legacy_app.log"), encoding: .utf8)
        try write(sample, to: "run-0915.log")
        try write(CIOutputTests.recaptured(sample), to: "run-0916.log")
        XCTAssertEqual(try run(["report", "--write-baseline", "baseline.json", "run-0915.log"]).status, 1)
        let written = try String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(written.contains(#""process" : "Fieldnotes""#), written)
        XCTAssertFalse(written.contains(#""file""#), "not keyed by file name unless asked: \(written)")
        let next = try run(["report", "--baseline", "baseline.json", "run-0916.log"])
        XCTAssertEqual(next.status, 0, next.stdout)
        XCTAssertTrue(next.stderr.contains("finding(s) hidden by the baseline"), next.stderr)
        // Another app's capture with the same finding is not accepted: the process is a key.
        try write(sample.replacingOccurrences(of: "Fieldnotes[", with: "Compass["), to: "other-app.log")
        XCTAssertEqual(try run(["report", "--baseline", "baseline.json", "other-app.log"]).status, 1)

        XCTAssertEqual(try run(["report", "--write-baseline", "by-file.json", "--baseline-by-file", "run-0915.log"]).status, 1)
        XCTAssertEqual(try run(["report", "--baseline", "by-file.json", "run-0916.log"]).status, 1, "keyed by file name: another name is not accepted")
        XCTAssertEqual(try run(["report", "--baseline", "by-file.json", "run-0915.log"]).status, 0)
    }

    /// A hand-edited baseline that is wrong points at the line and column of the mistake.
    func testAMalformedBaselineNamesItsLineAndColumn() throws {
        try write(try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8), to: "capture.log")
        let cases: [(text: String, message: String)] = [
            ("{\n  \"version\": 2,\n  \"entries\": [\n    {\"rule\": \"r\", \"message\": \"m\", \"count\": \"2\"}\n  ]\n}\n",
             "bad.json:4:44: error: not a tracecheck baseline (write one with --write-baseline): entries[0].count: the value has the wrong type"),
            ("{\n  \"version\": 2,\n  \"entries\": [\n    {\"rule\": \"r\", \"count\": 2}\n  ]\n}\n",
             "bad.json:4:5: error: not a tracecheck baseline (write one with --write-baseline): entries[0]: 'message' is missing"),
            ("{\n  \"version\": 2,\n  \"entries\": [\n    {\"rule\": \"r\" \"message\": \"m\", \"count\": 2}\n  ]\n}\n",
             "bad.json:4:18: error: not a tracecheck baseline (write one with --write-baseline): the file is not JSON"),
            ("{\"version\": 7, \"entries\": []}", "bad.json:1:13: error: not a tracecheck baseline (write one with --write-baseline): version: version 7 is not one"),
            ("{\"version\": 2,\n \"entries\": [{\"rule\": \"r\", \"message\": \"m\", \"count\": 0}]}",
             "bad.json:2:53: error: not a tracecheck baseline (write one with --write-baseline): entries[0].count: 0 is not a count"),
        ]
        for (text, message) in cases {
            try write(text, to: "bad.json")
            let result = try run(["report", "--baseline", "bad.json", "capture.log"])
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.contains(message), "\(message)\n\(result.stderr)")
        }
    }

    /// Found by fuzzing: a duration too large for the arithmetic behind it crashed every
    /// command that loads the configuration. It is a problem at its line, exit 2.
    func testAnAbsurdDurationIsAProblemNotACrash() throws {
        for within in ["1e300s", "1e18", "1e308m", "10081m"] {
            try write(Self.configuration.replacingOccurrences(of: "within: 2s", with: "within: \(within)"), to: ".tracecheck.yml")
            try write(Self.capture(flushes: [true]), to: "capture.log")
            for arguments in [["check-config"], ["report", "capture.log"], ["rules"]] {
                let result = try run(arguments)
                XCTAssertEqual(result.status, 2, "\(within) \(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(".tracecheck.yml:11:13: error: '\(within)' is longer than a week"),
                              "\(within) \(arguments): \(result.stderr)")
            }
        }
        try write(Self.configuration.replacingOccurrences(of: "within: 2s", with: "within: 10080m"), to: ".tracecheck.yml")
        XCTAssertEqual(try run(["check-config"]).status, 0, "a week is still a duration")
    }

    /// Found by fuzzing: counts that add past Int.max crashed `--baseline`. Counts are checked when read.
    func testABaselineWithImpossibleCountsIsRefused() throws {
        let sample = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8)
        try write(sample, to: "capture.log")
        let entry = #"{"rule": "resign_before_background", "file": "capture.log", "message": "m", "count": 9223372036854775807}"#
        try write(#"{"version": 1, "entries": [\#(entry), \#(entry)]}"#, to: "overflow.json")
        let overflow = try run(["report", "--baseline", "overflow.json", "capture.log"])
        XCTAssertEqual(overflow.status, 2)
        XCTAssertTrue(overflow.stderr.contains("overflow.json:1:113: error: not a tracecheck baseline (write one with --write-baseline): entries[0].count: 9223372036854775807 is not a count from 1 to 1000000000"), overflow.stderr)
        try write(#"{"version": 1, "entries": [{"rule": "r", "file": "f", "message": "m", "count": 0}]}"#, to: "zero.json")
        XCTAssertTrue(try run(["report", "--baseline", "zero.json", "capture.log"]).stderr.contains("entries[0].count: 0 is not a count"))
        try write(#"{"version": 1, "entries": [{"rule": "r", "file": "f", "count": 2}]}"#, to: "missing.json")
        let missing = try run(["report", "--baseline", "missing.json", "capture.log"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("entries[0]: 'message' is missing"), missing.stderr)
    }

    func testStrictAndExitZero() throws {
        let warningOnly = CLITests.root.appendingPathComponent("SampleLogs/rule-app_delegate_in_scene_app.log").path
        XCTAssertEqual(try run(["report", warningOnly]).status, 0)
        XCTAssertEqual(try run(["report", "--strict", warningOnly]).status, 1)
        let failing = CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log").path
        XCTAssertEqual(try run(["report", "--exit-zero", failing]).status, 0)
        XCTAssertEqual(try run(["report", "--exit-zero", failing, "missing.log"]).status, 2, "an unreadable input still exits 2")
    }

    func testRulesListingFollowsTheConfiguration() throws {
        try write("""
            disabled_rules: [resign_before_background]
            opt_in_rules: [session_reconnected]
            severity: {foreground_before_active: warning}

            """, to: ".tracecheck.yml")
        let json = try run(["rules", "--format", "json"])
        XCTAssertEqual(json.status, 0)
        let rules = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(rules.count, 44)
        for rule in rules {
            for key in ["id", "severity", "enabled", "family", "description"] { XCTAssertNotNil(rule[key], "\(key) in \(rule)") }
        }
        func rule(_ id: String) -> [String: Any]? { rules.first { $0["id"] as? String == id } }
        XCTAssertEqual(rule("resign_before_background")?["enabled"] as? Bool, false)
        XCTAssertEqual(rule("session_reconnected")?["enabled"] as? Bool, true)
        XCTAssertEqual(rule("launch_time_discard")?["enabled"] as? Bool, false)
        XCTAssertEqual(rule("foreground_before_active")?["severity"] as? String, "warning")
        XCTAssertEqual(rule("foreground_before_active")?["default_severity"] as? String, "error")

        let table = try run(["rules"])
        let row = table.stdout.split(separator: "\n").first { $0.hasPrefix("resign_before_background ") }
        XCTAssertTrue(row?.hasSuffix("  off") ?? false, String(row ?? ""))
        XCTAssertTrue(table.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "the list fits 80 columns")

        let explain = try run(["explain", "F3"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.stdout.hasPrefix("resign_before_background (F3, error, foreground, not enabled)"), explain.stdout)
        XCTAssertEqual(try run(["rules", "no_such_rule"]).status, 64)
    }

    /// docs/rules.md is generated from the registry; regenerate it with
    /// `swift run tracecheck rules --format markdown > docs/rules.md`.
    func testTheRulesDocumentIsUpToDate() throws {
        let generated = try CLITests.run(["rules", "--no-config", "--format", "markdown"])
        let committed = try String(contentsOf: CLITests.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        XCTAssertEqual(committed, generated.stdout, "docs/rules.md is out of date: run `swift run tracecheck rules --format markdown > docs/rules.md`")
    }
}
