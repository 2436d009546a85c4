import Foundation
import XCTest

/// Live use: a capture piped from `log stream` that never ends on its own.
final class LiveInputTests: XCTestCase {
    /// Ctrl-C ends the input, not the run: what was read is checked and reported, with the
    /// summary and the exit status of its findings.
    func testInterruptEndsTheInputAndReportsWhatWasRead() throws {
        let process = Process()
        process.executableURL = try CLITests.executable()
        process.arguments = ["report", "--color", "never", "-"]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let sample = try Data(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"))
        input.fileHandleForWriting.write(sample)
        // The writer stays open, as `log stream` does; the reader waits in read(2) when signalled.
        Thread.sleep(forTimeInterval: 1.5)
        process.interrupt()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        XCTAssertEqual(process.terminationReason, .exit, "the signal does not kill it")
        XCTAssertEqual(process.terminationStatus, 1, "the error finding fails the run: \(stderr)")
        XCTAssertTrue(stdout.contains("[resign_before_background]"), stdout)
        XCTAssertTrue(stdout.contains("summary: 1 error"), stdout)
        XCTAssertTrue(stdout.contains("reading was interrupted after line 11"), stdout)
        XCTAssertTrue(stderr.contains("<stdin>: interrupted after line 11"), stderr)
    }
}
