import Foundation
import XCTest

/// `--format html` is one self-contained page, checked in a real browser (headless Chromium,
/// which `make test` installs): lanes, markers, the popover a marker opens, nothing injected
/// by a capture runs. Screenshots go to .build/html-screenshots/.
final class HTMLReportTests: XCTestCase {
    static let injected = "2026-03-14 09:27:12.500 Ledger[912:40211] <script>document.title='pwned'</script> -[SceneDelegate sceneDidEnterBackground:]"

    private func page() throws -> (html: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let hostile = directory.appendingPathComponent("hostile.log")
        try ("""
            2026-03-14 09:27:12.100 Ledger[912:40211] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.200 Ledger[912:40211] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.300 Ledger[912:40211] -[SceneDelegate sceneDidBecomeActive:]
            \(Self.injected)

            """).write(to: hostile, atomically: true, encoding: .utf8)
        let result = try CLITests.run(["report", "--format", "html", "SampleLogs/rule-resign_before_background.log",
                                       "SampleLogs/ipad-two-delegate-classes.log", hostile.path])
        XCTAssertEqual(result.status, 1)
        return (result.stdout, directory)
    }

    func testThePageIsSelfContainedAndEscapesTheCapture() throws {
        let (html, directory) = try page()
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertFalse(html.contains("<script>document.title"), "a capture's text is never markup")
        XCTAssertTrue(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
        for external in ["http://", "https://", "src=\"", "<link"] { XCTAssertFalse(html.contains(external), "nothing fetched: \(external)") }
        XCTAssertEqual(html.components(separatedBy: "<svg class=\"lanes\"").count - 1, 3, "a picture per capture")
    }

    func testTheBrowserDrawsLanesAndMarkersAndOpensAPopover() throws {
        guard let browser = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(Self.which).first else {
            throw XCTSkip("no Chromium or Chrome on this machine (make test installs it where apt-get can)")
        }
        let (html, directory) = try page()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("report.html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        // The failing capture's only finding: its marker's popover opened through the URL.
        let dom = try Self.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000", "--dump-dom",
                                         file.absoluteString + "#open-marker-1-1"])
        XCTAssertTrue(dom.contains("<title>tracecheck report</title>"), "the capture's script did not run")
        XCTAssertEqual(dom.components(separatedBy: "class=\"lane\"").count - 1, 5, "a lane per scene, and the app delegate's where it logs")
        XCTAssertEqual(dom.components(separatedBy: "class=\"marker severity-").count - 1, 1, "a marker per finding")
        XCTAssertTrue(dom.contains("<div id=\"popover\" role=\"dialog\" class=\"open\">"), "the popover is open")
        XCTAssertTrue(dom.contains("<p id=\"popover-message\">scene.didEnterBackground while the scene was foreground-active"), dom)
        XCTAssertTrue(dom.contains("UIKit can disconnect") || dom.contains("id=\"popover-explanation\">"), "with the rule's explanation")
        // Screenshots to look at.
        let shots = CLITests.root.appendingPathComponent(".build/html-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        _ = try Self.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,1100",
                                   "--screenshot=\(shots.appendingPathComponent("report.png").path)", file.absoluteString + "#open-marker-1-1"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: shots.appendingPathComponent("report.png").path))
    }

    static func which(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
