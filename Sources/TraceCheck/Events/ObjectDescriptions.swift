/// The object descriptions a lifecycle line may print (`<UIWindowScene: 0x…; …>`,
/// `<Module.SceneDelegate: 0x…>`), found by hand: every event's line that holds a `<` was
/// searched with both patterns, a tenth of the work of reading an event. `CatalogTests` holds
/// each reader to its pattern (`CompiledCatalog.scenePointer`, `CompiledCatalog.delegateObject`),
/// match for match, on the samples, the corpus and mutated lines.
enum ObjectDescriptions {
    private static let sceneClasses: [StaticString] = ["UIWindowScene", "UIScene", "CPTemplateApplicationScene"]

    /// The pointer of the first scene described (`scenePointer`'s `pointer` group).
    static func scenePointer(in message: UnsafeRawBufferPointer) -> Range<Int>? {
        var from = 0
        while let open = message.firstIndex(of: UInt8(ascii: "<"), from: from) {
            from = open + 1
            guard let name = message.skip(sceneClasses, at: open + 1), let pointer = pointer(in: message, at: name) else { continue }
            return pointer
        }
        return nil
    }

    /// The class and pointer of the first delegate described (`delegateObject`'s `class` and
    /// `pointer` groups): dotted identifiers, the last of them ending in `Delegate`, then the
    /// pointer and `>`.
    static func delegateObject(in message: UnsafeRawBufferPointer) -> (class: Range<Int>, pointer: Range<Int>)? {
        var from = 0
        while let open = message.firstIndex(of: UInt8(ascii: "<"), from: from) {
            from = open + 1
            var start = open + 1
            // An identifier ends where a byte no identifier holds stands: a dot goes on to
            // the next, anything else ends the names.
            while let end = identifierEnd(in: message, at: start), end < message.count, message[end] == UInt8(ascii: ".") {
                start = end + 1
            }
            guard let end = identifierEnd(in: message, at: start), endsInDelegate(message, start..<end),
                  let pointer = pointer(in: message, at: end), pointer.upperBound < message.count,
                  message[pointer.upperBound] == UInt8(ascii: ">") else { continue }
            return (start..<end, pointer)
        }
        return nil
    }

    /// `: 0x` and at least one hex digit at `at`: the range of `0x` and all its digits.
    private static func pointer(in message: UnsafeRawBufferPointer, at: Int) -> Range<Int>? {
        guard let digits = message.skip(": 0x", at: at) else { return nil }
        var end = digits
        while end < message.count, Bytes.isHexDigit(message[end]) { end += 1 }
        return end > digits ? (at + 2)..<end : nil
    }

    /// The end of the identifier (`[A-Za-z_][A-Za-z0-9_]*`) at `at`; nil when none begins there.
    private static func identifierEnd(in message: UnsafeRawBufferPointer, at: Int) -> Int? {
        guard at < message.count, Bytes.isIdentifierHead(message[at]) else { return nil }
        var end = at + 1
        while end < message.count, Bytes.isIdentifierHead(message[end]) || Bytes.isDigit(message[end]) { end += 1 }
        return end
    }

    /// `[A-Za-z_][A-Za-z0-9_]*Delegate`: a name of one byte or more before `Delegate`.
    private static func endsInDelegate(_ message: UnsafeRawBufferPointer, _ name: Range<Int>) -> Bool {
        let suffix: StaticString = "Delegate"
        return name.count > suffix.utf8CodeUnitCount && message.skip(suffix, at: name.upperBound - suffix.utf8CodeUnitCount) != nil
    }
}
