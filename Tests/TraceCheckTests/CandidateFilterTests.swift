import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// The fast candidate finder (byte pairs, then word comparisons) must decide every line
/// exactly as the reference, the caseless PCRE2 alternation of the same words: a wrongly
/// chosen pair would silently drop events.
final class CandidateFilterTests: XCTestCase {
    let catalog = CompiledCatalog.shared
    let matcher = PCRE2Matcher()

    private func disagreements(in lines: [[UInt8]]) throws -> [String] {
        var found: [String] = []
        for line in lines {
            try line.withUnsafeBytes { bytes in
                let reference = try catalog.isCandidateByReference(bytes, matcher: matcher)
                if catalog.isCandidate(bytes) != reference {
                    found.append("\(reference ? "missed" : "extra"): \(String(decoding: line, as: UTF8.self))")
                }
            }
        }
        return found
    }

    private func lines(ofFile path: String) throws -> [[UInt8]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    func testAgreesOnEverySampleLog() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }.sorted()
        XCTAssertGreaterThan(names.count, 20)
        var candidates = 0
        for name in names {
            let lines = try lines(ofFile: folder.appendingPathComponent(name).path)
            XCTAssertEqual(try disagreements(in: lines), [], name)
            candidates += try lines.filter { line in try line.withUnsafeBytes { try matcher.matches(catalog.candidate, in: $0) } }.count
        }
        XCTAssertGreaterThan(candidates, 100, "the sample logs hold lifecycle lines, so agreement is not vacuous")
    }

    func testAgreesOnEveryRealCapture() throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: RealCorpusTests.corpus.path) else {
            throw XCTSkip("shared corpus not found at \(RealCorpusTests.corpus.path); a user's clone has none")
        }
        for name in names.sorted() where name.hasSuffix(".log") {
            XCTAssertEqual(try disagreements(in: lines(ofFile: RealCorpusTests.corpus.appendingPathComponent(name).path)), [], name)
        }
    }

    func testAgreesOnAGeneratedCaptureWithDecoys() throws {
        var generator = BenchmarkStory()
        let story = generator.next(3000)
        XCTAssertGreaterThan(generator.lifecycleLines, 5)
        for format in ["xcode-console", "log-default", "idevicesyslog", "console-app", "log-ndjson"] {
            let text = CaptureRenderer.render(story, as: format)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
            XCTAssertEqual(try disagreements(in: lines), [], format)
        }
    }

    /// The benchmark's generated session (relaunches, up to three scenes, decoys, 0.5 %
    /// lifecycle lines): every lifecycle line is an event, the legal story has no finding,
    /// and the fast and the reference filter find the same events.
    func testTheGeneratedSessionIsReadExactly() throws {
        var generator = BenchmarkStory(seed: 7)
        let story = generator.next(40_000)
        XCTAssertGreaterThan(generator.lifecycleLines, 150)
        for format in ["xcode-console", "idevicesyslog"] {
            var found: [CandidateFilter: [String]] = [:]
            for filter in [CandidateFilter.wordSet, .noPrefilter] {
                var options = CheckOptions()
                options.scan.candidateFilter = filter
                let report = try Checker(options: options).check(.text(name: format, contents: CaptureRenderer.render(story, as: format)))
                XCTAssertEqual(report.eventCount, generator.lifecycleLines, format)
                XCTAssertEqual(report.findings.map(\.message), [], format)
                found[filter] = report.events.map { "\($0.line):\($0.id.rawValue)" }
            }
            XCTAssertEqual(found[.wordSet], found[.noPrefilter], format)
        }
    }

    /// Every SampleLogs file, every real capture (when ../shared is there) and a generated
    /// capture with decoys.
    static func everyInput() throws -> [(name: String, text: String)] {
        var inputs: [(name: String, text: String)] = []
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleLogs")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".log") {
            inputs.append((name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
        }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: RealCorpusTests.corpus.path) {
            for name in names.sorted() where name.hasSuffix(".log") {
                let data = try Data(contentsOf: RealCorpusTests.corpus.appendingPathComponent(name))
                inputs.append((name, String(decoding: data, as: UTF8.self)))
            }
        }
        var generator = BenchmarkStory(seed: 11)
        let story = generator.next(10_000)
        for format in ["xcode-console", "plain", "log-default", "idevicesyslog", "console-app", "log-ndjson"] {
            inputs.append(("generated \(format)", CaptureRenderer.render(story, as: format)))
        }
        return inputs
    }

    /// All that reading a line gave an event: the fast path keeps the readings of repeated
    /// messages (`RecentReadings`) and the reference reads every line afresh.
    static func reading(_ event: LifecycleEvent) -> String {
        let identity = event.identity
        return "\(event.line):\(event.id.rawValue) \(event.shape) \(event.source) deferred=\(event.deferred) "
            + "sessions=\(identity.sessions) scene=\(identity.scenePointer ?? "-") delegate=\(identity.delegateClass ?? "-")"
            + "@\(identity.delegatePointer ?? "-") bundle=\(identity.bundle ?? "-") pid=\(event.pid.map(String.init) ?? "-") "
            + "thread=\(event.thread ?? "-") time=\(event.time.map { String($0) } ?? "-")"
    }

    /// The events (as `reading` gives them) and near-miss health of `text` checked with the
    /// word filter, which keeps recent readings, and with the reference, which runs every
    /// shape on every record and keeps none.
    static func readByBothFilters(_ text: String, name: String) throws
        -> (readings: [CandidateFilter: [String]], misses: [CandidateFilter: [String]]) {
        var readings: [CandidateFilter: [String]] = [:]
        var misses: [CandidateFilter: [String]] = [:]
        for filter in [CandidateFilter.wordSet, .noPrefilter] {
            var options = CheckOptions()
            options.scan.candidateFilter = filter
            let report = try Checker(options: options).check(.text(name: name, contents: text))
            readings[filter] = report.events.map(reading)
            misses[filter] = report.health.filter { $0.kind == .nearMisses }.map(\.message)
        }
        return (readings, misses)
    }

    /// The prefilter only saves time: with it, every input yields exactly the events that
    /// running every shape on every record yields, line for line and field for field, and
    /// the same near misses (lines that name a callback but are read as no event; their
    /// names are searched for with a word set before the regex).
    func testThePrefilterLosesNoEventOnAnyInput() throws {
        var events = 0, nearMisses = 0
        for (name, text) in try Self.everyInput() {
            let (found, missed) = try Self.readByBothFilters(text, name: name)
            XCTAssertEqual(found[.wordSet], found[.noPrefilter], name)
            XCTAssertEqual(missed[.wordSet], missed[.noPrefilter], name)
            events += found[.wordSet, default: []].count
            nearMisses += missed[.wordSet, default: []].count
        }
        XCTAssertGreaterThan(events, 300, "the inputs hold lifecycle lines, so agreement is not vacuous")
        XCTAssertGreaterThan(nearMisses, 3, "some inputs hold near misses")
    }

    /// Configured patterns join the prefilter through their required literals; with them,
    /// the fast path must still find exactly the events the reference finds by running every
    /// pattern on every record. Run on every SampleLogs file, every real capture and a
    /// generated capture with decoys, each with the configured lines and near misses mixed in.
    func testConfiguredPatternsAgreeWithTheReference() throws {
        let spellings = try [
            UserSpelling(event: EventID("analytics.flush"), pattern: "Analytics flush(ed)?(?: (?<session>[0-9A-F-]{36}))?$"),
            UserSpelling(event: EventID("network.change"), pattern: "(?i)network (?:became )?(reachable|unreachable)"),
            UserSpelling(event: .sceneDidBecomeActive, pattern: "^\\[Lifecycle\\] (?<scene>0x[0-9a-f]+) went active"),
            UserSpelling(event: EventID("sync.progress"), pattern: "^\\d+/\\d+ [a-z]+$"),
        ]
        XCTAssertEqual(spellings.map { $0.requiredLiterals != nil }, [true, true, true, false])
        let configured = [
            "Analytics flushed", "Analytics flush 5910B345-5C7F-4CA4-BA22-EE6114C79B6A", "NETWORK became UNREACHABLE",
            "network reachable", "[Lifecycle] 0x600002675ea0 went active", "12/40 synced", "1/1 done",
        ]
        let nearMisses = ["Analytics flus", "analytics flushed", "network reach", "[Lifecycle] went active", "12/40 Synced", "x12/40 synced"]
        let inputs = try Self.everyInput()
        var userEvents = 0
        for (name, text) in inputs {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (offset, line) in (configured + nearMisses).enumerated() {
                lines.insert(line, at: min(lines.count, (offset * 7919) % max(1, lines.count)))
            }
            let capture = lines.joined(separator: "\n")
            var found: [CandidateFilter: [String]] = [:]
            for filter in [CandidateFilter.wordSet, .noPrefilter] {
                var options = CheckOptions()
                options.scan.candidateFilter = filter
                options.scan.userSpellings = spellings
                options.scan.format = PlainFormat()
                let report = try Checker(options: options).check(.text(name: name, contents: capture))
                found[filter] = report.events.map { "\($0.line):\($0.id.rawValue)" }
            }
            XCTAssertEqual(found[.wordSet], found[.noPrefilter], name)
            userEvents += found[.wordSet, default: []].filter { !$0.contains(":scene.") && !$0.contains(":app.") }.count
        }
        XCTAssertGreaterThanOrEqual(userEvents, inputs.count * 6, "every input holds the configured events")
    }

    /// Every word, in three cases, at every offset around the 32-byte blocks and at the end.
    func testFindsEveryWordAtEveryOffsetAndCase() throws {
        var lines: [[UInt8]] = []
        for word in CompiledCatalog.candidateVocabulary {
            for variant in [word, word.uppercased(), word.capitalized] {
                for padding in [0, 1, 15, 30, 31, 32, 33, 63, 64, 65] {
                    lines.append(Array((String(repeating: "x", count: padding) + variant).utf8))
                    lines.append(Array((String(repeating: "y", count: padding) + variant + " trailing text that is long enough").utf8))
                }
                // Cut short by one byte: no longer the word.
                lines.append(Array(("prefix " + variant.dropLast()).utf8))
            }
        }
        for word in EventCatalog.scenePhases.keys {
            for variant in [word, word.uppercased(), word.capitalized] {
                for padding in 0...(CompiledCatalog.shortMessageLimit - variant.count + 2) {
                    lines.append(Array((String(repeating: ".", count: padding) + variant).utf8))
                }
            }
        }
        XCTAssertEqual(try disagreements(in: lines), [])
        XCTAssertTrue(lines.contains { $0.withUnsafeBytes(catalog.candidateWords.containsAny) })
        XCTAssertTrue(Array("🟢 active".utf8).withUnsafeBytes(catalog.isCandidate))
        XCTAssertFalse(Array("the radio stays active for the whole download of the catalog".utf8).withUnsafeBytes(catalog.isCandidate))
        XCTAssertFalse(Array("an ordinary line about the network and the cache".utf8).withUnsafeBytes(catalog.candidateWords.containsAny))
    }

    /// The near-miss names are found by a word set where the caseless alternation of them
    /// was run: the same name at the same place on every name in three cases at offsets
    /// around the 32-byte blocks, on names inside longer ones (`willConnectTo` in
    /// `willConnectToSession`: the longer, as the alternation tries it first), on names whose
    /// fingerprint stands after another's that begins later, and on random text with names,
    /// with the vector kernel and without it.
    func testNearMissNamesAreFoundWhereTheAlternationFindsThem() throws {
        var random = Draws(seed: 2027)
        let names = CompiledCatalog.nearMissNames
        var lines: [[UInt8]] = []
        for name in names {
            for variant in [name, name.uppercased(), name.lowercased()] {
                for padding in [0, 1, 29, 31, 32, 33, 64] {
                    lines.append(Array((String(repeating: "x", count: padding) + variant + " (ok)").utf8))
                }
                lines.append(Array(("cut " + variant.dropLast()).utf8))
            }
        }
        for _ in 0..<5_000 {
            var line = Array("state: ".utf8)
            for _ in 0..<(1 + random.next(3)) {
                var name = Array(names[random.next(names.count)].utf8)
                if random.next(5) == 0 { name.removeLast(1 + random.next(3)) }
                line += Array(String(repeating: " ", count: random.next(40)).utf8) + name
                // Names run together: one may begin inside or right after another.
                if random.next(3) == 0 { line += Array(names[random.next(names.count)].utf8.prefix(random.next(12))) }
            }
            lines.append(line)
        }
        let words = catalog.nearMissWords, portable = words.portable()
        var found = 0
        for line in lines {
            try line.withUnsafeBytes { bytes in
                let reference = try matcher.firstMatch(of: catalog.nearMiss, in: bytes)?[0]
                XCTAssertEqual(words.firstMatch(in: bytes), reference, String(decoding: line, as: UTF8.self))
                XCTAssertEqual(portable.firstMatch(in: bytes), reference, String(decoding: line, as: UTF8.self))
                if reference != nil { found += 1 }
            }
        }
        XCTAssertGreaterThan(found, lines.count / 2, "most lines hold a name")
        let overlapping = Array("-[SceneDelegate scene:willConnectToSession:options:]".utf8)
        overlapping.withUnsafeBytes { XCTAssertEqual(words.firstMatch(in: $0), 22..<42) }
    }

    /// Random text with words, cut words and case-folding look-alikes (`[` folds onto `{` in the
    /// SIMD step) at random places: the fast finder decides each line as the reference does.
    func testAgreesOnRandomTextAroundTheWords() throws {
        var random = Draws(seed: 2026)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let vocabulary = CompiledCatalog.candidateVocabulary.map { Array($0.utf8) }
        let alphabet = Array("abcdeSCENEactive:([{@`_ 0x\u{7f}".utf8) + [0xC3, 0xA9, 0xFF]
        var lines: [[UInt8]] = []
        for _ in 0..<20_000 {
            var line = (0..<next(120)).map { _ in alphabet[next(alphabet.count)] }
            if next(3) == 0 {
                var word = vocabulary[next(vocabulary.count)]
                if next(4) == 0 { word.removeLast() }
                word = word.map { next(2) == 0 && $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
                line.insert(contentsOf: word, at: next(line.count + 1))
            }
            lines.append(line)
        }
        XCTAssertEqual(try disagreements(in: lines), [])
        XCTAssertGreaterThan(lines.filter { $0.withUnsafeBytes(catalog.isCandidate) }.count, 3000, "the words were found")
        // The vector kernel (Teddy's nibble tables) and the portable search decide alike, on
        // these lines and on long ones that span many blocks.
        for words in [catalog.candidateWords, catalog.shortMessageWords] {
            let portable = words.portable()
            XCTAssertEqual(portable.teddyLevel, 0)
            var long: [[UInt8]] = []
            for index in stride(from: 0, to: lines.count - 8, by: 8) { long.append(lines[index..<(index + 8)].flatMap { $0 }) }
            // Candidates at nearly every place of a long line: the word at the end is still
            // found, and not found when it is not there.
            for fingerprint in words.fingerprints {
                let filler = (0..<1500).map { fingerprint[$0 % fingerprint.count] }
                long.append(filler + Array("sceneDidBecomeActive(_:)".utf8))
                long.append(filler)
            }
            for line in lines + long {
                XCTAssertEqual(line.withUnsafeBytes(words.containsAny), line.withUnsafeBytes(portable.containsAny), String(decoding: line, as: UTF8.self))
            }
        }
        #if arch(x86_64)
        XCTAssertGreaterThan(catalog.candidateWords.teddyLevel, 0, "x86_64 runs the vector kernel (SSSE3 at least)")
        #endif
    }

    /// Word sets with a two-byte word search pairs, the others triples; both ways, vector and
    /// portable, decide as a plain caseless search of the words does, at every length around
    /// a block's and with the word at every fifth place and at the end.
    func testPairsAndTriplesFindTheWordsAPlainSearchFinds() throws {
        // The last two: fingerprints that differ only in bit 5 of a byte that is no letter
        // (`[` and `{`, `@` and `` ` ``) share a slot, and their words are still told apart.
        let sets = [["ok", "scene:", "didEnterBackground"], ["AppState", "- FOREGROUND", "willConnect"], ["sceneDidBecomeActive(_:)"],
                    ["[sc", "{sd"], ["@home_now", "`home?"]]
        for words in sets {
            let set = CaselessWordSet(covering: words)
            XCTAssertEqual(set.width, words.contains { $0.utf8.count < 3 } ? 2 : 3, "\(words)")
            let lowered = words.map { Array($0.lowercased().utf8) }
            func plain(_ line: [UInt8]) -> Bool {
                let folded = line.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
                return lowered.contains { word in
                    folded.count >= word.count && (0...(folded.count - word.count)).contains { folded[$0..<($0 + word.count)].elementsEqual(word) }
                }
            }
            // Each kernel the machine has (SSSE3's too where it has AVX2), and the portable search.
            let kernels = CaselessWordSet.machineTeddyLevels.map(set.atLevel)
            for length in 0..<80 {
                let filler = (0..<length).map { Array("xSceNe:okey AppSt".utf8)[$0 % 17] }
                var lines = [filler]
                for word in words {
                    let bytes = Array(word.uppercased().utf8)
                    // The word with bit 5 of its bytes that are no letters flipped: another word or none.
                    let flipped = bytes.map { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 ? $0 : $0 ^ 0x20 }
                    // Every fifth place, and the very end: a message's last block is read
                    // from its last bytes, its marks shifted into place.
                    for place in Array(stride(from: 0, through: length, by: 5)) + (length % 5 == 0 ? [] : [length]) {
                        var line = filler
                        line.insert(contentsOf: bytes, at: place)
                        lines.append(line)
                        lines.append(Array(line.dropLast()))
                        var other = filler
                        other.insert(contentsOf: flipped, at: place)
                        lines.append(other)
                    }
                }
                for line in lines {
                    let expected = plain(line)
                    XCTAssertEqual(line.withUnsafeBytes(set.containsAny), expected, "\(words): \(String(decoding: line, as: UTF8.self))")
                    for kernel in kernels {
                        XCTAssertEqual(line.withUnsafeBytes(kernel.containsAny), expected,
                                       "kernel level \(kernel.teddyLevel) \(words): \(String(decoding: line, as: UTF8.self))")
                    }
                }
            }
        }
        // A two-byte word as a long line's last bytes: its pair begins at the last place but
        // one, which no triple covers (the fillers above hold "ok" already).
        let pairs = CaselessWordSet(covering: ["ok", "didEnterBackground"])
        for kernel in CaselessWordSet.machineTeddyLevels.map(pairs.atLevel) + [pairs] {
            for length in 30..<100 {
                let line = Array(String(repeating: "x", count: length).utf8) + Array("OK".utf8)
                line.withUnsafeBytes { XCTAssertTrue(kernel.containsAny($0), "kernel level \(kernel.teddyLevel), \(length) bytes before") }
                line.dropLast().withUnsafeBytes { XCTAssertFalse(kernel.containsAny($0), "kernel level \(kernel.teddyLevel), \(length) bytes before") }
            }
        }
    }

    /// The cursor that searches a batch of lines once decides each message as `isCandidate`
    /// on its bytes: messages at random places of their lines, some lines skipped, lines
    /// longer than the cursor searches ahead, words at a line's very end and the text's, and
    /// a text that ends without a newline.
    func testTheBatchCursorDecidesEachMessageAsTheLineSearchDoes() throws {
        var random = Draws(seed: 7)
        func next(_ bound: Int) -> Int { random.next(bound) }
        let vocabulary = CompiledCatalog.candidateVocabulary.map { Array($0.utf8) }
        let alphabet = Array("abcdeSCENEactive:([{@`_ 0x".utf8) + [0xC3, 0xA9]
        var found = 0
        for round in 0..<150 {
            var lines: [[UInt8]] = []
            for _ in 0..<(1 + next(40)) {
                var line = (0..<next(round % 10 == 0 ? 6_000 : 90)).map { _ in alphabet[next(alphabet.count)] }
                for _ in 0..<next(3) {
                    var word = vocabulary[next(vocabulary.count)]
                    word = word.map { next(2) == 0 && $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
                    if next(5) == 0 { word.removeLast() }
                    // At the very end of the line as often as anywhere else.
                    line.insert(contentsOf: word, at: next(2) == 0 ? line.count : next(line.count + 1))
                }
                lines.append(line)
            }
            var text = Array(lines.joined(separator: [10]))
            if next(2) == 0 { text.append(10) }
            text.withUnsafeBytes { bytes in
                var cursor = catalog.candidates(in: bytes)
                // Every kernel the machine has (AVX-512's too, and AVX2's where it has both),
                // and the portable search.
                var kernels = Self.kernels.map { CaselessWordSet.Cursor($0, over: bytes) }
                var start = 0
                for line in lines {
                    defer { start += line.count + 1 }
                    guard next(4) != 0 else { continue }
                    let range = (start + next(line.count + 1))..<(start + line.count)
                    let message = UnsafeRawBufferPointer(rebasing: bytes[range])
                    let expected = catalog.isCandidate(message)
                    if expected { found += 1 }
                    XCTAssertEqual(cursor.isCandidate(range), expected, "round \(round): \(String(decoding: message, as: UTF8.self))")
                    let wordsExpected = catalog.candidateWords.containsAny(message)
                    for level in kernels.indices {
                        XCTAssertEqual(kernels[level].containsAny(in: range), wordsExpected, "round \(round), kernel level \(level)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(found, 500, "the words were found")
        // A word in the first block after where the cursor stopped searching ahead of a range.
        for place in 4_000..<4_200 {
            let text = Array("ab\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: place) + Array("sceneDidBecomeActive(_:)\n".utf8)
            text.withUnsafeBytes { bytes in
                var cursor = catalog.candidates(in: bytes)
                XCTAssertFalse(cursor.isCandidate(0..<2))
                XCTAssertTrue(cursor.isCandidate(3..<(bytes.count - 1)), "word at \(place)")
            }
        }
    }

    /// A team's own words may hold bytes from 0x80 up (`scène`), which make rare fingerprints:
    /// Teddy's tables pass them too, at every place of a line.
    func testWordsBeyondASCIIAreFound() {
        let words = ["scène activée", "überweisung fertig"]
        let set = CaselessWordSet(covering: words)
        XCTAssertTrue(set.fingerprints.contains { $0.contains { $0 >= 0x80 } }, "a fingerprint beyond ASCII: \(set.fingerprints)")
        let portable = set.portable()
        for word in words {
            for place in 0..<70 {
                let line = Array(String(repeating: "x", count: place).utf8) + Array(word.utf8) + Array(" done".utf8)
                XCTAssertTrue(line.withUnsafeBytes(set.containsAny), "\(word) at \(place)")
                XCTAssertTrue(line.withUnsafeBytes(portable.containsAny), "portable: \(word) at \(place)")
                XCTAssertFalse(Array(line.dropFirst(place + 2)).withUnsafeBytes(set.containsAny), "\(word) cut at \(place)")
            }
        }
    }

    /// A short message is searched for the short words only where the candidate words'
    /// search marked a place in its line, which holds only while each short word holds one
    /// of their fingerprints: true of the catalog's, and told false of a word that holds none.
    func testShortWordsHoldACandidateFingerprint() {
        XCTAssertTrue(catalog.shortWordsHoldCandidateFingerprints)
        XCTAssertTrue(catalog.shortMessageWords.everyWordHoldsAFingerprint(of: catalog.candidateWords))
        XCTAssertFalse(CaselessWordSet(covering: ["Active", "paused"]).everyWordHoldsAFingerprint(of: catalog.candidateWords), "paused holds none")
        XCTAssertTrue(CaselessWordSet(covering: ["BACKGROUND"]).everyWordHoldsAFingerprint(of: catalog.candidateWords))
    }

    /// The cursor finds each line's end where `memchr` does, in the window it searches for
    /// words: lines shorter and longer than a window, ranges searched between them (whose
    /// windows begin mid-line), newlines at a window's edges and the text's last byte, and
    /// texts that end without one.
    func testTheBatchCursorFindsEachLineEndAsMemchrDoes() {
        var random = Draws(seed: 11)
        func next(_ bound: Int) -> Int { random.next(bound) }
        var lineEnds = 0
        for round in 0..<200 {
            let count = 1 + next(round % 4 == 0 ? 20_000 : 3_000)
            let newlineOdds = [3, 40, 120, 5_000][round % 4]
            var text = (0..<count).map { _ in next(newlineOdds) == 0 ? UInt8(10) : UInt8(ascii: "a") + UInt8(next(26)) }
            if round % 3 == 0 { text[text.count - 1] = 10 }
            lineEnds += checkLineEnds(of: text, "round \(round)") { cursor, start, end in
                // Some lines' messages searched first, as the quiet read does.
                if next(3) == 0, end > start { _ = cursor.containsAny(in: (start + next(end - start))..<end) }
            }
        }
        XCTAssertGreaterThan(lineEnds, 10_000)
        // A last line that begins where a window's last whole block ends, 33 bytes before the
        // text's end (with its newline or without), after short lines that left newlines in every block
        // the cursor had held: the window from that line's first byte ends before the text
        // does, where the search had already gone (a search of it again found a newline of
        // an older window past the text's end, and the quiet read never ended).
        for before in 0..<1_200 {
            for (tail, newline) in [(31, false), (32, false), (33, false), (34, false), (31, true), (32, true), (33, true)] {
                let text = (0..<before).map { $0 % 8 == 7 ? UInt8(10) : UInt8(ascii: "a") } + [10]
                    + [UInt8](repeating: UInt8(ascii: "b"), count: tail) + (newline ? [10] : [])
                _ = checkLineEnds(of: text, "\(before) bytes of short lines, then \(tail) and \(newline)")
            }
        }
    }

    /// The candidate words with each kernel the machine has, the portable search (0) first,
    /// built once.
    private static let kernels = CaselessWordSet.machineTeddyLevels.map(CompiledCatalog.shared.candidateWords.atLevel)
    private static var vectorKernels: ArraySlice<CaselessWordSet> { kernels.dropFirst() }

    /// Asks a new cursor over `text` for each line's end in turn and holds it to memchr's,
    /// with each vector kernel the machine has (AVX-512's, AVX2's, SSSE3's); `before` runs
    /// before each line's end is asked for, with the line's start and end. Returns how many
    /// line ends were found.
    private func checkLineEnds(of text: [UInt8], _ label: String,
                               before: (inout CaselessWordSet.Cursor, Int, Int) -> Void = { _, _, _ in }) -> Int {
        text.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else {
                XCTFail("no bytes")
                return 0
            }
            var cursors = Self.vectorKernels.map { CaselessWordSet.Cursor($0, over: bytes) }
            var start = 0, found = 0
            while start < bytes.count {
                let expected = memchr(base + start, 10, bytes.count - start).map { base.distance(to: UnsafeRawPointer($0)) }
                for index in cursors.indices {
                    if let end = expected { before(&cursors[index], start, end) }
                    XCTAssertEqual(cursors[index].newline(from: start), expected, "\(label), line at \(start), kernel level \(index + 1)")
                }
                guard let end = expected else { break }
                found += 1
                start = end + 1
            }
            return found
        }
    }
}

/// A repeatable stream of draws (a 64-bit linear congruential generator, its high bits).
struct Draws {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A draw in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
