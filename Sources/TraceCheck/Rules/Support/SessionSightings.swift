/// Scene sessions a rule remembers across every run of a capture, each with the event that
/// showed it: the one thing the connection rules keep for as long as the capture lasts.
///
/// A device farm's night relaunches an app thousands of times, and an app killed from the
/// switcher gets a new session each time; so a sighting is kept small. A session id that is
/// a UUID (as UIKit's are) is 16 bytes, not a string, and the event keeps only what a
/// finding shows of it (its line, event and text), not the scene identity it was read with.
struct SessionSightings: Sendable {
    private var events: [SessionKey: LifecycleEvent] = [:]

    subscript(session: String) -> LifecycleEvent? { events[SessionKey(session)] }

    /// Notes `event` for `session` unless one is noted already.
    mutating func noteFirst(_ session: String, _ event: LifecycleEvent) {
        let key = SessionKey(session)
        guard events[key] == nil else { return }
        events[key] = event.forEvidence
    }
}

/// A session id as a set or table key: a UUID as its 128 bits, anything else as its text.
struct SessionKey: Hashable, Sendable {
    private enum Value: Hashable, Sendable {
        case uuid(UInt64, UInt64)
        case text(String)
    }
    private let value: Value

    init(_ session: String) {
        value = Self.uuidBits(session).map { .uuid($0.high, $0.low) } ?? .text(session)
    }

    /// The 128 bits of `text` if it is a UUID in its usual form (8-4-4-4-12 hex digits, either case).
    /// Read from its contiguous bytes: the rules make a key of every session they look up, and
    /// walking `text.utf8` enumerated took about 70 instructions a byte.
    static func uuidBits(_ text: String) -> (high: UInt64, low: UInt64)? {
        guard text.utf8.count == 36 else { return nil }
        var text = text
        return text.withUTF8 { bytes in
            var high: UInt64 = 0, low: UInt64 = 0, digits = 0
            for offset in 0..<36 {
                let byte = bytes[offset]
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard byte == UInt8(ascii: "-") else { return nil }
                    continue
                }
                let nibble: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
                digits += 1
            }
            return (high, low)
        }
    }
}
