import XCTest
import CaptureFixtures
@testable import TraceCheck

final class FormatTests: XCTestCase {
    let matcher = PCRE2Matcher()

    private func records(_ lines: [String], format: any CaptureFormat, learningFrom: [String]? = nil) -> [(kind: LineKind, record: ParsedRecord?)] {
        let reader = format.makeReader(firstLines: (learningFrom ?? lines).map { Array($0.utf8) })
        return lines.enumerated().map { offset, line in
            var parsed: ParsedRecord?
            let kind = Array(line.utf8).withUnsafeBytes { bytes in
                reader.read(bytes, number: offset + 1, using: matcher) { record in
                    parsed = ParsedRecord(message: String(decoding: record.message, as: UTF8.self), pid: record.fields.pid,
                                          process: record.text(record.fields.process))
                }
            }
            return (kind, parsed)
        }
    }

    struct ParsedRecord: Equatable {
        let message: String, pid: Int?, process: String?
    }

    private func scan(_ text: String, format: (any CaptureFormat)? = nil, process: String? = nil) throws -> ScannedCapture {
        try CaptureScanner(options: ScanOptions(format: format, processes: process.map { [$0] } ?? [])).scan(.text(name: "t", contents: text))
    }

    // MARK: Samples (lnav's model) and exclusivity (xcbeautify's model)

    func testEverySampleParsesInItsFormat() {
        for format in CaptureFormats.all {
            let lines = format.samples.map(\.line)
            for (sample, read) in zip(format.samples, records(lines, format: format)) {
                XCTAssertEqual(read.record, ParsedRecord(message: sample.message, pid: sample.pid, process: sample.process),
                               "\(format.name): \(sample.line)")
            }
            for (banner, read) in zip(format.bannerSamples, records(format.bannerSamples, format: format)) {
                XCTAssertTrue([LineKind.banner, .gap].contains(read.kind), "\(format.name) reads \(banner) as furniture")
            }
        }
        XCTAssertTrue(CaptureFormats.all.filter { $0.name != "plain" }.allSatisfy { !$0.samples.isEmpty })
    }

    /// The names are written out (naming the formats must not build them), in `all`'s order:
    /// `tracecheck formats`, `--input-format`'s completions and its error list use them.
    func testFormatNamesAreTheFormatsNamesInOrder() {
        XCTAssertEqual(CaptureFormats.names, CaptureFormats.all.map(\.name))
        XCTAssertEqual(Set(CaptureFormats.names).count, CaptureFormats.names.count)
    }

    /// A format's shapes are what its own test of a line's first bytes needs: the C quiet read
    /// sets aside the lines that show none, never calling the test. Every line that passes a
    /// format's test shows one of its shapes: every format's samples, every sample log's
    /// lines, and those lines cut short and with each of their first 24 bytes changed in turn.
    func testEveryFormatsShapeIsNeededByItsTest() throws {
        var lines = CaptureFormats.all.flatMap { $0.samples.map { Array($0.line.utf8) } }
        for sample in try TestCaptures.samples() { lines += sample.text.split(separator: "\n").map { Array($0.utf8) } }
        var variants: [[UInt8]] = []
        for line in lines {
            variants.append(line)
            for count in 0..<min(line.count, 30) { variants.append(Array(line.prefix(count))) }
            for place in 0..<min(line.count, 24) {
                for byte in Array(" :-x0A".utf8) where line[place] != byte {
                    var changed = line
                    changed[place] = byte
                    variants.append(changed)
                }
            }
        }
        var shaped = 0, passed = 0
        for format in CaptureFormats.all {
            guard let prefix = (format as? any LinePrefixFormat)?.prefix, !prefix.shapes.isEmpty else { continue }
            shaped += 1
            for variant in variants {
                variant.withUnsafeBytes { bytes in
                    guard prefix.looksLikeRecord(bytes) else { return }
                    passed += 1
                    XCTAssertTrue(prefix.shapes.contains { $0.fits(bytes) }, "\(format.name): \(String(decoding: variant, as: UTF8.self))")
                }
            }
        }
        XCTAssertEqual(shaped, CaptureFormats.all.filter { $0 is any LinePrefixFormat }.count, "every prefix format says its shapes")
        XCTAssertGreaterThan(passed, 1_000, "lines pass the tests, so the shapes are held to something")
    }

    func testNoSampleLineIsClaimedByTwoFormats() {
        let lineFormats = CaptureFormats.all.filter(\.isLineOriented)
        for format in lineFormats {
            for sample in format.samples {
                let claiming = lineFormats.filter { other in
                    if case .record = records([sample.line], format: other, learningFrom: other.samples.map(\.line))[0].kind { return true }
                    return false
                }.map(\.name)
                XCTAssertEqual(claiming, [format.name], sample.line)
            }
        }
    }

    func testDecorationsStripToTheLineBeneathAndNoSampleLooksDecorated() {
        for decoration in Decoration.all {
            for sample in decoration.samples {
                let length = Array(sample.line.utf8).withUnsafeBytes { decoration.length(in: $0, using: matcher) }
                XCTAssertEqual(length.map { String(sample.line.utf8.dropFirst($0)) ?? "" }, sample.stripped, sample.line)
            }
        }
        for format in CaptureFormats.all {
            for sample in format.samples {
                let carried = Decoration.all.filter { decoration in
                    Array(sample.line.utf8).withUnsafeBytes { decoration.length(in: $0, using: matcher) != nil }
                }
                XCTAssertEqual(carried.map(\.name), [], "\(format.name) sample looks decorated: \(sample.line)")
            }
        }
    }

    // MARK: Detection

    func testEachFormatIsDetectedFromItsOwnSamplesWithOrWithoutADecoration() {
        for format in CaptureFormats.all where format.name != "plain" {
            let lines = format.samples.map { Array($0.line.utf8) }
            XCTAssertEqual(FormatDetector.detect(lines, matcher: matcher).format.name, format.name)
            guard format.isLineOriented else { continue }
            let decorated = lines.map { Array("[IOSSimulatorLog] [IOS_SYSLOG_ROW] ".utf8) + $0 }
            let choice = FormatDetector.detect(decorated, matcher: matcher)
            XCTAssertEqual(choice.format.name, format.name)
            XCTAssertEqual(choice.decoration?.name, "appium")
        }
        XCTAssertEqual(FormatDetector.detect([Array("sceneDidBecomeActive(_:)".utf8)], matcher: matcher).format.name, "plain")
        XCTAssertEqual(FormatDetector.detect([], matcher: matcher).format.name, "plain")
    }

    /// A format names the prefix it is read by (the scanner asks it, rather than cast it to
    /// `LinePrefixFormat`): the very prefix for each format read by one, none for the others.
    func testEachFormatNamesThePrefixItIsReadBy() {
        var prefixed = 0
        for format in CaptureFormats.all {
            let cast = (format as? any LinePrefixFormat)?.prefix
            XCTAssertTrue(format.linePrefix === cast, format.name)
            if cast != nil { prefixed += 1 }
        }
        XCTAssertEqual(prefixed, 8)
    }

    /// Detection picks the format with the highest score, the first in `CaptureFormats.all`
    /// among equals, on the first lines of every sample, every shared real capture and every
    /// format's samples, each alone and with the lines of every other format's samples after
    /// them (all of them, or as many as its own and one more: close scores).
    func testDetectionPicksTheFormatWithTheHighestScore() throws {
        var corpus: [(name: String, text: String)] = []
        do { corpus = try TestCaptures.corpus() } catch is XCTSkip {
            print("../shared/corpus/real is absent: detection is held to the samples alone")
        }
        var inputs = try (TestCaptures.samples() + corpus).map { capture in
            capture.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(FormatDetector.sampleSize).map { Array($0.utf8) }
        }
        let own = CaptureFormats.all.map { $0.samples.map { Array($0.line.utf8) } }
        for (index, lines) in own.enumerated() {
            inputs.append(lines)
            for other in own.indices where other != index {
                inputs.append(lines + own[other])
                let count = min(lines.count, own[other].count)
                inputs.append(Array(lines.prefix(count) + own[other].prefix(count) + own[other].prefix(1)))
            }
        }
        for lines in inputs {
            let nonBlank = lines.filter { $0.contains { $0 != 32 && $0 != 9 } }
            let decoration = FormatDetector.decoration(of: nonBlank, matcher: matcher)
            let scored = decoration.map { FormatDetector.strip($0, from: nonBlank, matcher: matcher) } ?? nonBlank
            let scores = CaptureFormats.all.map { FormatDetector.score($0, scored, matcher: matcher) }
            let best = scores.max() ?? 0
            let expected = best > 0 ? CaptureFormats.all[scores.firstIndex(of: best) ?? 0].name : "plain"
            XCTAssertEqual(FormatDetector.detect(lines, matcher: matcher).format.name, expected, "\(lines.prefix(3))")
        }
        XCTAssertGreaterThan(inputs.count, 150)
    }

    /// Pastes from Markdown, quoted replies, code comments and `<pre>` blocks come indented,
    /// as a whole or line by line: in every line format an indented record reads exactly like
    /// the unindented one, and the story reads the same whatever the indentation.
    func testIndentedLinesReadLikeTheUnindentedOnes() throws {
        for format in CaptureRenderer.formats where format != "log-json" {
            let plain = CaptureRenderer.render(Self.story, as: format)
            let expected = try Checker().check(.text(name: format, contents: plain))
            for indent in ["    ", "\t", "  \t "] {
                for everyLine in [true, false] {
                    let lines = plain.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, line in
                        everyLine || offset % 2 == 0 ? indent + line : String(line)
                    }
                    let report = try Checker().check(.text(name: format, contents: lines.joined(separator: "\n")))
                    let what = "\(format) indented by \(indent.debugDescription)\(everyLine ? "" : " every other line")"
                    XCTAssertEqual(report.scan.format, format, what)
                    XCTAssertEqual(report.events.map { "\($0.line) \($0.id) \($0.pid ?? -1) \($0.process ?? "-") \($0.time ?? -1)" },
                                   expected.events.map { "\($0.line) \($0.id) \($0.pid ?? -1) \($0.process ?? "-") \($0.time ?? -1)" }, what)
                    XCTAssertEqual(report.findings.map(\.rule), expected.findings.map(\.rule), what)
                }
            }
        }
    }

    /// Line-number columns of every common shape (`grep -n`, `cat -n`/`nl`, a viewer's number
    /// and a space or a bar) are stripped before the format reads the line.
    func testNumberedLinesReadLikeTheUnnumberedOnes() throws {
        let columns: [(name: String, decoration: String, number: (Int) -> String)] = [
            ("grep -n", "grep-n", { "\($0):" }),
            ("cat -n", "cat-n", { String(repeating: " ", count: max(0, 6 - String($0).count)) + "\($0)\t" }),
            ("a number and a space", "line-numbers", { "\($0 + 31876) " }),
            ("a number and a bar", "line-numbers", { String(repeating: " ", count: max(0, 4 - String($0).count)) + "\($0) | " }),
        ]
        for format in CaptureRenderer.formats where format != "log-json" {
            let plain = CaptureRenderer.render(Self.story, as: format)
            let expected = try Checker().check(.text(name: format, contents: plain))
            for column in columns {
                let lines = plain.split(separator: "\n").enumerated().map { column.number($0.offset + 1) + $0.element }
                let report = try Checker().check(.text(name: format, contents: lines.joined(separator: "\n") + "\n"))
                let what = "\(format) numbered as \(column.name)"
                XCTAssertEqual(report.scan.format, format, what)
                XCTAssertEqual(report.scan.decoration, column.decoration, what)
                XCTAssertEqual(report.events.map { "\($0.line) \($0.id) \($0.pid ?? -1) \($0.time ?? -1)" },
                               expected.events.map { "\($0.line) \($0.id) \($0.pid ?? -1) \($0.time ?? -1)" }, what)
            }
        }
    }

    /// An app logger's timestamp is a timestamp: it orders events and feeds the capture's health.
    func testAppLoggerTimestampsAreRead() throws {
        XCTAssertEqual(CaptureTime.seconds(from: "2025-12-01T07:44:09.812Z") ?? 0, CaptureTime.seconds(from: "2025-12-01 07:44:09.812") ?? 1, accuracy: 1e-6)
        XCTAssertEqual(CaptureTime.seconds(from: "2025-12-01T09:44:09,812+02:00") ?? 0, CaptureTime.seconds(from: "2025-12-01 07:44:09.812") ?? 1, accuracy: 1e-6)
        XCTAssertEqual(CaptureTime.seconds(from: "2026-03-14 09:27:12:751") ?? 0, CaptureTime.seconds(from: "2026-03-14 09:27:12.751") ?? 1, accuracy: 1e-6)
        let capture = """
            [2025-12-01T07:44:09.100Z] [INFO] -[SceneDelegate sceneWillEnterForeground:]
            Loaded 42 notes
            [2025-12-01T07:44:09.200Z] [INFO] -[SceneDelegate sceneDidBecomeActive:]
            [2025-12-01T07:44:08.900Z] [INFO] -[SceneDelegate sceneWillResignActive:]

            """
        let report = try Checker().check(.text(name: "logger.log", contents: capture))
        XCTAssertEqual(report.scan.format, "app-logger")
        XCTAssertEqual(report.events.map(\.line), [1, 3, 4])
        XCTAssertEqual(report.events.compactMap(\.time).count, 3, "every event has its time")
        XCTAssertTrue(report.health.contains { $0.kind == .outOfOrderTimestamps && $0.line == 4 }, "\(report.health)")
        let lumberjack = try Checker().check(.text(name: "ddlog.log", contents: "2026-03-14 09:27:12:751 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]\n"))
        XCTAssertEqual(lumberjack.scan.format, "cocoalumberjack")
        XCTAssertEqual(lumberjack.events.first?.pid, 4817)
    }

    func testInputFormatOverridesDetection() throws {
        let text = "default\t09:14:02.118276+0100\tFieldnotes\tsceneDidBecomeActive(_:)\n"
        XCTAssertEqual(try scan(text).format, "console-app")
        let forced = try scan(text, format: PlainFormat())
        XCTAssertEqual(forced.format, "plain")
        XCTAssertNil(forced.stream.events.first?.process)
    }

    // MARK: One story, every format

    static let story: [StoryLine] = [
        StoryLine(0.000, "-[AppDelegate application:didFinishLaunchingWithOptions:]"),
        StoryLine(0.010, "[SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"Fieldnotes.SceneDelegate\".", image: "UIKitCore"),
        StoryLine(0.020, "Registering for test daemon availability notify post.", process: "SpringBoard", pid: 55, thread: 1022),
        StoryLine(0.030, "-[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10cc50200; role: UIWindowSceneSessionRoleApplication; persistentIdentifier: 1B8F959F-618F-4A0D-AD89-E09DEC0EAB34>"),
        StoryLine(0.040, "-[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(0.050, "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(5.000, "-[SceneDelegate sceneDidEnterBackground:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(9.000, "-[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(9.010, "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(12.00, "-[SceneDelegate sceneWillResignActive:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(12.30, "-[SceneDelegate sceneDidDisconnect:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(12.31, "-[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = 1B8F959F-618F-4A0D-AD89-E09DEC0EAB34>)}"),
    ]

    func testOneStoryGivesTheSameTimelineAndFindingsInEveryFormat() throws {
        var outcomes: [String: [String]] = [:]
        for format in CaptureRenderer.formats {
            let text = CaptureRenderer.render(Self.story, as: format)
            let report = try Checker().check(.text(name: format, contents: text))
            XCTAssertEqual(report.scan.format, format, "detected")
            XCTAssertEqual(report.health.filter { $0.kind == .unparsedRecords || $0.kind == .malformedEntries }, [], format)
            var outcome = report.timeline.epochs.flatMap { epoch in
                epoch.allTimelines.map { _, connection in
                    connection.label.replacingOccurrences(of: "#", with: "") + ": "
                        + connection.steps.map { epoch.events[$0.event].event.id.rawValue }.joined(separator: " ")
                }
            }
            outcome += report.findings.map { "\($0.rule) at \($0.evidence.first?.event ?? "")" }
            outcomes[format] = outcome
        }
        let reference = try XCTUnwrap(outcomes["xcode-console"])
        XCTAssertEqual(reference.first, "scene 1 SceneDelegate 0x10cc50200 (1B8F959F…): scene.willConnect scene.willEnterForeground "
                       + "scene.didBecomeActive scene.didEnterBackground scene.willEnterForeground scene.didBecomeActive "
                       + "scene.willResignActive scene.didDisconnect")
        XCTAssertTrue(reference.contains("background_before_disconnect at scene.didDisconnect") == false,
                      "a swipe-kill from foreground-inactive is legal")
        XCTAssertTrue(reference.contains { $0.hasPrefix("resign_before_background") }, "\(reference)")
        for (format, outcome) in outcomes {
            XCTAssertEqual(outcome, reference, format)
        }
    }

    /// Record fields are kept inline up to 64 bytes; a longer process name must survive whole,
    /// and a short field after a long one must not compare by the long one's leftovers.
    func testFieldsOfAnyLengthAreKeptWhole() throws {
        let long = String(repeating: "VeryLongProcessName", count: 5)
        let text = """
            2026-04-02 10:15:03.100000+0200 \(long)[4817:2863604] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2026-04-02 10:15:03.200000+0200 Fieldnotes[4818:2863604] -[AppDelegate application:didFinishLaunchingWithOptions:]

            """
        let report = try Checker().check(.text(name: "long.log", contents: text))
        XCTAssertEqual(report.events.map(\.process), [long, "Fieldnotes"])
        XCTAssertEqual(report.timeline.epochs.map(\.label), ["\(long)[4817]", "Fieldnotes[4818]"])

        func field(_ text: String) -> FieldBytes { Array(text.utf8).withUnsafeBytes { FieldBytes($0) } }
        var reused = field(long)
        Array("Fieldnotes".utf8).withUnsafeBytes { reused.set($0) }
        XCTAssertEqual(reused, field("Fieldnotes"))
        XCTAssertEqual(reused.text, "Fieldnotes")
        XCTAssertNotEqual(field(long), field(long + "x"))
        XCTAssertEqual(field(long), field(long))
        var shortened = field("2026-04-02 10:15:03.100000+0200")
        Array("2026-04-02".utf8).withUnsafeBytes { shortened.set($0) }
        XCTAssertEqual(shortened, field("2026-04-02"), "bytes past the count do not count")
        // Every inline length, over the leftovers of a longer field, and a difference at each place.
        let bytes = Array(String(repeating: "abcdefgh", count: 8).utf8)
        for length in 0...FieldBytes.inlineCapacity {
            var left = field(String(repeating: "Z", count: FieldBytes.inlineCapacity))
            bytes.prefix(length).withUnsafeBytes { left.set($0) }
            XCTAssertEqual(left, Array(bytes.prefix(length)).withUnsafeBytes { FieldBytes($0) }, "length \(length)")
            for place in 0..<length {
                var changed = Array(bytes.prefix(length))
                changed[place] ^= 0x20
                XCTAssertNotEqual(left, changed.withUnsafeBytes { FieldBytes($0) }, "length \(length), place \(place)")
                XCTAssertFalse(changed.withUnsafeBytes { left.equals($0) }, "length \(length), place \(place)")
            }
            // The in-place comparison with raw bytes, and the mix a cache slot is picked by,
            // see only the first `count` bytes, whatever a longer field left behind.
            XCTAssertTrue(bytes.prefix(length).withUnsafeBytes { left.equals($0) }, "length \(length)")
            XCTAssertFalse((Array(bytes.prefix(length)) + [0x7A]).withUnsafeBytes { left.equals($0) }, "length \(length)")
            XCTAssertEqual(left.fold, Array(bytes.prefix(length)).withUnsafeBytes { FieldBytes($0) }.fold, "length \(length)")
        }
        XCTAssertTrue(field("").equals(UnsafeRawBufferPointer(start: nil, count: 0)))
        // A field past the inline bytes is compared with raw bytes too, to its last byte.
        XCTAssertTrue(Array(long.utf8).withUnsafeBytes { field(long).equals($0) })
        XCTAssertFalse(Array((long.dropLast() + "!").utf8).withUnsafeBytes { field(long).equals($0) })
        XCTAssertNotEqual(field("main").fold, field("mainx").fold)
        XCTAssertEqual(field(long + "x").fold, field(long + "y").fold, "a heap field mixes its length only")
    }

    /// Timestamps are put in order by their bytes in place (`FieldBytes.sortsBefore`): held to
    /// `memcmp`'s order at every length, for a difference at every place, in either direction,
    /// over the leftovers of a longer field, and past the inline bytes.
    func testFieldsSortAsTheirBytesDo() {
        func field(_ bytes: [UInt8], over leftover: [UInt8] = []) -> FieldBytes {
            var field = leftover.withUnsafeBytes { FieldBytes($0) }
            bytes.withUnsafeBytes { field.set($0) }
            return field
        }
        // `memcmp`'s order of unsigned bytes, a prefix first.
        func memcmpSortsBefore(_ left: [UInt8], _ right: [UInt8]) -> Bool { left.lexicographicallyPrecedes(right) }
        let stamp = Array("2026-04-02 10:15:03.123456789+0200 and the bytes after a timestamp, past sixty-four".utf8)
        let leftover = [UInt8](repeating: 0xFF, count: FieldBytes.inlineCapacity)
        for length in 1...(FieldBytes.inlineCapacity + 8) {
            let base = Array(stamp.prefix(length))
            XCTAssertFalse(field(base).sortsBefore(field(base, over: leftover)), "length \(length): equal")
            for place in 0..<length {
                for change in [1, -1, 0x80] as [Int] {
                    var other = base
                    other[place] = UInt8(truncatingIfNeeded: Int(other[place]) + change)
                    // A later byte of the same word changed the other way: the first decides.
                    if place + 3 < length { other[place + 3] = UInt8(truncatingIfNeeded: Int(other[place + 3]) - change) }
                    XCTAssertEqual(field(base).sortsBefore(field(other, over: leftover)), memcmpSortsBefore(base, other),
                                   "length \(length), place \(place), change \(change)")
                    XCTAssertEqual(field(other).sortsBefore(field(base)), memcmpSortsBefore(other, base),
                                   "length \(length), place \(place), change \(change), reversed")
                }
            }
        }
        XCTAssertTrue(field(Array("10:15".utf8)).sortsBefore(field(Array("10:15:03".utf8))), "a prefix sorts first")
        XCTAssertFalse(field(Array("10:15:03".utf8)).sortsBefore(field(Array("10:15".utf8))))
    }

    /// Whether an event's line needs its text repaired is decided eight bytes at a time: a
    /// byte of 0x80 or above at any place and alignment must be seen.
    func testNonASCIIBytesAreSeenAtEveryPlace() {
        let line = Array("2026-04-02 10:15:03.100000+0200 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]".utf8)
        for start in 0..<9 {
            for length in 0...(line.count - start) {
                let slice = Array(line[start..<(start + length)])
                XCTAssertTrue(slice.withUnsafeBytes(\.isASCII))
                for place in 0..<length {
                    for high: UInt8 in [0x80, 0xC3, 0xFF] {
                        var changed = slice
                        changed[place] = high
                        XCTAssertFalse(changed.withUnsafeBytes(\.isASCII), "start \(start), length \(length), place \(place)")
                    }
                }
            }
        }
    }

    /// `log show --style json` entries are found by counting braces outside strings, skipping
    /// string contents eight bytes at a time: quotes, backslashes and braces inside messages,
    /// at every alignment, must neither end an entry nor start one.
    func testJSONArrayEntriesWithEscapesAndBracesAtEveryAlignment() throws {
        let tricky = ["{", "}", "\\", "\"", "\\\"", "[{\"x\":1}]", "\\}", "{\"\\\"}"]
        var story: [StoryLine] = []
        for (index, piece) in tricky.enumerated() {
            for padding in 0..<9 {
                let noise = String(repeating: "n", count: padding) + piece + " tail " + piece
                story.append(StoryLine(Double(story.count) * 0.01, noise))
                story.append(StoryLine(Double(story.count) * 0.01, "-[SceneDelegate sceneDidBecomeActive:] \(index) \(noise)"))
            }
        }
        let json = CaptureRenderer.header("log-json") + CaptureRenderer.body(story, as: "log-json", continuing: false)
            + CaptureRenderer.footer("log-json", count: story.count)
        let report = try Checker().check(.text(name: "tricky.json", contents: json))
        XCTAssertEqual(report.eventCount, story.count / 2)
        XCTAssertEqual(report.scan.health.map(\.kind), [], "no entry is malformed")
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        for event in report.events {
            XCTAssertTrue(lines[event.line - 1].contains("eventMessage"), "line \(event.line) is the entry's message line")
            XCTAssertTrue(event.text.contains("sceneDidBecomeActive"))
        }
    }

    /// Found by fuzzing: one entry that lost its `},` (or whose string was cut short) took
    /// the rest of a `log show --style json` capture with it. Reading resynchronises at the
    /// next entry, and the broken entry is counted.
    func testABrokenJSONEntryCostsOnlyItself() throws {
        let callbacks = ["scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:",
                         "sceneWillResignActive:", "sceneDidEnterBackground:"]
        let events = ["willConnect", "willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground"]
        /// `log`'s layout: `[{`, members, `},{`, members, …, `}]`; `damage` rewrites entry 2's members and the line after them.
        func capture(_ damage: (_ members: [String], _ after: String) -> [String]) -> String {
            var lines = ["[{"]
            for index in callbacks.indices {
                let members = [#"  "eventMessage" : "-[SceneDelegate \#(callbacks[index])]","#, #"  "processID" : 4817,"#,
                               #"  "processImagePath" : "\/Fieldnotes.app\/Fieldnotes","#,
                               #"  "timestamp" : "2026-04-02 10:15:0\#(index).100000+0200""#]
                let after = index == callbacks.count - 1 ? "}]" : "},{"
                lines += index == 2 ? damage(members, after) : members + [after]
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let cases: [(String, (_ members: [String], _ after: String) -> [String])] = [
            ("missing },", { members, _ in members + ["{"] }),
            ("string cut short", { members, after in [members[0], #"  "processID" : "48"#] + members.dropFirst(2) + [after] }),
            ("nested value never closed", { members, after in members + [#"  "extra" : { "a" : ["#, after] }),
        ]
        let intact = try Checker(options: CheckOptions(format: LogJSONFormat())).check(.text(name: "intact.json", contents: capture { $0 + [$1] }))
        XCTAssertEqual(intact.eventCount, callbacks.count)
        for (name, damage) in cases {
            let report = try Checker(options: CheckOptions(format: LogJSONFormat())).check(.text(name: "broken.json", contents: capture(damage)))
            XCTAssertEqual(report.events.map { String($0.id.member) }, events.enumerated().filter { $0.offset != 2 }.map(\.element),
                           "\(name): every entry but the broken one is read")
            XCTAssertEqual(report.scan.health.filter { $0.kind == .malformedEntries }.map(\.count), [1], "\(name): one entry could not be read")
        }
    }
}
