import Foundation
import XCTest

/// Runs the built `tracecheck` on SampleLogs and compares stdout and the exit status with
/// the expected files in Tests/CLITests/Expected.
final class CLITests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Sample → exit status: 1 where an error-severity finding is expected.
    static let expectedStatus: [String: Int32] = [
        "app-switcher-kill-from-inactive": 0, "clean-launch-background-foreground-kill": 0, "forwarding-pattern": 0,
        "ipad-two-delegate-classes": 0, "legacy-app-delegate-only": 0,
        "rule-app_delegate_in_scene_app": 0, "rule-background_before_disconnect": 0, "rule-callback_requires_connection": 1,
        "rule-connect_first": 1, "rule-connect_once_per_instance": 1, "rule-discarded_session_reused": 1,
        "rule-disconnect_before_discard": 1, "rule-foreground_before_active": 1, "rule-forwarded_app_callback": 0,
        "rule-launch_before_scene_connect": 1, "rule-launch_sequence": 1, "rule-nothing_after_terminate": 1,
        "rule-one_delegate_class_per_scene": 0, "rule-resign_before_background": 1, "rule-scene_callback_in_legacy_app": 1,
        "rule-scene_state_machine": 0,
        "device-idevicesyslog-two-apps-disconnect": 0, "rule-app_delegate_window_missing": 1, "rule-carplay_lifecycle_missing": 1,
        "rule-configuration_name_not_in_plist": 0, "rule-legacy_lifecycle_warning": 0, "rule-no_scene_delegate": 1,
        "rule-no_scene_manifest": 0, "rule-scene_delegate_class_not_loaded": 1, "rule-scene_lifecycle_required": 1,
        "rule-scene_session_request_failed": 0,
        "uikit-account-only": 0, "uikit-account-agrees": 0, "uikit-handler-not-run": 0, "rule-callback_against_uikit_state": 0,
        "paste-indented-markdown": 0, "paste-numbered-cat-n": 0, "app-logger-iso8601": 0, "labelled-events": 0,
        "uikit-message-quoted": 0, "rule-no_lifecycle_events": 1, "flutter-lifecycle-clean": 0, "rule-flutter_state_order": 0,
        "maui-scene-lifecycle": 0, "uikit-message-wrapped": 0, "react-native-appstate": 0, "rule-react_native_state_order": 0, "forwarding-across-noise": 0,
    ]

    func testEverySampleMatchesItsExpectedOutputAndStatus() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("SampleLogs").path)
            .filter { $0.hasSuffix(".log") }.sorted()
        XCTAssertEqual(Set(samples.map { String($0.dropLast(4)) }), Set(Self.expectedStatus.keys), "every sample has an expectation")
        for sample in samples {
            let name = String(sample.dropLast(4))
            let result = try run(["report", "--color", "never", "--timeline", "SampleLogs/\(sample)"])
            let expected = try String(contentsOf: Self.root.appendingPathComponent("Tests/CLITests/Expected/\(name).txt"), encoding: .utf8)
            XCTAssertEqual(result.stdout, expected, "\(sample): output differs from Expected/\(name).txt")
            XCTAssertEqual(result.status, Self.expectedStatus[name], "\(sample): exit status")
        }
    }

    /// By default a clean capture is its verdict line; a failing one shows what was read, its
    /// timeline and findings; the summary names the failed captures.
    func testVerdictLinesAndTheFailedCapturesInTheSummary() throws {
        let clean = "SampleLogs/clean-launch-background-foreground-kill.log", failing = "SampleLogs/rule-resign_before_background.log"
        let empty = "SampleLogs/rule-no_lifecycle_events.log", warned = "SampleLogs/rule-scene_state_machine.log"
        let result = try run(["report", "--color", "never", clean, failing, empty, warned])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "✓ \(clean) — clean, 13 events", "a clean capture is one line")
        XCTAssertEqual(lines.dropFirst().first, "✗ \(failing) — 1 error")
        XCTAssertTrue(lines.contains("? \(empty) — nothing read (xcode-console, 5 lines)"), result.stdout)
        XCTAssertTrue(lines.contains("! \(warned) — 1 warning, 8 events"), result.stdout)
        XCTAssertTrue(lines.contains("failed: \(failing), \(empty)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  \(failing):\n    launch_sequence, launch_before_scene_connect: app.didFinishLaunching not logged in process #1\n"),
                      "what could not be verified is named by capture and process: \(result.stdout)")
        XCTAssertFalse(result.stdout.contains("SampleLogs/clean-launch-background-foreground-kill.log:"), "no detail of the clean one")
        XCTAssertEqual(result.status, 1)
        let ascii = try Self.run(["report", "--color", "never", clean, failing], environment: ["LC_ALL": "C"])
        XCTAssertTrue(ascii.stdout.hasPrefix("+ \(clean) - clean, 13 events\nx \(failing) - 1 error\n"), ascii.stdout)
        let verbose = try run(["report", "--color", "never", "-v", clean])
        XCTAssertTrue(verbose.stdout.contains("scene #1"), "--timeline (-v) shows a clean capture's timeline")
    }

    func testEachRuleSampleTriggersItsRule() throws {
        for name in Self.expectedStatus.keys where name.hasPrefix("rule-") {
            let rule = String(name.dropFirst(5))
            let result = try run(["report", "--format", "json", "SampleLogs/\(name).log"])
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let rules = (document?["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
            XCTAssertTrue(rules.contains(rule), "\(name) does not trigger \(rule): \(rules)")
        }
    }

    func testJSONDocumentHasTheDocumentedShape() throws {
        let result = try run(["report", "--format", "json", "SampleLogs/rule-resign_before_background.log"])
        XCTAssertEqual(result.status, 1)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tool = try XCTUnwrap(document["tool"] as? [String: Any])
        XCTAssertEqual(tool["name"] as? String, "tracecheck")
        let file = try XCTUnwrap((document["files"] as? [[String: Any]])?.first)
        XCTAssertEqual(file["format"] as? String, "plain")
        XCTAssertEqual((file["health"] as? [Any])?.count, 0)
        XCTAssertEqual(file["lines"] as? Int, 11)
        XCTAssertEqual(file["events"] as? Int, 8)
        let finding = try XCTUnwrap((document["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["rule"] as? String, "resign_before_background")
        XCTAssertEqual(finding["severity"] as? String, "error")
        XCTAssertEqual(finding["line"] as? Int, 11)
        let evidence = try XCTUnwrap(finding["evidence"] as? [[String: Any]])
        XCTAssertEqual(evidence.first?["line"] as? Int, 11)
        XCTAssertEqual(evidence.first?["event"] as? String, "scene.didEnterBackground")
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["errors"] as? Int, 1)
        XCTAssertEqual(summary["warnings"] as? Int, 0)
    }

    func testUnreadableInputIsNamedAndOthersAreStillChecked() throws {
        let result = try run(["report", "--color", "never", "no-such-capture.log", "SampleLogs/rule-launch_sequence.log"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no-such-capture.log: no such file or directory"), result.stderr)
        XCTAssertTrue(result.stdout.contains("[launch_sequence]"), "the readable input is still reported")
        XCTAssertTrue(result.stdout.contains("1 unreadable"))
    }

    func testStandardInputAndFailOn() throws {
        let sample = try String(contentsOf: Self.root.appendingPathComponent("SampleLogs/rule-scene_state_machine.log"), encoding: .utf8)
        let lenient = try run(["report", "--color", "never", "-"], input: sample)
        XCTAssertEqual(lenient.status, 0, "a warning does not fail by default")
        XCTAssertTrue(lenient.stdout.contains("<stdin>:"))
        let strict = try run(["report", "--fail-on", "warning", "-"], input: sample)
        XCTAssertEqual(strict.status, 1)
    }

    func testEmptyAndBinaryInputsAreReportedNotFatal() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.log")
        let binary = directory.appendingPathComponent("binary.log")
        try Data().write(to: empty)
        try Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0x0A] + Array("sceneDidBecomeActive(_:)\n".utf8)).write(to: binary)
        let result = try run(["report", "--color", "never", "--timeline", empty.path, binary.path])
        XCTAssertEqual(result.status, 1, "nothing was read from the empty capture: it does not pass")
        XCTAssertTrue(result.stderr.contains("empty.log: warning: empty capture"), result.stderr)
        XCTAssertTrue(result.stderr.contains("binary.log:1: warning: NUL bytes"), result.stderr)
        XCTAssertTrue(result.stdout.contains("binary.log — clean, 1 event\n  plain, 2 lines, 1 lifecycle events"), result.stdout)
        XCTAssertTrue(result.stdout.contains("empty.log:1: error: no lifecycle event was read from 0 line(s) [no_lifecycle_events]"), result.stdout)
        XCTAssertEqual(try run(["report", "--allow-empty", empty.path, binary.path]).status, 0)
    }

    /// Green must mean checked: a capture, a directory or a process selection from which
    /// nothing was read never passes silently.
    func testNothingReadIsNotAPass() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // An app logger the catalog does not read: the lines name the callbacks, so they are near misses.
        let unread = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] Loaded 42 notes from cache
            2026-03-14 09:27:12.180000+0100 Fieldnotes[4817:3120544] [Lifecycle] entering applicationDidEnterBackground now
            2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] [Lifecycle] entering applicationWillEnterForeground now

            """
        try unread.write(to: directory.appendingPathComponent("unread.log"), atomically: true, encoding: .utf8)
        let report = try run(["report", "--color", "never", directory.appendingPathComponent("unread.log").path])
        XCTAssertEqual(report.status, 1)
        XCTAssertTrue(report.stdout.contains("unread.log:2: error: no lifecycle event was read from 3 line(s) (xcode-console, 3 record(s); processes Fieldnotes); line 2 mentions applicationDidEnterBackground but was not read as a lifecycle event; line 3 mentions applicationWillEnterForeground but was not read as a lifecycle event [no_lifecycle_events]"), report.stdout)
        XCTAssertTrue(report.stdout.contains("2 line(s) mention lifecycle callbacks but were not read as events (line 2: applicationDidEnterBackground, line 3: applicationWillEnterForeground)"), report.stdout)
        let json = try run(["report", "--format", "json", directory.appendingPathComponent("unread.log").path])
        XCTAssertTrue(json.stdout.contains("\"near_misses\""), "the health of every format counts them: \(json.stdout)")

        // A directory with nothing to check is a usage error; --allow-empty makes it a warning.
        let empty = try run(["report", directory.appendingPathComponent("empty").path])
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(empty.stderr.contains("empty: error: no capture to check"), empty.stderr)
        XCTAssertEqual(try run(["report", "--allow-empty", directory.appendingPathComponent("empty").path]).status, 0)

        // A process selection that matches nothing, with the nearest name.
        let sample = Self.root.appendingPathComponent("SampleLogs/device-idevicesyslog-two-apps-disconnect.log").path
        let process = try run(["report", "--process", "fieldnotes", sample])
        XCTAssertEqual(process.status, 64)
        XCTAssertTrue(process.stderr.contains("error: --process fieldnotes matches no process of the captures (did you mean 'Fieldnotes'?); their processes: Atlas, Fieldnotes, SpringBoard"), process.stderr)
        XCTAssertEqual(try run(["report", "--process", "Fieldnotes", sample]).status, 0)

        // Prose and data beside captures are not captures, unless named.
        let folder = directory.appendingPathComponent("captures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clean = try String(contentsOf: Self.root.appendingPathComponent("SampleLogs/clean-launch-background-foreground-kill.log"), encoding: .utf8)
        try clean.write(to: folder.appendingPathComponent("run.log"), atomically: true, encoding: .utf8)
        try "Captures of `sceneDidBecomeActive(_:)` after `sceneWillEnterForeground(_:)`.\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try #"{"run.log": {"event_lines": [1, 2]}}"#.write(to: folder.appendingPathComponent("expected.json"), atomically: true, encoding: .utf8)
        let folderRun = try run(["report", "--format", "json", folder.path])
        XCTAssertEqual(folderRun.status, 0, folderRun.stdout)
        XCTAssertTrue(folderRun.stdout.contains("run.log"))
        XCTAssertFalse(folderRun.stdout.contains("README.md"), folderRun.stdout)
        XCTAssertFalse(folderRun.stdout.contains("expected.json"), folderRun.stdout)
        XCTAssertTrue(try run(["report", "--timeline", folder.appendingPathComponent("README.md").path]).stdout.contains("README.md — clean, 1 event\n  plain, 1 lines"), "named, it is checked")
    }

    /// A damaged or cut-short .gz reports what was read before the damage, findings
    /// included, and still exits 2; gzip on standard input is recognised by its magic bytes.
    func testADamagedGzipReportsWhatCameBeforeAndExits2() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The finding at line 11 of the sample, then a long tail to cut.
        let sample = try String(contentsOf: Self.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8)
        let filler = (0..<4000).map { "2026-03-14 09:27:\(String(format: "%02d", $0 % 60)).100000+0100 Fieldnotes[4817:3120544] syncing item \($0) of the notebook" }
        let plain = directory.appendingPathComponent("capture.log")
        try (sample + filler.joined(separator: "\n") + "\n").write(to: plain, atomically: true, encoding: .utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", plain.path]
        try gzip.run()
        gzip.waitUntilExit()
        try XCTSkipIf(gzip.terminationStatus != 0, "gzip is not available")
        let compressed = try Data(contentsOf: URL(fileURLWithPath: plain.path + ".gz"))
        let cut = directory.appendingPathComponent("cut.log.gz")
        try compressed.prefix(compressed.count * 2 / 3).write(to: cut)

        let result = try run(["report", "--color", "never", cut.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.contains("cut.log.gz:11: error:"), "the finding before the damage is reported: \(result.stdout)")
        XCTAssertTrue(result.stdout.contains("corrupt or truncated gzip data"), result.stdout)
        XCTAssertTrue(result.stderr.contains("tracecheck: error: \(cut.path): corrupt or truncated gzip data"), result.stderr)

        let piped = try run(["report", "--quiet", "-"], input: compressed)
        XCTAssertEqual(piped.status, 1, "gzip on standard input is read: \(piped.stderr)")
        XCTAssertTrue(piped.stdout.contains("<stdin>:11: error:"), piped.stdout)
        let pipedCut = try run(["report", "--quiet", "-"], input: Data(compressed.prefix(compressed.count * 2 / 3)))
        XCTAssertEqual(pipedCut.status, 2)
        XCTAssertTrue(pipedCut.stdout.contains("<stdin>:11: error:"), pipedCut.stdout)
    }

    func testBadUsageExits64() throws {
        XCTAssertEqual(try run(["report"]).status, 64)
        XCTAssertEqual(try run(["report", "--format", "yaml", "x.log"]).status, 64)
    }

    func testRulesListsAndExplains() throws {
        let list = try run(["rules"])
        XCTAssertEqual(list.status, 0)
        XCTAssertNotNil(list.stdout.range(of: "background_before_disconnect +C5", options: .regularExpression))
        XCTAssertNotNil(list.stdout.range(of: "scene_delegate_class_not_loaded +K3", options: .regularExpression))
        let explain = try run(["rules", "C5"])
        XCTAssertTrue(explain.stdout.contains("app switcher"))
        XCTAssertTrue(explain.stdout.contains("↓sceneDidDisconnect(_:)"))
        XCTAssertEqual(try run(["rules", "no_such_rule"]).status, 64)
    }

    // MARK: -

    struct Result { let stdout: String; let stderr: String; let status: Int32 }

    /// Runs tracecheck in the package root. The CI variables of the machine running the
    /// tests are removed, so that only `environment` decides whether a CI is detected.
    func run(_ arguments: [String], input: String? = nil) throws -> Result {
        try Self.run(arguments, input: input)
    }

    func run(_ arguments: [String], input: Data) throws -> Result {
        try Self.run(arguments, inputBytes: input)
    }

    /// A `tracecheck` process set up as every CLI test runs it (no CI variables, no colour,
    /// a UTF-8 locale, no `COLUMNS`), with its standard streams on pipes; not started.
    static func process(_ arguments: [String], environment extra: [String: String] = [:],
                        in directory: URL = root) throws -> (process: Process, stdin: Pipe, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for variable in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE", "GITLAB_CI", "CI_PROJECT_DIR", "TEAMCITY_VERSION"] { environment[variable] = nil }
        environment["NO_COLOR"] = "1"
        // The terminal's verdict marks follow the locale: the expected outputs are UTF-8's.
        environment["LC_ALL"] = "C.UTF-8"
        environment["COLUMNS"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        return (process, stdin, out, err)
    }

    static func run(_ arguments: [String], input: String? = nil, inputBytes: Data? = nil, environment extra: [String: String] = [:],
                    in directory: URL = root) throws -> Result {
        let (process, stdin, out, err) = try Self.process(arguments, environment: extra, in: directory)
        try process.run()
        if let bytes = inputBytes ?? input.map({ Data($0.utf8) }) { stdin.fileHandleForWriting.write(bytes) }
        try stdin.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                      status: process.terminationStatus)
    }

    /// The test bundle sits beside the products of the same build.
    /// Runs another program (bash, make, groff, a built client) to its end: its status, and
    /// standard output and error together.
    static func runProgram(_ executable: URL, _ arguments: [String], in directory: URL = root,
                           environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// The binary under test: the one built beside the tests, or `TRACECHECK_BINARY` (to run
    /// this suite against a release build, `make release` output).
    static func executable() throws -> URL {
        if let binary = ProcessInfo.processInfo.environment["TRACECHECK_BINARY"], !binary.isEmpty {
            return URL(fileURLWithPath: binary)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tracecheck"),
            Bundle.main.bundleURL.appendingPathComponent("tracecheck"),
            Bundle(for: CLITests.self).bundleURL.deletingLastPathComponent().appendingPathComponent("tracecheck"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("tracecheck executable not built beside the tests (run `swift build --build-tests`)")
        }
        return found
    }
}
