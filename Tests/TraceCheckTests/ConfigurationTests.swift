import XCTest
@testable import TraceCheck

/// `.tracecheck.yml`: what loads, what is refused (with the line), and how user rules judge.
final class ConfigurationTests: XCTestCase {
    func load(_ yaml: String) throws -> Configuration {
        try ConfigurationLoader.load(yaml: yaml, path: "t.yml")
    }

    /// The problems of a configuration that must not load, as `line: message`.
    func problems(_ yaml: String) -> [String] {
        do {
            _ = try ConfigurationLoader.load(yaml: yaml, path: "t.yml")
            return []
        } catch {
            return error.problems.map { "\($0.line.map(String.init) ?? "-"): \($0.message)" }
        }
    }

    /// The nearest `.tracecheck.yml` up from a directory named with `.` and `..` or from the
    /// current directory, given as the file's absolute path.
    func testTheNearestConfigurationUpwardsIsFound() throws {
        // Without symbolic links (macOS's /var), as the current directory names it.
        let root = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().appendingPathComponent("find-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/team/app/runs/today", withIntermediateDirectories: true)
        try "rules: {}\n".write(toFile: root + "/team/.tracecheck.yml", atomically: true, encoding: .utf8)
        try "rules: {}\n".write(toFile: root + "/team/app/runs/.tracecheck.yml", atomically: true, encoding: .utf8)
        XCTAssertEqual(ConfigurationLoader.find(from: root + "/team/app/runs/today"), root + "/team/app/runs/.tracecheck.yml")
        XCTAssertEqual(ConfigurationLoader.find(from: root + "/team/app/runs/today/../.."), root + "/team/.tracecheck.yml")
        XCTAssertEqual(ConfigurationLoader.find(from: root + "/team/./app"), root + "/team/.tracecheck.yml")
        let previous = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root + "/team/app"))
        XCTAssertEqual(ConfigurationLoader.find(from: "runs/today"), root + "/team/app/runs/.tracecheck.yml")
        XCTAssertEqual(ConfigurationLoader.find(from: "."), root + "/team/.tracecheck.yml")
    }

    func testRuleSelectionAndSeverity() throws {
        let configuration = try load("""
            disabled_rules: [resign_before_background]
            opt_in_rules:
              - session_reconnected
            severity:
              foreground_before_active: warning
            lifecycle: scene
            supports_multiple_scenes: false
            app_processes: [Fieldnotes]
            forwarding_window: 80ms
            """)
        let ids = configuration.activeRules.map(\.description.id)
        XCTAssertFalse(ids.contains("resign_before_background"))
        XCTAssertTrue(ids.contains("session_reconnected"))
        XCTAssertFalse(ids.contains("launch_time_discard"), "opt-in rules stay off unless listed")
        XCTAssertEqual(configuration.activeRules.first { $0.description.id == "foreground_before_active" }?.description.severity, .warning)
        let options = configuration.checkOptions
        XCTAssertEqual(options.timeline.forcedMode, .scene)
        XCTAssertEqual(options.timeline.facts.supportsMultipleScenes, false)
        XCTAssertEqual(options.scan.processes, ["Fieldnotes"])
        XCTAssertEqual(options.timeline.forwardingWindow, 0.08, accuracy: 1e-9)

        let only = try load("only_rules: [launch_sequence]")
        XCTAssertEqual(only.activeRules.map(\.description.id), ["launch_sequence"])
    }

    func testASeverityOverrideChangesTheFindings() throws {
        var options = try load("severity: {resign_before_background: info}").checkOptions
        options.timeline.facts = AppFacts()
        let text = ResignBeforeBackgroundRule.description.triggering[0].text
        let report = try Checker(options: options).check(.text(name: "t", contents: text))
        XCTAssertEqual(report.findings.map(\.rule), ["resign_before_background"])
        XCTAssertEqual(report.findings.map(\.severity), [.info])
        let unconfigured = try Checker().check(.text(name: "t", contents: text))
        XCTAssertEqual(unconfigured.findings.map(\.severity), [.error])
    }

    func testProblemsAreReportedWithTheirLines() {
        let found = problems("""
            disabled_rules: [resign_befor_background]
            colour: red
            events:
              - name: analytics.flush
                pattern: 'AnalyticsQueue flushed (?<count>\\d+ events'
                samples: ["AnalyticsQueue flushed 12 events"]
              - name: scene.didBecomeActiv
                pattern: 'became active'
                samples: ["became active"]
              - name: sync.done
                pattern: 'Sync finished'
                samples: ["Sync started"]
            rules:
              - id: flush_first
                pattern: precedes
                cause: scene.willConnect
                effect: scene.didEnterBackgroud
              - id: launch_sequence
                pattern: absent
                event: app.willTerminate
              - id: terminate_never
                pattern: absent
                event: app.willTerminate
                examples:
                  triggering: ["app.didFinishLaunching", "↓app.willTerminate", "app.willTerminate"]
                  non_triggering: ["app.didFinishLaunching"]
            """)
        XCTAssertEqual(found, [
            "1: unknown rule 'resign_befor_background' (did you mean 'resign_before_background'?)",
            "2: unknown key 'colour' in the configuration",
            "5: event 'analytics.flush': the pattern does not compile at offset 42: missing closing parenthesis",
            "7: 'scene.didBecomeActiv' is not an event of the catalog; a new event needs a family of its own (analytics.flush) (did you mean 'scene.didBecomeActive'?)",
            "12: event 'sync.done': sample does not match its pattern: Sync started",
            "17: rule 'flush_first': unknown event 'scene.didEnterBackgroud' (did you mean 'scene.didEnterBackground'?)",
            "18: rule id 'launch_sequence' is already taken",
            "25: rule 'terminate_never': the triggering example is reported at event(s) 2, 3, not at the marked 2",
        ])
    }

    /// Every family of the catalog is reserved, the framework states' too: a misspelt
    /// `reactnative.activ` is a mistake, not a new event of the team's own.
    func testAMisspeltEventOfAnyCatalogFamilyIsAProblem() {
        for family in EventFamily.allCases where family != .ambiguous {
            let name = "\(family.rawValue).notAnEvent"
            let found = problems("events:\n  - name: \(name)\n    pattern: 'x'\n")
            XCTAssertEqual(found.count, 1, name)
            XCTAssertTrue(found.first?.contains("'\(name)' is not an event of the catalog") ?? false, "\(name): \(found)")
        }
    }

    func testBrokenYAMLAndWrongTypesAreProblemsNotCrashes() {
        XCTAssertEqual(problems("rules: [\n  - id: x\n"), ["2: not valid YAML: did not find expected node content"])
        XCTAssertEqual(problems("- just\n- a list\n"), ["1: the configuration is a mapping of keys to values"])
        XCTAssertEqual(problems("supports_multiple_scenes: maybe\nprewarm_gap: soon\nseverity: {launch_sequence: fatal}\n"), [
            "1: supports_multiple_scenes is true or false (Info.plist UIApplicationSupportsMultipleScenes)",
            "2: 'soon' is not a duration such as 2s, 500ms or 1.5m",
            "3: severity is error, warning or info",
        ])
        XCTAssertEqual(problems(""), [], "an empty file is the defaults")
    }

    func testDelegateClassesOfOneConfigurationMayShareAScene() throws {
        let text = OneDelegateClassPerSceneRule.description.triggering[0].text
        XCTAssertEqual(try Checker().check(.text(name: "t", contents: text)).findings.map(\.rule), ["one_delegate_class_per_scene"])
        let classes = Set(try Checker().check(.text(name: "t", contents: text)).events.compactMap(\.identity.delegateClass))
        XCTAssertEqual(classes.count, 2)
        var options = CheckOptions()
        options.timeline.facts.delegateConfigurations = Dictionary(uniqueKeysWithValues: classes.map { ($0, "Default Configuration") })
        XCTAssertEqual(try Checker(options: options).check(.text(name: "t", contents: text)).findings.map(\.rule), [])
    }

    func testBaselineMessagesForgetPointersSessionsAndNumbers() {
        XCTAssertEqual(
            Baseline.normalised("scene.didEnterBackground while scene #2 SceneDelegate 0x600002675ea0 (5910B345…) was active (last at line 13)"),
            Baseline.normalised("scene.didEnterBackground while scene #3 SceneDelegate 0x10cc50200 (0B7A7C1E…) was active (last at line 40)"))
        XCTAssertNotEqual(Baseline.normalised("scene.didEnterBackground while active"), Baseline.normalised("scene.didBecomeActive while active"))
    }

    /// Each specification pattern on event-name traces, the way examples run.
    func testSpecificationPatterns() {
        // Users' own event ids, as `.tracecheck.yml` names them.
        func rule(_ pattern: SpecificationPattern, _ cause: String, _ effect: String? = nil, count: Int = 0) -> SpecificationPatternRule {
            SpecificationPatternRule(id: "r", pattern: pattern, cause: EventID(cause), effect: effect.map(EventID.init), scope: .process, within: nil,
                                     count: count, severity: .error, message: nil, triggering: [], nonTriggering: [], origin: "t")
        }
        let cases: [(SpecificationPatternRule, [String], [Int])] = [
            (rule(.precedes, "a.x", "a.y"), ["a.x", "a.y", "a.y"], [3]),
            (rule(.precedes, "a.x", "a.y"), ["a.x", "a.y", "a.x", "a.y"], []),
            (rule(.responds, "a.x", "a.y"), ["a.x", "a.x", "a.y", "a.x"], [4]),
            (rule(.responds, "a.x", "a.y"), ["a.y", "a.x", "a.y"], []),
            (rule(.absent, "a.x"), ["a.y", "a.x"], [2]),
            (rule(.exists, "a.x"), ["a.y", "a.z"], [2]),
            (rule(.exists, "a.x"), ["a.y", "a.x"], []),
            (rule(.atMost, "a.x", count: 1), ["a.x", "a.y", "a.x", "a.x"], [3, 4]),
            (rule(.alternates, "a.x", "a.y"), ["a.x", "a.y", "a.y", "a.x", "a.x"], [3, 5]),
            (rule(.alternates, "a.x", "a.y"), ["a.x", "a.y", "a.x"], [3]),
        ]
        for (rule, events, expected) in cases {
            XCTAssertEqual(rule.reportedPositions(in: ExampleTrace(events)), expected, "\(rule.pattern.rawValue) on \(events)")
        }
    }

    /// Without `supports_multiple_scenes`, two scenes at once cannot be judged: one reason for
    /// the capture, naming the first place, however many launches show it.
    func testTwoScenesAtOnceInSeveralLaunchesIsOneUnverifiableReason() throws {
        let text = [4817, 5120, 6033].flatMap { pid in
            ["0x10cf28400", "0x10cf3a740"].map { scene in
                "2026-04-02 10:15:03.100000+0200 Fieldnotes[\(pid):2863604] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: \(scene)>"
            }
        }.joined(separator: "\n") + "\n"
        let report = try Checker().check(.text(name: "three-launches.log", contents: text))
        let status = try XCTUnwrap(report.rules.first { $0.rule == "multiple_scenes_not_supported" })
        XCTAssertEqual(status.unverifiable, [
            "two application scenes are connected at once (line 2 and in 2 more launch(es)); set supports_multiple_scenes in .tracecheck.yml to judge",
        ])
    }

    /// A configured pattern that backtracks without end hits PCRE2's match limit: the first
    /// three lines are named and the rest counted, however many there are.
    func testLinesOverTheMatchLimitAreNamedThenCounted() throws {
        let configuration = try load("""
            events:
              - name: sync.stall
                pattern: '^(x+x+)+y'
                samples: ["xxy"]
            """)
        let text = (1...10).map { _ in String(repeating: "x", count: 40) + "z y" }.joined(separator: "\n") + "\n"
        let report = try Checker(options: configuration.checkOptions).check(.text(name: "stall.log", contents: text))
        XCTAssertEqual(report.scan.diagnostics.map(\.line), [1, 2, 3, nil])
        XCTAssertEqual(report.scan.diagnostics.last?.message, "7 more lines hit PCRE2's match limit")
    }
}
