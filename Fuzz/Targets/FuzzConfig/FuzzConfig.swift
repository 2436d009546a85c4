import FuzzSupport
@testable import TraceCheck

/// `.tracecheck.yml` as text: loading it (which compiles its patterns and runs its samples
/// and examples) either gives problems with lines or a configuration, which then checks a
/// small capture and describes its rules as `rules` and `explain` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let yaml = FuzzInput.text(UnsafeRawBufferPointer(start: data, count: size))
    let configuration: Configuration
    do {
        configuration = try ConfigurationLoader.load(yaml: yaml, path: "fuzz.yml")
    } catch {
        for problem in error.problems where problem.message.isEmpty { FuzzInput.fail("a problem without a message: \(problem)") }
        return 0
    }
    let capture = """
        2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]
        2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
        2026-03-14 09:27:12.300000+0100 Fieldnotes[4817:3120544] AnalyticsQueue flushed 12 events
        2026-03-14 09:27:13.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:]
        2026-03-14 09:27:13.900000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]

        """
    guard let report = try? Checker(options: configuration.checkOptions).check(.text(name: "capture.log", contents: capture)) else {
        FuzzInput.fail("a loaded configuration could not check a capture in memory")
    }
    let descriptions = RuleHelp.rules(configuration)
    _ = ReportFormat.terminal.reporter().render(RunResult(reports: [report], rules: descriptions))
    _ = RuleHelp.table(configuration)
    _ = RuleHelp.json(configuration)
    for description in descriptions { _ = RuleHelp.explanation(of: description, in: configuration) }
    return 0
}
