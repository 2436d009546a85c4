/// Where in a JSON text something is, as `line:column` (both from 1), for messages about a
/// file a person edits: Foundation's decoder names a coding path at best and no position.
/// A small validating walk over the bytes; it builds nothing.
struct JSONPosition: Equatable, CustomStringConvertible {
    let line: Int
    let column: Int

    var description: String { "\(line):\(column)" }

    /// The first place the text stops being JSON, or nil when it is JSON.
    static func ofSyntaxError(in text: [UInt8]) -> JSONPosition? {
        var walk = Walk(text: text, target: nil)
        return walk.document() ? nil : position(of: walk.index, in: text)
    }

    /// Where the value at `path` starts (`["entries", 2, "count"]`), or nil when the text
    /// is not JSON or has no such value.
    static func of(path: [PathComponent], in text: [UInt8]) -> JSONPosition? {
        var walk = Walk(text: text, target: path)
        guard walk.document(), let found = walk.found else { return nil }
        return position(of: found, in: text)
    }

    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    static func position(of index: Int, in text: [UInt8]) -> JSONPosition {
        var line = 1, column = 1
        for byte in text.prefix(index) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Columns count characters (scalars), not the bytes of UTF-8 continuation.
                column += 1
            }
        }
        return JSONPosition(line: line, column: column)
    }

    private struct Walk {
        let text: [UInt8]
        let target: [PathComponent]?
        var index = 0
        var path: [PathComponent] = []
        var found: Int?
        /// Nesting deeper than this is refused, not recursed into (a hostile file).
        static let maximumDepth = 256

        init(text: [UInt8], target: [PathComponent]?) {
            self.text = text
            self.target = target
        }

        mutating func document() -> Bool {
            // A byte-order mark is what some editors write first.
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            guard value() else { return false }
            skipSpace()
            return index == text.count
        }

        mutating func skipSpace() {
            while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
        }

        mutating func value() -> Bool {
            skipSpace()
            guard index < text.count, path.count <= Self.maximumDepth else { return false }
            if found == nil, let target, path == target { found = index }
            switch text[index] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func object() -> Bool {
            index += 1
            skipSpace()
            if index < text.count, text[index] == UInt8(ascii: "}") {
                index += 1
                return true
            }
            while true {
                skipSpace()
                guard index < text.count, text[index] == UInt8(ascii: "\""), let key = string() else { return false }
                skipSpace()
                guard index < text.count, text[index] == UInt8(ascii: ":") else { return false }
                index += 1
                path.append(.key(key))
                guard value() else { return false }
                path.removeLast()
                skipSpace()
                guard index < text.count else { return false }
                if text[index] == UInt8(ascii: "}") {
                    index += 1
                    return true
                }
                guard text[index] == UInt8(ascii: ",") else { return false }
                index += 1
            }
        }

        mutating func array() -> Bool {
            index += 1
            skipSpace()
            if index < text.count, text[index] == UInt8(ascii: "]") {
                index += 1
                return true
            }
            var element = 0
            while true {
                path.append(.index(element))
                guard value() else { return false }
                path.removeLast()
                element += 1
                skipSpace()
                guard index < text.count else { return false }
                if text[index] == UInt8(ascii: "]") {
                    index += 1
                    return true
                }
                guard text[index] == UInt8(ascii: ",") else { return false }
                index += 1
            }
        }

        /// The string's text (escapes kept as written: keys of this file have none).
        mutating func string() -> String? {
            index += 1
            let start = index
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\""):
                    let content = String(decoding: text[start..<index], as: UTF8.self)
                    index += 1
                    return content
                case UInt8(ascii: "\\"):
                    index += 2
                case 0..<0x20:
                    return nil
                default:
                    index += 1
                }
            }
            index = min(index, text.count)
            return nil
        }

        mutating func literal(_ word: String) -> Bool {
            for byte in word.utf8 {
                guard index < text.count, text[index] == byte else { return false }
                index += 1
            }
            return true
        }

        mutating func number() -> Bool {
            let start = index
            if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(text[index]) {
                index += 1
            }
            guard index > digits else {
                index = start
                return false
            }
            return true
        }
    }
}
