import CMappedWindow
import CTeddy
import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a capture comes from.
package enum InputSource: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case standardInput
    /// Text already in memory (tests, rule examples), under a display name.
    case text(name: String, contents: String)
    /// Bytes already in memory (a library caller's `Data`: any format, gzip included).
    case bytes(name: String, contents: [UInt8])

    /// How the input is named in messages and reports.
    package var displayName: String {
        switch self {
        case .file(let path): path
        case .standardInput: "<stdin>"
        case .text(let name, _), .bytes(let name, _): name
        }
    }

    package var description: String { displayName }
}

/// An input that could not be read at all, or stopped being readable part-way.
package struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    package let source: String
    package let reason: String
    /// The last complete line read before a read error, when some were read.
    package let afterLine: Int?

    package var description: String {
        if let afterLine { return "\(source): read error after line \(afterLine): \(reason)" }
        return "\(source): \(reason)"
    }

    /// The error with its line `lines` further on (a part of a file numbers its lines from its own start).
    func shifted(by lines: Int) -> InputError {
        InputError(source: source, reason: reason, afterLine: afterLine.map { $0 + lines })
    }
}

/// One line of input, without its line terminator (`\n` or `\r\n`).
/// The bytes are only valid inside the callback that receives them.
package struct Line {
    package let bytes: UnsafeRawBufferPointer
    /// 1-based, as `cat -n` counts.
    package let number: Int
    /// Bytes past `LineReader.maximumLineLength` that were not examined.
    package let droppedBytes: Int
    /// False where the reader found the line's end and saw no ESC byte (27) before it: the
    /// line has no colour escapes to strip, and no search of its own need say so.
    package var mayHoldEscape = true
}

/// Complete lines that a consumer took in one call, from the start of the text it was
/// offered (`LineReader.read`'s `batch`): how many, their bytes with their terminators, and
/// how many of them ended with `\r\n`.
package struct LineBatch: Equatable, Sendable {
    package var lines = 0
    package var bytes = 0
    package var crlfLines = 0
    /// Took nothing because the batch reader is not ready yet (the scanner still detects the
    /// format from the first lines), not because these lines are not for it: not counted
    /// toward backing off. Counted, the detection's 200 lines backed batches off until the
    /// 1,041st line, and the 840 lines between were read one by one.
    package var notYet = false

    package init(lines: Int = 0, bytes: Int = 0, crlfLines: Int = 0, notYet: Bool = false) {
        self.lines = lines
        self.bytes = bytes
        self.crlfLines = crlfLines
        self.notYet = notYet
    }

    /// Where batches keep taking nothing (a format the scanner reads no line of quietly,
    /// processes interleaved line by line), offering one costs a call per line for nothing:
    /// after this many empty ones in a row, lines are given one by one for `linesBackedOff`.
    package static let emptyBeforeBackingOff = 16
    package static let linesBackedOff = 1_024
}

/// Takes as many complete lines as it can in one call from the start of a text (every line
/// in it ends with `\n`); the `Int` is the first line's number. Lines it leaves are given one
/// by one. The scanner reads most lines of an app's console this way (`ScanSession.readQuietly`),
/// where one call per line cost more than reading the line. It must leave every line longer
/// than the reader's `maximumLineLength`: the reader cuts those, wherever its chunks fall.
package typealias LineBatchReader = (UnsafeRawBufferPointer, Int) -> LineBatch

/// What reading saw, apart from the lines themselves.
package struct ReadStatistics: Equatable, Sendable {
    package var lines = 0
    package var bytes = 0
    package var crlfLines = 0
    /// Line numbers longer than `LineReader.maximumLineLength`, with their full lengths.
    package var overlongLines: [(line: Int, length: Int)] = []
    /// The first line that contains a NUL byte, if any.
    package var firstNULLine: Int?
    /// Read through gzip; `bytes` counts the decompressed bytes.
    package var compressed = false
    /// Why the compressed data ended before its end (corrupt or truncated): what came
    /// before is read and checked, and the input still counts as not read whole.
    package var damage: String?
    /// Reading stopped on request (SIGINT, SIGTERM) before the input's end.
    package var interrupted = false

    /// Adds what reading the input's next part saw (a parted read joins its parts in file
    /// order): counts add up, the first NUL line and the first damage are the earliest, and
    /// the input was interrupted if any part was.
    mutating func append(_ later: ReadStatistics) {
        lines += later.lines
        bytes += later.bytes
        crlfLines += later.crlfLines
        overlongLines += later.overlongLines
        if firstNULLine == nil { firstNULLine = later.firstNULLine }
        compressed = compressed || later.compressed
        if damage == nil { damage = later.damage }
        interrupted = interrupted || later.interrupted
    }

    /// Numbers the lines noted as `lines` more lines before them would (a part of a file read
    /// by another thread numbers its lines from its own start).
    mutating func shiftLines(by lines: Int) {
        overlongLines = overlongLines.map { ($0.line + lines, $0.length) }
        firstNULLine? += lines
    }

    package static func == (lhs: ReadStatistics, rhs: ReadStatistics) -> Bool {
        lhs.lines == rhs.lines && lhs.bytes == rhs.bytes && lhs.crlfLines == rhs.crlfLines && lhs.damage == rhs.damage
            && lhs.interrupted == rhs.interrupted
            && lhs.firstNULLine == rhs.firstNULLine
            && lhs.overlongLines.map(\.line) == rhs.overlongLines.map(\.line)
            && lhs.overlongLines.map(\.length) == rhs.overlongLines.map(\.length)
    }
}

/// Streams a file or standard input line by line with constant memory: fixed-size chunks
/// through one reusable buffer, never the whole input in one allocation.
package struct LineReader: Sendable {
    package static let defaultChunkSize = 1 << 20
    /// Lifecycle lines are short; a longer line is examined up to this length and the rest
    /// of it skipped, so a 100 MB line costs no more memory than a short one.
    package static let defaultMaximumLineLength = 1 << 20

    package let chunkSize: Int
    package let maximumLineLength: Int
    /// Read regular files of at least `smallestMappedFile` bytes through mappings of them
    /// (`readMapped`) rather than copies: for a process that can take SIGBUS being handled
    /// for it (`tc_window_guard`), as the executable does; off, every input is read with `read`.
    package var mapsFiles = false
    /// The most of a file mapped at once, per thread. A mapped page counts in the process's
    /// resident memory (as the file's page in the system's cache, not memory of its own):
    /// two threads on an app's 64 MB console ran alike with windows of 16 and 32 MB (45.9 and
    /// 46.1 ms; 8 MB: 46.4 to 47.4, 4 MB: 47.2 to 47.6, not mapped: 47.8 to 48.0).
    package var mappedWindowBytes = defaultMappedWindowBytes
    package static let defaultMappedWindowBytes = 16 << 20
    /// Below this size a file is read, not mapped: a huge page's buffer is not worth clearing
    /// for it either (`ReadBuffer.hugeInputBytes`).
    package var smallestMappedFile = ReadBuffer.hugeInputBytes

    /// Whether `bytes` of a regular file (a whole file, or a part of a parted read) are read
    /// through a mapping.
    func mapsFile(ofSize bytes: Int) -> Bool { mapsFiles && bytes >= max(1, smallestMappedFile) }

    package init(chunkSize: Int = defaultChunkSize, maximumLineLength: Int = defaultMaximumLineLength) {
        self.chunkSize = max(1, chunkSize)
        self.maximumLineLength = max(1, maximumLineLength)
    }

    /// Bytes in memory, plain or gzip (recognised by its magic bytes, as for files).
    private func read(name: String, bytes: [UInt8], batch: LineBatchReader?, _ body: (Line) -> Void) throws(InputError) -> ReadStatistics {
        var remaining = bytes[...]
        let next: (UnsafeMutableRawPointer, Int) -> Int = { destination, capacity in
            let count = min(capacity, remaining.count)
            remaining.prefix(count).withUnsafeBytes { bytes in
                if let source = bytes.baseAddress { destination.copyMemory(from: source, byteCount: count) }
            }
            remaining = remaining.dropFirst(count)
            return count
        }
        if bytes.starts(with: [0x1F, 0x8B]) {
            remaining = remaining.dropFirst(2)
            return try readGzipStream(name: name, head: [0x1F, 0x8B], batch: batch, body, source: next)
        }
        return try read(name: name, batch: batch, body, fill: next)
    }

    /// - Parameter waiting: for standard input, called when the next read would wait for the
    ///   writer: where a live check tells what it has decided (`LiveMonitor`).
    /// - Parameter batch: offered the complete lines of each chunk not yet given, before each
    ///   line is given to `body` one by one.
    package func read(_ source: InputSource, waiting: (() -> Void)? = nil, batch: LineBatchReader? = nil,
                      _ body: (Line) -> Void) throws(InputError) -> ReadStatistics {
        switch source {
        case .text(let name, let contents):
            return try read(name: name, bytes: Array(contents.utf8), batch: batch, body)
        case .bytes(let name, let contents):
            return try read(name: name, bytes: contents, batch: batch, body)
        case .standardInput:
            // Compressed data is recognised by its magic bytes, as for files.
            var head: [UInt8] = []
            while head.count < 2 {
                var byte: UInt8 = 0
                let count = systemRead(STDIN_FILENO, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { break }
                head.append(byte)
            }
            if head == [0x1F, 0x8B] {
                return try readGzipStream(name: source.displayName, head: head, batch: batch, body) { systemRead(STDIN_FILENO, $0, $1) }
            }
            var pending = head[...]
            return try read(name: source.displayName, batch: batch, body) { buffer, capacity in
                guard pending.isEmpty else {
                    let count = min(capacity, pending.count)
                    for (offset, byte) in pending.prefix(count).enumerated() { buffer.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self) }
                    pending = pending.dropFirst(count)
                    return count
                }
                // A writer that pauses (`log stream` between bursts), not one that is briefly
                // descheduled while it fills the pipe (`cat big.log |`): 10 ms without data.
                if let waiting, !Self.hasInput(STDIN_FILENO, waitingMilliseconds: 10) { waiting() }
                return systemRead(STDIN_FILENO, buffer, capacity)
            }
        case .file(let path):
            let (descriptor, status) = try open(path)
            if Self.isGzip(descriptor) { return try readGzip(descriptor, path: path, batch: batch, body) }
            defer { close(descriptor) }
            if (status.st_mode & S_IFMT) == S_IFREG, mapsFile(ofSize: Int(status.st_size)),
               let statistics = try readMapped(name: path, descriptor: descriptor, range: 0..<Int(status.st_size), followsGrowth: true,
                                               batch: batch, body) {
                return statistics
            }
            return try read(name: path, inputBytes: Int(status.st_size), batch: batch, body) { systemRead(descriptor, $0, $1) }
        }
    }

    /// Reads `path` like `tail -f`: at its end, waits for more (polling every 100 ms) until
    /// `Interruption` is requested. A file cut shorter than what was read is read again from
    /// its start; a new file under the name (log rotation) is read from its start once the
    /// old one is read to its end. Line numbers go on counting across both.
    /// `waiting` is called each time the file is read to its end.
    func follow(_ path: String, pollInterval: UInt32 = 100_000, waiting: (() -> Void)? = nil, batch: LineBatchReader? = nil,
                _ body: (Line) -> Void) throws(InputError) -> ReadStatistics {
        var descriptor = try open(path).descriptor
        defer { close(descriptor) }
        var position = 0
        var identity = Self.identity(of: descriptor)
        return try read(name: path, batch: batch, body) { buffer, capacity in
            while true {
                let count = systemRead(descriptor, buffer, capacity)
                if count != 0 {
                    if count > 0 { position += count }
                    return count
                }
                if Interruption.isRequested { return 0 }
                var named = stat()
                if stat(path, &named) == 0, (named.st_ino, named.st_dev) != identity {
                    let renewed = Glibc_open(path)
                    if renewed >= 0 {
                        close(descriptor)
                        descriptor = renewed
                        identity = Self.identity(of: renewed)
                        position = 0
                        continue
                    }
                }
                if let size = Self.size(of: descriptor), size < position {
                    lseek(descriptor, 0, SEEK_SET)
                    position = 0
                    continue
                }
                waiting?()
                usleep(pollInterval)
            }
        }
    }

    /// Whether a read of `descriptor` would return within `waitingMilliseconds` (data, its
    /// end or an error).
    static func hasInput(_ descriptor: Int32, waitingMilliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, waitingMilliseconds) != 0
    }

    private static func identity(of descriptor: Int32) -> (ino_t, dev_t) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return (0, 0) }
        return (status.st_ino, status.st_dev)
    }

    /// A gzip file starts with 1f 8b, whatever its name.
    static func isGzip(_ descriptor: Int32) -> Bool {
        var magic: (UInt8, UInt8) = (0, 0)
        let count = withUnsafeMutableBytes(of: &magic) { pread(descriptor, $0.baseAddress, 2, 0) }
        return count == 2 && magic.0 == 0x1F && magic.1 == 0x8B
    }

    /// Decompresses as it reads: memory stays that of one chunk, whatever the file's size.
    private func readGzip(_ descriptor: Int32, path: String, batch: LineBatchReader?, _ body: (Line) -> Void) throws(InputError) -> ReadStatistics {
        guard let file = gzdopen(descriptor, "rb") else {
            close(descriptor)
            throw InputError(source: path, reason: "cannot open as gzip", afterLine: nil)
        }
        defer { gzclose(file) }
        gzbuffer(file, 1 << 17)
        var failure: String?
        var statistics = try read(name: path, batch: batch, body) { buffer, count in
            let read = gzread(file, buffer, UInt32(min(count, 1 << 30)))
            // Damaged data ends the input here; what came before it is read.
            if read < 0 { failure = Self.gzipMessage(file) ?? "corrupt gzip data" }
            return max(0, Int(read))
        }
        // gzread ends quietly at a truncated stream; zlib keeps the error for gzerror.
        if let message = failure ?? Self.gzipMessage(file) { statistics.damage = "corrupt or truncated gzip data: \(message)" }
        statistics.compressed = true
        return statistics
    }

    /// Gzip from a stream that cannot be reopened (standard input), whose first bytes were
    /// already read to recognise it: inflated chunk by chunk, members one after another.
    private func readGzipStream(name: String, head: [UInt8], batch: LineBatchReader?, _ body: (Line) -> Void,
                                source: @escaping (UnsafeMutableRawPointer, Int) -> Int) throws(InputError) -> ReadStatistics {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw InputError(source: name, reason: "cannot start gzip decompression", afterLine: nil)
        }
        defer { inflateEnd(&stream) }
        let inputSize = 1 << 17
        let input = UnsafeMutablePointer<UInt8>.allocate(capacity: inputSize)
        defer { input.deallocate() }
        input.initialize(from: head, count: head.count)
        stream.next_in = input
        stream.avail_in = UInt32(head.count)
        var ended = false, damage: String?
        var statistics = try read(name: name, batch: batch, body) { buffer, capacity in
            guard !ended else { return 0 }
            stream.next_out = buffer.assumingMemoryBound(to: UInt8.self)
            stream.avail_out = UInt32(min(capacity, 1 << 30))
            while stream.avail_out > 0 {
                if stream.avail_in == 0 {
                    let count = source(input, inputSize)
                    if count < 0, errno == EINTR { continue }
                    // The input ended (cleanly only between members: checked after the read),
                    // or could not be read.
                    guard count > 0 else {
                        if count < 0 { damage = Self.systemMessage(errno) }
                        ended = true
                        break
                    }
                    stream.next_in = input
                    stream.avail_in = UInt32(count)
                }
                let status = inflate(&stream, Z_NO_FLUSH)
                if status == Z_STREAM_END {
                    // Another member may follow (`cat a.gz b.gz`); reset clears total_in.
                    inflateReset(&stream)
                    continue
                }
                guard status == Z_OK || (status == Z_BUF_ERROR && stream.avail_in == 0) else {
                    damage = stream.msg.map { String(cString: $0) } ?? "corrupt gzip data"
                    ended = true
                    break
                }
            }
            return min(capacity, 1 << 30) - Int(stream.avail_out)
        }
        // A member cut short: inflate waited for more input that never came.
        if damage == nil, stream.total_in > 0 { damage = "the data ends in the middle of a gzip member" }
        if let damage { statistics.damage = "corrupt or truncated gzip data: \(damage)" }
        statistics.compressed = true
        return statistics
    }

    private static func gzipMessage(_ file: gzFile) -> String? {
        var code: Int32 = 0
        guard let message = gzerror(file, &code), code != Z_OK, code != Z_STREAM_END else { return nil }
        // zlib names the stream `<fd:3>: …`; the path is already in the message.
        let text = String(cString: message)
        if text.hasPrefix("<fd:"), let colon = text.firstIndex(of: ">") { return String(text[text.index(after: colon)...].drop { $0 == ":" || $0 == " " }) }
        return text
    }

    /// `path` opened for reading, with what `fstat` says of it (all zero where it says
    /// nothing: no size, not a regular file), so that no caller asks again.
    func open(_ path: String) throws(InputError) -> (descriptor: Int32, status: stat) {
        let descriptor = Glibc_open(path)
        guard descriptor >= 0 else { throw InputError(source: path, reason: Self.systemMessage(errno), afterLine: nil) }
        var status = stat()
        if fstat(descriptor, &status) != 0 { status = stat() }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw InputError(source: path, reason: "is a directory", afterLine: nil)
        }
        return (descriptor, status)
    }

    /// - Parameter fill: reads up to the given count into the pointer, returns the count read,
    ///   0 at the end, or -1 with `errno` set.
    /// - Parameter inputBytes: how many bytes `fill` will give, where known (a file's size):
    ///   a large input's buffer is asked for in huge pages (`ReadBuffer`).
    func read(name: String, inputBytes: Int = 0, batch: LineBatchReader? = nil, _ body: (Line) -> Void,
              fill: (UnsafeMutableRawPointer, Int) -> Int) throws(InputError) -> ReadStatistics {
        var cutter = LineCutter(maximumLineLength: maximumLineLength, batch: batch)
        let capacity = maximumLineLength + chunkSize
        let buffer = ReadBuffer.allocate(byteCount: capacity, inputBytes: inputBytes)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return cutter.statistics }

        var lineStart = 0, filled = 0
        /// Set while the rest of an over-long line is being skipped; its kept prefix is at 0.
        var skippedBytes: Int?
        /// Interrupted before the input's end (not at the end of a followed file).
        var stoppedBeforeEnd = false

        while true {
            if skippedBytes == nil, filled - lineStart >= maximumLineLength {
                // No newline within the limit: keep the prefix, skip to the next newline.
                memmove(base, base + lineStart, maximumLineLength)
                skippedBytes = filled - lineStart - maximumLineLength
                lineStart = 0
                filled = maximumLineLength
            } else if skippedBytes == nil, lineStart > 0, capacity - filled < chunkSize {
                memmove(base, base + lineStart, filled - lineStart)
                filled -= lineStart
                lineStart = 0
            }

            if Interruption.isRequested {
                cutter.statistics.interrupted = true
                stoppedBeforeEnd = true
                break
            }
            let count = fill(base + filled, capacity - filled)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(source: name, reason: Self.systemMessage(errno), afterLine: cutter.statistics.lines)
            }
            if count == 0 {
                // A followed file ends only this way.
                if Interruption.isRequested { cutter.statistics.interrupted = true }
                break
            }
            cutter.statistics.bytes += count
            let newData = filled
            filled += count

            var cursor = newData
            if let skipped = skippedBytes {
                guard let newline = memchr(base + newData, 10, count) else {
                    skippedBytes = skipped + count
                    filled = maximumLineLength
                    continue
                }
                let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(newline))
                cutter.emit(base, 0, maximumLineLength, dropped: skipped + (offset - newData), body)
                skippedBytes = nil
                lineStart = offset + 1
                cursor = lineStart
            }
            lineStart = cutter.cut(base, from: lineStart, searchingFrom: cursor, to: filled, body)
        }
        // Where reading stopped before the input's end, what follows the last newline is a
        // line cut where the read stopped: the input is read up to its last whole line.
        guard !stoppedBeforeEnd else { return cutter.statistics }
        if let skipped = skippedBytes {
            cutter.emit(base, 0, maximumLineLength, dropped: skipped, body)
        } else if filled > lineStart {
            cutter.emitWhole(base, lineStart, filled, body)
        }
        return cutter.statistics
    }

    /// Why a part of a file, or a file read through a mapping, ends before the size it had.
    static let becameShorter = "the file became shorter while it was read"

    /// Bytes `range` of a regular file, read as `read(name:inputBytes:batch:_:fill:)` reads
    /// them (the same lines, batches and statistics; `MappedReadingTests` holds the two alike),
    /// from windows of the file mapped one after another instead of copies of it: the kernel's
    /// copy was a tenth of the CPU of two threads reading an app's 64 MB console. (What it
    /// saves, the reads of text no copy has brought into the cache cost again, unless the
    /// search asks for the text ahead, as `fill_avx512` does: 47 ms against 43.)
    /// Nil where the file cannot be mapped, before anything is read: the caller reads it the other way.
    /// `followsGrowth`: a file that grew while it was read is read on to its new end, as a
    /// read to the end of the file would.
    ///
    /// A window is at most `mappedWindowBytes`, so that what is mapped at once stays the same
    /// however long the file. A file cut shorter while a window of it is read throws
    /// `becameShorter` (`tc_window_guard`: its bytes past the new end read as zeros until then).
    func readMapped(name: String, descriptor: Int32, range: Range<Int>, followsGrowth: Bool, batch: LineBatchReader? = nil,
                    _ body: (Line) -> Void) throws(InputError) -> ReadStatistics? {
        let page = tc_window_page_size()
        // A window holds a line of the longest length from anywhere in its first page on.
        let windowBytes = max(mappedWindowBytes, maximumLineLength + 2 * page)
        var cutter = LineCutter(maximumLineLength: maximumLineLength, batch: batch)
        var position = range.lowerBound, end = range.upperBound, counted = range.lowerBound
        /// While an over-long line's end is looked for: its bytes past the kept prefix so far.
        var skippedBytes: Int?
        /// That line's kept prefix (its window is gone when its end is found).
        var prefix: UnsafeMutableRawPointer?
        defer { prefix?.deallocate() }

        while true {
            if position >= end {
                guard followsGrowth, let size = Self.size(of: descriptor), size > end else { break }
                end = size
            }
            if Interruption.isRequested {
                // As a buffered read stops: the lines before, not the one being read.
                cutter.statistics.interrupted = true
                return cutter.statistics
            }
            let windowStart = position - position % page, windowEnd = min(end, windowStart + windowBytes)
            guard let window = tc_window_map(descriptor, Int64(windowStart), windowEnd - windowStart) else {
                if position == range.lowerBound { return nil }
                throw InputError(source: name, reason: Self.systemMessage(errno), afterLine: cutter.statistics.lines)
            }
            let base = UnsafeRawPointer(window) + (position - windowStart), filled = windowEnd - position
            cutter.statistics.bytes += windowEnd - counted
            counted = windowEnd
            var lineStart = 0
            if let skipped = skippedBytes, let prefix {
                if let newline = memchr(base, 10, filled) {
                    let offset = base.distance(to: UnsafeRawPointer(newline))
                    cutter.emit(prefix, 0, maximumLineLength, dropped: skipped + offset, body)
                    skippedBytes = nil
                    lineStart = offset + 1
                } else {
                    skippedBytes = skipped + filled
                    lineStart = filled
                }
            }
            if skippedBytes == nil {
                lineStart = cutter.cut(base, from: lineStart, searchingFrom: lineStart, to: filled, body)
                if filled - lineStart >= maximumLineLength {
                    // No newline within the limit: keep the prefix, skip to the next newline.
                    let kept = prefix ?? UnsafeMutableRawPointer.allocate(byteCount: maximumLineLength, alignment: 16)
                    kept.copyMemory(from: base + lineStart, byteCount: maximumLineLength)
                    prefix = kept
                    skippedBytes = filled - lineStart - maximumLineLength
                    lineStart = filled
                } else if lineStart < filled, windowEnd == end {
                    if followsGrowth, let size = Self.size(of: descriptor), size > end {
                        // The last line goes on in what was written since.
                        end = size
                    } else {
                        // The last line, without a newline.
                        cutter.emitWhole(base, lineStart, filled, body)
                        lineStart = filled
                    }
                }
            }
            // The next window begins with the page of the first byte not yet read into a line.
            position += lineStart
            if tc_window_unmap(window, windowEnd - windowStart) != 0 {
                throw InputError(source: name, reason: Self.becameShorter, afterLine: cutter.statistics.lines)
            }
        }
        if let skipped = skippedBytes, let prefix {
            cutter.emit(prefix, 0, maximumLineLength, dropped: skipped, body)
        }
        return cutter.statistics
    }

    /// The size of the file open as `descriptor` now.
    private static func size(of descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    static func systemMessage(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message).lowercased()
    }
}

/// `open` is variadic in C; this fixes the arguments Swift needs.
private func Glibc_open(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}

/// Cuts bytes into lines wherever they lie (the buffer a read fills, a window of a mapped
/// file): offers them to the batch reader, gives the rest one by one, and counts what it saw.
/// Offsets are from the `base` a call is given.
private struct LineCutter {
    let maximumLineLength: Int
    let batch: LineBatchReader?
    var statistics = ReadStatistics()
    /// Batches offered in a row that took no line, and the line before which none is offered.
    var emptyBatches = 0, batchesResumeAt = 0

    init(maximumLineLength: Int, batch: LineBatchReader?) {
        self.maximumLineLength = maximumLineLength
        self.batch = batch
    }

    /// Gives the line `start..<end` of `base`, `dropped` bytes of it past the limit not
    /// examined. `seen`: what `tc_line_end` saw of the line, where it looked at the whole line;
    /// nil where it did not (a line begun in the text before, the last without a newline, the
    /// kept prefix of one too long for the buffer). The bytes of a line it did not see, or of
    /// one cut at the limit (only the bytes examined count), are searched for a NUL here. A
    /// batch takes no line with a NUL byte (the C read stops before it), so every line that
    /// may hold one comes here.
    mutating func emit(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, dropped: Int, seen: Int32? = nil, _ body: (Line) -> Void) {
        var length = end - start
        if length > 0, base.load(fromByteOffset: start + length - 1, as: UInt8.self) == 13 {
            length -= 1
            statistics.crlfLines += 1
        }
        statistics.lines += 1
        let number = statistics.lines
        let bytes = UnsafeRawBufferPointer(start: base + start, count: length)
        if statistics.firstNULLine == nil {
            // Only the bytes examined count: a NUL past the limit is not one of them.
            let holdsNUL = if let seen, dropped == 0 { seen & TC_LINE_NUL != 0 } else { memchr(base + start, 0, length) != nil }
            if holdsNUL { statistics.firstNULLine = number }
        }
        if dropped > 0 {
            statistics.overlongLines.append((number, length + dropped))
        }
        body(Line(bytes: bytes, number: number, droppedBytes: dropped, mayHoldEscape: seen.map { $0 & TC_LINE_ESCAPE != 0 } ?? true))
    }

    /// A line the text holds whole, cut as one too long for it is: what is examined of a line
    /// does not depend on where the chunks fell (a file and the same bytes from a pipe read
    /// alike, as do the parts of a parted read, and a file read through a mapping).
    mutating func emitWhole(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, seen: Int32? = nil, _ body: (Line) -> Void) {
        let length = end - start
        if length > maximumLineLength {
            emit(base, start, start + maximumLineLength, dropped: length - maximumLineLength, seen: seen, body)
        } else {
            emit(base, start, end, dropped: 0, seen: seen, body)
        }
    }

    /// The whole lines of `lineStart..<filled`: batches first, then the line a batch left,
    /// alone. Returns where the first line not whole in the text begins. `cursor`: where a
    /// newline may first be (the bytes before it, after `lineStart`, hold none).
    mutating func cut(_ base: UnsafeRawPointer, from lineStart: Int, searchingFrom cursor: Int, to filled: Int,
                      _ body: (Line) -> Void) -> Int {
        var lineStart = lineStart, cursor = cursor
        while cursor < filled {
            let next = statistics.lines + 1
            if let batch, next >= batchesResumeAt {
                let taken = batch(UnsafeRawBufferPointer(start: base + lineStart, count: filled - lineStart), next)
                statistics.lines += taken.lines
                statistics.crlfLines += taken.crlfLines
                lineStart += taken.bytes
                cursor = lineStart
                // The line after the batch goes one by one: the batch reader just declined it.
                if taken.lines > 0 {
                    emptyBatches = 0
                } else if !taken.notYet {
                    emptyBatches += 1
                }
                if emptyBatches >= LineBatch.emptyBeforeBackingOff {
                    emptyBatches = 0
                    batchesResumeAt = next > Int.max - LineBatch.linesBackedOff ? Int.max : next + LineBatch.linesBackedOff
                }
            }
            guard cursor < filled else { break }
            // The newline, and whether a NUL or an escape comes before it, in one pass. The
            // bytes before `cursor` (a line begun in the text before) were not looked at.
            var seen: Int32 = 0
            let offset = cursor + tc_line_end((base + cursor).assumingMemoryBound(to: UInt8.self), filled - cursor, &seen)
            guard offset < filled else { break }
            emitWhole(base, lineStart, offset, seen: cursor == lineStart ? seen : nil, body)
            lineStart = offset + 1
            cursor = lineStart
        }
        return lineStart
    }
}
