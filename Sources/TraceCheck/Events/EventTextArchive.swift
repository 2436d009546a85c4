import Foundation
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
final class EventTextArchive: @unchecked Sendable {
    static let tailLimit = 256 * 1024
    static let sealLimit = 16 * 1024

    private let spillFile: SpillFile
    /// Guards every field below: events are read on other threads than the one that scanned.
    /// Under the lock, the fields go without dynamic exclusivity checks (one an event).
    private let lock = NSLock()
    /// The bytes from `tailStart` on, not yet written out.
    @exclusivity(unchecked) private var tail: [UInt8] = []
    @exclusivity(unchecked) private var tailStart = 0
    /// What went to the spill file: where each stretch of this archive's bytes is there.
    @exclusivity(unchecked) private var spilled: [(start: Int, fileOffset: Int)] = []
    /// The spill file could not be written: keep the rest in memory.
    @exclusivity(unchecked) private var inMemoryOnly = false

    init(spillFile: SpillFile = .shared) { self.spillFile = spillFile }

    /// Keeps `bytes` (up to `ArchivedSpan.maximumCount` of them) and answers where to find them.
    func append(_ bytes: UnsafeRawBufferPointer) -> ArchivedSpan {
        let kept = UnsafeRawBufferPointer(rebasing: bytes.prefix(ArchivedSpan.maximumCount))
        lock.lock()
        defer { lock.unlock() }
        let span = ArchivedSpan(offset: tailStart + tail.count, count: kept.count)
        tail.append(contentsOf: kept)
        if tail.count > Self.tailLimit { spillTail(keepingCapacity: true) }
        return span
    }

    /// The scan is over: write out a tail worth the disk, and give back the tail's spare room.
    func seal() {
        lock.lock()
        defer { lock.unlock() }
        if tail.count > Self.sealLimit { spillTail(keepingCapacity: false) }
        tail = tail.trimmed()
    }

    /// Whether some lines went to the spill file.
    var hasSpilled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !spilled.isEmpty
    }

    /// The bytes `append` kept at `offset`; nil if the spill file cannot be read back.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if offset >= tailStart {
            let start = offset - tailStart
            guard start + count <= tail.count else { return nil }
            return Array(tail[start..<(start + count)])
        }
        // A line never straddles two stretches: the tail is written out whole, after an append.
        guard let stretch = spilled.last(where: { $0.start <= offset }) else { return nil }
        return spillFile.read(at: stretch.fileOffset + offset - stretch.start, count: count)
    }

    /// The text `append` kept at `offset`, decoded (U+FFFD for what is not UTF-8).
    func string(at offset: Int, count: Int) -> String {
        guard let bytes = bytes(at: offset, count: count) else {
            return "(the text of this line could not be read back from the temporary file)"
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func spillTail(keepingCapacity: Bool) {
        guard !inMemoryOnly, !tail.isEmpty else { return }
        guard let fileOffset = spillFile.write(tail) else {
            inMemoryOnly = true
            return
        }
        spilled.append((tailStart, fileOffset))
        tailStart += tail.count
        tail.removeAll(keepingCapacity: keepingCapacity)
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
    func write(_ bytes: [UInt8]) -> Int? {
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

    private func writeAll(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count, let base = buffer.baseAddress {
                let written = pwrite(descriptor, base + done, buffer.count - done, off_t(offset + done))
                guard written > 0 else { return false }
                done += written
            }
            return true
        }
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
