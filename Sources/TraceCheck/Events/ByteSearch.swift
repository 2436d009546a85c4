#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searching raw bytes for literals and reading digits by hand, for the lines a prefilter or a
/// literal has singled out (UIKit's mask lines, redactions, scene of record).
extension UnsafeRawBufferPointer {
    /// Whether the bytes hold `needle` anywhere: a check cheaper than any pattern, for the
    /// rare lines a literal singles out.
    func contains(literal needle: StaticString) -> Bool {
        offset(of: needle, from: 0) != nil
    }

    /// Whether these are exactly `other`'s bytes (two empty buffers are, whatever their
    /// addresses): one `memcmp`, where the tables that keep bytes compare what they kept.
    @inline(__always)
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return count == 0 }
        return memcmp(base, otherBase, count) == 0
    }

    /// Whether every byte is ASCII, tested eight at a time (32 a step), the last eight
    /// overlapping the words before rather than byte by byte: asked of every event's line,
    /// where a byte-by-byte test cost more than reading the line's time.
    var isASCII: Bool {
        guard let base = baseAddress else { return true }
        guard count >= 8 else {
            var high: UInt8 = 0
            for offset in 0..<count { high |= base.load(fromByteOffset: offset, as: UInt8.self) }
            return high & 0x80 == 0
        }
        var offset = 0, high: UInt64 = 0
        while offset + 32 <= count {
            high |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) | base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
                | base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self) | base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
            offset += 32
        }
        while offset + 8 <= count {
            high |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        high |= base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Where `byte` first occurs at or after `from` (memchr).
    func firstIndex(of byte: UInt8, from: Int) -> Int? {
        guard from >= 0, from < count, let base = baseAddress, let hit = memchr(base + from, Int32(byte), count - from) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// Whether `byte` occurs at least `count` times.
    func holds(_ byte: UInt8, atLeast count: Int) -> Bool {
        guard let base = baseAddress else { return count <= 0 }
        var found = 0, offset = 0
        while found < count, offset < self.count, let hit = memchr(base + offset, Int32(byte), self.count - offset) {
            found += 1
            offset = base.distance(to: UnsafeRawPointer(hit)) + 1
        }
        return found >= count
    }

    /// Where `needle` first occurs at or after `from`: memchr to each candidate first byte,
    /// memcmp for the rest (libc's vector loops).
    func offset(of needle: StaticString, from: Int) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard count > 0, from >= 0, from + count <= self.count, let base = baseAddress else { return nil }
        let first = Int32(needle.utf8Start.pointee)
        var offset = from
        while offset + count <= self.count, let hit = memchr(base + offset, first, self.count - count + 1 - offset) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(hit, needle.utf8Start, count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    /// The offset past whichever of `literals` stands at `at`.
    func skip(_ literals: [StaticString], at: Int) -> Int? {
        for literal in literals {
            if let end = skip(literal, at: at) { return end }
        }
        return nil
    }

    /// The offset past `literal` when it stands at `at` (no array of one literal made per call).
    func skip(_ literal: StaticString, at: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard at >= 0, at + count <= self.count, let base = baseAddress else { return nil }
        return memcmp(base + at, literal.utf8Start, count) == 0 ? at + count : nil
    }

    /// The end of the run of ASCII digits at `at` (`at` itself when there is none); nil when
    /// the run is longer than `atMost` and a pattern's `\d{1,atMost}` would stop inside it.
    func digits(at: Int, atMost: Int) -> Int? {
        var end = at
        while end < count, self[end] >= 0x30, self[end] <= 0x39 { end += 1 }
        return end - at > atMost ? nil : end
    }

    /// The decimal number of `range` (digits only); nil past 64 bits.
    func decimal(_ range: Range<Int>) -> UInt64? {
        var value: UInt64 = 0
        for byte in self[range] {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte &- 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }
}
