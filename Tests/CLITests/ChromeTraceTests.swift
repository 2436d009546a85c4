import Foundation
import XCTest

/// `--format chrome-trace` is the Trace Event format: held to its rules for every phase used,
/// on every sample log, and to what the timeline holds.
final class ChromeTraceTests: XCTestCase {
    func testEverySampleIsAValidTraceOfItsTimeline() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: CLITests.root.appendingPathComponent("SampleLogs").path)
            .filter { $0.hasSuffix(".log") }.sorted().map { "SampleLogs/\($0)" }
        let result = try CLITests.run(["report", "--format", "chrome-trace"] + samples)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["displayTimeUnit"] as? String, "ms")
        let events = try XCTUnwrap(document["traceEvents"] as? [[String: Any]])
        var processNames: Set<Int> = [], trackNames: Set<[Int]> = []
        for event in events {
            let phase = try XCTUnwrap(event["ph"] as? String)
            XCTAssertTrue(["M", "X", "i"].contains(phase), "\(event)")
            XCTAssertNotNil(event["name"] as? String)
            let pid = try XCTUnwrap(event["pid"] as? Int), tid = try XCTUnwrap(event["tid"] as? Int)
            switch phase {
            case "M":
                XCTAssertNotNil((event["args"] as? [String: Any])?["name"] as? String, "metadata names its process or track")
                if event["name"] as? String == "process_name" { processNames.insert(pid) } else { trackNames.insert([pid, tid]) }
                XCTAssertNil(event["ts"])
            case "X":
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(event["ts"] as? Double), 0)
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(event["dur"] as? Double), 0)
                XCTAssertTrue(["connecting", "unknown", "foregroundInactive", "foregroundActive", "background", "unattached"]
                    .contains(event["name"] as? String ?? ""), "\(event)")
            default:
                XCTAssertNotNil(event["ts"] as? Double)
                XCTAssertEqual(event["s"] as? String, "t", "an instant on its track")
                XCTAssertNotNil((event["args"] as? [String: Any])?["line"] as? String)
            }
        }
        for event in events where event["ph"] as? String != "M" {
            let pid = event["pid"] as? Int ?? -1, tid = event["tid"] as? Int ?? -1
            XCTAssertTrue(processNames.contains(pid) && trackNames.contains([pid, tid]), "every slice and instant is on a named track: \(event)")
        }
        let findings = events.filter { $0["cat"] as? String == "finding" }
        XCTAssertTrue(findings.contains { ($0["name"] as? String) == "error: resign_before_background"
            && (($0["args"] as? [String: Any])?["line"] as? String) == "11" }, "findings on their own track")
        XCTAssertEqual(result.status, 1, "the status follows the findings, whatever the format")
    }
}
