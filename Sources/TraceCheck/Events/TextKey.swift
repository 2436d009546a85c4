/// A string as the key of a table looked up at every event (a scene's pointers, sessions and
/// delegate class in `ConnectionLookup`), hashed by folding its UTF-8 bytes eight at a time.
/// A `String`'s own hash runs SipHash over its bytes behind a normalisation check: about 200
/// instructions for a 36-character session, 350 a lookup with the probe, where these keys are
/// pointers and UUIDs that need no normalising to compare (equality is still the string's).
/// The fold is made once, with the key: the keys an event's scene is looked up by are made
/// with its shared identity (`SharedIdentity`), once for all the events that name it. The
/// table's seed is mixed in after the fold, so that the same strings still fall apart
/// differently from table to table.
struct TextKey: Hashable, Sendable {
    let text: String
    private let fold: UInt64

    init(_ text: String) {
        self.text = text
        // Read in place: `withUTF8` needs a mutable copy of the string. Strings made here are
        // contiguous; another one is folded from a copy of its bytes.
        fold = text.utf8.withContiguousStorageIfAvailable { Self.fold($0) } ?? Array(text.utf8).withUnsafeBufferPointer { Self.fold($0) }
    }

    static func == (lhs: TextKey, rhs: TextKey) -> Bool { lhs.fold == rhs.fold && lhs.text == rhs.text }

    func hash(into hasher: inout Hasher) { hasher.combine(fold) }

    func _rawHashValue(seed: Int) -> Int {
        spreadForHashing(Int(truncatingIfNeeded: (fold ^ UInt64(truncatingIfNeeded: seed)) &* 0xFF51_AFD7_ED55_8CCD))
    }

    private static func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
            offset += 8
        }
        // The last bytes: the string's last eight (overlapping the words before), or the
        // bytes one by one in a string shorter than a word.
        var last: UInt64 = 0
        if offset < raw.count {
            if raw.count >= 8 {
                last = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
            } else {
                while offset < raw.count {
                    last = last << 8 | UInt64(raw[offset])
                    offset += 1
                }
            }
        }
        return (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
    }
}
