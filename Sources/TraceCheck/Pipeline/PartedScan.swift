import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One large file read by several threads: cut into parts where records begin, each part
/// scanned by its own session (own PCRE2 matcher, own 2 MiB buffer), the sessions joined in
/// file order. The result is the one a single session gives (`ScanSession.absorb`); the
/// parted fuzz target holds it to that.
struct PartedScan {
    /// Below this many bytes a part is not worth a thread (`ScanOptions.minimumPartBytes`):
    /// with two threads, a 16 MB console read in two parts took 13.6 ms against 18.1 read
    /// whole, and 8 MB in two parts 14.4 against 14.8 (what every run pays before its first
    /// line and after its last is most of that).
    static let minimumPartBytes = 8 << 20
    /// The largest part of a read that lets runs go (`ScanOptions.retiringPartBytes`).
    static let retiringPartBytes = 64 << 20
    /// Parts per thread from which a read that lets runs go looks at the runs over each time it
    /// joins a part (`RunRetirement.joined`); with fewer, a join looks only once as many events
    /// are held as a read by one thread would hold before looking (`RunRetirement.read`).
    /// A look runs on the joining thread while the others read on: with many parts they take
    /// the parts it would have read, with few it ends its last part alone long after them
    /// (two threads on 256 MB of an app's console, six parts: 66 ms without the looks at
    /// joins, 72 with them; 537 MB, ten parts: 131 against 138; 1 GB, eighteen parts: 253
    /// with them, 264 without).
    static let partsPerThreadForJoinLooks = 8
    /// How far past an even cut to look for the start of a record.
    static let searchWindow = 1 << 20
    /// Lines the format is detected on, as a whole-file scan does.
    static let headBytes = 1 << 20
    /// What is read first of the head and of each search window: enough for the detection's
    /// lines and a record's start on most captures, and the rest only where it is not. The
    /// plan is made before any part is read: with a megabyte read for each (256 fresh pages),
    /// it took 1.2 to 2 ms of the 5 to 7 before the parts of a 64 MB console began.
    static let firstReadBytes = 64 << 10

    let path: String
    let choice: FormatChoice
    /// The lines the format was decided on; readers whose layout depends on them get them.
    let firstLines: [[UInt8]]
    /// Byte ranges, in file order, that together are the whole file.
    let ranges: [Range<Int>]

    /// A plan for `parts` threads, or nil when the file should be read by one: not a regular
    /// file, compressed, too small, a multi-line format (a JSON array), a harness decoration,
    /// or no record start near a cut.
    /// `lettingRunsGo`: the parts are at most `ScanOptions.retiringPartBytes` each, as what a
    /// part holds is held until the part is joined (`scan`).
    static func plan(path: String, parts: Int, options: ScanOptions, reader: LineReader, lettingRunsGo: Bool = false) -> PartedScan? {
        guard parts > 1, let (descriptor, status) = try? reader.open(path) else { return nil }
        defer { close(descriptor) }
        guard (status.st_mode & S_IFMT) == S_IFREG, !LineReader.isGzip(descriptor) else { return nil }
        let size = Int(status.st_size)
        var count = min(parts, size / max(1, options.minimumPartBytes))
        guard count > 1 else { return nil }
        if lettingRunsGo {
            let largest = max(1, options.retiringPartBytes)
            count = max(count, size / largest + (size % largest == 0 ? 0 : 1))
            // Waves of a part per thread: with five parts on two threads, the fifth was read by
            // one thread while the other waited (256 MB of an app's console: 73 ms, six parts 72).
            if count > parts {
                count = min((count + parts - 1) / parts * parts, max(count, size / max(1, options.minimumPartBytes)))
            }
        }

        let matcher = PCRE2Matcher()
        // The lines a whole read detects the format on: its last line even without a newline,
        // each cut at the reader's longest line.
        var head: [[UInt8]] = []
        for count in [min(firstReadBytes, headBytes), headBytes] {
            head = Self.lines(of: read(descriptor, at: 0, count: count), limit: FormatDetector.sampleSize, endsFile: size <= count,
                              maximumLength: reader.maximumLineLength).map(ANSI.stripped)
            if head.count >= FormatDetector.sampleSize || size <= count { break }
        }
        // Without the lines a whole read decides on, the parts could be read in another format.
        guard head.count >= FormatDetector.sampleSize || size <= headBytes else { return nil }
        let choice = options.formatChoice(firstLines: head, matcher: matcher)
        guard choice.decoration == nil, choice.format.isLineOriented else { return nil }
        let recordReader = choice.format.makeReader(firstLines: head)
        let anyLineStarts = choice.format.unprefixedLines == .ownRecords

        var starts = [0]
        for part in 1..<count {
            let cut = size / count * part
            // The first record start of the window: the lines of a short window are those of
            // a long one, up to its last, which may be cut.
            var found: Int?
            for length in [min(firstReadBytes, searchWindow), searchWindow] where found == nil {
                found = Self.firstRecordStart(in: read(descriptor, at: cut, count: length), anyLineStarts: anyLineStarts,
                                              reader: recordReader, matcher: matcher).map { cut + $0 }
            }
            guard let start = found, let previous = starts.last, start > previous else { return nil }
            starts.append(start)
        }
        let ranges = zip(starts, starts.dropFirst() + [size]).map { $0..<$1 }
        return PartedScan(path: path, choice: choice, firstLines: head, ranges: ranges)
    }

    /// Where in `window` the first line that starts a record begins: after its first newline
    /// (its first line may be cut), and only a line the window holds whole.
    private static func firstRecordStart(in window: [UInt8], anyLineStarts: Bool, reader: any RecordReader, matcher: PCRE2Matcher) -> Int? {
        guard let newline = window.firstIndex(of: 10) else { return nil }
        var offset = newline + 1
        while offset < window.count, let end = window[offset...].firstIndex(of: 10) {
            let isStart = anyLineStarts || window[offset..<end].withUnsafeBytes { line in
                Self.startsRecord(line, reader: reader, matcher: matcher)
            }
            if isStart { return offset }
            offset = end + 1
        }
        return nil
    }

    /// Whether a whole read, too, starts a record at `line`, whatever came before it: where
    /// lines without a prefix continue the record before, a part may only begin at a line
    /// the reader really parses (one that merely looks like a record, truncated or without
    /// its level, is a continuation in the whole read). Lines with colour escapes are read
    /// after stripping them, so they are passed over here.
    static func startsRecord(_ line: UnsafeRawBufferPointer, reader: any RecordReader, matcher: PCRE2Matcher) -> Bool {
        var line = line
        if line.last == 13 { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
        guard !line.contains(27) else { return false }
        // As the scanner reads it: an indented line is tried again without its indent. Only
        // a line that also looks like a record: a reader whose layout it learns from the lines
        // before (Console.app's columns) may read other lines here that it would not there.
        for candidate in [line, Bytes.withoutIndent(line)].compactMap({ $0 }) where reader.looksLikeRecord(candidate) {
            if case .record = reader.read(candidate, number: 0, using: matcher, emit: { _ in }) { return true }
        }
        return false
    }

    /// Reads the parts on `options.threadsPerFile` threads, this one and workers, and joins
    /// them, in file order, on this one. With `retirement`, the runs over are judged and let go
    /// after each part is joined while parts after it are still read, and a part is read only
    /// once the part that many places before it is joined:
    /// what is held is the runs not yet over plus a part per thread, not the file.
    /// `startThread`: starts a worker, or says the system would not.
    ///
    /// While the part it joins next is not read, this thread reads the next part no worker
    /// has claimed: it would otherwise sit idle while workers read, and a worker the system
    /// starts late (0.1 to 4 ms on this project's 2-core VM) leaves its part to this thread
    /// instead of holding up the join.
    ///
    /// `catalog` is taken once the warm-up has been told whether the parts take every core:
    /// told after, the warm-up, done compiling the catalog this thread waited for, went on to
    /// its other work beside the parts in about one run in eight (1 to 2 ms of their CPU).
    func scan(options: ScanOptions, reader: LineReader, catalog: @autoclosure () -> CompiledCatalog, retirement: RunRetirement? = nil,
              startThread: (@escaping @Sendable () -> Void) -> Bool = { PlainThread.start(stackSize: 8 << 20, $0) })
        throws(InputError) -> ScannedCapture {
        let threads = max(1, min(options.threadsPerFile, ranges.count))
        if Self.takesEveryCore(threads: threads, cores: PlainThread.allowedCPUCount) { Warmup.partsTakeEveryCore() }
        let pipeline = PartPipeline(parts: ranges.count, ahead: retirement == nil ? ranges.count : threads + 1)
        // Threads of their own, not the dispatch pool's: this thread waits for them, and may
        // itself be one of the pool's (a batch of captures).
        let read = { @Sendable (index: Int) in
            let catalog = pipeline.catalog
            pipeline.store(index, Result { () throws(InputError) in
                try scanPart(index, options: options, reader: reader, catalog: catalog)
            })
        }
        let readNext = { @Sendable (waiting: Bool) in
            guard let index = pipeline.claim(waiting: waiting) else { return false }
            read(index)
            return true
        }
        // The first part is this thread's, which joins it first; the workers start before the
        // catalog is ready, and wait for it: started after it, this thread began its part
        // 0.1 ms later, the time it took to start them.
        let first = pipeline.claim(waiting: false)
        let workers = (1..<threads).filter { _ in
            startThread {
                while readNext(true) {}
                pipeline.leave()
            }
        }.count
        // Every worker is waited for, even after a failed part: they read the file.
        defer { pipeline.waitForWorkers(workers) }
        pipeline.provide(catalog())
        if let first { read(first) }
        var joined: (session: ScanSession, statistics: ReadStatistics)?
        for index in ranges.indices {
            // Parts no worker has claimed, while the one to join is not read (without workers,
            // every part is this thread's).
            while !pipeline.isRead(index), readNext(false) {}
            // Each part numbers its lines from its own start; the lines of the parts before it are known now.
            let linesBefore = joined?.statistics.lines ?? 0
            var part: PartRead
            switch pipeline.take(index) {
            case .success(let read): part = read
            case .failure(let error):
                pipeline.stop()
                throw error.shifted(by: linesBefore)
            }
            defer { pipeline.joined(index) }
            part.session.shiftLines(by: linesBefore)
            part.statistics.shiftLines(by: linesBefore)
            var whole = part
            if let before = joined {
                whole = before
                whole.session.absorb(part.session)
                whole.statistics.append(part.statistics)
            }
            joined = whole
            // A part interrupted (SIGINT, SIGTERM) ends the read: the parts after it would be numbered as if it had been read whole.
            if index == ranges.count - 1 || whole.statistics.interrupted {
                pipeline.stop()
                break
            }
            // A look judges runs while threads read on, so only while some part is still to be
            // claimed: once every part left is being read, they end soon and the check's own
            // judging comes next, which builds the same timeline again (two threads on 64 MB
            // of an app's console: the look took 2 ms after the first part, and the second
            // part ended 0.2 to 1.8 ms into it). And at few events only where every thread has
            // many parts to read, which take up what the look holds this thread from.
            if !pipeline.allClaimed {
                if ranges.count >= Self.partsPerThreadForJoinLooks * threads {
                    retirement?.joined(whole.session, line: whole.statistics.lines)
                } else {
                    retirement?.read(whole.session, line: whole.statistics.lines)
                }
            }
        }
        guard let joined else { throw InputError(source: path, reason: "no part of the file was read", afterLine: nil) }
        return joined.session.result(source: .file(path), statistics: joined.statistics, maximumLineLength: reader.maximumLineLength)
    }

    /// Whether `threads` threads leave none of `cores` (0: not known) to the warm-up.
    static func takesEveryCore(threads: Int, cores: Int) -> Bool { cores > 0 && threads >= cores }

    typealias PartRead = (session: ScanSession, statistics: ReadStatistics)

    /// Reads part `index`, its lines numbered from its own start (line 1): how many lines
    /// the parts before it hold is known when it is joined to them, and it is renumbered then
    /// (`ScanSession.shiftLines`). Counting them first cost each part a read of the part
    /// before it.
    private func scanPart(_ index: Int, options: ScanOptions, reader: LineReader, catalog: CompiledCatalog) throws(InputError) -> PartRead {
        let descriptor = try reader.open(path).descriptor
        defer { close(descriptor) }
        let range = ranges[index]
        let session = ScanSession(extractor: options.extractor(catalog: catalog), options: options, choice: choice, firstLines: firstLines,
                                  continuesEarlierPart: index > 0)
        let batch: LineBatchReader = { session.readQuietly(lines: $0, firstNumber: $1, longestLine: reader.maximumLineLength) }
        // A part cut short while it is mapped throws as one read short does below.
        if reader.mapsFile(ofSize: range.count),
           let statistics = try reader.readMapped(name: path, descriptor: descriptor, range: range, followsGrowth: false, batch: batch,
                                                  { session.feed($0) }) {
            session.finish()
            return (session, statistics)
        }
        var offset = range.lowerBound
        let statistics = try reader.read(name: path, inputBytes: range.count, batch: batch, { session.feed($0) }) { buffer, capacity in
            let wanted = min(capacity, range.upperBound - offset)
            guard wanted > 0 else { return 0 }
            let count = pread(descriptor, buffer, wanted, off_t(offset))
            if count > 0 { offset += count }
            return count
        }
        // A part that ends early would leave the parts after it numbered as if it had not.
        guard offset == range.upperBound || statistics.interrupted else {
            throw InputError(source: path, reason: LineReader.becameShorter, afterLine: statistics.lines)
        }
        session.finish()
        return (session, statistics)
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(bytes.prefix(max(0, read)))
    }

    /// Up to `limit` lines as `LineReader` hands them on (at most `maximumLength` bytes, then
    /// without a `\r`): complete ones, and the last one without a newline only when `bytes`
    /// ends the file (otherwise it may be cut).
    private static func lines(of bytes: [UInt8], limit: Int, endsFile: Bool, maximumLength: Int) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        while lines.count < limit, start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10)
            guard end != nil || endsFile else { break }
            var line = Array(bytes[start..<(end ?? bytes.count)].prefix(maximumLength))
            if line.last == 13 { line.removeLast() }
            lines.append(line)
            start = (end ?? bytes.count) + 1
        }
        return lines
    }
}

extension ScannedCapture {
    /// Everything a scan reports, one fact a line: what a parted read must give exactly as a
    /// whole read does (the tests' and the parted fuzz target's oracle).
    var comparableFacts: [String] {
        stream.events.map { "event \($0.line) \($0.id.rawValue) \($0.pid ?? -1) \($0.time ?? -1) \($0.text)" }
            + stream.processMarks.map { "mark \($0.line) \($0.pid ?? -1) \($0.process ?? "-")" }
            + health.map { "health \($0.kind.rawValue) \($0.line ?? -1) \($0.count) \($0.message) \($0.weakRanges)" }
            + diagnostics.map { "diagnostic \($0.line ?? -1) \($0.message)" }
            + ["format \(format) \(recordsByFormat.sorted { $0.key < $1.key })",
               "lines \(statistics.lines) bytes \(statistics.bytes) crlf \(statistics.crlfLines) nul \(statistics.firstNULLine ?? -1)"]
    }
}

/// The parts of a parted read between the threads that read them and the one that joins
/// them: which part to read next, and the parts read.
private final class PartPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private let parts: Int
    /// A part is read only once the part `ahead` places before it is joined.
    private let ahead: Int
    private var nextToClaim = 0
    private var joinedCount = 0
    private var results: [Result<PartedScan.PartRead, InputError>?]
    private var stopped = false
    private var workersDone = 0
    private var providedCatalog: CompiledCatalog?

    init(parts: Int, ahead: Int) {
        self.parts = parts
        self.ahead = max(1, ahead)
        results = Array(repeating: nil, count: parts)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }

    /// The catalog the parts are read with, once the joining thread has it.
    func provide(_ catalog: CompiledCatalog) { locked { providedCatalog = catalog } }

    /// The catalog the parts are read with: waits until it is provided.
    var catalog: CompiledCatalog {
        locked {
            while true {
                if let providedCatalog { return providedCatalog }
                condition.wait()
            }
        }
    }

    /// Whether part `index` is read (or failed), and not yet taken.
    func isRead(_ index: Int) -> Bool { locked { results[index] != nil } }

    /// The next part to read, once it may be read: nil when there is none left. `waiting`:
    /// whether to wait until it may (a worker), or return nil at once (the joining thread,
    /// which is what lets it: the part it joins next may always be read).
    func claim(waiting: Bool) -> Int? {
        locked {
            while waiting, !stopped, nextToClaim < parts, nextToClaim >= joinedCount + ahead { condition.wait() }
            guard nextToClaim < joinedCount + ahead else { return nil }
            guard !stopped, nextToClaim < parts else { return nil }
            defer { nextToClaim += 1 }
            return nextToClaim
        }
    }

    func store(_ index: Int, _ result: Result<PartedScan.PartRead, InputError>) {
        locked { results[index] = result }
    }

    /// Part `index` once it is read, handed over (the pipeline keeps nothing of it).
    func take(_ index: Int) -> Result<PartedScan.PartRead, InputError> {
        locked {
            while true {
                if let result = results[index] {
                    results[index] = nil
                    return result
                }
                condition.wait()
            }
        }
    }

    func joined(_ index: Int) { locked { joinedCount = index + 1 } }

    /// Whether every part has been claimed by a thread (read, or being read).
    var allClaimed: Bool { locked { nextToClaim >= parts } }

    /// A part failed: the joining thread reports it, the workers read no more. (A worker's
    /// failure alone does not stop them: a part before it may have failed first, and its
    /// error is the one to report.)
    func stop() { locked { stopped = true } }

    func leave() { locked { workersDone += 1 } }

    func waitForWorkers(_ count: Int) {
        locked { while workersDone < count { condition.wait() } }
    }
}
