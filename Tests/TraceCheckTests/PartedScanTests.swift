import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// A file read by several threads must give exactly what one thread gives: events and their
/// lines, process marks, health, diagnostics and statistics. Parts are made tiny here so that
/// small captures are cut in many places, including next to the facts that cross a cut.
final class PartedScanTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-parted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func compare(_ text: String, name: String, parts: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try CaptureScanner().scan(.file(path))
        XCTAssertFalse(whole.stream.events.isEmpty, "\(name) holds events", file: file, line: line)
        for count in parts {
            var options = ScanOptions()
            options.threadsPerFile = count
            options.minimumPartBytes = max(1, text.utf8.count / (count + 1))
            let plan = PartedScan.plan(path: path, parts: count, options: options, reader: LineReader())
            XCTAssertEqual(plan?.ranges.count, count, "\(name) is cut in \(count)", file: file, line: line)
            let parted = try CaptureScanner(options: options).scan(.file(path))
            XCTAssertEqual(parted.comparableFacts, whole.comparableFacts, "\(name) in \(count) parts", file: file, line: line)
        }
    }

    func testGeneratedCapturesInEveryLineFormat() throws {
        var generator = BenchmarkStory(seed: 5)
        let story = generator.next(6000)
        for format in CaptureRenderer.formats where format != "log-json" {
            try compare(CaptureRenderer.render(story, as: format), name: "\(format).log", parts: [2, 3, 7])
        }
    }

    /// A generated console cut in `parts` and read by `threads` threads, whose workers
    /// `startThread` starts or not: the whole read's facts, the parted read's, and how many
    /// workers were asked for.
    private func readInParts(seed: UInt64, threads: Int, parts: Int, startThread: (@escaping @Sendable () -> Void) -> Bool) throws
        -> (whole: [String], parted: [String], started: Int) {
        var generator = BenchmarkStory(seed: seed)
        let text = CaptureRenderer.render(generator.next(3000), as: "xcode-console")
        let path = directory.appendingPathComponent("parts-\(seed).log").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try CaptureScanner().scan(.file(path))
        XCTAssertFalse(whole.stream.events.isEmpty)
        var options = ScanOptions()
        options.threadsPerFile = threads
        options.minimumPartBytes = max(1, text.utf8.count / (parts + 1))
        let plan = try XCTUnwrap(PartedScan.plan(path: path, parts: parts, options: options, reader: LineReader()))
        XCTAssertEqual(plan.ranges.count, parts)
        var started = 0
        let parted = try plan.scan(options: options, reader: LineReader(), catalog: .shared, startThread: { body in
            started += 1
            return startThread(body)
        })
        return (whole.comparableFacts, parted.comparableFacts, started)
    }

    /// Where the system starts no thread, the joining thread reads each part itself and
    /// gets the facts of a whole read.
    func testThePartsAreReadWithoutThreadsWhereNoneStarts() throws {
        let read = try readInParts(seed: 11, threads: 2, parts: 3) { _ in false }
        XCTAssertEqual(read.started, 1, "a start was asked for each thread besides the joining one")
        XCTAssertEqual(read.parted, read.whole)
    }

    /// Workers that begin a while after they were started (a thread the system starts late;
    /// here half a second, when the joining thread has most likely read every part itself)
    /// take what is left, or nothing: the read is the whole read's, and it ends.
    func testPartsAWorkerHasNotClaimedAreReadByTheJoiningThread() throws {
        let read = try readInParts(seed: 12, threads: 3, parts: 4) { body in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.5, execute: body)
            return true
        }
        XCTAssertEqual(read.started, 2, "a start was asked for each thread besides the joining one")
        XCTAssertEqual(read.parted, read.whole)
    }

    /// Health facts everywhere, so that some fall next to a cut: timestamps going back,
    /// a device disconnect, CRLF lines, another format's lines, a NUL byte, continuation lines.
    func testHealthFactsNextToTheCuts() throws {
        var lines: [String] = []
        for index in 0..<400 {
            let second = String(format: "%02d", 10 + index % 40)
            let stamp = index % 37 == 0 ? "09" : second
            lines.append("Apr  2 10:15:\(stamp).100000 Fieldnotes(Foundation)[4817] <Notice>: filler line \(index) with some text")
            if index % 50 == 10 { lines.append("Apr  2 10:15:\(second).200000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillResignActive:]") }
            if index % 50 == 11 { lines.append("Apr  2 10:15:\(second).300000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidEnterBackground:]") }
            if index % 50 == 30 { lines.append("Apr  2 10:15:\(second).400000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]\r") }
            if index % 50 == 31 { lines.append("Apr  2 10:15:\(second).500000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidBecomeActive:]") }
            if index % 97 == 3 { lines += ["[disconnected:00008030-001A2D3E0C41802E]", "[connected:00008030-001A2D3E0C41802E]"] }
            if index % 61 == 7 { lines.append("2026-04-02 10:15:\(second).600000+0200 Atlas[2210:2863604] -[SceneDelegate sceneDidBecomeActive:]") }
            if index == 222 { lines.append("Apr  2 10:15:40.700000 Fieldnotes(Foundation)[4817] <Notice>: nul \u{0} byte") }
        }
        try compare(lines.joined(separator: "\n") + "\n", name: "health.log", parts: [2, 5, 11])
    }

    /// A part numbers its lines from its own start and is renumbered where it is joined
    /// (`ScanSession.shiftLines`), so every fact that holds a line must be renumbered with it.
    /// A report shows most facts at their first line only: each capture here holds its fact
    /// first in a later part, some right at a cut. Its records have one width, so that a
    /// record rewritten leaves the cuts where they were.
    func testFactsFirstSeenAfterTheFirstCut() throws {
        let width = 120
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + Array(repeating: 32, count: max(0, width - bytes.count)) }
        func syslog(_ index: Int, _ message: String, back: Bool = false) -> [UInt8] {
            let micros = 10_000_000 + index * 1_000 - (back ? 1_000_000 : 0)
            let stamp = String(format: "%02d.%06d", micros / 1_000_000, micros % 1_000_000)
            return padded(Array("Apr  2 10:15:\(stamp) Fieldnotes(Foundation)[4817] <Notice>: \(message)".utf8))
        }
        func syslogCapture(_ name: String, options: ScanOptions = ScanOptions(), reader: LineReader = LineReader(),
                           rewrite: (inout [[UInt8]], _ cuts: [Int]) -> Void) throws -> (whole: ScannedCapture, cut: Int) {
            try compareAfterCuts(name, width: width, options: options, reader: reader, line: { syslog($0, "\($0) filler") },
                                 events: { syslog($0, "-[SceneDelegate \($1)]") }, rewrite: rewrite)
        }
        func firstLine(_ kind: HealthIssue.Kind, _ capture: ScannedCapture) -> Int { capture.health.first { $0.kind == kind }?.line ?? 0 }
        func firstLine(_ diagnostic: String, _ capture: ScannedCapture) -> Int {
            capture.diagnostics.first { $0.message.contains(diagnostic) }?.line ?? 0
        }

        // A part's first record earlier than the record before the cut.
        var (whole, cut) = try syslogCapture("back.log") { lines, cuts in lines[cuts[1] - 1] = syslog(cuts[1] - 1, "filler", back: true) }
        XCTAssertGreaterThan(firstLine(.outOfOrderTimestamps, whole), cut)
        // A copied row: one the cut parts from its copy, and one right after the cut.
        for (name, from) in [("pair-across.log", -2), ("pair-after.log", -1)] {
            (whole, cut) = try syslogCapture(name) { lines, cuts in
                for index in (cuts[0] + from)..<lines.count { lines[index] = syslog(index, "\((index - cuts[0] - from) / 2) row") }
            }
            XCTAssertGreaterThanOrEqual(firstLine(.doubledRows, whole), cut, name)
        }
        // A record that does not parse, another format's record, a redacted event.
        (whole, cut) = try syslogCapture("suspect.log") { lines, cuts in lines[cuts[0] + 2] = padded(Array("Apr  2 10:15:10.5 Fieldnotes".utf8)) }
        XCTAssertGreaterThan(firstLine(.unparsedRecords, whole), cut)
        (whole, cut) = try syslogCapture("mixed.log") { lines, cuts in
            lines[cuts[1] + 1] = padded(Array("2026-04-02 10:15:40.600000+0200 Atlas[2210:2863604] filler".utf8))
        }
        XCTAssertGreaterThan(firstLine(.mixedFormats, whole), cut)
        (whole, cut) = try syslogCapture("redacted.log") { lines, cuts in
            lines[cuts[0] + 3] = syslog(cuts[0] + 3, "-[SceneDelegate sceneWillResignActive:] <private>")
            lines[cuts[1] + 3] = syslog(cuts[1] + 3, "-[SceneDelegate sceneDidEnterBackground:] <private>")
        }
        XCTAssertEqual(whole.health.first { $0.kind == .redacted }?.weakRanges.count, 2)
        XCTAssertGreaterThan(firstLine(.redacted, whole), cut)
        // An event with invalid UTF-8; a line longer than the reader examines.
        (whole, cut) = try syslogCapture("repaired.log") { lines, cuts in
            lines[cuts[1] + 2] = syslog(cuts[1] + 2, "-[SceneDelegate sceneWillResignActive:] \u{1}").map { $0 == 1 ? 0xFF : $0 }
        }
        XCTAssertGreaterThan(firstLine("invalid UTF-8", whole), cut)
        // (Longer than the reader's buffer holds, so cut wherever the buffer is.)
        (whole, cut) = try syslogCapture("overlong.log", reader: LineReader(chunkSize: 256, maximumLineLength: 200)) { lines, cuts in
            // One record four records longer, four fewer: the file keeps its size, so the cuts stay.
            lines[cuts[1] + 2] = syslog(cuts[1] + 2, "long") + Array(repeating: UInt8(ascii: "g"), count: 4 * (width + 1))
            lines.removeSubrange((cuts[1] + 3)..<(cuts[1] + 7))
        }
        XCTAssertGreaterThan(firstLine("bytes long", whole), cut)
        // A configured pattern over PCRE2's match limit, and one over its time budget.
        let configuration = try ConfigurationLoader.load(yaml: """
            events:
              - name: sync.stall
                pattern: 'stall (x+x+)+y'
                samples: ["stall xxy"]
            """, path: "t.yml")
        var options = configuration.checkOptions.scan
        let stall = "stall " + String(repeating: "x", count: 40) + " z y"
        for (name, budget) in [("limit.log", options.patternBudget), ("budget.log", 1e-9)] {
            options.patternBudget = budget
            (whole, cut) = try syslogCapture(name, options: options) { lines, cuts in
                for index in (cuts[1] + 1)...(cuts[1] + 4) { lines[index] = syslog(index, stall) }
            }
            XCTAssertGreaterThan(firstLine("match limit", whole), cut, name)
        }
        XCTAssertGreaterThan(firstLine(.patternSwitchedOff, whole), cut, "\(whole.health.map(\.message))")
        // A JSON entry that does not parse.
        func json(_ index: Int, _ message: String) -> [UInt8] {
            let stamp = String(format: "%02d.%06d", 10 + index / 1_000, index % 1_000 * 1_000)
            let message = message + String(repeating: " ", count: max(0, 60 - message.count))
            return Array(("{\"timestamp\":\"2026-04-02 10:15:\(stamp)+0200\",\"threadID\":2863604,\"eventMessage\":\"\(message)\","
                          + "\"messageType\":\"Default\",\"eventType\":\"logEvent\",\"processID\":4817}").utf8)
        }
        let jsonWidth = json(0, "").count
        (whole, cut) = try compareAfterCuts("malformed.log", width: jsonWidth, line: { json($0, "filler \($0)") },
                                            events: { json($0, "-[SceneDelegate \($1)]") }) { lines, cuts in
            lines[cuts[1] + 1] = json(cuts[1] + 1, "broken").dropLast() + [32]
        }
        XCTAssertEqual(whole.format, "log-ndjson")
        XCTAssertGreaterThan(firstLine(.malformedEntries, whole), cut)
    }

    /// A capture of 600 records of `width` bytes, three lifecycle events among the first, cut
    /// in three; `rewrite` then changes records after the cuts (given as the line numbers the
    /// parts after the first begin at) without moving them. The parts are held to the whole
    /// read, which is returned with the first cut.
    private func compareAfterCuts(_ name: String, width: Int, options: ScanOptions = ScanOptions(), reader: LineReader = LineReader(),
                                  line: (Int) -> [UInt8], events: (Int, String) -> [UInt8],
                                  rewrite: (inout [[UInt8]], _ cuts: [Int]) -> Void,
                                  file: StaticString = #filePath, sourceLine: UInt = #line) throws -> (whole: ScannedCapture, cut: Int) {
        let path = directory.appendingPathComponent(name).path
        var lines = (0..<600).map(line)
        // Apart: padded to one width, two events in a row would read as a message repeated.
        for (index, event) in zip([3, 6, 9], ["scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:"]) {
            lines[index] = events(index, event)
        }
        XCTAssertEqual(Set(lines.map(\.count)), [width], "\(name): records of one width", file: file, line: sourceLine)
        var partOptions = options
        partOptions.threadsPerFile = 3
        partOptions.minimumPartBytes = max(1, lines.count * (width + 1) / 4)
        func write() throws -> [Int]? {
            try Data(lines.flatMap { $0 + [10] }).write(to: URL(fileURLWithPath: path))
            return PartedScan.plan(path: path, parts: 3, options: partOptions, reader: reader)?.ranges.dropFirst().map(\.lowerBound)
        }
        let offsets = try XCTUnwrap(try write(), "\(name) is cut", file: file, line: sourceLine)
        XCTAssertEqual(offsets.count, 2, file: file, line: sourceLine)
        XCTAssertTrue(offsets.allSatisfy { $0 % (width + 1) == 0 }, file: file, line: sourceLine)
        let cuts = offsets.map { $0 / (width + 1) + 1 }
        rewrite(&lines, cuts)
        XCTAssertEqual(try write(), offsets, "\(name): the rewrite leaves the cuts where they were", file: file, line: sourceLine)
        let whole = try CaptureScanner(options: options, reader: reader).scan(.file(path))
        let parted = try CaptureScanner(options: partOptions, reader: reader).scan(.file(path))
        XCTAssertEqual(parted.comparableFacts, whole.comparableFacts, "\(name) in 3 parts", file: file, line: sourceLine)
        return (whole, cuts[0])
    }

    /// Two apps (and an extension) logging in turn, with events of each and prints between:
    /// the marks kept between two events are the first of each process and the last, in
    /// the whole file and across every cut alike, and they stay few however long the run.
    func testProcessesLoggingInTurn() throws {
        var lines: [String] = []
        let processes = [("Fieldnotes", 4817), ("FieldnotesWidget", 5120), ("Atlas", 2210)]
        for index in 0..<3000 {
            let (name, pid) = processes[index % 7 == 0 ? 2 : index % 2]
            let stamp = String(format: "10:%02d:%02d.%06d", index / 3600 % 60, index / 60 % 60, index % 1000 * 1000)
            lines.append("2026-04-02 \(stamp)+0200 \(name)[\(pid):2863604] syncing item \(index)")
            if index % 400 == 5 { lines.append("2026-04-02 \(stamp)+0200 \(name)[\(pid):2863604] -[SceneDelegate sceneWillResignActive:]") }
            if index % 400 == 9 { lines.append("2026-04-02 \(stamp)+0200 \(name)[\(pid):2863604] -[SceneDelegate sceneDidEnterBackground:]") }
            if index % 400 == 200 { lines.append("sceneWillEnterForeground(_:)") }
            if index % 400 == 201 { lines.append("sceneDidBecomeActive(_:)") }
        }
        let text = lines.joined(separator: "\n") + "\n"
        try compare(text, name: "in-turn.log", parts: [2, 3, 5, 9])

        let scan = try CaptureScanner().scan(.text(name: "in-turn.log", contents: text))
        XCTAssertEqual(scan.stream.events.count, 30)
        XCTAssertLessThanOrEqual(scan.stream.processMarks.count, scan.stream.events.count + processes.count + 1,
                                 "a mark per event and one per process at most, not one per process per event")
    }

    /// A device log of many apps logging in turn, one of them with a lifecycle: the parts'
    /// marks join as the whole read keeps them, though a process a part marks first was
    /// marked by the part before, and the marks do not grow with the apps between events.
    func testManyAppsLoggingInTurn() throws {
        var plan = BenchmarkStory.Plan()
        plan.otherApps = 40
        plan.lifecyclePerMille = 40
        plan.cyclesPerLaunch = 2..<6
        var generator = BenchmarkStory(seed: 23, plan: plan)
        let story = generator.next(12_000)
        for format in ["log-default", "idevicesyslog"] {
            let text = CaptureRenderer.render(story, as: format)
            try compare(text, name: "many-\(format).log", parts: [2, 3, 7, 13])
            let scan = try CaptureScanner().scan(.text(name: "many-\(format).log", contents: text))
            XCTAssertGreaterThan(scan.stream.events.count, 300, format)
            XCTAssertLessThanOrEqual(scan.stream.processMarks.count, scan.stream.events.count + scan.processes.count + 1, format)
        }
    }

    /// Found by fuzzing: a run of one message repeated that a cut fell into was counted as
    /// doubled rows by the parted read only; and a capture copied twice, cut between a row
    /// and its copy, lost a doubled row. The run now crosses the cut.
    func testRunsOfOneMessageCrossTheCuts() throws {
        var lines: [String] = []
        for index in 0..<600 {
            let stamp = String(format: "10:15:%02d.%06d", index / 20 % 60, index * 1000 % 1_000_000)
            let message = index / 150 % 2 == 0 ? "heartbeat" : "syncing item \(index)"
            lines.append("2026-04-02 \(stamp)+0200 Fieldnotes[4817:2863604] \(message)")
            if index % 100 == 50 { lines.append("2026-04-02 \(stamp)+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:]") }
        }
        let text = lines.joined(separator: "\n") + "\n"
        try compare(text, name: "runs.log", parts: [2, 3, 4, 5, 7, 11, 13])
        // Every row twice: a doubled row wherever the cuts fall.
        let twice = lines.flatMap { [$0, $0] }.joined(separator: "\n") + "\n"
        try compare(twice, name: "twice.log", parts: [2, 3, 4, 5, 7, 11, 13])
        let whole = try CaptureScanner().scan(.text(name: "twice.log", contents: twice))
        XCTAssertEqual(whole.health.first { $0.kind == .doubledRows }?.count, 300 + 6,
                       "the syncing rows and the events are doubled; the runs of heartbeats are longer: not doubled rows")
    }

    /// A UIKit message wrapped over two lines is its first line's event, wherever a cut falls.
    func testWrappedUIKitMessagesAcrossTheCuts() throws {
        var lines: [String] = []
        for index in 0..<300 {
            let stamp = String(format: "2026-04-02 10:15:%02d.%03d", index / 10 % 60, index * 7 % 1000)
            switch index % 3 {
            case 0: lines += ["\(stamp) Fieldnotes[4817:2863604] CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt", "UIScene lifecycle. This will become an assert in a future version."]
            case 1: lines += ["\(stamp) Fieldnotes[4817:2863604] loading row \(index)", "continued \(index)"]
            default: lines += ["\(stamp) Fieldnotes[4817:2863604] UIScene lifecycle will soon be", "required. Failure to adopt will result in an assert in the future."]
            }
        }
        let text = lines.joined(separator: "\n") + "\n"
        try compare(text, name: "wrapped.log", parts: [2, 3, 4, 5, 7, 11, 13])
        let whole = try CaptureScanner().scan(.text(name: "wrapped.log", contents: text))
        XCTAssertEqual(whole.stream.events.count, 200)
        XCTAssertTrue(whole.stream.events.allSatisfy { $0.line % 2 == 1 }, "each at the line the message begins on")
    }

    /// UIKit's mask lines (some with two transitions), its scene of record and SpringBoard's
    /// lines about the app: each line is read on its own, so every cut gives the same events.
    func testUIKitsAndTheSystemsAccountsAcrossTheCuts() throws {
        let masks: [(UInt64, UInt64)] = [(0, 1024), (1024, 3072), (3072, 2048), (2048, 0), (0, 2048), (2048, 2080), (2080, 0), (0, 32), (32, 4128)]
        var lines: [String] = []
        for index in 0..<240 {
            let stamp = String(format: "2026-04-02 10:15:%02d.%06d+0200", index / 10 % 60, index * 4_099 % 1_000_000)
            let (old, new) = masks[index % masks.count]
            lines.append("\(stamp) 0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: (UIKitCore) [com.apple.UIKit:Application] Deactivation reason added: 5; deactivation reasons: \(old) -> \(new); animating application lifecycle event: 1")
            if index % 4 == 0 {
                lines.append("\(stamp) 0x1a2f     Default     0x0                  55     0    SpringBoard: (SpringBoard) [com.apple.SpringBoard:ProcessState] Application process state changed for com.example.fieldnotes: <SBApplicationProcessState: 0x2806c1e40; pid: 4817; taskState: Running; visibility: \(index % 8 == 0 ? "Foreground" : "Background")>")
            }
            if index % 5 == 0 {
                lines.append("\(stamp) 0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: (UIKitCore) [com.apple.UIKit:Application] sceneOfRecord: sceneID: sceneID:com.example.fieldnotes-default  persistentID: 1B8F959F-618F-4A0D-AD89-E09DEC0EAB34")
            }
        }
        try compare(lines.joined(separator: "\n") + "\n", name: "account.log", parts: [2, 3, 4, 5, 7, 11, 13])
    }

    /// Found by fuzzing: where lines without a prefix continue the record before, a cut fell
    /// on a line that looks like a record but does not parse (no level, truncated, a NUL
    /// byte): one thread read it as a continuation, the parted read as a record of its own.
    func testCutsOnlyWhereTheReaderParsesARecord() throws {
        var lines: [String] = []
        for index in 0..<500 {
            let second = String(format: "%02d", 10 + index % 40)
            lines.append("Apr  2 10:15:\(second).100000 Fieldnotes(Foundation)[4817] <Notice>: filler \(index)")
            // Three look-alikes that do not parse, then the record they belong under.
            lines.append("Apr  2 10:15:\(second).200000 Fieldnotes(Foundation)[4817] sceneDidBecomeActive(_:) no level")
            lines.append("Apr  2 10:15:\(second).2")
            lines.append("Apr  2 10:15:\(second).300000 Atlas[2210]\u{0} <Notice>: sceneWillResignActive(_:)")
        }
        let text = lines.joined(separator: "\n") + "\n"
        var options = ScanOptions()
        options.threadsPerFile = 4
        options.minimumPartBytes = 1
        let path = directory.appendingPathComponent("lookalikes.log").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let plan = try XCTUnwrap(PartedScan.plan(path: path, parts: 4, options: options, reader: LineReader()))
        let bytes = Array(text.utf8)
        for cut in plan.ranges.dropFirst().map(\.lowerBound) {
            let line = String(decoding: bytes[cut...].prefix { $0 != 10 }, as: UTF8.self)
            XCTAssertTrue(line.contains("<Notice>: filler"), "a cut at a record the reader parses: \(line)")
        }
        try compare(text, name: "lookalikes.log", parts: [2, 3, 5, 8, 13])
    }

    /// Found by fuzzing: the parts were read in the format detected on the first lines that
    /// end in a newline, the whole file in the one its last line (without one) decided.
    func testThePartsAreReadInTheFormatTheWholeReadDetects() throws {
        var lines = (0..<40).map { "syncing item \($0): nothing that looks like a record" }
        lines.append("2026-04-02 10:15:03.482113+0200  0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: -[SceneDelegate sceneDidBecomeActive:]")
        let text = lines.joined(separator: "\n")
        let whole = try CaptureScanner().scan(.text(name: "last.log", contents: text))
        XCTAssertNotEqual(whole.format, PlainFormat().name, "the last line decides the format")
        let path = directory.appendingPathComponent("last.log").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        for parts in [2, 3] {
            var options = ScanOptions()
            options.threadsPerFile = parts
            options.minimumPartBytes = 1
            // No line before the last parses in its format: there is nowhere to cut, so one thread reads it.
            XCTAssertNil(PartedScan.plan(path: path, parts: parts, options: options, reader: LineReader()))
            XCTAssertEqual(try CaptureScanner(options: options).scan(.file(path)).comparableFacts,
                           try CaptureScanner().scan(.file(path)).comparableFacts)
        }
    }

    /// Found by fuzzing: a part that begins with the process current at the cut, then
    /// another, then the first again, kept only its first mark of that process; joined, the
    /// first mark was no change, and the whole read's mark at the return was lost.
    func testAProcessCurrentAtTheCutThatReturnsKeepsItsMark() throws {
        var lines: [String] = []
        for block in 0..<40 {
            let stamp = String(format: "10:15:%02d.%06d", block % 60, block * 1000)
            lines.append("2026-04-02 \(stamp)+0200 Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:]")
            for (index, (name, pid)) in [("Fieldnotes", 4817), ("FieldnotesWidget", 5120), ("Fieldnotes", 4817), ("Atlas", 2210)].enumerated() {
                lines.append("2026-04-02 \(stamp)+0200 \(name)[\(pid):2863604] syncing item \(block * 4 + index)")
            }
        }
        try compare(lines.joined(separator: "\n") + "\n", name: "returns.log", parts: Array(2...17))

        // Where any line may begin a part (print lines are records of their own), a part may
        // begin with an event printed bare, before its first record's mark.
        lines = []
        for block in 0..<40 {
            let stamp = String(format: "10:15:%02d.%06d", block % 60, block * 1000)
            lines.append("2026-04-02 \(stamp)+0200 Fieldnotes[4817:2863604] syncing item \(block)")
            lines.append(block % 2 == 0 ? "sceneDidBecomeActive(_:)" : "sceneWillResignActive(_:)")
            for (name, pid) in [("Fieldnotes", 4817), ("FieldnotesWidget", 5120), ("Fieldnotes", 4817), ("Atlas", 2210)] {
                lines.append("2026-04-02 \(stamp)+0200 \(name)[\(pid):2863604] refreshed")
            }
        }
        try compare(lines.joined(separator: "\n") + "\n", name: "prints.log", parts: Array(2...17))
    }

    func testSampleLogsLargeEnoughToCut() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs")
        var compared = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".log") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard text.split(separator: "\n").count >= 8 else { continue }
            // A capture with a harness prefix is read by one thread (PartedScan.plan).
            guard try CaptureScanner().scan(.text(name: name, contents: text)).decoration == nil else { continue }
            try compare(text, name: name, parts: [2, 3])
            compared += 1
        }
        XCTAssertGreaterThan(compared, 4)
    }

    /// With threads for the capture the rules run at once: the same findings, inconclusive
    /// findings and rule verdicts, in the same order, as one after the other.
    func testRulesRunAtOnceReportAsOneAfterTheOther() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs")
        var options = CheckOptions()
        let serial = Checker(options: options)
        options.scan.threadsPerFile = 4
        options.scan.minimumPartBytes = 1 << 40
        let concurrent = Checker(options: options)
        var findings = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".log") {
            let source = InputSource.file(folder.appendingPathComponent(name).path)
            let one = try serial.check(source), many = try concurrent.check(source)
            XCTAssertEqual(many.findings, one.findings, name)
            XCTAssertEqual(many.inconclusive, one.inconclusive, name)
            XCTAssertEqual(many.rules, one.rules, name)
            findings += one.findings.count
        }
        XCTAssertGreaterThan(findings, 20)
    }
}
