import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one line's text is in an `EventTextArchive`: offset and length in one word, so
/// that a hundred thousand events pay 8 bytes each for their text.
struct ArchivedSpan: Sendable, Hashable {
    private let packed: UInt64
    private static let countBits: UInt64 = 24
    /// 16 MiB: longer than the longest line the reader examines (`LineReader.maximumLineLength`).
    static let maximumCount = Int(1 << countBits) - 1

    init(offset: Int, count: Int) {
        packed = UInt64(offset) << Self.countBits | UInt64(min(count, Self.maximumCount))
    }

    var offset: Int { Int(packed >> Self.countBits) }
    var count: Int { Int(packed & UInt64(Self.maximumCount)) }
}

/// The text of a capture's lifecycle lines, kept out of memory.
///
/// Evidence needs each event's whole line, but a capture of several GB holds a hundred
/// thousand events and a rule reads the text of a handful. Lines are appended to a small
/// in-memory tail; once the tail outgrows `tailLimit` it goes to the run's `SpillFile`, so
/// the texts hold no more memory however many events a capture has. When the scan ends (`seal`), a tail
/// of more than `sealLimit` goes too, so that a run over many captures keeps little of each.
/// Small captures (tests, rule examples, most real consoles) never touch the disk. When no
/// temporary file can be written, the archive keeps everything in memory rather than lose a line.
final class EventTextArchive: Sendable {
    static let tailLimit = 256 * 1024
    static let sealLimit = 16 * 1024

    private let spillFile: SpillFile
    /// Every field, behind one lock: events are read on other threads than the one that
    /// scanned. A `Mutex` and a buffer of its own: with an `NSLock` and an array, keeping a
    /// line took about 310 instructions (the lock's two calls, the array's generic append),
    /// at every event.
    private let state = Mutex(State())

    private struct State {
        /// The bytes from `tailStart` on, not yet written out: `tailCount` of `tailCapacity`.
        var tail: UnsafeMutableRawPointer?
        var tailCount = 0
        var tailCapacity = 0
        var tailStart = 0
        /// What went to the spill file: where each stretch of this archive's bytes is there.
        var spilled: [(start: Int, fileOffset: Int)] = []
        /// The spill file could not be written: keep the rest in memory.
        var inMemoryOnly = false

        mutating func append(_ bytes: UnsafeRawBufferPointer) {
            let needed = tailCount + bytes.count
            if needed > tailCapacity { resize(to: max(needed, 2 * tailCapacity, 256)) }
            if let base = bytes.baseAddress, let tail { (tail + tailCount).copyMemory(from: base, byteCount: bytes.count) }
            tailCount = needed
        }

        /// Room for `capacity` bytes (at least `tailCount`); none at all for 0.
        mutating func resize(to capacity: Int) {
            let moved = capacity > 0 ? UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16) : nil
            if let tail {
                if let moved { moved.copyMemory(from: tail, byteCount: tailCount) }
                tail.deallocate()
            }
            tail = moved
            tailCapacity = capacity
        }

        mutating func spillTail(to file: SpillFile, keepingCapacity: Bool) {
            guard !inMemoryOnly, tailCount > 0, let tail else { return }
            guard let fileOffset = file.write(UnsafeRawBufferPointer(start: tail, count: tailCount)) else {
                inMemoryOnly = true
                return
            }
            spilled.append((tailStart, fileOffset))
            tailStart += tailCount
            tailCount = 0
            if !keepingCapacity { resize(to: 0) }
        }
    }

    /// The caller's bytes, copied under the lock during the call and not kept: the lock's
    /// closure may take only what is `Sendable`.
    private struct CallersBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }

    init(spillFile: SpillFile = .shared) { self.spillFile = spillFile }

    deinit { state.withLock { $0.resize(to: 0) } }

    /// Keeps `bytes` (up to `ArchivedSpan.maximumCount` of them) and answers where to find them.
    func append(_ bytes: UnsafeRawBufferPointer) -> ArchivedSpan {
        let kept = CallersBytes(bytes: bytes.count <= ArchivedSpan.maximumCount
            ? bytes : UnsafeRawBufferPointer(rebasing: bytes[..<ArchivedSpan.maximumCount]))
        return state.withLock { state in
            let span = ArchivedSpan(offset: state.tailStart + state.tailCount, count: kept.bytes.count)
            state.append(kept.bytes)
            if state.tailCount > Self.tailLimit { state.spillTail(to: spillFile, keepingCapacity: true) }
            return span
        }
    }

    /// The scan is over: write out a tail worth the disk, and give back the tail's spare room.
    func seal() {
        state.withLock { state in
            if state.tailCount > Self.sealLimit { state.spillTail(to: spillFile, keepingCapacity: false) }
            if state.tailCapacity > state.tailCount { state.resize(to: state.tailCount) }
        }
    }

    /// Whether some lines went to the spill file.
    var hasSpilled: Bool { state.withLock { !$0.spilled.isEmpty } }

    /// The bytes `append` kept at `offset`; nil if the spill file cannot be read back.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        // Copied from the tail under the lock, or found in the spill file and read after it.
        let found: (tail: [UInt8]?, fileOffset: Int?) = state.withLock { state in
            if offset >= state.tailStart {
                let start = offset - state.tailStart
                guard start <= state.tailCount, count <= state.tailCount - start else { return (nil, nil) }
                guard count > 0, let tail = state.tail else { return ([], nil) }
                return (Array(UnsafeRawBufferPointer(start: tail + start, count: count)), nil)
            }
            // A line never straddles two stretches: the tail is written out whole, after an append.
            let stretch = state.spilled.last { $0.start <= offset }
            return (nil, stretch.map { $0.fileOffset + offset - $0.start })
        }
        if let tail = found.tail { return tail }
        return found.fileOffset.flatMap { spillFile.read(at: $0, count: count) }
    }

    /// The text `append` kept at `offset`, decoded (U+FFFD for what is not UTF-8).
    func string(at offset: Int, count: Int) -> String {
        guard let bytes = bytes(at: offset, count: count) else {
            return "(the text of this line could not be read back from the temporary file)"
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One unlinked temporary file for the whole run that every capture's archive writes its
/// lines to: one descriptor however many captures a run holds, gone when the process ends.
final class SpillFile: @unchecked Sendable {
    static let shared = SpillFile()

    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var end = 0
    /// No temporary file could be made, or the disk is full: stop trying.
    private var failed = false

    init() {}

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `bytes`; where they are in the file, or nil when they could not be written.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed else { return nil }
        if descriptor < 0 { descriptor = Self.makeTemporaryFile() }
        guard descriptor >= 0, writeAll(bytes, at: end) else {
            failed = true
            return nil
        }
        defer { end += bytes.count }
        return end
    }

    func read(at offset: Int, count: Int) -> [UInt8]? {
        lock.lock()
        let descriptor = descriptor
        lock.unlock()
        guard descriptor >= 0 else { return nil }
        var copy = [UInt8](repeating: 0, count: count)
        let complete = copy.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < count, let base = buffer.baseAddress {
                let read = pread(descriptor, base + done, count - done, off_t(offset + done))
                guard read > 0 else { return false }
                done += read
            }
            return true
        }
        return complete ? copy : nil
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < buffer.count, let base = buffer.baseAddress {
            let written = pwrite(descriptor, base + done, buffer.count - done, off_t(offset + done))
            guard written > 0 else { return false }
            done += written
        }
        return true
    }

    /// A file no other process can open and that vanishes with the descriptor, in `$TMPDIR`
    /// or `/tmp`, as the file manager answers on Linux (asked of it, its first use cost 0.1 ms
    /// in the middle of a capture's read).
    private static func makeTemporaryFile() -> Int32 {
        var directory = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        if directory.isEmpty { directory = "/tmp" }
        var template = Array((directory + "/tracecheck-events-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { path -> Int32 in
            guard let base = path.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            if descriptor >= 0 { unlink(base) }
            return descriptor
        }
    }
}
