import CPCRE2
import Synchronization

/// PCRE2's "unset" offset: `~(PCRE2_SIZE)0` is a cast expression Swift does not import,
/// and `size_t` arrives as `Int`, so an unset group reads as -1.
let pcre2Unset = Int(bitPattern: UInt.max)

/// A pattern that PCRE2 refused to compile.
package struct PCRE2CompileError: Error, CustomStringConvertible, Equatable, Sendable {
    package let pattern: String
    /// Byte offset in `pattern` where PCRE2 gave up.
    package let offset: Int
    package let message: String

    package var description: String {
        "cannot compile pattern at offset \(offset): \(message): \(pattern)"
    }
}

/// A compiled PCRE2 pattern in byte mode (no `PCRE2_UTF`: captures are not always valid
/// UTF-8, and JIT matching of invalid UTF-8 in UTF mode is undefined).
///
/// Compiled once and shared read-only between threads, which pcre2api(3) allows once JIT
/// compilation is done; everything mutable lives in `PCRE2Matcher`.
package final class PCRE2Regex: @unchecked Sendable {
    package let pattern: String
    let code: OpaquePointer
    /// True when `pcre2_jit_compile` succeeded on `code`, which is the only case in which
    /// `pcre2_jit_match` may be called on it (it skips all argument checks).
    package let isJITCompiled: Bool
    /// For a pattern JIT-compiled once it has matched enough lines (`JITTiming.afterMatches`):
    /// `code` stays the interpreter's, and a copy is compiled and published.
    let deferredJIT: DeferredJIT?
    package let captureCount: Int
    /// Named groups, few per pattern: a scan of this list compares short names, where a
    /// table would hash each name at every event's lookups.
    private let groupNumbers: [(name: String, number: Int)]

    package static let isJITAvailable: Bool = {
        var available: UInt32 = 0
        pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &available)
        return available == 1
    }()

    /// When the JIT compiles a pattern: at once, or once the pattern has been matched this
    /// many times. The JIT takes 10 to 150 µs a pattern; the capture formats' prefixes are
    /// 20 patterns, matched by every check on the lines the format is detected on and most
    /// never again (an Xcode console's and `log`'s prefixes are read by hand), and compiling
    /// them all at every start was half the JIT's 1.25 ms.
    package enum JITTiming: Sendable {
        case now
        case afterMatches(Int)

        /// The capture formats' patterns: past the lines a format is detected on (200), on
        /// lines read after them.
        static let pastDetection = JITTiming.afterMatches(256)

        /// The event catalog's patterns: a capture's lines use a few of the ten shapes, and
        /// JIT-compiling all fourteen patterns at every start cost about 1 ms of CPU (a fifth
        /// of a check of a few lines, 4.2 against 3.6 ms with this); a shape's first matches
        /// are interpreted, on candidate lines only.
        static let catalog = JITTiming.afterMatches(8)
    }

    /// - Parameter caseless: compile with `PCRE2_CASELESS`.
    package init(_ pattern: String, caseless: Bool = false, jit: JITTiming = .now) throws(PCRE2CompileError) {
        self.pattern = pattern
        var options: UInt32 = 0
        if caseless { options |= PCRE2_CASELESS }
        var errorCode: Int32 = 0
        var errorOffset = 0
        var source = pattern
        let compiled = source.withUTF8 { bytes in
            pcre2_compile_8(bytes.baseAddress, bytes.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw PCRE2CompileError(pattern: pattern, offset: errorOffset, message: Self.message(for: errorCode))
        }
        code = compiled
        switch jit {
        case .now:
            isJITCompiled = Self.isJITAvailable && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
            deferredJIT = nil
        case .afterMatches(let count):
            isJITCompiled = false
            deferredJIT = Self.isJITAvailable ? DeferredJIT(after: count) : nil
        }

        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        groupNumbers = Self.readNameTable(compiled).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if deferredJIT != nil { Self.deferred.withLock { $0.append(self) } }
    }

    deinit { pcre2_code_free_8(code) }

    /// A pattern's JIT-compiled copy, made by the thread whose match is the `threshold`th,
    /// or by the warm-up thread once it has nothing more pressing (`compileDeferred`):
    /// `pcre2_jit_compile` changes the code it compiles, which other threads may be matching
    /// with at that moment, so it compiles a copy no thread holds yet and publishes it. Until
    /// then every thread uses the interpreter.
    final class DeferredJIT: Sendable {
        private let threshold: Int
        /// Matches so far, counted until the copy is being compiled.
        private let matches = Atomic<Int>(0)
        /// 0: not compiled; 1: the JIT failed (the interpreter from then on); 2: being
        /// compiled; otherwise the bits of the compiled copy.
        private let state = Atomic<Int>(0)

        init(after threshold: Int) { self.threshold = max(1, threshold) }

        deinit {
            let bits = state.load(ordering: .acquiring)
            if bits > 2, let copy = OpaquePointer(bitPattern: bits) { pcre2_code_free_8(copy) }
        }

        /// The compiled copy, once published; nil before (and counts this match) or after a failure.
        func code(counting original: OpaquePointer) -> OpaquePointer? {
            let bits = state.load(ordering: .acquiring)
            if bits > 2 { return OpaquePointer(bitPattern: bits) }
            guard bits == 0, matches.wrappingAdd(1, ordering: .relaxed).newValue == threshold else { return nil }
            return compile(original)
        }

        /// Whether the compiled copy is published.
        var isPublished: Bool { state.load(ordering: .acquiring) > 2 }

        /// Compiles and publishes the copy, unless another thread has begun to.
        @discardableResult
        func compile(_ original: OpaquePointer) -> OpaquePointer? {
            guard state.compareExchange(expected: 0, desired: 2, ordering: .acquiring).exchanged else { return nil }
            guard let copy = pcre2_code_copy_8(original) else {
                state.store(1, ordering: .releasing)
                return nil
            }
            guard pcre2_jit_compile_8(copy, PCRE2_JIT_COMPLETE) == 0 else {
                pcre2_code_free_8(copy)
                state.store(1, ordering: .releasing)
                return nil
            }
            state.store(Int(bitPattern: copy), ordering: .releasing)
            return copy
        }
    }

    /// The patterns made with `JITTiming.afterMatches`, for `compileDeferred`: constants of
    /// the program (the capture formats' and the event catalog's), held for its life anyway.
    private static let deferred = Mutex<[PCRE2Regex]>([])

    /// JIT-compiles every pattern whose JIT was deferred and is not compiled yet: the
    /// warm-up thread's, once the catalog is compiled and while the check reads.
    package static func compileDeferred() {
        for regex in deferred.withLock({ $0 }) { regex.deferredJIT?.compile(regex.code) }
    }

    /// The number of the named group `name`, if the pattern has one.
    package func groupNumber(_ name: String) -> Int? { groupNumbers.first { $0.name == name }?.number }

    package var groupNames: [String] { groupNumbers.map(\.name) }

    static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(errorCode, $0.baseAddress, $0.count)
        }
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }

    /// Name table entries are `[2-byte big-endian group number][NUL-terminated name]`,
    /// padded to the entry size (pcre2api(3), "Information about a pattern").
    private static func readNameTable(_ code: OpaquePointer) -> [String: Int] {
        var count: UInt32 = 0
        var entrySize: UInt32 = 0
        var table: UnsafePointer<UInt8>?
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard let table, count > 0 else { return [:] }
        var names: [String: Int] = [:]
        for index in 0..<Int(count) {
            let entry = table + index * Int(entrySize)
            let number = Int(entry[0]) << 8 | Int(entry[1])
            var nameBytes: [UInt8] = []
            var cursor = 2
            while cursor < Int(entrySize), entry[cursor] != 0 {
                nameBytes.append(entry[cursor])
                cursor += 1
            }
            names[String(decoding: nameBytes, as: UTF8.self)] = number
        }
        return names
    }
}

/// The offsets of one successful match, relative to the subject that was passed.
package struct PCRE2Match: Sendable {
    /// `ranges[i]` is group *i* (0 = the whole match), nil when the group did not take part.
    package let ranges: [Range<Int>?]

    package subscript(group: Int) -> Range<Int>? {
        group < ranges.count ? ranges[group] : nil
    }
}

/// Why a match attempt neither matched nor cleanly failed.
package enum PCRE2MatchFailure: Error, Equatable, Sendable {
    /// The match or depth limit was hit: the pattern backtracks too much on this subject.
    case limitExceeded(code: Int32, message: String)
    case other(code: Int32, message: String)
}

/// Per-thread matching state: one match data block, one JIT stack and one match context
/// with limits, reused for every match. Not Sendable by design.
package final class PCRE2Matcher {
    /// Generous for lifecycle patterns (which never come near it) and still small enough
    /// that a pathological user pattern gives up in milliseconds instead of hanging.
    package static let matchLimit: UInt32 = 2_000_000
    package static let depthLimit: UInt32 = 10_000

    private let matchData: OpaquePointer
    private let ovector: UnsafeMutablePointer<Int>
    private let pairCount: Int
    private let context: OpaquePointer
    private let jitStack: OpaquePointer?

    package init(maximumGroups: Int = 32) {
        pairCount = maximumGroups + 1
        // Allocation failures of a few hundred bytes leave nothing sensible to do.
        matchData = pcre2_match_data_create_8(UInt32(pairCount), nil)!
        ovector = pcre2_get_ovector_pointer_8(matchData)
        context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, Self.matchLimit)
        pcre2_set_depth_limit_8(context, Self.depthLimit)
        jitStack = pcre2_jit_stack_create_8(32 * 1024, 8 << 20, nil)
        if let jitStack {
            pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        }
    }

    deinit {
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
        pcre2_match_context_free_8(context)
        pcre2_match_data_free_8(matchData)
    }

    /// Matches `regex` against `subject`, starting at `start`.
    /// - Returns: nil when there is no match.
    package func firstMatch(
        of regex: PCRE2Regex, in subject: UnsafeRawBufferPointer, from start: Int = 0
    ) throws(PCRE2MatchFailure) -> PCRE2Match? {
        let rc = rawMatch(regex, subject, start)
        if rc == PCRE2_ERROR_NOMATCH { return nil }
        if rc < 0 { throw Self.failure(rc) }
        let groups = min(regex.captureCount + 1, pairCount)
        var ranges: [Range<Int>?] = []
        ranges.reserveCapacity(groups)
        for group in 0..<groups {
            let lower = ovector[2 * group], upper = ovector[2 * group + 1]
            ranges.append(lower == pcre2Unset || upper < lower ? nil : lower..<upper)
        }
        return PCRE2Match(ranges: ranges)
    }

    /// Matches without copying the groups out: read them with `group(_:)` until the next
    /// match. The per-line paths (record prefixes, decorations) use it so that a line
    /// costs no allocation.
    package func matchInPlace(_ regex: PCRE2Regex, in subject: UnsafeRawBufferPointer) throws(PCRE2MatchFailure) -> Bool {
        let rc = rawMatch(regex, subject, 0)
        if rc == PCRE2_ERROR_NOMATCH { return false }
        if rc < 0 { throw Self.failure(rc) }
        return true
    }

    /// Group `number` of the last successful `matchInPlace`, nil when it did not take part.
    package func group(_ number: Int) -> Range<Int>? {
        guard number >= 0, number < pairCount else { return nil }
        let lower = ovector[2 * number], upper = ovector[2 * number + 1]
        return lower == pcre2Unset || upper < lower ? nil : lower..<upper
    }

    /// True when `regex` matches somewhere in `subject`; nothing is copied out.
    package func matches(_ regex: PCRE2Regex, in subject: UnsafeRawBufferPointer) throws(PCRE2MatchFailure) -> Bool {
        let rc = rawMatch(regex, subject, 0)
        if rc == PCRE2_ERROR_NOMATCH { return false }
        if rc < 0 { throw Self.failure(rc) }
        return true
    }

    /// Convenience for tests and small inputs.
    package func firstMatch(of regex: PCRE2Regex, in text: String) throws(PCRE2MatchFailure) -> PCRE2Match? {
        var copy = text
        let outcome = copy.withUTF8 { bytes in
            Result { () throws(PCRE2MatchFailure) -> PCRE2Match? in
                try firstMatch(of: regex, in: UnsafeRawBufferPointer(bytes))
            }
        }
        return try outcome.get()
    }

    private func rawMatch(_ regex: PCRE2Regex, _ subject: UnsafeRawBufferPointer, _ start: Int) -> Int32 {
        // An empty buffer may have a nil base address, which PCRE2 rejects even with length 0.
        let empty: StaticString = ""
        let base = subject.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? empty.utf8Start
        if regex.isJITCompiled {
            return pcre2_jit_match_8(regex.code, base, subject.count, start, 0, matchData, context)
        }
        if let compiled = regex.deferredJIT?.code(counting: regex.code) {
            return pcre2_jit_match_8(compiled, base, subject.count, start, 0, matchData, context)
        }
        return pcre2_match_8(regex.code, base, subject.count, start, 0, matchData, context)
    }

    private static func failure(_ rc: Int32) -> PCRE2MatchFailure {
        let message = PCRE2Regex.message(for: rc)
        switch rc {
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            return .limitExceeded(code: rc, message: message)
        default:
            return .other(code: rc, message: message)
        }
    }
}
