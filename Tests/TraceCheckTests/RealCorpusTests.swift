import Foundation
import XCTest
@testable import TraceCheck

/// The public captures in ../shared/corpus/real (never copied into the repository).
final class RealCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/real")

    private func capture(_ prefix: String) throws -> URL {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.path) else {
            throw XCTSkip("shared corpus not found at \(Self.corpus.path); a user's clone has none")
        }
        guard let name = names.first(where: { $0.hasPrefix(prefix) }) else { throw XCTSkip("no capture \(prefix)* in the corpus") }
        return Self.corpus.appendingPathComponent(name)
    }

    /// What the answer key (`expected.json`, written by hand from the captures and the spec)
    /// says of one capture, and what tracecheck made of it, in the same terms.
    struct Reading: Equatable, CustomStringConvertible {
        /// Expected lines not read as events, and lines read that the key does not list.
        var missed: [Int] = []
        var extra: [Int] = []
        /// UIKit's account as `line:transition`, what the key's `uikit_lines` hold, when it
        /// differs from the key (empty when they agree).
        var uikit: [String] = []
        /// `clean` (no error or warning), `warnings`, `errors at …`, or `nothing read`.
        var verdict = ""

        var description: String { "missed \(missed), extra \(extra), uikit \(uikit), \(verdict)" }
    }

    static func verdict(_ report: CaptureReport) -> String {
        if report.findings.contains(where: { $0.rule == NoLifecycleEventsRule.description.id }) { return "nothing read" }
        let errors = report.findings.filter { $0.severity == .error }.map(\.line)
        if !errors.isEmpty { return "errors at \(errors)" }
        return report.findings.contains { $0.severity == .warning } ? "warnings" : "clean"
    }

    static func expectedVerdict(_ entry: [String: Any]) -> String {
        switch entry["verdict"] as? String {
        case "nothing_to_check": "nothing read"
        case "finding_at": "errors at \((entry["finding_lines"] as? [Int]) ?? [])"
        case "warnings": "warnings"
        default: "clean"
        }
    }

    /// Where tracecheck does not (yet) read a capture as the answer key does, with the reason.
    /// The test holds every other capture to the key exactly, and these to what is written
    /// here, so that a change in either direction is seen.
    static let knownDifferences: [String: (Reading, String)] = [
        "66": (Reading(verdict: "clean"), "disagreement: as 67, UIKit's K7 message (read here though quoted with backticks) is info by the spec"),
        "67": (Reading(verdict: "clean"), "disagreement: the spec gives UIKit's K6 message the severity info (legacy_lifecycle_warning), the key counts it as a warning"),
        "69": (Reading(verdict: "clean"), "disagreement: as 67, UIKit's K6 message is info by the spec"),
    ]

    func testEveryCaptureIsReadAsTheAnswerKeySays() throws {
        let keyFile = Self.corpus.appendingPathComponent("expected.json")
        guard let data = FileManager.default.contents(atPath: keyFile.path) else {
            throw XCTSkip("shared corpus not found at \(Self.corpus.path); a user's clone has none")
        }
        let key = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        var agreeing = 0
        for name in key.keys.sorted() {
            let entry = key[name] ?? [:]
            let report = try Checker().check(.file(Self.corpus.appendingPathComponent(name).path))
            let warnings = (entry["warning_lines"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int }
            let expected = Set((entry["event_lines"] as? [Int] ?? []) + warnings)
            // The key lists the app's own lines and UIKit's account; the system's lines about the
            // app (SpringBoard's, in 69) it calls hints, so they are left out of both.
            let read = Set(report.events.filter { !$0.id.isOutsideAccount }.map(\.line))
            // The key names the launch `launch`, the rest as the callbacks they match.
            let account = report.events.filter { $0.id.isUIKitAccount && !$0.id.isIdentityHint }
                .map { "\($0.line):\($0.id == .uikitAppLaunched ? "launch" : String($0.id.member))" }
            let expectedAccount = (entry["uikit_lines"] as? [[String: Any]] ?? []).map { "\($0["line"] as? Int ?? 0):\($0["transition"] as? String ?? "")" }
            let got = Reading(missed: expected.subtracting(read).sorted(), extra: read.subtracting(expected).sorted(),
                              uikit: account == expectedAccount ? [] : account, verdict: Self.verdict(report))
            if let (known, reason) = Self.knownDifferences[String(name.prefix(2))] {
                XCTAssertEqual(got, known, "\(name): \(reason)")
            } else {
                XCTAssertEqual(got, Reading(verdict: Self.expectedVerdict(entry)), name)
                agreeing += 1
            }
        }
        XCTAssertGreaterThan(agreeing, 0)
    }

    /// The format each capture is in, by its PROVENANCE entry, with the harness prefix it carries.
    static let expectedFormats: [String: String] = [
        "03": "xcode-console", "04": "xcode-console", "05": "console-app", "07": "xcode-console", "08": "xcode-console",
        "09": "idevicesyslog+grep-n", "10": "idevicesyslog", "12": "console-app", "13": "log-compact+appium",
        "15": "console-app", "16": "idevicesyslog+appium", "17": "console-app", "18": "console-app", "20": "xcode-console",
        "22": "app-logger", "23": "plain", "24": "plain", "25": "console-app", "27": "plain+flutter-run", "29": "plain", "31": "plain",
    ]

    func testEveryCaptureIsDetectedInItsFormatWithNoRecordLeftUnparsed() throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.path) else {
            throw XCTSkip("shared corpus not found at \(Self.corpus.path); a user's clone has none")
        }
        // Captures 61–84 came with the answer key (expected.json), which holds what is read of
        // them; this table covers the captures whose format PROVENANCE settled before it.
        let tabled = names.filter { $0.hasSuffix(".log") && Self.expectedFormats[String($0.prefix(2))] != nil }.sorted()
        XCTAssertEqual(tabled.count, Self.expectedFormats.count, "every capture of the table is in the corpus")
        for name in tabled {
            let report = try Checker().check(.file(Self.corpus.appendingPathComponent(name).path))
            let detected = report.scan.format + (report.scan.decoration.map { "+" + $0 } ?? "")
            XCTAssertEqual(detected, Self.expectedFormats[String(name.prefix(2))], name)
            let unread = report.health.filter { [.unparsedRecords, .malformedEntries, .mixedFormats].contains($0.kind) }
            XCTAssertEqual(unread.map(\.message), [], name)
        }
    }

    /// PROVENANCE: 25 starts mid-record and every entry appears twice; 13's timestamps are not monotonic;
    /// 16 interleaves Appium's own lines with the device rows.
    func testCaptureHealthMatchesWhatProvenanceSays() throws {
        // Captures are found first: a skip thrown inside an assertion would count as a failure.
        let captures = try ["25_", "13_", "16_", "08_"].map { try capture($0) }
        let health = try captures.map { try Checker().check(.file($0.path)).health.map(\.kind) }
        XCTAssertEqual(health, [[.startsMidRecord, .doubledRows], [.decorated, .outOfOrderTimestamps],
                                [.decorated, .harnessLines], []])
    }

    func testUIKitSceneConfigurationWarningIsReportedOnceWithItsCount() throws {
        let report = try Checker().check(.file(try capture("20_").path))
        XCTAssertEqual(report.findings.map(\.rule), ["no_scene_manifest"])
        XCTAssertEqual(report.findings.first?.line, 1)
        XCTAssertTrue(report.findings.first?.message.hasSuffix("(logged 5 times)") ?? false)
    }

    func testEventsOfThePreviewCaptureAreExtractedExactly() throws {
        let report = try Checker().check(.file(try capture("07_").path))
        XCTAssertEqual(report.events.map(\.line), [1, 2, 3, 5, 6])
        XCTAssertEqual(report.events.map(\.id), [
            .appDidFinishLaunching, .appConfigurationForConnecting, .sceneWillConnect, .sceneWillEnterForeground, .sceneDidBecomeActive,
        ])
        XCTAssertEqual(report.timeline.epochs.count, 1)
        XCTAssertEqual(report.timeline.epochs.first?.pid, 70945, "print lines join the process of the NSLog lines after them")
        XCTAssertEqual(report.timeline.epochs.first?.mode, .scene)
    }

    func testEventsOfTheSwipeKillCaptureAreExtractedExactly() throws {
        let report = try Checker().check(.file(try capture("31_").path))
        XCTAssertEqual(report.events.map(\.line), [1, 2])
        XCTAssertEqual(report.events.map(\.id), [.sceneDidDisconnect, .appDidDiscardSceneSessions])
        XCTAssertEqual(report.timeline.epochs.first?.connections.first?.origin, .preExisting,
                       "the capture starts mid-session, so the scene was connected before it")
        XCTAssertTrue(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }

    func testLegacyFullCycleIsCleanAndLegacy() throws {
        let report = try Checker().check(.file(try capture("08_").path))
        XCTAssertEqual(report.timeline.epochs.first?.mode, .legacy)
        XCTAssertEqual(report.timeline.epochs.first?.appTimeline?.steps.map(\.after),
                       [.foregroundInactive, .foregroundActive, .foregroundInactive, .background, .foregroundInactive, .foregroundActive])
        XCTAssertTrue(report.findings.isEmpty)
    }
}
