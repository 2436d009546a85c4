import Foundation
import XCTest

/// Live use: a capture piped from `log stream` that never ends on its own.
final class LiveInputTests: XCTestCase {
    /// Ctrl-C ends the input, not the run: what was read is checked and reported, with the
    /// summary and the exit status of its findings.
    func testInterruptEndsTheInputAndReportsWhatWasRead() throws {
        let (process, input, out, err) = try CLITests.process(["report", "--color", "never", "-"])
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

    /// Output read as it comes, for waiting on a line while the writer is still open.
    final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        private let pipe: Pipe

        init(_ pipe: Pipe) {
            self.pipe = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self else { return }
                lock.lock()
                text += String(decoding: data, as: UTF8.self)
                lock.unlock()
            }
        }

        var current: String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }

        /// Waits up to `seconds` for `fragment`; whether it came.
        func wait(for fragment: String, seconds: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if current.contains(fragment) { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return current.contains(fragment)
        }

        /// Everything written, once the program has exited: what arrived, then the rest.
        func all() -> String {
            pipe.fileHandleForReading.readabilityHandler = nil
            return current + String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    /// A capture file to follow, in a folder of its own that `body` may add to, holding the
    /// first `count` lines of `SampleLogs/rule-resign_before_background.log`; and all its lines.
    static func followedCapture(firstLines count: Int, _ body: (_ capture: URL, _ lines: [String]) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let capture = directory.appendingPathComponent("live.log")
        let lines = try String(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"), encoding: .utf8)
            .split(separator: "\n").map { String($0) + "\n" }
        try lines[0..<count].joined().write(to: capture, atomically: false, encoding: .utf8)
        try body(capture, lines)
    }

    /// Appends `text` to the file at `url`, as a logger does.
    static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// A finding is written as soon as it is decided, while the writer is still writing:
    /// `(cat a.log; sleep 5; cat b.log) | tracecheck report --format jsonl -` shows a.log's
    /// finding before b.log is written. It is not written again at the end.
    func testAFindingArrivesWhileTheWriterIsStillWriting() throws {
        let markers = ["jsonl": "\"rule\":\"resign_before_background\"", "github": "title=tracecheck resign_before_background",
                       "teamcity": "##teamcity[inspection typeId='resign_before_background'", "terminal": "[resign_before_background]"]
        for (format, marker) in markers.sorted(by: { $0.key < $1.key }) {
            let (process, input, out, err) = try CLITests.process(["report", "--format", format, "--color", "never", "-"])
            process.standardError = err
            let arrivals = Arrivals(out)
            try process.run()
            let sample = try Data(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log"))
            input.fileHandleForWriting.write(sample)
            // The writer stays open: only a finding told early can arrive now.
            XCTAssertTrue(arrivals.wait(for: marker), "\(format): no finding while the writer is open: \(arrivals.current)")
            XCTAssertFalse(arrivals.current.contains("summary:"), "the capture is not over: \(arrivals.current)")
            input.fileHandleForWriting.write(Data("sceneWillEnterForeground(_:)\n".utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            let stdout = arrivals.all()
            XCTAssertEqual(process.terminationStatus, 1, format)
            XCTAssertEqual(stdout.components(separatedBy: marker).count - 1, 1,
                           "\(format): told once, not again at the end: \(stdout)")
            if format == "terminal" {
                XCTAssertTrue(stdout.contains("1 finding shown above as it was decided"), stdout)
                XCTAssertTrue(stdout.contains("summary: 1 error"), stdout)
            }
        }
    }

    /// Under GitHub Actions the annotations come after the terminal's report, whole: a finding
    /// the terminal told while the capture was read is annotated too.
    func testAnExtraReportHasTheFindingsTheMainOutputToldEarly() throws {
        let (process, input, out, err) = try CLITests.process(["report", "--color", "never", "-"], environment: ["GITHUB_ACTIONS": "true"])
        process.standardError = err
        let arrivals = Arrivals(out)
        try process.run()
        input.fileHandleForWriting.write(try Data(contentsOf: CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log")))
        XCTAssertTrue(arrivals.wait(for: "[resign_before_background]"), arrivals.current)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let stdout = arrivals.all()
        XCTAssertTrue(stdout.contains("::error file=<stdin>,line=11,title=tracecheck resign_before_background::"), stdout)
    }

    /// A followed file tells its findings as they are appended, before Ctrl-C ends the read.
    func testAFollowedFileTellsAFindingAsItIsAppended() throws {
        try Self.followedCapture(firstLines: 5) { capture, lines in
            let (process, _, out, _) = try CLITests.process(["report", "--format", "jsonl", "--follow", capture.path])
            process.standardError = FileHandle.nullDevice
            let arrivals = Arrivals(out)
            try process.run()
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertEqual(arrivals.current, "", "nothing is wrong in the first lines")
            try Self.append(lines[5...].joined(), to: capture)
            XCTAssertTrue(arrivals.wait(for: "\"line\":11"), "the finding at line 11 while the file is followed: \(arrivals.current)")
            process.interrupt()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 1)
            let stdout = arrivals.all()
            XCTAssertEqual(stdout.components(separatedBy: "\"rule\":\"resign_before_background\"").count - 1, 1, stdout)
        }
    }

    /// `--follow` reads what is appended, and a file cut short or replaced from its start,
    /// until Ctrl-C.
    func testFollowReadsAppendedTruncatedAndRotatedFiles() throws {
        try Self.followedCapture(firstLines: 3) { capture, lines in
            let (process, _, out, _) = try CLITests.process(["report", "--color", "never", "--timeline", "--follow", capture.path])
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 0.8)
            try Self.append(lines[3..<5].joined(), to: capture)
            Thread.sleep(forTimeInterval: 0.8)
            // Truncated, then written again from its start.
            try Data().write(to: capture)
            Thread.sleep(forTimeInterval: 0.8)
            try Self.append(lines[0..<2].joined(), to: capture)
            Thread.sleep(forTimeInterval: 0.8)
            // Rotated: a new file under the name.
            let rotated = capture.deletingLastPathComponent().appendingPathComponent("new.log")
            try lines[0..<11].joined().write(to: rotated, atomically: false, encoding: .utf8)
            try FileManager.default.removeItem(at: capture)
            try FileManager.default.moveItem(at: rotated, to: capture)
            Thread.sleep(forTimeInterval: 0.8)
            process.interrupt()
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertTrue(stdout.contains("live.log — clean, 14 events\n  plain, 18 lines"), "3 + 2, then 2 after the truncation, then 11 of the new file: \(stdout)")
            XCTAssertTrue(stdout.contains("reading was interrupted after line 18"), stdout)
            XCTAssertEqual(process.terminationReason, .exit)
        }
    }

    func testFollowTakesOneFile() throws {
        let result = try CLITests.run(["report", "--follow", "-"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--follow takes one capture file"), result.stderr)
    }

    /// Standard output that cannot be written is data lost: a message and 73. A reader that
    /// stops early (`| head`) is not an error.
    func testAnUnwritableStandardOutputIsAnError() throws {
        let (process, _, _, err) = try CLITests.process(["report", "SampleLogs/clean-launch-background-foreground-kill.log"])
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 73)
        XCTAssertTrue(stderr.contains("tracecheck: error: cannot write standard output: "), stderr)
        // `-j1`, `-j 1` and `--jobs=1` are the same option.
        for jobs in [["-j1"], ["-j", "1"], ["--jobs=1"]] {
            XCTAssertEqual(try CLITests.run(["report"] + jobs + ["SampleLogs/clean-launch-background-foreground-kill.log"]).status, 0, "\(jobs)")
        }
    }
}
