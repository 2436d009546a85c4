/// The literal texts a PCRE2 pattern cannot match without: every match contains at least one
/// of them (ignoring ASCII case). They let a configured pattern join the candidate prefilter
/// instead of running on every record.
///
/// Deliberately conservative: it reads the common subset of the syntax (literals, escapes,
/// classes, groups, alternation, quantifiers) and answers nil for anything it does not fully
/// understand (`\Q…\E`, extended mode, conditionals, backreferences used as text), so a
/// pattern it cannot vouch for keeps running on every record. A wrong answer would silently
/// drop events; nil only costs time.
package enum RequiredLiterals {
    /// Runs shorter than this are too common in log text to be worth filtering on.
    package static let minimumLength = 3

    /// One literal per way the pattern can match, or nil when some way needs no literal
    /// of `minimumLength` the reader can prove.
    package static func of(_ pattern: String) -> [String]? {
        var parser = Parser(bytes: Array(pattern.utf8))
        guard let alternatives = parser.alternation(), parser.atEnd else { return nil }
        let literals = alternatives.map { String(decoding: $0, as: UTF8.self) }
        return literals.isEmpty ? nil : Array(Set(literals)).sorted()
    }

    /// A recursive-descent reader of the pattern; every `nil` means "cannot prove a literal".
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        /// `a|b|c` up to `)` or the end: the best literal of each branch, or nil if a branch has none.
        mutating func alternation() -> [[UInt8]]? {
            var result: [[UInt8]] = []
            var provable = true
            while true {
                guard let branch = sequence() else { return nil }
                if let best = branch { result.append(contentsOf: best) } else { provable = false }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "|") else { break }
                index += 1
            }
            return provable ? result : []
        }

        /// One branch: its longest run of mandatory literal bytes, or a mandatory group's
        /// literals when they are longer. The outer nil is a syntax it does not read; the
        /// inner nil a branch with no usable literal.
        mutating func sequence() -> [[UInt8]]?? {
            var best: [[UInt8]]?
            var run: [UInt8] = []
            func shortest(_ set: [[UInt8]]) -> Int { set.map(\.count).min() ?? 0 }
            func consider(_ candidate: [[UInt8]]) {
                guard !candidate.isEmpty, shortest(candidate) >= minimumLength else { return }
                if let current = best, shortest(current) >= shortest(candidate) { return }
                best = candidate
            }
            func closeRun() {
                consider([run])
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ")") { break }
                // An atom: a literal byte (or nil: matches something, but not a known byte),
                // or a group's literals.
                var literal: UInt8?
                var group: [[UInt8]]?
                switch byte {
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return nil }
                    let escaped = bytes[index + 1]
                    index += 2
                    if Self.isEscapedLiteral(escaped) {
                        literal = escaped
                    } else if Self.unreadEscapes.contains(escaped) || Bytes.isDigit(escaped) {
                        return nil
                    }
                case UInt8(ascii: "["):
                    guard skipClass() else { return nil }
                case UInt8(ascii: "("):
                    index += 1
                    switch groupKind() {
                    case .unsupported: return nil
                    case .options: continue
                    case .lookaround:
                        guard alternation() != nil, closeGroup() else { return nil }
                        closeRun()
                        continue
                    case .capturing:
                        guard let inner = alternation(), closeGroup() else { return nil }
                        group = inner
                    }
                case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                    index += 1
                case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                    // A quantifier with nothing before it to repeat.
                    return nil
                default:
                    // Bytes beyond ASCII are matched exactly, not caselessly: left out.
                    if byte < 128 { literal = byte }
                    index += 1
                }
                let quantifier = readQuantifier()
                guard let quantifier else { return nil }
                switch quantifier {
                case .once:
                    if let literal { run.append(literal) } else if let group { closeRun(); consider(group) } else { closeRun() }
                case .atLeastOnce:
                    // The atom is there, but what follows need not come right after it.
                    if let literal { run.append(literal) }
                    closeRun()
                    if let group { consider(group) }
                case .optional:
                    closeRun()
                }
            }
            closeRun()
            return .some(best)
        }

        enum GroupKind { case capturing, lookaround, options, unsupported }

        /// After `(`: what kind of group it opens, with its introducer consumed.
        mutating func groupKind() -> GroupKind {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "?") else { return .capturing }
            index += 1
            guard index < bytes.count else { return .unsupported }
            switch bytes[index] {
            case UInt8(ascii: ":"), UInt8(ascii: ">"), UInt8(ascii: "|"):
                index += 1
                return bytes[index - 1] == UInt8(ascii: "|") ? .unsupported : .capturing
            case UInt8(ascii: "="), UInt8(ascii: "!"):
                index += 1
                return .lookaround
            case UInt8(ascii: "<"):
                index += 1
                guard index < bytes.count else { return .unsupported }
                if bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: "!") {
                    index += 1
                    return .lookaround
                }
                return skipName(until: UInt8(ascii: ">")) ? .capturing : .unsupported
            case UInt8(ascii: "P"):
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return .unsupported }
                index += 1
                return skipName(until: UInt8(ascii: ">")) ? .capturing : .unsupported
            case UInt8(ascii: "'"):
                index += 1
                return skipName(until: UInt8(ascii: "'")) ? .capturing : .unsupported
            default:
                // Option settings: `(?i)`, `(?-i)`, `(?i:…)`. Extended mode changes what
                // whitespace means, so it is not read.
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ")"), bytes[index] != UInt8(ascii: ":") {
                    let option = bytes[index]
                    guard Self.optionLetters.contains(option) else { return .unsupported }
                    index += 1
                }
                guard index < bytes.count, index > start || bytes[index] == UInt8(ascii: ":") else { return .unsupported }
                let closing = bytes[index]
                index += 1
                return closing == UInt8(ascii: ")") ? .options : .capturing
            }
        }

        mutating func skipName(until terminator: UInt8) -> Bool {
            while index < bytes.count, bytes[index] != terminator {
                guard bytes[index] == UInt8(ascii: "_") || (bytes[index] | 0x20) &- 97 < 26 || Bytes.isDigit(bytes[index]) else { return false }
                index += 1
            }
            guard index < bytes.count else { return false }
            index += 1
            return true
        }

        mutating func closeGroup() -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else { return false }
            index += 1
            return true
        }

        /// `[…]`, with `]` first taken literally and escapes skipped; POSIX `[:…:]` is fine.
        mutating func skipClass() -> Bool {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "["):
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") {
                        guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "]")) else { return false }
                        index = close + 1
                    } else {
                        index += 1
                    }
                case UInt8(ascii: "]"):
                    index += 1
                    return true
                default: index += 1
                }
            }
            return false
        }

        enum Quantifier { case once, atLeastOnce, optional }

        /// The quantifier after an atom (with its lazy or possessive mark), or nil when it
        /// cannot be read.
        mutating func readQuantifier() -> Quantifier? {
            guard index < bytes.count else { return .once }
            let quantifier: Quantifier
            switch bytes[index] {
            case UInt8(ascii: "*"), UInt8(ascii: "?"):
                quantifier = .optional
                index += 1
            case UInt8(ascii: "+"):
                quantifier = .atLeastOnce
                index += 1
            case UInt8(ascii: "{"):
                // `{n}`, `{n,}`, `{n,m}`: mandatory when n ≥ 1. Anything else is a literal `{`
                // in PCRE2, which this reader does not try to follow.
                var cursor = index + 1
                var minimum = 0, digits = 0
                while cursor < bytes.count, Bytes.isDigit(bytes[cursor]) {
                    minimum = min(minimum * 10 + Int(bytes[cursor] - 48), 1_000_000)
                    digits += 1
                    cursor += 1
                }
                guard digits > 0, cursor < bytes.count else { return nil }
                var exact = true
                if bytes[cursor] == UInt8(ascii: ",") {
                    exact = false
                    cursor += 1
                    while cursor < bytes.count, Bytes.isDigit(bytes[cursor]) { cursor += 1 }
                }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else { return nil }
                index = cursor + 1
                // `a{1}` is one `a`; `a{2}` or `a{1,3}` at least one, and the run stops there.
                quantifier = minimum == 0 ? .optional : (minimum == 1 && exact ? .once : .atLeastOnce)
            default:
                return .once
            }
            return consumeMark(quantifier)
        }

        private mutating func consumeMark(_ quantifier: Quantifier) -> Quantifier {
            if index < bytes.count, bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            return quantifier
        }

        /// Escapes that quote (`\Q…\E`), encode a byte (`\x41`, `\o{…}`, `\cA`, `\N{U+…}`), name
        /// a property (`\p{L}`) or refer back (`\g1`, `\k<name>`, `\1`): not read.
        static let unreadEscapes = Set("QExcoNpPgk".utf8)
        /// Inline options that change no literal's meaning (extended mode `x` does).
        static let optionLetters = Set("imsUJ-".utf8)

        /// `\.`, `\(`, `\ `: an escaped character that stands for itself.
        static func isEscapedLiteral(_ byte: UInt8) -> Bool {
            !(byte | 0x20 &- 97 < 26) && !Bytes.isDigit(byte) && byte < 128
        }
    }
}
