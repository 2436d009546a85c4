import Foundation
import XCTest

extension CLITests {
    /// A capture of 6,000 launches of one app (36,003 events): its runs that are over are
    /// judged as it is read and let go. The finding in its second run is still reported, in
    /// the terminal with its timeline, and the other runs are counted as not shown.
    func testALongCaptureLetsItsCleanRunsGoAndStillReportsTheirFindings() throws {
        var lines: [String] = []
        var skipped = 0
        let cycle = ["-[SceneDelegate sceneWillEnterForeground:]", "-[SceneDelegate sceneDidBecomeActive:]",
                     "-[SceneDelegate sceneWillResignActive:]", "-[SceneDelegate sceneDidEnterBackground:]"]
        for run in 0..<6_000 {
            let pid = 1_000 + run
            var callbacks = ["-[AppDelegate application:didFinishLaunchingWithOptions:]", "-[SceneDelegate scene:willConnectToSession:options:]"] + cycle
            // The second run comes back to the foreground and goes to the background with no willResignActive.
            if run == 1 { callbacks += cycle.filter { !$0.contains("ResignActive") } }
            for (index, callback) in callbacks.enumerated() {
                let time = String(format: "%02d:%02d:%02d.%06d", 9 + run / 3600, run / 60 % 60, run % 60, index * 1000)
                lines.append("2026-03-14 \(time)+0100 Fieldnotes[\(pid):\(pid * 10)] \(callback)")
            }
            if run == 1 { skipped = lines.count }
        }
        let capture = lines.joined(separator: "\n") + "\n"

        let jsonl = try run(["report", "--format", "jsonl", "-"], input: capture)
        let findings = jsonl.stdout.split(separator: "\n").filter { $0.contains("\"resign_before_background\"") }
        XCTAssertEqual(findings.count, 1, jsonl.stdout)
        XCTAssertTrue(findings.first?.contains("\"line\":\(skipped)") ?? false, "the finding is at line \(skipped): \(findings)")

        let terminal = try run(["report", "-"], input: capture)
        XCTAssertTrue(terminal.stdout.contains("36003 lifecycle events"), terminal.stdout)
        XCTAssertTrue(terminal.stdout.contains("Fieldnotes[1001]"), "the run with the finding keeps its timeline")
        XCTAssertFalse(terminal.stdout.contains("Fieldnotes[1002]"), "a clean run let go is not shown")
        XCTAssertTrue(terminal.stdout.contains("<stdin>:\(skipped):"), terminal.stdout)
        // The runs still held at the end are not shown either: only the one the finding is in.
        let runHeaders = terminal.stdout.split(separator: "\n").filter { $0.hasPrefix("  Fieldnotes[") }
        XCTAssertEqual(runHeaders.map { $0.prefix(18) }, ["  Fieldnotes[1001]"], terminal.stdout)
        // The runs let go and those held to the end, counted as one.
        XCTAssertTrue(terminal.stdout.contains("(5999 other run(s) without a finding; --timeline shows them)"), terminal.stdout)
        XCTAssertLessThan(terminal.stdout.split(separator: "\n").count, 40, terminal.stdout)
    }
}
