import Foundation

/// What the catalog's shapes read from messages lately, by the message's bytes: a callback's
/// line repeats word for word through a capture (`-[SceneDelegate sceneDidBecomeActive:]
/// <UIWindowScene: 0x10cc50200>` at every activation of that scene), and reading it again
/// (the shapes' patterns, the identity's descriptions and pointers, the shared identity's
/// table) cost about 4,500 instructions an event, against a hash and a comparison here.
///
/// Reading a message is a function of its bytes alone: the catalog's shapes and identity
/// patterns see nothing else. Only readings without side effects are kept (no pattern
/// reached its limit, no mask past 64 bits); a team's own spellings are not kept (they are
/// tried before this table is asked). A candidate no shape reads is kept as such, with the
/// near miss it is noted as. UIKit's
/// account lines are (`Deactivation reason added: 5; deactivation reasons: 0 -> 32; …`
/// repeats as a callback's line does), with the transitions each shows. The
/// reference filter (`CandidateFilter.noPrefilter`) keeps none, so that the tests that hold
/// the fast path to it hold this table too.
struct RecentReadings {
    /// One reading. A class: an optional struct of these fields was destroyed through the
    /// runtime's generic witness, a few hundred instructions each time.
    final class Reading {
        /// The event a callback's line shows; the transitions (none, one or two) a line of
        /// UIKit's account shows. Two fields, not an array: the array was retained and
        /// released at every event read from here.
        let first: EventID?
        let second: EventID?
        let source: EventSource
        let deferred: Bool
        let shape: String
        let identity: SharedIdentity?
        /// A candidate that no shape reads: no event, only the near miss it is noted as (the
        /// callback's name it mentions), if any, and whether it may end part-way through one
        /// of UIKit's messages (`WrappedMessage.start` found it does).
        let readsNothing: Bool
        let nearMiss: String?
        let mayWrap: Bool
        /// Whether the message holds a redaction (`<private>`): asked of every event's message.
        let redacted: Bool

        /// A line of UIKit's account (its second transition follows the first), not a
        /// callback's line or one of UIKit's messages (whose source is UIKit too). Stored: as
        /// a comparison of the shape's name it cost a string comparison at every event.
        let isAccount: Bool

        init(ids: [EventID], source: EventSource, deferred: Bool, shape: String, identity: SharedIdentity?, redacted: Bool) {
            first = ids.first
            second = ids.count > 1 ? ids[1] : nil
            isAccount = shape == SpellingShape.uikitAccountShape
            self.source = source
            self.deferred = deferred
            self.shape = shape
            self.identity = identity
            readsNothing = false
            nearMiss = nil
            mayWrap = false
            self.redacted = redacted
        }

        /// The reading of a candidate no shape reads, noted as the near miss `nearMiss` (nil:
        /// none): a stack frame or a warning that names a callback repeats as a callback's
        /// line does.
        init(nothingButNearMiss nearMiss: String?, mayWrap: Bool) {
            first = nil
            second = nil
            isAccount = false
            source = .callback
            deferred = false
            shape = ""
            identity = nil
            readsNothing = true
            self.nearMiss = nearMiss
            self.mayWrap = mayWrap
            redacted = false
        }
    }

    /// Direct-mapped, a power of two: on the bench's console at 10 % lifecycle lines (1,559
    /// distinct messages among 14,368 callback lines, 765 of them seen once) 128 slots gave
    /// back four fifths of the readings, and 256 took 2 million instructions fewer of 470.
    /// With 1,024, messages are read 1,648 times in 16 MB of it instead of 1,891 (each reading
    /// some 9,000 instructions: identity, shapes, the shared identity's table): 2.7 million
    /// fewer of 228. A slot holds at most `longestKept` bytes of message.
    private static let slotCount = 1024
    /// Longer messages are read each time: they are rarely repeated, and copying them costs.
    static let longestKept = 256

    private var messages = [[UInt8]](repeating: [], count: slotCount)
    /// A reading found is read in place while the table holds it (it is replaced only by
    /// `keep`), without a retain and a release at every event.
    private var readings = KeptObjects<Reading>(slots: slotCount)

    /// The slot of `message`'s bytes: its length and three of its words (first, middle and
    /// last), not all of them. A hash for a small table, not for an adversary: a collision
    /// only costs a reading, and equality still compares every byte. (Every word multiplied
    /// in cost about 195 instructions an event on an app's console; the lines a callback
    /// logs differ in their length, their selector or their last pointer's digits.)
    static func slot(of message: UnsafeRawBufferPointer) -> Int {
        let count = message.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            hash = (hash ^ message.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            hash = (hash ^ message.loadUnaligned(fromByteOffset: (count - 8) / 2, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            hash ^= message.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            var tail: UInt64 = 0
            for offset in 0..<count { tail = tail << 8 | UInt64(message[offset]) }
            hash ^= tail
        }
        hash = hash &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: hash >> 40) & (slotCount - 1)
    }

    /// The reading kept in `slot` when it was read from exactly `message`'s bytes, unretained:
    /// valid until the next `keep`.
    func reading(at slot: Int, of message: UnsafeRawBufferPointer) -> Unmanaged<Reading>? {
        guard let view = readings[slot], messages[slot].withUnsafeBytes({ $0.hasSameBytes(as: message) }) else { return nil }
        return view
    }

    /// Keeps `reading` of `message` in `slot`, in place of what was there.
    mutating func keep(_ reading: Reading, of message: UnsafeRawBufferPointer, at slot: Int) {
        guard message.count <= Self.longestKept else { return }
        messages[slot].removeAll(keepingCapacity: true)
        messages[slot].append(contentsOf: message)
        readings.keep(reading, at: slot)
    }
}
