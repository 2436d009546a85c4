import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// The scanner reads a line without the format's readers when reading it the full way would
/// change nothing but a count: a record that repeats the last record's prefix, or a line no
/// reader takes. Held here to the full read of every line: the same events at the same lines,
/// the same health, diagnostics, records per format, processes, marks and near misses, on
/// every sample, the shared corpus, generated captures in every format, and captures built to
/// break the shortcut (timestamps that go back or change shape, threads that change, rows
/// repeated, colours, indents, other formats mixed in, wrapped messages, empty messages).
final class QuietReadingTests: XCTestCase {
    /// What a scan yields, as text to compare.
    static func summary(of text: String, name: String, quiet: Bool, format: (any CaptureFormat)? = nil,
                        reader: LineReader = LineReader()) throws -> [String] {
        var options = ScanOptions(format: format)
        options.quietReading = quiet
        let scan = try CaptureScanner(options: options, reader: reader).scan(.text(name: name, contents: text))
        var lines = ["format \(scan.format) \(scan.decoration ?? "")", "records \(scan.recordsByFormat.sorted { $0.key < $1.key })",
                     "processes \(scan.processes)", "near misses \(scan.nearMisses.count) \(scan.nearMisses.first.map(\.line))"]
        lines += scan.stream.events.map { "event \($0.line) \($0.id.rawValue) \($0.pid.map(String.init) ?? "-") \($0.thread ?? "-") \($0.time ?? -1)" }
        lines += scan.stream.processMarks.map { "mark \($0)" }
        lines += scan.health.map { "health \($0.kind) \($0.line.map(String.init) ?? "-") \($0.count) \($0.message)" }
        lines += scan.diagnostics.map { "diagnostic \($0.line.map(String.init) ?? "-") \($0.message)" }
        return lines
    }

    /// The first few lines where the quiet read and the full read differ.
    static func differences(_ text: String, name: String, format: (any CaptureFormat)? = nil) throws -> [String] {
        try compared(text, name: name, format: format).differences
    }

    /// The full read's summary, and the first few lines where the quiet read differs from it.
    static func compared(_ text: String, name: String, format: (any CaptureFormat)? = nil) throws -> (full: [String], differences: [String]) {
        let quiet = try summary(of: text, name: name, quiet: true, format: format)
        let full = try summary(of: text, name: name, quiet: false, format: format)
        guard quiet != full else { return (full, []) }
        let diff = quiet.difference(from: full)
        return (full, ["\(name): " + diff.prefix(6).map { change in
            switch change {
            case .insert(_, let line, _): "quiet only: \(line)"
            case .remove(_, let line, _): "full only: \(line)"
            }
        }.joined(separator: "; ")])
    }

    /// A batch read quietly ends at the line that brings the events to its limit (where the
    /// retirement of finished runs looks next), though the C read hands candidates over and
    /// reads on: every batch but the last adds exactly its limit's events and ends at the line
    /// of the last one.
    func testABatchEndsAtTheLineThatBringsTheEventsToItsLimit() throws {
        let lines = (0..<300).map { index in
            let message = index % 5 == 2 ? "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>" : "Loaded \(index) rows"
            return "2026-04-02 10:15:\(String(format: "%02d.%06d", index / 100, 1_000 * (index % 100)))+0200 Fieldnotes[4817:2863604] \(message)"
        }
        let text = lines.joined(separator: "\n") + "\n"
        let (source, reader, session) = try LiveCheckTests.decidedSession(text, name: "limit", checker: Checker())
        var batches: [(events: Int, lastLine: Int)] = []
        let batch: LineBatchReader = { bytes, first in
            let before = session.eventCount
            let taken = session.readQuietly(lines: bytes, firstNumber: first, longestLine: reader.maximumLineLength, eventLimit: before + 3)
            if taken.lines > 0 { batches.append((session.eventCount - before, first + taken.lines - 1)) }
            return taken
        }
        _ = try reader.read(source, batch: batch) { session.feed($0) }
        session.finish()
        XCTAssertEqual(session.eventCount, 60)
        XCTAssertGreaterThan(batches.count, 10, "the lines after the first are read in batches")
        for (events, lastLine) in batches.dropLast() where events > 0 {
            XCTAssertEqual(events, 3)
            XCTAssertEqual(lastLine % 5, 3, "line \(lastLine) holds an event (every fifth from the third)")
        }
    }

    func testSampleLogsReadTheSame() throws {
        let samples = try TestCaptures.samples()
        XCTAssertGreaterThan(samples.count, 10)
        for (name, text) in samples { XCTAssertEqual(try Self.differences(text, name: name), []) }
    }

    func testSharedCorpusReadsTheSame() throws {
        for (name, text) in try TestCaptures.corpus() { XCTAssertEqual(try Self.differences(text, name: name), []) }
    }

    func testGeneratedCapturesInEveryFormatReadTheSame() throws {
        for plan in Self.plans {
            var story = BenchmarkStory(seed: 5, plan: plan)
            let lines = story.next(6_000)
            for format in CaptureRenderer.formats {
                let text = CaptureRenderer.render(lines, as: format)
                XCTAssertEqual(try Self.differences(text, name: "\(format) app-only \(plan.appOnly)"), [])
                // Given, the format has no other formats' readers to fall back on.
                if let given = CaptureFormats.named(format) {
                    XCTAssertEqual(try Self.differences(text, name: "\(format) given", format: given), [])
                }
            }
        }
        for seed in 0..<40 as Range<UInt64> {
            XCTAssertEqual(try Self.differences(RandomTraces.trace(seed: seed), name: "random trace \(seed)"), [])
        }
    }

    static var plans: [BenchmarkStory.Plan] {
        var appOnly = BenchmarkStory.Plan()
        appOnly.appOnly = true
        appOnly.lifecyclePerMille = 50
        var device = BenchmarkStory.Plan()
        device.otherApps = 3
        return [appOnly, device]
    }

    /// Each capture `make` builds from `seeds`, read quietly and fully, with its format detected
    /// and given as `format`: the full reads' summaries (detected), and how many lines they had.
    private func compareBuilt(_ name: String, seeds: Range<UInt64>, given format: any CaptureFormat,
                              _ make: (UInt64) -> String) throws -> (summaries: [[String]], lines: Int) {
        var summaries: [[String]] = [], lines = 0
        for seed in seeds {
            let text = make(seed)
            let detected = try Self.compared(text, name: "\(name), seed \(seed)")
            XCTAssertEqual(detected.differences, [])
            XCTAssertEqual(try Self.differences(text, name: "\(name) given as \(format.name), seed \(seed)", format: format), [])
            summaries.append(detected.full)
            lines += text.split(separator: "\n").count
        }
        return (summaries, lines)
    }

    /// Lines that repeat a prefix, and every way a line can stop doing so, in random order.
    func testCapturesBuiltToBreakTheShortcutReadTheSame() throws {
        let built = try compareBuilt("hostile capture", seeds: 0..<300, given: XcodeConsoleFormat(), Self.hostile)
        XCTAssertGreaterThan(built.lines, 10_000)
        XCTAssertGreaterThan(built.summaries.filter { $0.contains { $0.hasPrefix("health doubledRows") } }.count, 30,
                             "captures copied twice, each row's repeat counted")
    }

    /// Captures of bare lines (a console pasted without its metadata, `print` output), where no
    /// record prefix is ever armed and the C read takes the lines no reader takes: candidates,
    /// near misses, wrapped UIKit messages, lines that begin as other formats' records do,
    /// tabs, colours, CRLF and repeats among them; detected as they come, and read as plain lines.
    func testCapturesOfBareLinesReadTheSame() throws {
        let built = try compareBuilt("bare lines", seeds: 0..<200, given: PlainFormat(), Self.hostileBare)
        XCTAssertGreaterThan(built.lines, 50_000)
        XCTAssertGreaterThan(built.summaries.filter { $0.first == "format plain " }.count, 100, "most are read as plain lines")
    }

    /// Bare lines, mostly quiet, with every kind of line that must not be read quietly mixed
    /// in after the lines the format is detected on.
    static func hostileBare(seed: UInt64) -> String {
        var random = SplitMix(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let quiet = ["Synced 12 notes", "GET https://api.example.com/v2/notes?page=4 200 (97 ms)", "CoreData: sql: SELECT 0, t0.Z_PK FROM ZNOTE t0",
                     "Evaluated capturing state as 0 on <UIScreen: 0x1056188c0> for CADisplay KVO", "x", ""]
        let loud = ["-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>", "sceneWillResignActive(_:)",
                    "NoteEditorViewController viewDidAppear(_:)", "[SceneDelegate] restoring 3 windows", "application state did change",
                    "-[AppDelegate application:didFinishLaunchingWithOptions:]", "<private>", "sceneDidEnterBackground(_:) <private>",
                    "Deactivation reason added: 12; deactivation reasons: 0 -> 4096; animating application lifecycle event: 1"]
        var lines: [String] = []
        for index in 0..<Int.random(in: 240...400, using: &random) {
            let message = pick(quiet + loud)
            let line: String
            // The lines the format is detected on are bare ones: other formats' lines after.
            switch Int.random(in: 0..<(index < FormatDetector.sampleSize ? 8 : 30), using: &random) {
            case 0..<3: line = pick(loud)
            case 3: line = "Deactivation reason added: 12; deactivation reasons: 0 -> 4096; animating application"
            case 4: line = "lifecycle event: 1"
            case 5: line = "\(message)\r"
            case 6: line = "\u{1B}[32m\(message)\u{1B}[0m"
            case 7: line = lines.last ?? "x"
            case 8..<14: line = pick(Self.lookalikes(of: message))
            default: line = pick(quiet)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// NUL bytes among an app's console, where batches read most lines: a batch takes no line
    /// that holds one (the C read stops before it, found by the pass that finds the newlines),
    /// so the line reader, which no longer searches every chunk, names the first such line.
    /// NULs in a quiet record's message, a lifecycle line, a line with no prefix, before the
    /// batches begin (about the 1,040th line) and after; read in chunks that cut lines anywhere.
    func testTheFirstNULLineIsNamedWhereBatchesReadTheLines() throws {
        let cases: [(nuls: Set<Int>, first: Int?)] = [
            ([1_500], 1_500), ([1_800], 1_800), ([1_333], 1_333), ([1_300, 2_500], 1_300), ([500, 2_000], 500), ([2_999], 2_999), ([], nil),
        ]
        for (nuls, first) in cases {
            var lines: [String] = []
            for index in 1...3_000 {
                let time = Self.xcodeTime(micros: 36_000_000_000 + index * 1_700)
                let nul = nuls.contains(index) ? "\u{0}" : ""
                switch index {
                case 1_800, 2_400: lines.append("\(time) Fieldnotes[4817:2863604] -[SceneDelegate sceneDidBecomeActive:]\(nul)")
                case 1_333: lines.append("  continued from above\(nul) (no prefix)")
                default: lines.append("\(time) Fieldnotes[4817:2863604] [SyncEngine] records merged\(nul) into the local store: \(index)")
                }
            }
            let text = lines.joined(separator: "\n") + "\n"
            for (name, quiet) in try Self.quietSummariesInChunks(of: text, name: "NUL at \(nuls.sorted())") {
                let named = quiet.filter { $0.contains("NUL bytes") }
                XCTAssertEqual(named, first.map { ["diagnostic \($0) NUL bytes: this looks like a binary file, not a console capture; scanned as text anyway"] } ?? [], name)
            }
        }
    }

    /// Lines longer than the line reader examines, among an app's console where batches read
    /// most lines: a batch takes none (the C read stops before it too), so each is cut as the
    /// line reader cuts it, whatever the chunks: a quiet record, one whose lifecycle name lies
    /// past the cut (no event), one whose name lies before it (an event), a line with no prefix.
    func testLinesLongerThanTheReaderExaminesAreCutWhereBatchesReadTheLines() throws {
        var lines: [String] = []
        for index in 1...3_000 {
            let time = Self.xcodeTime(micros: 36_000_000_000 + index * 1_700)
            let padding = String(repeating: "p", count: 300)
            switch index {
            case 1_500: lines.append("\(time) Fieldnotes[4817:2863604] [SyncEngine] payload \(padding)")
            case 1_700: lines.append("\(time) Fieldnotes[4817:2863604] payload \(padding) -[SceneDelegate sceneDidBecomeActive:]")
            case 1_900: lines.append("\(time) Fieldnotes[4817:2863604] -[SceneDelegate sceneWillResignActive:] \(padding)")
            case 2_100: lines.append("  continued \(padding)")
            default: lines.append("\(time) Fieldnotes[4817:2863604] [SyncEngine] records merged into the local store: \(index)")
            }
        }
        let text = lines.joined(separator: "\n") + "\n"
        var summaries: Set<[String]> = []
        for chunkSize in [97, 4_093, 65_536] {
            let reader = LineReader(chunkSize: chunkSize, maximumLineLength: 200)
            let name = "chunks of \(chunkSize)"
            let quiet = try Self.summary(of: text, name: name, quiet: true, reader: reader)
            XCTAssertEqual(quiet, try Self.summary(of: text, name: name, quiet: false, reader: reader), name)
            XCTAssertEqual(quiet.filter { $0.hasPrefix("diagnostic") },
                           [1_500, 1_700, 1_900].map { "diagnostic \($0) line is \(lines[$0 - 1].utf8.count) bytes long; only its first 200 bytes were examined" }
                            + ["diagnostic - 1 more over-long lines were examined only in part"], name)
            XCTAssertEqual(quiet.filter { $0.hasPrefix("event") }.map { $0.split(separator: " ")[1] }, ["1900"], name)
            summaries.insert(quiet)
        }
        XCTAssertEqual(summaries.count, 1, "the same whatever the chunks")
    }

    /// `text` read in chunks of 4,093 bytes, 64 KiB and 1 MiB (lines cut anywhere): for each,
    /// its name and the quiet read's summary, which is asserted to be the full read's.
    static func quietSummariesInChunks(of text: String, name: String) throws -> [(name: String, summary: [String])] {
        try [4_093, 65_536, 1 << 20].map { chunkSize in
            let reader = LineReader(chunkSize: chunkSize, maximumLineLength: 8_192)
            let name = "\(name), chunks of \(chunkSize)"
            let quiet = try summary(of: text, name: name, quiet: true, reader: reader)
            XCTAssertEqual(quiet, try summary(of: text, name: name, quiet: false, reader: reader), name)
            return (name, quiet)
        }
    }

    /// An Xcode console's timestamp on 2026-04-02, `micros` microseconds after midnight.
    static func xcodeTime(micros: Int) -> String {
        let seconds = micros / 1_000_000
        return String(format: "2026-04-02 %02d:%02d:%02d.%06d+0200", seconds / 3600 % 24, seconds / 60 % 60, seconds % 60, micros % 1_000_000)
    }

    /// An app's console copied twice, with runs of three, lifecycle rows among them: the C read
    /// counts the runs of repeats itself, more than its `TC_QUIET_DOUBLES` between two stops,
    /// and hands back the run it is in at each stop (a lifecycle row, a batch's end). Every
    /// row copied once more is one row copied twice; a run of three is none.
    func testRowsCopiedTwiceAreCountedAsTheFullReadCountsThem() throws {
        var lines: [String] = []
        var doubled: [Int] = []
        for index in 0..<4_000 {
            let time = Self.xcodeTime(micros: 36_000_000_000 + index * 1_700)
            let message = switch index % 97 {
            case 0: "-[SceneDelegate sceneWillResignActive:]"
            case 1: "-[SceneDelegate sceneDidBecomeActive:]"
            default: "[SyncEngine] records merged into the local store: \(index)"
            }
            let row = "\(time) Fieldnotes[4817:2863604] \(message)"
            lines.append(row)
            let copies = index % 7 == 0 ? 2 : (index % 3 == 0 ? 0 : 1)
            // The run's first repeat is the line counted.
            if copies == 1 { doubled.append(lines.count + 1) }
            for _ in 0..<copies { lines.append(row) }
        }
        let text = lines.joined(separator: "\n") + "\n"
        for (name, quiet) in try Self.quietSummariesInChunks(of: text, name: "rows copied twice") {
            XCTAssertEqual(quiet.filter { $0.hasPrefix("health doubledRows") },
                           ["health doubledRows \(doubled[0]) \(doubled.count) \(doubled.count) of \(lines.count) rows repeat the row before them: the rows were copied twice; a repeated lifecycle row counts once"], name)
        }
    }

    /// Lines with a tab among an app's console, which Console.app's reader may take (its gate
    /// passes any line with a tab): copied rows, a message indented by a tab, a tab inside a
    /// print. The quiet read leaves each to the full read, which decides who takes it.
    func testLinesWithATabAmongAnAppsConsoleReadTheSame() throws {
        var lines: [String] = []
        for index in 0..<3_000 {
            let time = Self.xcodeTime(micros: 36_000_000_000 + index * 1_700)
            lines.append("\(time) Fieldnotes[4817:2863604] [SyncEngine] records merged into the local store: \(index)")
            switch index % 97 {
            case 13: lines.append("default\t10:15:03.001234+0200\tFieldnotes\tsync finished: \(index) rows")
            case 41: lines.append("rendering cell \(index)\tof 900")
            case 77: lines.append("\tfetched \(index) notes")
            default: break
            }
        }
        let compared = try Self.compared(lines.joined(separator: "\n") + "\n", name: "tabs among an app's console")
        XCTAssertEqual(compared.differences, [])
    }

    /// Long runs of one prefix and one timestamp shape, messages that are no candidates and do
    /// not repeat (nor end alike: the quiet read leaves a message with the last one's length,
    /// first and last bytes to the caller), and times that now and then go back a little: behind the record before,
    /// not behind the first of the run. Each such record is left to the full read, which
    /// reports it, as a read line by line does. (Batches are offered from about the 1,040th
    /// line: the line reader backs off while the format is being decided.)
    func testTimesThatGoBackInsideAQuietRunReadTheSame() throws {
        var random = SplitMix(seed: 41)
        var reported = 0
        for seed in 0..<8 {
            var micros = 36_000_000_000 + seed * 1_000
            var lines: [String] = []
            for index in 0..<2_500 {
                micros += Int.random(in: 0..<6, using: &random) == 0 ? -Int.random(in: 1...900, using: &random) : Int.random(in: 1...2_000, using: &random)
                let time = Self.xcodeTime(micros: micros)
                lines.append("\(time) Fieldnotes[4817:2863604] [SyncEngine] records merged into the local store: \(index)")
            }
            let compared = try Self.compared(lines.joined(separator: "\n") + "\n", name: "times going back, seed \(seed)")
            XCTAssertEqual(compared.differences, [])
            if compared.full.contains(where: { $0.hasPrefix("health outOfOrderTimestamps") }) { reported += 1 }
        }
        XCTAssertEqual(reported, 8, "every capture has times that go back")
    }

    /// Words that begin where the message begins, or end where it ends, in long runs of one
    /// prefix: the quiet read searches each message from its first place to its last, at
    /// every alignment of the message to the 32-byte blocks (the process name's length moves it).
    func testWordsAtTheEdgesOfMessagesAreFound() throws {
        let edges = ["application(_:open:options:)", "note saved; next: application(_:open:", "sceneOfRecord: changed",
                     "refresh done, then scene(", "willTerminate"]
        var events = 0
        for process in ["Fieldnotes", "Fieldnotes2", "Notes", "A", "My Great App 12345678901234567890"] {
            var lines: [String] = []
            for index in 0..<1_600 {
                let micros = 1_000 * index
                let time = String(format: "2026-04-02 10:%02d:%02d.%06d+0200", micros / 60_000_000, micros / 1_000_000 % 60, micros % 1_000_000)
                let message = index > 1_100 && index % 7 == 0 ? edges[index / 7 % edges.count] : "[SyncEngine] nothing to merge: \(index)"
                lines.append("\(time) \(process)[4817:2863604] \(message)")
            }
            let compared = try Self.compared(lines.joined(separator: "\n") + "\n", name: "words at the edges, \(process)")
            XCTAssertEqual(compared.differences, [])
            events += compared.full.filter { $0.hasPrefix("event ") }.count
        }
        XCTAssertGreaterThan(events, 5 * 20, "the edge words that are events are read")
    }

    /// Lines around `message` that other formats' readers take, or that begin as their
    /// records do and are `print` lines.
    static func lookalikes(of message: String) -> [String] {
        ["{\"eventMessage\":\"\(message)\",\"processID\":4817}", "2026-04-02 10:15:03.001234+0200 Fieldnotes[4817:2863604] \(message)",
         "Apr  2 10:15:03 iPhone Fieldnotes(UIKitCore)[4817] <Notice>: \(message)", "default\t10:15:03.001234+0200\tFieldnotes\t\(message)",
         "\t\(message)", "12 \(message)", "Optional(\"draft-4516\") \(message)", "Oct 7 14:30:01 \(message)", "2026-04-02 \(message)"]
    }

    /// An Xcode console of one app whose lines mostly repeat a prefix, with every kind of
    /// line that must not be read quietly mixed in.
    static func hostile(seed: UInt64) -> String {
        var random = SplitMix(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        var micros = 1_000_000
        var thread = "2863604"
        var lines: [String] = []
        let messages = ["Synced 12 notes", "[SceneDelegate] restoring 3 windows", "NoteEditorViewController viewDidAppear(_:)",
                        "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>", "sceneWillResignActive(_:)",
                        "Deactivation reason added: 12; deactivation reasons: 0 -> 4096; animating application lifecycle event: 1",
                        "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for",
                        "application state did change", "<private>", "", "x", "active", "-[AppDelegate applicationDidBecomeActive:]"]
        for _ in 0..<Int.random(in: 20...120, using: &random) {
            micros += pick([0, 0, 1, 7, 400, 20_000, 3_000_000, -5, -2_000_000])
            let seconds = max(0, micros) / 1_000_000
            let fraction = pick([".%06d", ".%06d", ".%06d", ".%03d", ""])
            let zone = pick(["+0100", "+0100", "+0100", "-0700", "+01:00", ""])
            let time = String(format: "2026-04-02 %02d:%02d:%02d", 9 + seconds / 3600 % 10, seconds / 60 % 60, seconds % 60)
                + String(format: fraction, fraction == ".%03d" ? max(0, micros) / 1000 % 1000 : max(0, micros) % 1_000_000) + zone
            if Int.random(in: 0..<12, using: &random) == 0 { thread = pick(["2863604", "2863999", "a1f"]) }
            let process = pick(["Fieldnotes", "Fieldnotes", "Fieldnotes", "My Great App", "SpringBoard"])
            let pid = process == "Fieldnotes" ? pick(["4817", "4817", "4817", "4818"]) : "77"
            let prefix = "\(time) \(process)[\(pid):\(thread)]"
            let message = pick(messages)
            let line: String
            switch Int.random(in: 0..<24, using: &random) {
            case 0: line = "print \(message)"
            case 1: line = "  \(prefix) \(message)"
            case 2: line = "\u{1B}[32m\(prefix)\u{1B}[0m \(message)"
            case 3: line = prefix
            case 4: line = "\(prefix)x\(message)"
            case 5: line = "2026-04-02 10:15:03.001 Df Fieldnotes[4817:2863604] \(message)"
            case 6: line = "Apr  2 10:15:03 iPhone Fieldnotes(UIKitCore)[4817] <Notice>: \(message)"
            case 7: line = "\t\(message)"
            case 8: line = "12 \(message)"
            case 9: line = "[connected:1234]"
            case 10: line = "{\"eventMessage\":\"\(message)\",\"processID\":4817}"
            case 11: line = lines.last ?? message
            case 12: line = "\(prefix) Deactivation reason added: 12; deactivation reasons: 0 -> 4096; animating application"
            case 13: line = "lifecycle event: 1"
            case 14: line = "default\t10:15:03.001234+0200\tFieldnotes\t\(message)"
            // `print` lines that begin as another format's records do, and are none.
            case 15: line = pick(["Optional(\"draft-4516\") ", "Apr  2 nearly a date ", "Oct 7 14:30:01 ", "2026-04-02 "]) + message
            case 16: line = message
            case 17: line = "\(prefix) \(message)\r"
            default: line = "\(prefix) \(message)"
            }
            lines.append(line)
            // A third of the captures were copied twice (a quarter of the rows or more repeat the
            // row before them, which the health check reports), with runs of three.
            for _ in 0..<pick(seed % 3 == 0 ? [1, 1, 1, 2] : [0, 0, 0, 0, 0, 0, 0, 1]) { lines.append(line) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
