import CPCRE2

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
    /// True when `pcre2_jit_compile` succeeded, which is the only case in which
    /// `pcre2_jit_match` may be called (it skips all argument checks).
    package let isJITCompiled: Bool
    package let captureCount: Int
    /// Named groups, few per pattern: a scan of this list compares short names, where a
    /// table would hash each name at every event's lookups.
    private let groupNumbers: [(name: String, number: Int)]

    package static let isJITAvailable: Bool = {
        var available: UInt32 = 0
        pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &available)
        return available == 1
    }()

    /// - Parameter caseless: compile with `PCRE2_CASELESS`.
    package init(_ pattern: String, caseless: Bool = false) throws(PCRE2CompileError) {
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
        isJITCompiled = Self.isJITAvailable && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0

        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        groupNumbers = Self.readNameTable(compiled).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    deinit { pcre2_code_free_8(code) }

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
