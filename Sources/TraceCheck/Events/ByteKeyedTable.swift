import Foundation

/// A fixed table of values by name, looked up with the name's bytes as they stand in a
/// message: no `String` is made and no `Hasher` runs per lookup. The shapes look up the
/// selector or notification a match read once per lifecycle line, and making a `String` of
/// it (a heap allocation past 15 bytes) and hashing it with SipHash cost more than the
/// pattern's match.
struct ByteKeyedTable<Value: Sendable>: Sendable {
    /// Every key's bytes, one after the other.
    private let keyBytes: [UInt8]
    /// Open addressing, a power of two long, at most half full: where each key's bytes
    /// start in `keyBytes`, how many there are and where its value is in `values`; a
    /// vacant slot's `value` is -1. (Plain integers: probing copies no value.)
    private let slots: [Slot]
    private let values: [Value]

    private struct Slot: Sendable {
        var start = 0, count = 0, value = -1
    }

    init(_ dictionary: [String: Value]) {
        var capacity = 8
        while capacity < dictionary.count * 2 { capacity *= 2 }
        var keyBytes: [UInt8] = [], values: [Value] = []
        var slots = [Slot](repeating: Slot(), count: capacity)
        // Sorted, so that the layout does not depend on the dictionary's order.
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(key.utf8)
            var slot = bytes.withUnsafeBytes { Self.hash($0) } & (capacity - 1)
            while slots[slot].value >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Slot(start: keyBytes.count, count: bytes.count, value: values.count)
            keyBytes += bytes
            values.append(value)
        }
        self.keyBytes = keyBytes
        self.slots = slots
        self.values = values
    }

    /// The value whose key is exactly `bytes`.
    func value(for bytes: UnsafeRawBufferPointer) -> Value? {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        let found: Int? = keyBytes.withUnsafeBytes { keys in
            while slots[slot].value >= 0 {
                let entry = slots[slot]
                if entry.count == bytes.count,
                   UnsafeRawBufferPointer(rebasing: keys[entry.start..<(entry.start + entry.count)]).hasSameBytes(as: bytes) {
                    return entry.value
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
        return found.map { values[$0] }
    }

    /// FNV-1a: names are a few dozen bytes, and the table is built once.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let hash = fnv1a(bytes)
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

/// FNV-1a, 64 bits, of `bytes`: a hash that is the same on every run and machine (the
/// fingerprints of findings, `StableHash`) and cheap for a few dozen bytes (`ByteKeyedTable`).
func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
}
