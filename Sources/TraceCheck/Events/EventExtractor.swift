import CTeddy
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The compiled catalog: shapes, the candidate filter and the identity patterns.
/// Compiled once per process and shared read-only by every thread.
package final class CompiledCatalog: Sendable {
    package let shapes: [(shape: SpellingShape, regex: PCRE2Regex)]
    /// The shapes' regexes alone, in the same order: reading one from `shapes` copied the whole
    /// entry (the shape's names, samples and closure retained and released) for each shape
    /// tried on each candidate.
    let shapeRegexes: [PCRE2Regex]
    /// The shapes' names and resolvers alone, in the same order, for the same reason: a shape
    /// read from `shapes` to resolve a match was copied whole (four copies a candidate).
    let shapeNames: [String]
    let shapeResolvers: [@Sendable (_ group: ShapeGroups) -> SpellingMatch?]
    /// By shape, for those `gatedByLiterals`: the literals one of which every match holds, as
    /// a word set searched before the pattern. On a backtrace frame that names a callback,
    /// React Native's pattern took a third of a microsecond and Flutter's a tenth; with the
    /// gates the bench's app console took 1.6 million fewer instructions on 16 MB.
    package let shapeGates: [CaselessWordSet?]
    /// Finds every line any shape can claim (a superset), so the shapes only run on
    /// candidates. Derived from the catalog's own words, never chosen by hand (written out
    /// ahead of time, `candidateVocabulary`, and held to the catalog by a test).
    package let candidateWords: CaselessWordSet
    /// The same words as one caseless PCRE2 alternation: the reference `candidateWords`
    /// is tested against, and too slow to run on every line.
    package var candidate: PCRE2Regex { Self.references.candidate }
    /// Words that make a line a candidate only when the message is short: the bare SwiftUI
    /// phases (`active`), far too common in longer lines to be worth the shapes' time.
    package let shortMessageWords: CaselessWordSet
    /// The reference for `shortMessageWords`.
    package var shortMessageCandidate: PCRE2Regex { Self.references.shortMessage }
    /// Messages up to this many bytes are checked for `shortMessageWords`.
    package static let shortMessageLimit = 32
    /// Every short word holds one of `candidateWords`' fingerprints (`active` holds `act`,
    /// `background` `gro`): a line where the search of those marks no place holds none of
    /// them either, and its short message is not searched again (a quarter of an app's lines).
    let shortWordsHoldCandidateFingerprints: Bool
    /// The scene an object description names (`<UIWindowScene: 0x…`) and the delegate one
    /// names (`<Module.SceneDelegate: 0x…>`): the references `ObjectDescriptions` is held to.
    var scenePointer: PCRE2Regex { Self.references.scenePointer }
    var delegateObject: PCRE2Regex { Self.references.delegateObject }
    let barePointer: PCRE2Regex
    let uuid: PCRE2Regex
    /// Names of lifecycle callbacks and UIKit's messages, wherever they stand in a line: a
    /// line that holds one but is read as no event is a near miss (a spelling the catalog
    /// does not read, or a line that only mentions the callback). Found by a word set, which
    /// finds the name the caseless alternation of them (`nearMiss`) would: PCRE2 tries that
    /// alternation at nearly every byte, about 16,000 instructions a line.
    let nearMissWords: CaselessWordSet
    /// The reference `nearMissWords` is held to.
    var nearMiss: PCRE2Regex { Self.references.nearMiss }
    /// UIKit's scene of record (`UIKitAccount`); its mask lines are read by hand
    /// (`UIKitAccount.readMask`), held by a test to `UIKitAccount.maskPattern`.
    let sceneOfRecord: PCRE2Regex
    /// SpringBoard's, FrontBoard's and RunningBoard's lines about an app (`SystemAccount`),
    /// and the words that single them out.
    let systemAccount: PCRE2Regex
    let systemWords: CaselessWordSet

    /// The words that make a short message a candidate.
    static var shortMessageVocabulary: [String] {
        reduced(Set(EventCatalog.scenePhases.keys).union(EventCatalog.reactNativeStates.keys))
    }

    /// The reference regexes, compiled where first used (the tests, the bench's checks), not
    /// at every start: compiling the alternation of the whole vocabulary, and JIT-compiling it,
    /// cost more than the rest of the catalog.
    private static let references: (candidate: PCRE2Regex, shortMessage: PCRE2Regex, nearMiss: PCRE2Regex,
                                    scenePointer: PCRE2Regex, delegateObject: PCRE2Regex) = {
        do {
            return (try PCRE2Regex(SpellingShape.alternation(candidateVocabulary, caseless: true), caseless: true),
                    try PCRE2Regex(SpellingShape.alternation(shortMessageVocabulary, caseless: true), caseless: true),
                    try PCRE2Regex(SpellingShape.alternation(nearMissNames, caseless: true), caseless: true),
                    try PCRE2Regex("<(?:UIWindowScene|UIScene|CPTemplateApplicationScene): (?<pointer>0x[0-9A-Fa-f]+)"),
                    try PCRE2Regex("<(?:[A-Za-z_][A-Za-z0-9_]*\\.)*(?<class>[A-Za-z_][A-Za-z0-9_]*Delegate): (?<pointer>0x[0-9A-Fa-f]+)>"))
        } catch {
            // Compiled from constants, as the catalog is; the tests compile them on every run.
            fatalError("built-in candidate words do not compile: \(error)")
        }
    }()

    package static let shared: CompiledCatalog = {
        do { return try CompiledCatalog(pieces: sharedCompile.results()) } catch {
            // The catalog is compiled from constants; a test compiles it on every run.
            fatalError("built-in event catalog does not compile: \(error)")
        }
    }()

    /// The compile of `shared`, which the warm-up thread helps with before any check asks
    /// for it (`helpCompile`).
    private static let sharedCompile = compile()

    /// Compiles pieces of `shared` that no other thread has begun, until none is left.
    package static func helpCompile() { sharedCompile.work() }

    /// One piece of the catalog's compile (`SharedTasks`): a shape with its regex and gate, a
    /// regex, a word set, or the pattern that did not compile. Its failure is a case, not a
    /// `Result`'s: a `Result` of an error type is a generic type the runtime builds with a search
    /// of every conformance, before the compile can begin.
    private enum Piece: Sendable {
        case shape(SpellingShape, PCRE2Regex, CaselessWordSet?)
        case regex(PCRE2Regex)
        case words(CaselessWordSet)
        case failed(PCRE2CompileError)
    }

    /// The pieces after the shapes: four regexes, then four word sets, in the order `init`
    /// takes them.
    private enum OtherPiece: CaseIterable {
        case barePointer, uuid, sceneOfRecord, systemAccount, candidateWords, shortMessageWords, nearMissWords, systemWords
    }

    private static func piece(_ which: OtherPiece) throws(PCRE2CompileError) -> Piece {
        switch which {
        case .barePointer: .regex(try PCRE2Regex("(?<!: )(?<![A-Za-z0-9_<])(?<pointer>0x[0-9A-Fa-f]{6,16})(?![A-Za-z0-9_>])", jit: .catalog))
        case .uuid: .regex(try PCRE2Regex("(?<![0-9A-Fa-f-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f-])", jit: .catalog))
        case .sceneOfRecord: .regex(try PCRE2Regex(UIKitAccount.sceneOfRecordPattern, jit: .catalog))
        case .systemAccount: .regex(try PCRE2Regex(SystemAccount.pattern, jit: .catalog))
        case .candidateWords:
            .words(CaselessWordSet(covering: candidateVocabulary, fingerprints: candidateFingerprints, teddyBuckets: candidateTeddyBuckets))
        case .shortMessageWords: .words(CaselessWordSet(covering: shortMessageVocabulary))
        case .nearMissWords: .words(CaselessWordSet(covering: nearMissNames, fingerprints: nearMissFingerprints))
        case .systemWords: .words(CaselessWordSet(covering: SystemAccount.words))
        }
    }

    /// Shape `index`, made and compiled, with its gate.
    private static func shapePiece(_ index: Int) throws(PCRE2CompileError) -> Piece {
        let shape = SpellingShape.each[index]()
        shape.tables()
        let gate = shape.gatedByLiterals ? RequiredLiterals.of(shape.pattern).map { CaselessWordSet(covering: $0) } : nil
        return .shape(shape, try PCRE2Regex(shape.pattern, caseless: shape.caseless, jit: .catalog), gate)
    }

    /// The catalog's compile as tasks (`SharedTasks`), each shape and each other piece one of
    /// its own: the same catalog, whichever thread compiled what. The candidates' word set,
    /// the longest piece (0.1 to 0.18 ms), is begun first: begun last, as it was, a second
    /// thread joining near the end found only short pieces left and then waited for it.
    private static func compile() -> SharedTasks<Piece> {
        let shapeCount = SpellingShape.each.count
        let others = [OtherPiece.candidateWords] + OtherPiece.allCases.filter { $0 != .candidateWords }
        return SharedTasks(count: shapeCount + others.count) { task in
            do throws(PCRE2CompileError) {
                // The candidates' words first, then the shapes, then the other pieces.
                if task == 0 { return try piece(others[0]) }
                return task <= shapeCount ? try shapePiece(task - 1) : try piece(others[task - shapeCount])
            } catch {
                return .failed(error)
            }
        }
    }

    /// A catalog of its own, compiled on this thread and a helper.
    convenience init() throws(PCRE2CompileError) {
        try self.init(pieces: Self.compile().results(helpers: 1))
    }

    private init(pieces: [Piece]) throws(PCRE2CompileError) {
        var compiled: [(SpellingShape, PCRE2Regex)] = [], gates: [CaselessWordSet?] = [], regexes: [PCRE2Regex] = [], words: [CaselessWordSet] = []
        for piece in pieces {
            switch piece {
            case .failed(let error): throw error
            case .shape(let shape, let regex, let gate):
                compiled.append((shape, regex))
                gates.append(gate)
            case .regex(let regex): regexes.append(regex)
            case .words(let set): words.append(set)
            }
        }
        guard regexes.count == 4, words.count == 4 else { preconditionFailure("the catalog's pieces are four regexes and four word sets") }
        shapes = compiled
        shapeRegexes = compiled.map(\.1)
        shapeNames = compiled.map(\.0.name)
        shapeResolvers = compiled.map(\.0.resolve)
        shapeGates = gates
        (barePointer, uuid, sceneOfRecord, systemAccount) = (regexes[0], regexes[1], regexes[2], regexes[3])
        (candidateWords, shortMessageWords, nearMissWords, systemWords) = (words[0], words[1], words[2], words[3])
        shortWordsHoldCandidateFingerprints = shortMessageWords.everyWordHoldsAFingerprint(of: candidateWords)
    }

    /// The distinctive names in the catalog's selectors and Swift names (`applicationDidBecomeActive`,
    /// `didFinishLaunchingWithOptions`, `willConnectTo`), and UIKit's message fragments. Parts
    /// every handler has (`completionHandler`) and short ones (`scene`, `open`) are left out.
    /// Worked out from the catalog by the tests, which hold `nearMissNames` (written out
    /// ahead of time) to it.
    package static var derivedNearMissNames: [String] {
        let generic: Set<String> = ["completionHandler", "fetchCompletionHandler", "restorationHandler", "traitCollection",
                                    "interfaceOrientation", "didUpdateCoordinateSpace", "didUpdateEffectiveGeometry", "didDisconnect"]
        var names = Set<String>()
        for entry in EventCatalog.entries {
            let parts = entry.selectors.flatMap { $0.split(separator: ":") }
                + entry.swiftNames.flatMap { $0.split(whereSeparator: { "(_:)".contains($0) }) }
            for part in parts.map(String.init) where part.count >= 12 && !generic.contains(part)
                && part.dropFirst().contains(where: \.isUppercase) {
                names.insert(part)
            }
        }
        names.formUnion(EventCatalog.uikitMessages.map(\.fragment))
        return names.sorted()
    }

    /// Every word some spelling must contain, reduced to those no shorter word already
    /// covers (case-insensitively): `application` covers every `application…` selector.
    /// Worked out from the catalog by the tests, which hold `candidateVocabulary` (what a run
    /// uses, written out ahead of time) to it: deriving it and choosing its fingerprints at
    /// every start was about an eighth of a run on a small capture.
    package static var derivedCandidateVocabulary: [String] {
        var words = Set<String>()
        for entry in EventCatalog.entries {
            // The shapes need the selector's first colon and the Swift name's parenthesis right
            // after the name; with them, `scene` and `application` in UIKit's own chatter (a
            // sixth of a device capture's lines) stop being candidates.
            words.formUnion(entry.selectors.map { selector in
                selector.firstIndex(of: ":").map { String(selector[...$0]) } ?? selector
            })
            words.formUnion(entry.swiftNames.map { EventCatalog.baseName(of: $0) + "(" })
            words.formUnion(entry.notifications)
            words.formUnion(entry.shortForms)
        }
        words.formUnion(EventCatalog.ambiguousShortForms.keys)
        words.formUnion(EventCatalog.phrases.keys)
        // People quote UIKit's messages with backticks or quotes around `UIScene`: the longer
        // side of the message without it makes such a line a candidate, quoted or not
        // (`UIScene` alone is in a twentieth of a device log's lines).
        words.formUnion(EventCatalog.uikitMessages.map { message in
            guard let name = message.fragment.range(of: "UIScene") else { return message.fragment }
            let before = message.fragment[..<name.lowerBound].trimmingCharacters(in: .whitespaces)
            let after = message.fragment[name.upperBound...].trimmingCharacters(in: .whitespaces)
            return before.count >= after.count ? before : after
        })
        words.insert("phase")
        words.insert("AppLifecycleState")
        words.formUnion(EventCatalog.flutterStates.keys.map { "Flutter \($0)" })
        words.formUnion(EventCatalog.dotNetNames.keys)
        // The first line of a UIKit message wrapped over two holds only its beginning.
        words.formUnion(WrappedMessage.heads)
        // A redux enhancer's action name is read only as the line's last word after ` - `
        // (alone, it is a short message): `foreground` alone is in a device log's every page.
        words.formUnion(["AppState", "current state", "current_state", "currentstate", "- FOREGROUND", "- INACTIVE", "- BACKGROUND"])
        // A line that names a callback is looked at, so that one read as no event is counted
        // as a near miss (these names are rare outside lifecycle lines).
        words.formUnion(derivedNearMissNames)
        words.formUnion(UIKitAccount.candidateWords)
        return reduced(words)
    }

    static func reduced(_ words: Set<String>) -> [String] {
        // On bytes: Foundation's `contains` over the ~600 words × ~600 words was a twentieth
        // of a small capture's run, paid at every start.
        // The words are distinct: another word is another index, no string comparison.
        let lowered = Set(words.map { $0.lowercased() }).map { Array($0.utf8) }
        return lowered.indices.filter { index in
            !lowered.indices.contains { other in other != index && Self.bytes(lowered[index], contain: lowered[other]) }
        }.map { String(decoding: lowered[$0], as: UTF8.self) }.sorted()
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Whether the shapes need to look at `message` at all.
    package func isCandidate(_ message: UnsafeRawBufferPointer) -> Bool {
        candidateWords.containsAny(message)
            || (message.count <= Self.shortMessageLimit && shortMessageWords.containsAny(message))
    }

    /// Decides `isCandidate` for ranges of one text taken in increasing order (the messages
    /// of a batch of lines), searching the text once.
    package struct CandidateCursor {
        private var words: CaselessWordSet.Cursor
        private let shortWords: CaselessWordSet
        private let text: UnsafeRawBufferPointer

        /// Whether the message at `range` of the text is a candidate; `range` must not go back.
        package mutating func isCandidate(_ range: Range<Int>) -> Bool {
            words.containsAny(in: range)
                || (range.count <= CompiledCatalog.shortMessageLimit && shortWords.containsAny(UnsafeRawBufferPointer(rebasing: text[range])))
        }

        /// Reads the quiet lines of `quiet` in C (`tc_quiet_read`), deciding their messages
        /// as `isCandidate` does; nil where the C read is not available.
        mutating func readQuietly(_ quiet: inout tc_quiet) -> tc_quiet_stop? {
            words.readQuietly(&quiet, shortWords: shortWords, shortLimit: CompiledCatalog.shortMessageLimit,
                              shortWordsHoldFingerprints: shortWordsHoldFingerprints)
        }

        private let shortWordsHoldFingerprints: Bool

        init(catalog: CompiledCatalog, text: UnsafeRawBufferPointer) {
            words = CaselessWordSet.Cursor(catalog.candidateWords, over: text)
            shortWords = catalog.shortMessageWords
            shortWordsHoldFingerprints = catalog.shortWordsHoldCandidateFingerprints
            self.text = text
        }
    }

    /// A cursor over `text` for `isCandidate` of its messages in order.
    package func candidates(in text: UnsafeRawBufferPointer) -> CandidateCursor {
        CandidateCursor(catalog: self, text: text)
    }

    /// The same decision through the reference regexes.
    package func isCandidateByReference(_ message: UnsafeRawBufferPointer, matcher: PCRE2Matcher) throws -> Bool {
        try matcher.matches(candidate, in: message)
            || (message.count <= Self.shortMessageLimit && matcher.matches(shortMessageCandidate, in: message))
    }
}

/// The fields of the record a message belongs to, kept past the record's line so that a
/// continuation line (the rest of a multi-line message) keeps its process. Updated on every
/// record, in place: no allocation and no reference counting.
package struct RecordContext: Sendable {
    package var pid: Int?
    var process = FieldBytes()
    var thread = FieldBytes()
    var timestamp = FieldBytes()
    /// Which record's process and thread these are, for the extractor's cache of the context
    /// it last made of them (`EventExtractor.sharedContext`): every `update` moves it on, and
    /// no two sessions' contexts share one. 0: unknown, never cached (a context made for
    /// one line).
    private(set) var generation: UInt64 = 0

    package init() {}

    /// A scanning session's context: its generations begin at a number no other session's do.
    static func numbered() -> RecordContext {
        var context = RecordContext()
        // 2^24 sessions of 2^40 records each, before a number could come round again.
        context.generation = (sessions.add(1, ordering: .relaxed).newValue & 0xFF_FFFF) << 40 | 1
        return context
    }

    private static let sessions = Atomic<UInt64>(0)

    package mutating func update(from record: Record) {
        pid = record.fields.pid
        process.set(record.bytes, record.fields.process)
        thread.set(record.bytes, record.fields.thread)
        timestamp.set(record.bytes, record.fields.timestamp)
        if generation != 0 { generation &+= 1 }
    }

    package var processText: String? { process.text }
    package var threadText: String? { thread.text }
}

/// The bytes of one short record field (timestamp, process, thread), kept inline. Set on
/// every record, a heap buffer would cost a uniqueness check and reference counting each
/// time. A longer field (a rare process name) goes to the heap.
struct FieldBytes: Equatable, Sendable {
    static let inlineCapacity = 64
    private var inline = SIMD64<UInt8>()
    /// Nil until a field is longer than the inline bytes: a nil copies without reference
    /// counting, where an empty array's storage was retained and released at every copy (a
    /// record's context is copied for every event).
    private var overflow: [UInt8]?
    private(set) var count = 0

    init() {}

    init(_ bytes: UnsafeRawBufferPointer) { set(bytes) }

    var isEmpty: Bool { count == 0 }

    /// The bytes of `range` of `bytes`; none when the record has no such field.
    mutating func set(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>?) {
        guard let range, !range.isEmpty else {
            count = 0
            return
        }
        // Where the record holds the inline capacity's bytes from the field on, all of them at
        // once, with no call: bytes past `count` may differ (`inlinePrefixEquals`). A copy of
        // the field's own length went through `memmove`, whose branches on the length missed
        // where records of many processes come in turn (three fields a record).
        if range.count <= Self.inlineCapacity, bytes.count - range.lowerBound >= Self.inlineCapacity, let base = bytes.baseAddress {
            count = range.count
            inline = (base + range.lowerBound).loadUnaligned(as: SIMD64<UInt8>.self)
            return
        }
        set(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    mutating func set(_ bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        if count <= Self.inlineCapacity {
            Swift.withUnsafeMutableBytes(of: &inline) { $0.copyMemory(from: bytes) }
        } else {
            overflow = Array(bytes)
        }
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if count > Self.inlineCapacity { return try (overflow ?? []).withUnsafeBytes(body) }
        return try Swift.withUnsafeBytes(of: inline) { try body(UnsafeRawBufferPointer(start: $0.baseAddress, count: count)) }
    }

    var text: String? { isEmpty ? nil : withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    @inline(__always)
    static func == (lhs: FieldBytes, rhs: FieldBytes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.count <= inlineCapacity { return lhs.inlinePrefixEquals(rhs) }
        return lhs.overflow == rhs.overflow
    }

    /// Whether these are the bytes of `other`, compared in place.
    func equals(_ other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return withUnsafeBytes { mine in
            guard let left = mine.baseAddress, let right = other.baseAddress else { return false }
            return memcmp(left, right, count) == 0
        }
    }

    /// Whether these bytes sort before `other`'s as `memcmp` sorts them (a prefix first).
    /// Fields of one length are compared in place, eight bytes at a time: every record's
    /// timestamp is compared with the one before it, and `memcmp` reached through both
    /// fields' `withUnsafeBytes` cost about a hundred instructions a record.
    @inline(__always)
    func sortsBefore(_ other: FieldBytes) -> Bool {
        guard count == other.count, count <= Self.inlineCapacity else { return sortsBeforeAsBytes(other) }
        let left = unsafeBitCast(inline, to: SIMD8<UInt64>.self), right = unsafeBitCast(other.inline, to: SIMD8<UInt64>.self)
        var index = 0, remaining = count
        // The first byte is the lowest of a little-endian word: swapped, the most significant,
        // so that words order as their bytes do.
        while remaining >= 8 {
            if left[index] != right[index] { return left[index].littleEndian.byteSwapped < right[index].littleEndian.byteSwapped }
            index += 1
            remaining -= 8
        }
        guard remaining > 0 else { return false }
        // Bytes past `count` may differ (left from a longer field).
        let keep: UInt64 = (1 << (8 * UInt64(remaining))) - 1
        return (left[index].littleEndian & keep).byteSwapped < (right[index].littleEndian & keep).byteSwapped
    }

    /// `sortsBefore` for fields of other lengths, or past the inline bytes.
    @inline(never)
    private func sortsBeforeAsBytes(_ other: FieldBytes) -> Bool {
        withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                guard let left = mine.baseAddress, let right = theirs.baseAddress else { return mine.count < theirs.count }
                let order = memcmp(left, right, min(mine.count, theirs.count))
                return order < 0 || (order == 0 && mine.count < theirs.count)
            }
        }
    }

    /// A quick mix of the bytes (not a `Hasher`'s): picks a slot of a small cache, where
    /// equality still decides.
    @inline(__always)
    var fold: UInt64 {
        guard count <= Self.inlineCapacity else { return UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15 }
        let words = unsafeBitCast(inline, to: SIMD8<UInt64>.self)
        var mixed = UInt64(truncatingIfNeeded: count), index = 0, remaining = count
        while remaining > 0 {
            // Bytes past `count` may differ: only the first `remaining` of the last word count.
            let word = remaining >= 8 ? words[index] : words[index].littleEndian & ((1 << (8 * UInt64(remaining))) - 1)
            mixed = (mixed ^ word) &* 0x9E37_79B9_7F4A_7C15
            index += 1
            remaining -= 8
        }
        return mixed
    }

    /// Bytes past `count` may differ (left from a longer field): compare the first `count`,
    /// eight at a time in place (process names are compared at every change of process).
    private func inlinePrefixEquals(_ other: FieldBytes) -> Bool {
        let left = unsafeBitCast(inline, to: SIMD8<UInt64>.self), right = unsafeBitCast(other.inline, to: SIMD8<UInt64>.self)
        var index = 0, remaining = count
        while remaining >= 8 {
            if left[index] != right[index] { return false }
            index += 1
            remaining -= 8
        }
        guard remaining > 0 else { return true }
        // The first bytes are the low ones of a little-endian word.
        return (left[index] ^ right[index]).littleEndian & ((1 << (8 * UInt64(remaining))) - 1) == 0
    }
}

/// How the extractor finds the lines worth running the shapes on.
package enum CandidateFilter: Sendable, Hashable {
    /// Byte pairs, then word comparisons (`CaselessWordSet`), and configured patterns' required
    /// literals: the fast path.
    case wordSet
    /// No prefilter: every shape and every configured pattern on every message. The reference
    /// the fast path must agree with (benchmarks and tests compare the two): a word missing
    /// from the vocabulary would show here as an event the fast path lost.
    case noPrefilter
}

/// Turns records into lifecycle events. One per thread: it owns a PCRE2 matcher.
package final class EventExtractor {
    package let catalog: CompiledCatalog
    let matcher: PCRE2Matcher
    /// Lines whose text had to be repaired (invalid UTF-8) to be shown.
    @exclusivity(unchecked) package private(set) var repairedLines = LineTally()
    /// Lines where a pattern hit PCRE2's match limit, so were not classified.
    @exclusivity(unchecked) package private(set) var limitExceededLines = LineTally()
    /// Lines that name a lifecycle callback or UIKit message but were read as no event.
    @exclusivity(unchecked) package private(set) var nearMisses = LineTally()
    /// The first few near misses with the name each holds, for the message that lists them.
    @exclusivity(unchecked) package private(set) var nearMissNames: [(line: Int, name: String)] = []
    static let nearMissesNamed = 5
    @exclusivity(unchecked) private var lastLimitExceededLine: Int?

    /// The line before ended part-way through one of UIKit's messages (a paste wrapped it):
    /// what the next line must begin with for the two to be that message.
    @exclusivity(unchecked) var pendingWrap: WrappedMessage.Start?

    /// The second transition of a mask line that shows two (`0 -> 2048`: resign, then
    /// background): the scanner takes it right after the first.
    @exclusivity(unchecked) private var followingEvent: LifecycleEvent?

    /// Whether the message of the event `event(message:…)` last returned holds a redaction
    /// (`<private>`), as the scanner tallies them: kept with a recent reading, so that a
    /// message read before is not searched again (about 140 instructions an event).
    @exclusivity(unchecked) private(set) var lastEventRedacted = false

    static func isRedacted(_ message: UnsafeRawBufferPointer) -> Bool { message.contains(literal: "<private>") }

    /// The event `event(message:…)` found beside the one it returned, once.
    func takeFollowingEvent() -> LifecycleEvent? {
        defer { followingEvent = nil }
        return followingEvent
    }

    /// How candidate lines are found: the fast word set, or none at all (the reference).
    package let candidateFilter: CandidateFilter

    /// The configuration's spellings, tried before the catalog's on every message.
    let userSpellings: [UserSpelling]
    /// How long each configured pattern may search one capture (`ScanOptions.patternBudget`):
    /// PCRE2's limits bound one line, not the sum over millions of lines of a pattern that
    /// backtracks on each. Nanoseconds spent so far, by spelling.
    private let patternBudget: UInt64
    @exclusivity(unchecked) private var patternCost: [UInt64]
    /// Spellings past their budget, by index, with the line they were switched off at.
    @exclusivity(unchecked) package private(set) var switchedOff: [Int: Int] = [:]
    /// The required literals of those that have them: such a spelling is tried only on a
    /// message that holds one (the reference filter tries every spelling on every message).
    let userWords: CaselessWordSet?

    /// Where the events' line texts go.
    let textArchive = EventTextArchive()
    /// One object per distinct identity, and per event kind, thread and shape, that the
    /// events with it share: a capture has a few hundred of each and a hundred thousand events.
    /// A capture of many runs meets new threads and scenes without end: past this many,
    /// a table starts again (the events read keep theirs), so that it stays small too.
    static let sharedLimit = 4_096
    @exclusivity(unchecked) private var sharedIdentities: [SceneIdentity: SharedIdentity] = [:]
    @exclusivity(unchecked) private var sharedContexts: [EventContext.Key: EventContext] = [:]
    // The shared objects recently given, asked first: an event often names the scene the one
    // before it named (a fifth of the events of the bench's dense console), and most have a
    // context given before for the same id, pid and thread (a slot of 256 picked by those,
    // compared with the record's bytes; a slot per id alone held the context of only half).
    // The tables hash every string of a key or identity (a scene's sessions, a thread's
    // name) and compare them all, about 900 instructions a lookup; a recent one only compares.
    @exclusivity(unchecked) private var lastIdentity: SharedIdentity?
    /// Messages the shapes read lately, with what they read: a callback's line repeats.
    @exclusivity(unchecked) private var recentReadings = RecentReadings()
    @exclusivity(unchecked) private var timeReader = CaptureTime.Reader()
    /// Read in place, for the comparison (`KeptObjects`).
    @exclusivity(unchecked) private var recentContexts = KeptObjects<RecentContext>(slots: 256)
    /// The context last given for an id (by its number, modulo the table's size) and the
    /// record generation (`RecordContext.generation`) it was given for: the events of an
    /// app's console come in runs of records of one thread, read without a change of
    /// context, and a generation compares where the slot above hashed and compared the
    /// record's thread and process, about 300 instructions an event. 128: more than the
    /// catalog's ids, so that no two of them share an entry (with 64, half the events missed).
    @exclusivity(unchecked) private var generations = [UInt64](repeating: 0, count: 128)
    @exclusivity(unchecked) private var generationContexts = KeptObjects<EventContext>(slots: 128)

    /// A context recently given, with the bytes of the thread and process it was given for.
    /// A reference: an optional tuple of these, read from the table, was copied field by field.
    private final class RecentContext {
        let context: EventContext
        let thread: FieldBytes
        let process: FieldBytes

        init(_ context: EventContext, thread: FieldBytes, process: FieldBytes) {
            self.context = context
            self.thread = thread
            self.process = process
        }
    }

    package init(catalog: CompiledCatalog = .shared, matcher: PCRE2Matcher = PCRE2Matcher(),
                candidateFilter: CandidateFilter = .wordSet, userSpellings: [UserSpelling] = [],
                patternBudget: Double = ScanOptions.defaultPatternBudget) {
        self.catalog = catalog
        self.matcher = matcher
        self.candidateFilter = candidateFilter
        self.userSpellings = userSpellings
        // A budget beyond what UInt64 nanoseconds hold (about 584 years) is no budget.
        self.patternBudget = patternBudget * 1e9 < 1.8e19 ? UInt64(max(0, patternBudget) * 1e9) : .max
        patternCost = Array(repeating: 0, count: userSpellings.count)
        let literals = userSpellings.flatMap { $0.requiredLiterals ?? [] }
        userWords = literals.isEmpty ? nil : CaselessWordSet(covering: literals)
    }

    /// Numbers what it noted as `lines` more lines before them would (`ScanSession.shiftLines`).
    func shiftLines(by lines: Int) {
        repairedLines.shiftLines(by: lines)
        limitExceededLines.shiftLines(by: lines)
        nearMisses.shiftLines(by: lines)
        nearMissNames = nearMissNames.map { ($0.line + lines, $0.name) }
        lastLimitExceededLine? += lines
        // Only the configuration's spellings are ever switched off. The first `mapValues` of a
        // process, even of an empty table, cost 60 µs (its generic types' metadata, in a build
        // without `make release`'s metadata accessors) where a parted read joins its parts.
        if !switchedOff.isEmpty { switchedOff = switchedOff.mapValues { $0 + lines } }
        pendingWrap = pendingWrap?.shifted(by: lines)
        followingEvent?.shiftLine(by: lines)
    }

    /// Takes over what the extractor of the next part of the same input noted.
    func absorb(_ later: EventExtractor) {
        repairedLines.add(later.repairedLines)
        limitExceededLines.add(later.limitExceededLines)
        nearMisses.add(later.nearMisses)
        nearMissNames += later.nearMissNames.prefix(Self.nearMissesNamed - min(Self.nearMissesNamed, nearMissNames.count))
        // Each part had the budget to itself (they run at once): the earliest switch-off counts.
        if !later.switchedOff.isEmpty { switchedOff.merge(later.switchedOff) { min($0, $1) } }
        pendingWrap = later.pendingWrap
    }

    /// The event `record` shows, if it is a lifecycle line.
    package func event(in record: Record) -> LifecycleEvent? {
        var context = RecordContext()
        context.update(from: record)
        return event(message: record.message, text: record.bytes, line: record.number, context: context)
    }

    /// The event `message` shows, if it is a lifecycle line. `text` is what evidence shows;
    /// `context` the fields of the record the message belongs to, asked for only when the
    /// message is an event (a scanner would copy it out of its state on every line).
    /// `knownCandidate`: the caller's own search found the message a candidate (`isCandidate`),
    /// so it is not searched again.
    package func event(message: UnsafeRawBufferPointer, text: UnsafeRawBufferPointer, line: Int,
                      context: @autoclosure () -> RecordContext, knownCandidate: Bool = false) -> LifecycleEvent? {
        // Each way out makes its event itself: an optional of the found spelling, shape and
        // identity, made here and destroyed at the end, went through the runtime's generic
        // destroy (a few hundred instructions an event).
        if !userSpellings.isEmpty, let (spelling, shape, named) = userSpelling(in: message, line: line) {
            lastEventRedacted = Self.isRedacted(message)
            return makeEvent(spelling, shape: shape, named: named, message: message, text: text, line: line, context: context())
        }
        guard knownCandidate || isCandidate(message) else { return nil }
        // A message read before is asked for first.
        let keeps = candidateFilter == .wordSet && message.count <= RecentReadings.longestKept
        let slot = keeps ? RecentReadings.slot(of: message) : 0
        if keeps, let view = recentReadings.reading(at: slot, of: message) {
            // Read in place: nothing below keeps a reading, which would replace this one.
            return view._withUnsafeGuaranteedRef { reading -> LifecycleEvent? in
                if reading.readsNothing {
                    if let name = reading.nearMiss { noteNearMiss(named: name, line: line) }
                    // Where the message begins no wrap, none is pending after it.
                    if reading.mayWrap { noteWrapStart(message, text: text, line: line, context: context()) } else { pendingWrap = nil }
                    return nil
                }
                lastEventRedacted = reading.redacted
                guard reading.isAccount else {
                    return reading.first.map { makeEvent(id: $0, source: reading.source, deferred: reading.deferred, shape: reading.shape,
                                                         identity: reading.identity, text: text, line: line, context: context()) }
                }
                return uikitEvents(reading.first, reading.second, identity: reading.identity, text: text, line: line, context: context())
            }
        }
        let nearMissesBefore = nearMisses.count
        lastEventRedacted = Self.isRedacted(message)
        if let account = uikitAccount(in: message, line: line) {
            // UIKit's own line: its transitions (none, when the mask stays on the same
            // side of 0 and bit 11), never a callback's spelling.
            let identity = account.ids.isEmpty ? nil : sharedIdentity(source: .uikit, named: account.identity, in: message)
            // A mask past 64 bits is noted as a near miss: that line is read again.
            if keeps, nearMisses.count == nearMissesBefore {
                recentReadings.keep(.init(ids: account.ids, source: .uikit, deferred: false, shape: SpellingShape.uikitAccountShape,
                                          identity: identity, redacted: lastEventRedacted), of: message, at: slot)
            }
            return uikitEvents(account.ids.first, account.ids.count > 1 ? account.ids[1] : nil, identity: identity, text: text, line: line,
                               context: context())
        }
        if let (spelling, shape) = spelling(in: message, line: line) {
            let identity = sharedIdentity(of: spelling, named: SceneIdentity(), in: message)
            // Kept only when reading it noted nothing: a pattern past its limit notes the line.
            if keeps, lastLimitExceededLine != line {
                recentReadings.keep(.init(ids: [spelling.id], source: spelling.source, deferred: spelling.deferred, shape: shape,
                                          identity: identity, redacted: lastEventRedacted), of: message, at: slot)
            }
            return makeEvent(id: spelling.id, source: spelling.source, deferred: spelling.deferred, shape: shape,
                             identity: identity, text: text, line: line, context: context())
        }
        let nearMiss = noteNearMiss(message, line: line)
        noteWrapStart(message, text: text, line: line, context: context())
        if keeps, lastLimitExceededLine != line {
            recentReadings.keep(.init(nothingButNearMiss: nearMiss, mayWrap: pendingWrap != nil), of: message, at: slot)
        }
        return nil
    }

    /// The events of a line of UIKit's account: the first is returned, the second (a mask that
    /// shows two transitions) follows it.
    private func uikitEvents(_ first: EventID?, _ second: EventID?, identity: SharedIdentity?, text: UnsafeRawBufferPointer, line: Int,
                             context: RecordContext) -> LifecycleEvent? {
        // Without an array of the two: half the events of a console with UIKit's account
        // are its lines, and each array was an allocation.
        func make(_ id: EventID) -> LifecycleEvent {
            makeEvent(id: id, source: .uikit, deferred: false, shape: SpellingShape.uikitAccountShape, identity: identity,
                      text: text, line: line, context: context)
        }
        guard let first else {
            followingEvent = nil
            return nil
        }
        let event = make(first)
        followingEvent = second.map(make)
        return event
    }

    func makeEvent(_ spelling: SpellingMatch, shape: String, named: SceneIdentity, message: UnsafeRawBufferPointer,
                           text: UnsafeRawBufferPointer, line: Int, context: RecordContext) -> LifecycleEvent {
        makeEvent(id: spelling.id, source: spelling.source, deferred: spelling.deferred, shape: shape,
                  identity: sharedIdentity(of: spelling, named: named, in: message), text: text, line: line, context: context)
    }

    /// The identity `message` gives the event `spelling` read from it: the message's own
    /// descriptions, then what the spelling's groups (`named`, the delegate) said.
    private func sharedIdentity(of spelling: SpellingMatch, named: SceneIdentity, in message: UnsafeRawBufferPointer) -> SharedIdentity? {
        sharedIdentity(source: spelling.source, named: named, delegateClass: spelling.delegateClass, delegatePointer: spelling.delegatePointer,
                       in: message)
    }

    private func sharedIdentity(source: EventSource, named: SceneIdentity, delegateClass: String? = nil, delegatePointer: String? = nil,
                                in message: UnsafeRawBufferPointer) -> SharedIdentity? {
        var identity = self.identity(in: message, source: source)
        if !named.isEmpty {
            if !named.sessions.isEmpty { identity.sessions = named.sessions }
            if let pointer = named.scenePointer { identity.scenePointer = pointer }
            if let delegateClass = named.delegateClass { identity.delegateClass = delegateClass }
            if let bundle = named.bundle { identity.bundle = bundle }
        }
        if let delegateClass { identity.delegateClass = Self.strippedCategory(delegateClass) }
        if let delegatePointer { identity.delegatePointer = Self.normalisedPointer(delegatePointer) }
        return shared(identity)
    }

    private func makeEvent(id: EventID, source: EventSource, deferred: Bool, shape: String, identity: SharedIdentity?,
                           text: UnsafeRawBufferPointer, line: Int, context: RecordContext) -> LifecycleEvent {
        noteInvalidUTF8(text, line: line)
        let eventContext = sharedContext(id: id, source: source, deferred: deferred, shape: shape, record: context)
        return LifecycleEvent(line: line, text: textArchive.append(text), identity: identity, context: eventContext, time: time(of: context))
    }

    /// The record's time, read by a reader that keeps the last timestamp's minute.
    private func time(of record: RecordContext) -> Double? {
        record.timestamp.isEmpty ? nil : record.timestamp.withUnsafeBytes { timeReader.seconds(from: $0) }
    }

    private func shared(_ identity: SceneIdentity) -> SharedIdentity? {
        guard !identity.isEmpty else { return nil }
        if let lastIdentity, lastIdentity.identity == identity { return lastIdentity }
        let box: SharedIdentity
        if let known = sharedIdentities[identity] {
            box = known
        } else {
            box = SharedIdentity(identity)
            if sharedIdentities.count >= Self.sharedLimit { sharedIdentities.removeAll(keepingCapacity: true) }
            sharedIdentities[identity] = box
        }
        lastIdentity = box
        return box
    }

    /// The context of an event of `id`, read with `shape` from a record of `record`'s
    /// process and thread. A recent context of the same id, pid and thread is compared with
    /// the record's bytes: the strings of a key are made only where it is not that one.
    private func sharedContext(id: EventID, source: EventSource, deferred: Bool, shape: String, record: RecordContext) -> EventContext {
        let byID = id.tableIndex & (generations.count - 1)
        if record.generation != 0, generations[byID] == record.generation, let view = generationContexts[byID],
           view._withUnsafeGuaranteedRef({ $0.key.id == id && $0.key.source == source && $0.key.deferred == deferred && $0.key.shape == shape }) {
            return view.takeUnretainedValue()
        }
        let context = sharedContext(slotFor: id, source: source, deferred: deferred, shape: shape, record: record)
        if record.generation != 0 {
            generations[byID] = record.generation
            generationContexts.keep(context, at: byID)
        }
        return context
    }

    /// `sharedContext` past the contexts by generation.
    private func sharedContext(slotFor id: EventID, source: EventSource, deferred: Bool, shape: String, record: RecordContext) -> EventContext {
        // By the id, process and thread: a context of one id and another thread, asked for
        // in turn with it, must not push it out.
        let mix = UInt64(bitPattern: Int64(id._rawHashValue(seed: record.pid ?? 0))) ^ record.thread.fold
        let slot = Int(truncatingIfNeeded: (mix ^ (mix >> 29)) & UInt64(recentContexts.count - 1))
        if let view = recentContexts[slot], let recent = view._withUnsafeGuaranteedRef({ recent -> EventContext? in
            guard recent.context.key.id == id, recent.context.key.source == source, recent.context.key.deferred == deferred,
                  recent.context.key.pid == record.pid, recent.context.key.shape == shape, recent.thread == record.thread,
                  recent.process == record.process else { return nil }
            return recent.context
        }) {
            return recent
        }
        let key = EventContext.Key(id: id, source: source, deferred: deferred, shape: shape, pid: record.pid,
                                   thread: record.threadText, process: record.processText)
        let context: EventContext
        if let known = sharedContexts[key] {
            context = known
        } else {
            context = EventContext(key, archive: textArchive)
            if sharedContexts.count >= Self.sharedLimit { sharedContexts.removeAll(keepingCapacity: true) }
            sharedContexts[key] = context
        }
        recentContexts.keep(RecentContext(context, thread: record.thread, process: record.process), at: slot)
        return context
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: now.tv_nsec)
    }

    /// Notes `line` as a near miss if its message names a callback, and gives the name.
    @discardableResult
    private func noteNearMiss(_ message: UnsafeRawBufferPointer, line: Int) -> String? {
        let found: Range<Int>? = switch candidateFilter {
        case .wordSet: catalog.nearMissWords.firstMatch(in: message)
        case .noPrefilter: (try? matcher.firstMatch(of: catalog.nearMiss, in: message))?[0]
        }
        guard let range = found else { return nil }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self)
        noteNearMiss(named: name, line: line)
        return name
    }

    private func noteNearMiss(named name: String, line: Int) {
        nearMisses.add(line)
        if nearMissNames.count < Self.nearMissesNamed { nearMissNames.append((line, name)) }
    }

    /// The transitions (or scene of record) one of UIKit's account lines shows; nil for any
    /// other line. Only lines holding the literal are searched.
    func uikitAccount(in message: UnsafeRawBufferPointer, line: Int) -> (ids: [EventID], identity: SceneIdentity)? {
        switch UIKitAccount.readMask(message) {
        case .masks(let old, let new): return (UIKitAccount.transitions(from: old, to: new), SceneIdentity())
        case .overflow:
            // Twenty digits can exceed 64 bits: such a line is no mask UIKit wrote.
            nearMisses.add(line)
            if nearMissNames.count < Self.nearMissesNamed { nearMissNames.append((line, "deactivation reasons beyond 64 bits")) }
            return ([], SceneIdentity())
        case .none: break
        }
        if message.contains(literal: "sceneOfRecord: "), let match = try? matcher.firstMatch(of: catalog.sceneOfRecord, in: message),
           let session = group("session", of: catalog.sceneOfRecord, in: match, message) {
            var identity = SceneIdentity(sessions: [session.uppercased()])
            identity.bundle = group("scene", of: catalog.sceneOfRecord, in: match, message).flatMap(UIKitAccount.bundle(ofSceneID:))
            return ([.uikitAppSceneOfRecord], identity)
        }
        return nil
    }

    /// The event a line of the system's (a record of SpringBoard, FrontBoard, RunningBoard)
    /// shows about an app, if it is one `SystemAccount` reads.
    package func systemEvent(message: UnsafeRawBufferPointer, text: UnsafeRawBufferPointer, line: Int,
                            context: @autoclosure () -> RecordContext) -> LifecycleEvent? {
        guard candidateFilter == .noPrefilter || catalog.systemWords.containsAny(message),
              (try? matcher.matchInPlace(catalog.systemAccount, in: message)) == true,
              let found = SystemAccount.event(ShapeGroups(regex: catalog.systemAccount, matcher: matcher, message: message)) else { return nil }
        var identity = SceneIdentity()
        identity.bundle = found.bundle
        identity.appPid = found.pid
        noteInvalidUTF8(text, line: line)
        let record = context()
        let eventContext = sharedContext(id: found.id, source: .system, deferred: false, shape: SystemAccount.shape, record: record)
        return LifecycleEvent(line: line, text: textArchive.append(text), identity: shared(identity), context: eventContext,
                              time: time(of: record))
    }

    private func group(_ name: String, of regex: PCRE2Regex, in match: PCRE2Match, _ message: UnsafeRawBufferPointer) -> String? {
        guard let range = regex.groupNumber(name).flatMap({ match[$0] }) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self)
    }

    private func noteLimitExceeded(_ line: Int) {
        guard lastLimitExceededLine != line else { return }
        lastLimitExceededLine = line
        limitExceededLines.add(line)
    }

    func isCandidate(_ message: UnsafeRawBufferPointer) -> Bool {
        switch candidateFilter {
        case .wordSet: catalog.isCandidate(message)
        case .noPrefilter: true
        }
    }

    func spelling(in message: UnsafeRawBufferPointer, line: Int) -> (SpellingMatch, String)? {
        for (index, regex) in catalog.shapeRegexes.enumerated() {
            if let gate = catalog.shapeGates[index], !gate.containsAny(message) { continue }
            // Only the matched shape's resolver is read, and it reads the groups where PCRE2 left
            // them (no array of them made per candidate), through a closure on the stack, before
            // any other match.
            let matched: Bool
            do { matched = try matcher.matchInPlace(regex, in: message) } catch {
                noteLimitExceeded(line)
                continue
            }
            guard matched else { continue }
            let resolved = catalog.shapeResolvers[index](ShapeGroups(regex: regex, matcher: matcher, message: message))
            if let resolved { return (resolved, catalog.shapeNames[index]) }
        }
        return nil
    }

    /// The first configured spelling that matches, with what its named groups say of the scene.
    func userSpelling(in message: UnsafeRawBufferPointer, line: Int) -> (SpellingMatch, String, SceneIdentity)? {
        var holdsLiteral: Bool?
        for (index, spelling) in userSpellings.enumerated() where switchedOff[index] == nil {
            if spelling.requiredLiterals != nil, candidateFilter == .wordSet, let userWords {
                if holdsLiteral == nil { holdsLiteral = userWords.containsAny(message) }
                if holdsLiteral == false { continue }
            }
            let match: PCRE2Match?
            let start = Self.monotonicNanoseconds()
            defer {
                patternCost[index] &+= Self.monotonicNanoseconds() &- start
                if patternCost[index] > patternBudget { switchedOff[index] = line }
            }
            do { match = try matcher.firstMatch(of: spelling.regex, in: message) } catch {
                noteLimitExceeded(line)
                continue
            }
            guard let match else { continue }
            func group(_ name: String) -> String? {
                guard let number = spelling.regex.groupNumber(name), let range = match[number], !range.isEmpty else { return nil }
                return String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self)
            }
            var identity = SceneIdentity()
            if let session = group("session") { identity.sessions = [session.uppercased()] }
            if let scene = group("scene") { identity.scenePointer = scene.hasPrefix("0x") ? Self.normalisedPointer(scene) : scene }
            if let delegate = group("delegate") { identity.delegateClass = Self.strippedCategory(delegate) }
            return (SpellingMatch(id: spelling.event), "user:\(spelling.event)", identity)
        }
        return nil
    }

    func identity(in message: UnsafeRawBufferPointer, source: EventSource) -> SceneIdentity {
        // The parts in locals, the identity made once: each change of an identity in a
        // variable copied it whole, twice an event.
        let sessions = Self.mayNameSession(message) ? allMatches(of: catalog.uuid, in: message).map { $0.uppercased() } : []
        let describesObject = Self.mayDescribeObject(message)
        let scenePointer = describesObject
            ? ObjectDescriptions.scenePointer(in: message).map { Self.normalisedPointer(UnsafeRawBufferPointer(rebasing: message[$0])) } : nil
        var delegateClass: String?, delegatePointer: String?
        if describesObject, let delegate = ObjectDescriptions.delegateObject(in: message) {
            delegateClass = String(decoding: UnsafeRawBufferPointer(rebasing: message[delegate.class]), as: UTF8.self)
            delegatePointer = Self.normalisedPointer(UnsafeRawBufferPointer(rebasing: message[delegate.pointer]))
        } else if source == .callback, scenePointer == nil, Self.mayHoldPointer(message),
                  let pointer = firstGroupBytes("pointer", of: catalog.barePointer, in: message) {
            // `NSLog(@"%s %p", __func__, self)`, the form docs/formats.md recommends.
            delegatePointer = Self.normalisedPointer(pointer)
        }
        return SceneIdentity(sessions: sessions, scenePointer: scenePointer, delegatePointer: delegatePointer, delegateClass: delegateClass)
    }

    // Each identity pattern needs bytes most lifecycle lines lack: these tests spare a
    // pattern search each, on most lines all of them. `CatalogTests` holds them to the patterns.
    /// A UUID (`uuid`) is 36 bytes with four hyphens.
    static func mayNameSession(_ message: UnsafeRawBufferPointer) -> Bool {
        message.count >= 36 && message.holds(UInt8(ascii: "-"), atLeast: 4)
    }

    /// An object's description (`scenePointer`, `delegateObject`) begins with `<`.
    static func mayDescribeObject(_ message: UnsafeRawBufferPointer) -> Bool { message.contains(literal: "<") }

    /// A bare pointer (`barePointer`) begins with `0x`.
    static func mayHoldPointer(_ message: UnsafeRawBufferPointer) -> Bool { message.contains(literal: "0x") }

    private func firstGroupBytes(_ name: String, of regex: PCRE2Regex, in message: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let match = try? matcher.firstMatch(of: regex, in: message),
              let range = regex.groupNumber(name).flatMap({ match[$0] }) else { return nil }
        return UnsafeRawBufferPointer(rebasing: message[range])
    }

    private func allMatches(of regex: PCRE2Regex, in message: UnsafeRawBufferPointer) -> [String] {
        var found: [String] = []
        var start = 0
        while start < message.count, let match = try? matcher.firstMatch(of: regex, in: message, from: start),
              let range = match[0], !range.isEmpty {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self)
            if !found.contains(text) { found.append(text) }
            start = range.upperBound
        }
        return found
    }

    /// The text is decoded when shown (U+FFFD for what is not UTF-8); the line is noted now.
    private func noteInvalidUTF8(_ bytes: UnsafeRawBufferPointer, line: Int) {
        guard !bytes.isASCII, String(validating: bytes, as: UTF8.self) == nil else { return }
        repairedLines.add(line)
    }

    /// `AppDelegate(Lifecycle)` names the class `AppDelegate`.
    static func strippedCategory(_ className: String) -> String {
        // By contiguous bytes, not characters or the string's own index: `(` is ASCII, and a
        // class name is read for every event.
        var name = className
        return name.withUTF8 { bytes in
            guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return className }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<open]), as: UTF8.self)
        }
    }

    /// `0x0000600002675EA0` and `0x600002675ea0` are the same object.
    static func normalisedPointer(_ pointer: String) -> String {
        var pointer = pointer
        return pointer.withUTF8 { normalisedPointer(UnsafeRawBufferPointer($0)) }
    }

    /// The same from the bytes a pattern matched (`0x` and hex digits): one string made,
    /// for every event whose line shows a pointer.
    static func normalisedPointer(_ pointer: UnsafeRawBufferPointer) -> String {
        let digits = pointer.dropFirst(2).drop { $0 == UInt8(ascii: "0") }
        guard !digits.isEmpty else { return "0x0" }
        return String(unsafeUninitializedCapacity: digits.count + 2) { buffer in
            buffer[0] = UInt8(ascii: "0")
            buffer[1] = UInt8(ascii: "x")
            for (index, byte) in zip(2..., digits) { buffer[index] = Bytes.lowercased(byte) }
            return digits.count + 2
        }
    }
}
