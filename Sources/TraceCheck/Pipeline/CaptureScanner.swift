import CTeddy
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A problem with the input itself (not with the app): reported with the file and line,
/// never silently dropped.
package struct InputDiagnostic: Hashable, Sendable, Codable {
    package enum Level: String, Sendable, Codable { case error, warning, note }
    package let level: Level
    package let path: String
    package let line: Int?
    package let message: String

    package init(level: Level, path: String, line: Int? = nil, message: String) {
        self.level = level
        self.path = path
        self.line = line
        self.message = message
    }
}

/// One input after the byte → record → event stages.
package struct ScannedCapture: Sendable {
    package let source: InputSource
    package let format: String
    /// The harness prefix stripped from its lines, if any.
    package let decoration: String?
    package let statistics: ReadStatistics
    /// Empty in a `CaptureReport`: once the timeline holds the events, the checker lets this
    /// list go (a capture of several GB has a hundred thousand); see `CaptureReport.events`.
    package internal(set) var stream: EventStream
    package let diagnostics: [InputDiagnostic]
    package let health: [HealthIssue]
    /// Records read, by format name (a mixed capture has several).
    package let recordsByFormat: [String: Int]
    /// The names of the processes whose records the capture holds, selected or not, sorted.
    package let processes: [String]
    /// Lines that name a lifecycle callback or one of UIKit's messages but were read as no
    /// event: how many, and the first few with the name each holds.
    package let nearMisses: (count: Int, first: [(line: Int, name: String)])
    /// The runs judged while the capture was read and let go: `stream` holds the events after them.
    var retired: RetiredRuns? = nil
}

/// How to read captures: the format (detected when nil) and which processes to check.
package struct ScanOptions: Sendable {
    package var format: (any CaptureFormat)?
    /// Only these processes' records are searched for events (`--process`, `app_processes`);
    /// empty: every process but the system's own.
    package var processes: [String]
    package var candidateFilter: CandidateFilter
    /// The configuration's own spellings (`events` in `.tracecheck.yml`).
    package var userSpellings: [UserSpelling] = []
    /// Threads one large file may be read with (`PartedScan`); 1 reads every file whole.
    package var threadsPerFile = 1
    /// The smallest part worth a thread of its own (tests make it small).
    package var minimumPartBytes = PartedScan.minimumPartBytes
    /// The largest part of a parted read that lets runs go (tests make it small).
    package var retiringPartBytes = PartedScan.retiringPartBytes
    /// Seconds each configured event pattern may spend searching one capture (`pattern_budget`
    /// in `.tracecheck.yml`); past it the pattern is switched off for the rest of the capture.
    package var patternBudget = ScanOptions.defaultPatternBudget
    package static let defaultPatternBudget: Double = 10
    /// Keep reading a file as it grows, across truncation and rotation, until interrupted
    /// (`--follow`); read whole by one thread.
    package var follow = false
    /// Read the lines that would change nothing but a count without the readers
    /// (`ScanSession.readQuietly`); off, every line is read the full way (the reference
    /// `QuietReadingTests` holds the quiet way to).
    package var quietReading = true
    /// Read large regular files through mappings of them (`LineReader.mapsFiles`): for a
    /// process that lets SIGBUS be handled for it, as the executable does (`--no-mmap`: off).
    package var mapsFiles = false

    /// The format given (`--input-format`): read in whatever the lines look like.
    var givenFormat: FormatChoice? { format.map { FormatChoice(format: $0, decoration: nil, forced: true) } }

    /// The format to read a capture in: the one given, else the one its first lines show.
    func formatChoice(firstLines: [[UInt8]], matcher: PCRE2Matcher) -> FormatChoice {
        givenFormat ?? FormatDetector.detect(firstLines, matcher: matcher)
    }

    /// An extractor with these options' filter and spellings; one per thread (it owns a matcher).
    func extractor(catalog: CompiledCatalog) -> EventExtractor {
        EventExtractor(catalog: catalog, candidateFilter: candidateFilter, userSpellings: userSpellings, patternBudget: patternBudget)
    }

    package init(format: (any CaptureFormat)? = nil, processes: [String] = [], candidateFilter: CandidateFilter = .wordSet) {
        self.format = format
        self.processes = processes
        self.candidateFilter = candidateFilter
    }
}

/// Reads one input in its format and extracts its lifecycle events, streaming.
package struct CaptureScanner {
    package let options: ScanOptions
    package let reader: LineReader

    package init(options: ScanOptions = ScanOptions(), reader: LineReader = LineReader()) {
        self.options = options
        var reader = reader
        if options.mapsFiles { reader.mapsFiles = true }
        self.reader = reader
    }

    package init(format: any CaptureFormat, reader: LineReader = LineReader()) {
        self.init(options: ScanOptions(format: format), reader: reader)
    }

    package func scan(_ source: InputSource, catalog: CompiledCatalog = .shared) throws(InputError) -> ScannedCapture {
        try scan(source, catalog: catalog, monitor: nil)
    }

    /// `monitor`: told each time a live input waits for its writer, with the session so far.
    /// `retirement`: judges the runs that are over as they are read, and lets their events go.
    /// `catalog`: nil for the shared one, taken only once a parted read is planned, so that
    /// the plan (the format, the cuts) is made while the warm-up still compiles it.
    func scan(_ source: InputSource, catalog: CompiledCatalog? = nil, monitor: LiveMonitor?,
              retirement: RunRetirement? = nil) throws(InputError) -> ScannedCapture {
        let followed: String? = if options.follow, case .file(let path) = source { path } else { nil }
        if followed == nil, options.threadsPerFile > 1, case .file(let path) = source,
           let parted = PartedScan.plan(path: path, parts: options.threadsPerFile, options: options, reader: reader,
                                        lettingRunsGo: retirement != nil) {
            return try parted.scan(options: options, reader: reader, catalog: catalog ?? .shared, retirement: retirement)
        }
        let session = ScanSession(extractor: options.extractor(catalog: catalog ?? .shared), options: options)
        let waiting = monitor.map { monitor in
            { monitor.waiting(session, lines: session.linesRead, maximumLineLength: reader.maximumLineLength) }
        }
        let feed = { (line: Line) in
            session.feed(line)
            retirement?.read(session, line: line.number)
        }
        // A batch ends at the line that brings the events to where the retirement looks next,
        // so that it looks when it would line by line.
        let batch: LineBatchReader = { text, first in
            let taken = session.readQuietly(lines: text, firstNumber: first, longestLine: reader.maximumLineLength,
                                            eventLimit: retirement?.nextLook ?? .max)
            if taken.lines > 0 {
                session.linesRead = first + taken.lines - 1
                retirement?.read(session, line: session.linesRead)
            }
            return taken
        }
        let statistics = if let followed {
            try reader.follow(followed, waiting: waiting, batch: batch, feed)
        } else {
            try reader.read(source, waiting: waiting, batch: batch, feed)
        }
        session.finish()
        return session.result(source: source, statistics: statistics, maximumLineLength: reader.maximumLineLength)
    }
}

/// The state of scanning one input: detection buffer, readers, context and health facts.
///
/// One thread at a time reads with a session, and only its own methods touch its state, so
/// its stored properties go without the dynamic exclusivity checks a class's properties
/// otherwise get (`@exclusivity(unchecked)`): several a record, about one instruction in
/// twelve of a run over a device log of many apps. The compiler's static checks still apply.
final class ScanSession {
    let extractor: EventExtractor
    let options: ScanOptions
    var matcher: PCRE2Matcher { extractor.matcher }

    /// The number of the last line read, for a live check's progress.
    @exclusivity(unchecked) var linesRead = 0
    @exclusivity(unchecked) private var detectionBuffer: [(bytes: [UInt8], number: Int)] = []
    @exclusivity(unchecked) private var choice: FormatChoice?
    /// Set once (`choose`), and kept for the session's life: a session chooses its format once.
    @exclusivity(unchecked) private var mainReader: (any RecordReader)? {
        didSet {
            // `prefixReader` may be in use below a line's read: the reader it names must outlive it.
            assert(oldValue == nil, "a session chooses its reader once")
            prefixReader = (mainReader as? LinePrefixReader).map(Unmanaged.passUnretained)
        }
    }
    /// `mainReader` where it is a prefix reader (every format of lines with a prefix), and
    /// the extractor's matcher: handed on to read each line without a retain and a release
    /// (`_withUnsafeGuaranteedRef`), and the reader's methods called directly. A copy of a
    /// stored reference costs both, and a device log's lines are read one by one: those two
    /// pairs were a tenth of the read. `mainReader` and `extractor` keep them alive.
    @exclusivity(unchecked) private var prefixReader: Unmanaged<LinePrefixReader>?
    private let matcherUnretained: Unmanaged<PCRE2Matcher>
    /// The other formats' readers, with the first bytes of every record each may read
    /// (`LineGate.firstBytesNeeded`): a line that begins otherwise is not offered to it (nil:
    /// every line is).
    @exclusivity(unchecked) private var fallbacks: [(name: String, reader: any RecordReader, firstBytes: ByteSet?)] = []
    @exclusivity(unchecked) private var stream = EventStream()
    @exclusivity(unchecked) private var context = RecordContext.numbered()
    @exclusivity(unchecked) private var sawRecord = false
    /// The limit of events of the batch being read quietly (`readQuietly(lines:…)`), for the
    /// candidates the C read hands over.
    @exclusivity(unchecked) private var quietEventLimit = Int.max
    @exclusivity(unchecked) private var ansiBuffer: [UInt8] = []

    /// Which process each record is of, and whether it is read.
    @exclusivity(unchecked) private var processes: ProcessSelection

    // Health facts.
    @exclusivity(unchecked) private var previousTimestamp = FieldBytes()
    /// The health facts and records counted line by line, joined with a later part's in one place.
    @exclusivity(unchecked) private var tallies = ReadTallies()
    /// Runs of one message repeated, for the rows copied twice; joined with a later part's in one place.
    @exclusivity(unchecked) private var repeats = RepeatRuns()
    @exclusivity(unchecked) private var leadingContinuations = 0
    // Copied out of `choice` once: read per line, they must not cost a copy of it (a
    // struct of strings and references is retained member by member when copied).
    /// The harness prefix's regex, the one part of `Decoration` read per line: a class
    /// reference, where an optional struct of strings would be retained field by field.
    @exclusivity(unchecked) private var decorationRegex: PCRE2Regex?
    @exclusivity(unchecked) private var unprefixedAreContinuations = false
    @exclusivity(unchecked) private var mainFormatName = ""

    // Quiet lines: read without the readers when reading them the full way would change
    // nothing but a count (`readQuietly`).
    /// Set when the lines are read undecorated, with the word filter and no configured spellings.
    @exclusivity(unchecked) private var quietReading = false
    @exclusivity(unchecked) private var samePrefix = SamePrefix()
    /// A line that fails this gate is one no reader takes (`LineGate`); nil when some reader
    /// may take any line.
    @exclusivity(unchecked) private var readerGate: LineGate? {
        didSet { quietGate = readerGate.map(QuietGate.init) }
    }
    /// Without a reader gate, no line is one that no reader takes: where no prefix is armed
    /// either (a device log whose processes take turns), a line is not even tried quietly.
    private var hasReaderGate: Bool { readerGate != nil }
    /// `readerGate` as the C quiet read checks it.
    @exclusivity(unchecked) private var quietGate: QuietGate?
    /// The line a batch stopped at because it does not qualify: read the full way without
    /// being tried again.
    @exclusivity(unchecked) private var declinedLine = 0

    // Where this session's input begins, for joining it to the session of the part before.
    @exclusivity(unchecked) private var firstRecord: (line: Int, timestamp: FieldBytes)?
    /// Malformed lines the main reader does not hold: those of the parts joined after this
    /// one and, once this session is renumbered (`shiftLines`), the reader's own.
    @exclusivity(unchecked) private var absorbedMalformedLines = LineTally()
    /// The reader's malformed lines are in `absorbedMalformedLines`.
    @exclusivity(unchecked) private var readerMalformedLinesTaken = false
    /// The main reader's malformed lines, then those of the parts joined after this one.
    private var malformedLines: LineTally {
        var lines = readerMalformedLinesTaken ? LineTally() : mainReader?.malformedLines ?? LineTally()
        lines.add(absorbedMalformedLines)
        return lines
    }
    /// The part's first line, when it is a line without a prefix and no event, for the
    /// part before to complete a wrapped message with; and that line's number.
    @exclusivity(unchecked) private var leadingUnprefixedLine: (number: Int, bytes: [UInt8])?
    @exclusivity(unchecked) private var firstLineNumber = 0

    init(extractor: EventExtractor, options: ScanOptions) {
        self.extractor = extractor
        self.options = options
        matcherUnretained = Unmanaged.passUnretained(extractor.matcher)
        processes = ProcessSelection(filter: options.processes)
        if let given = options.givenFormat { choose(given, firstLines: []) }
    }

    /// A session for one part of a file whose format was decided from its first lines;
    /// `continuesEarlierPart` for every part but the first.
    init(extractor: EventExtractor, options: ScanOptions, choice: FormatChoice, firstLines: [[UInt8]], continuesEarlierPart: Bool) {
        self.extractor = extractor
        self.options = options
        matcherUnretained = Unmanaged.passUnretained(extractor.matcher)
        processes = ProcessSelection(filter: options.processes, continuesEarlierPart: continuesEarlierPart)
        repeats = RepeatRuns(continuesEarlierPart: continuesEarlierPart)
        choose(choice, firstLines: firstLines)
    }

    func feed(_ line: Line) {
        linesRead = line.number
        if firstLineNumber == 0 { firstLineNumber = line.number }
        guard mainReader != nil else {
            detectionBuffer.append((Array(line.bytes), line.number))
            if detectionBuffer.count >= FormatDetector.sampleSize { decide() }
            return
        }
        read(line.bytes, number: line.number, mayHoldEscape: line.mayHoldEscape)
    }

    func finish() {
        if choice == nil { decide() }
        mainReader?.finish { record in self.handle(record, fallback: nil) }
        extractor.textArchive.seal()
    }

    private func decide() {
        let lines = detectionBuffer.map { ANSI.stripped($0.bytes) }
        let detected = FormatDetector.detect(lines, matcher: matcher)
        choose(detected, firstLines: lines)
        let buffered = detectionBuffer
        detectionBuffer = []
        for (bytes, number) in buffered {
            bytes.withUnsafeBytes { read($0, number: number) }
        }
    }

    private func choose(_ choice: FormatChoice, firstLines: [[UInt8]]) {
        self.choice = choice
        mainFormatName = choice.format.name
        decorationRegex = choice.decoration?.regex
        unprefixedAreContinuations = choice.format.unprefixedLines == .continuations
        let undecorated = choice.decoration.map { FormatDetector.strip($0, from: firstLines, matcher: matcher) } ?? firstLines
        let reader = choice.format.makeReader(firstLines: undecorated)
        mainReader = reader
        if !choice.forced {
            fallbacks = CaptureFormats.all
                .filter { $0.isLineOriented && $0.name != choice.format.name && $0.name != PlainFormat().name }
                .map { format in
                    let reader = format.makeReader(firstLines: [])
                    return (format.name, reader, reader.recordGate?.firstBytesNeeded)
                }
            tallies.fallbackRecords = Array(repeating: 0, count: fallbacks.count)
        }
        // An indented line is read again without its indent: spaces and tabs always pass.
        var gate: LineGate? = LineGate(firstBytes: ByteSet([32, 9]))
        for part in [reader.recordGate, reader.furnitureGate] + fallbacks.map(\.reader.recordGate) {
            gate = part.flatMap { gate?.union($0) }
        }
        readerGate = gate
        // Only a format read by hand can give a prefix to repeat; without it or a gate, every line takes the full read.
        let readByHand = choice.format.linePrefix?.handParsed != nil
        quietReading = options.quietReading && choice.decoration == nil && options.candidateFilter == .wordSet
            && extractor.userSpellings.isEmpty && (readByHand || gate != nil)
    }

    /// `mayHoldEscape`: false where the line reader saw no ESC byte in the line (`Line`).
    private func read(_ raw: UnsafeRawBufferPointer, number: Int, mayHoldEscape: Bool = true) {
        if let prefixReader {
            prefixReader._withUnsafeGuaranteedRef { read(raw, number: number, mayHoldEscape: mayHoldEscape, reader: $0) }
        } else if let mainReader {
            read(raw, number: number, mayHoldEscape: mayHoldEscape, reader: mainReader)
        }
    }

    private func read<Reader: RecordReader>(_ raw: UnsafeRawBufferPointer, number: Int, mayHoldEscape: Bool, reader mainReader: Reader) {
        if mayHoldEscape, let base = raw.baseAddress, memchr(base, 27, raw.count) != nil {
            ansiBuffer = ANSI.stripped(raw)
            ansiBuffer.withUnsafeBytes { readClean($0, number: number, reader: mainReader) }
        } else if !quietReading || number == declinedLine || !(samePrefix.isArmed || hasReaderGate) || !readQuietly(raw, number: number) {
            readClean(raw, number: number, reader: mainReader)
        }
    }

    /// Reads quietly (`readQuietly(_:number:)`) the complete lines at the start of `text`
    /// while they qualify, in one call: most lines of an app's console. Stops before a line
    /// that does not qualify or holds a colour escape (both read one by one, the first
    /// without being tried again) and after the line that brings the events held to
    /// `eventLimit`. (Stopping after every event cost a new candidate window and run for
    /// every lifecycle line: a tenth of the lines of a dense console.)
    /// Lines longer than `longestLine` (the line reader's `maximumLineLength`) are left for
    /// the line reader to cut.
    func readQuietly(lines text: UnsafeRawBufferPointer, firstNumber: Int, longestLine: Int, eventLimit: Int = .max) -> LineBatch {
        var taken = LineBatch()
        // The first line is fed one by one: it marks where the input (or part) begins. Until
        // it is, and while the format is detected, the line reader is told to offer the next
        // line's batch again (`notYet`); where no line qualifies, it stops offering batches
        // for a while.
        guard quietReading else { return taken }
        guard mainReader != nil, firstLineNumber != 0 else { return LineBatch(notYet: choice == nil || firstLineNumber == 0) }
        guard let base = text.baseAddress else { return taken }
        quietEventLimit = eventLimit
        // Records that repeat the armed prefix are read in this loop, their state kept in
        // locals and written back (`commit`) before anything else reads it.
        var run = QuietRun(session: self)
        // The word filter runs over the batch's text in one pass, not line by line.
        var candidates = extractor.catalog.candidates(in: text)
        while taken.bytes < text.count {
            var start = taken.bytes
            // The newline that ends the line at `start`: the C read's where it stopped at one.
            var stoppedAt: Int?
            // The lines that change nothing but counts, read in C up to the next that may (or
            // that has a colour escape: the C read finds them as it finds the newlines, where a
            // search of its own here read every batch's bytes once more).
            var quietStop = QuietStop()
            if firstNumber > firstLineNumber,
               let read = readQuietlyInC(from: start, number: firstNumber + taken.lines, of: text, longestLine: longestLine,
                                         into: &run, cursor: &candidates) {
                quietStop = read
                taken.lines += read.lines
                taken.crlfLines += read.crlfLines
                taken.bytes = read.offset
                if read.stop == TC_QUIET_END {
                    // A line the C read did not end, though a newline ends it, is read below:
                    // asking again would never end.
                    if read.lines > 0 { continue }
                } else if read.stop == TC_QUIET_TAKEN {
                    // Stopped after a candidate it handed over (`takeQuietCandidate`): at the
                    // events' limit, or where the next lines are no longer quiet as they were.
                    if stream.events.count >= eventLimit { break }
                    continue
                } else {
                    start = taken.bytes
                    stoppedAt = read.newline
                }
            }
            // Searched for only where the C read did not stop at it: after each event, a search
            // from here found the newline the C read then found again.
            guard let end = stoppedAt ?? text.firstIndex(of: 10, from: start), end - start <= longestLine else { break }
            // A line with colour escapes is read one by one, without them, and one with a NUL
            // byte one by one too: the line reader notes the first (batches take none).
            guard tc_reads_apart((base + start).assumingMemoryBound(to: UInt8.self), end - start) == 0 else { break }
            let crlf = end > start && text[end - 1] == 13
            let lineEnd = crlf ? end - 1 : end
            let number = firstNumber + taken.lines
            let line = UnsafeRawBufferPointer(rebasing: text[start..<lineEnd])
            switch quietStop.stop {
            case TC_QUIET_CANDIDATE_LINE:
                // What the one-by-one read decides for a candidate that no reader takes.
                declinedLine = number
                return finish(taken, run: &run)
            default:
                let messageStart: Int? = if !run.fast {
                    nil
                } else if let stamp = run.stamp {
                    samePrefix.messageStart(in: line, after: stamp)
                } else {
                    context.timestamp.withUnsafeBytes { samePrefix.messageStart(in: line, after: $0) }
                }
                if let messageStart {
                    let message = take(line, into: &run, messageStart: messageStart, number: number)
                    if run.selected, candidates.isCandidate((start + messageStart)..<lineEnd) {
                        commit(&run)
                        extract(message: message, text: line, number: number, context: context, knownCandidate: true)
                    }
                } else if run.fast, let quiet = quietness(ofUnprefixed: line, number: number),
                          quiet == .quiet || !candidates.isCandidate(start..<lineEnd) {
                    // Changes nothing the run holds.
                } else {
                    commit(&run)
                    guard readQuietly(line, number: number) else {
                        declinedLine = number
                        return finish(taken, run: &run)
                    }
                    run = QuietRun(session: self)
                }
            }
            taken.lines += 1
            taken.bytes = end + 1
            if crlf { taken.crlfLines += 1 }
            if stream.events.count >= eventLimit { break }
        }
        return finish(taken, run: &run)
    }

    /// Ends a batch: writes back the records it read quietly.
    private func finish(_ taken: LineBatch, run: inout QuietRun) -> LineBatch {
        commit(&run)
        return taken
    }

    /// A reader gate in the form the C quiet read checks (`LineGate.quietForm`), its shapes
    /// in memory that stays put while the session lives.
    private final class QuietGate {
        let plain: ByteSet
        let shapes: UnsafeMutableBufferPointer<tc_line_shape>

        init(_ gate: LineGate) {
            let form = gate.quietForm
            plain = form.plain
            shapes = .allocate(capacity: form.shapes.count)
            _ = shapes.initialize(from: form.shapes)
        }

        deinit { shapes.deallocate() }
    }

    /// Where `readQuietlyInC` stopped, and what it read before.
    private struct QuietStop {
        var stop = TC_QUIET_LINE
        var lines = 0, crlfLines = 0
        /// Where the next line begins, and its newline.
        var offset = 0, newline = 0
    }

    /// Reads in C (`tc_quiet_read`) the lines of `text` from `start` (line `number`) that
    /// would change nothing but `run`'s counts, stamp, signature and run of repeats, the rows
    /// copied twice and the line count; nil where the C read is not available.
    private func readQuietlyInC(from start: Int, number: Int, of text: UnsafeRawBufferPointer, longestLine: Int,
                                into run: inout QuietRun, cursor: inout CompiledCatalog.CandidateCursor) -> QuietStop? {
        // Batches begin after the part's first line, the one line whose quietness differs.
        let unprefixed = unprefixedQuietness(number: firstLineNumber + 1)
        // Without a prefix to repeat (a capture of bare lines, or a format read by its
        // pattern), the C read still takes the lines no reader takes and that are no
        // candidates; with neither, it would take nothing.
        guard run.fast || unprefixed != nil else { return nil }
        var quiet = tc_quiet()
        quiet.offset = start
        quiet.first_number = Int64(number)
        quiet.longest_line = longestLine
        // Records only where they may be read quietly (`QuietRun.fast`): with no timestamp,
        // the C read takes none, and a line with a prefix is one a reader takes.
        quiet.timestamp_length = run.fast ? samePrefix.timestampLength : 0
        quiet.selected = run.selected ? 1 : 0
        if let repeatRun = run.following.current {
            quiet.repeat_first = Int64(repeatRun.first)
            quiet.repeats = Int64(repeatRun.repeats)
        }
        quiet.signature_length = Int64(run.following.last.length)
        quiet.signature_head = run.following.last.head
        quiet.signature_tail = run.following.last.tail
        switch unprefixed {
        case .quiet: quiet.unprefixed = 1
        case .quietUnlessCandidate: quiet.unprefixed = 2
        case nil: quiet.unprefixed = 0
        }
        // Candidate records are handed over as the C read meets them, and it reads on.
        quiet.take_candidate = { context, line, length, messageStart, number in
            // Never nil: the read passes a line of its own text, and the context set below.
            guard let context, let line else { return 1 }
            return Unmanaged<ScanSession>.fromOpaque(context)._withUnsafeGuaranteedRef { session in
                session.takeQuietCandidate(UnsafeRawBufferPointer(start: line, count: length), messageStart: messageStart, number: Int(number))
            } ? 1 : 0
        }
        quiet.take_context = Unmanaged.passUnretained(self).toOpaque()
        if let readerGate, let quietGate {
            (quiet.gate.0, quiet.gate.1, quiet.gate.2, quiet.gate.3) = readerGate.firstBytes.words
            quiet.gate_or_tab = readerGate.orTab ? 1 : 0
            (quiet.gate_plain.0, quiet.gate_plain.1, quiet.gate_plain.2, quiet.gate_plain.3) = quietGate.plain.words
            quiet.shapes = UnsafePointer(quietGate.shapes.baseAddress)
            quiet.shape_count = quietGate.shapes.count
        }
        let read: (stop: tc_quiet_stop?, stamp: Int?) = samePrefix.withTail { tail in
            quiet.prefix_tail = tail.baseAddress?.assumingMemoryBound(to: UInt8.self)
            quiet.prefix_tail_length = tail.count
            // The session's stamp read from a copy: the candidates handed over while the read
            // runs stamp the session's context (`takeQuietCandidate`).
            let sessionStamp = run.stamp == nil ? context.timestamp : FieldBytes()
            let stop = if let stamp = run.stamp {
                stamp.withMemoryRebound(to: UInt8.self) { stamp in
                    quiet.stamp = stamp.baseAddress
                    return cursor.readQuietly(&quiet)
                }
            } else {
                sessionStamp.withUnsafeBytes { stamp in
                    quiet.stamp = stamp.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    return cursor.readQuietly(&quiet)
                }
            }
            // Where the last record read in C begins (its timestamp), in `text`.
            guard quiet.records > 0, let last = quiet.stamp, let base = text.baseAddress else { return (stop, nil) }
            return (stop, UnsafeRawPointer(base).distance(to: UnsafeRawPointer(last)))
        }
        guard let stop = read.stop else { return nil }
        if let stamp = read.stamp {
            run.records += quiet.records
            // The same process's records: the last message's pid is the run's.
            var last = run.following.last
            last.length = Int(quiet.signature_length)
            last.head = quiet.signature_head
            last.tail = quiet.signature_tail
            run.following.take(last: last, current: quiet.repeats > 0 ? (Int(quiet.repeat_first), Int(quiet.repeats)) : nil)
            run.stamp = UnsafeRawBufferPointer(rebasing: text[stamp..<(stamp + samePrefix.timestampLength)])
            withUnsafeBytes(of: quiet.doubles) { doubles in
                for first in doubles.bindMemory(to: Int64.self).prefix(quiet.double_count) { tallies.doubled.add(Int(first)) }
            }
        }
        return QuietStop(stop: stop, lines: quiet.lines, crlfLines: quiet.crlf_lines, offset: quiet.offset,
                         newline: quiet.newline)
    }

    /// A candidate record the C read handed over as it read (`tc_quiet.take_candidate`): line
    /// `number`, whose message begins at `messageStart`, read as one stop of the read took it
    /// (the record's prefix is the armed one, so only its timestamp differs from the
    /// session's context). The C read has followed its message for the runs of repeats and
    /// counted it. Whether the read stops after it: at the batch's limit of events, or where
    /// its message began one of UIKit's wrapped messages (`EventExtractor.pendingWrap`),
    /// after which the lines that were quiet when the read began are no longer quiet.
    private func takeQuietCandidate(_ line: UnsafeRawBufferPointer, messageStart: Int, number: Int) -> Bool {
        // Stamped in place, as a stop's `commit` stamped it: a stamped copy of the context cost
        // three times what the copy the extraction asks for costs.
        context.timestamp.set(UnsafeRawBufferPointer(rebasing: line[..<samePrefix.timestampLength]))
        extract(message: UnsafeRawBufferPointer(rebasing: line[messageStart...]), text: line, number: number, context: context, knownCandidate: true)
        return extractor.pendingWrap != nil || stream.events.count >= quietEventLimit
    }

    /// Takes `line` as record `number` of `run` (`QuietRun.take`), and counts the row copied
    /// twice that it shows, if any: the one way both quiet reads take a record.
    private func take(_ line: UnsafeRawBufferPointer, into run: inout QuietRun, messageStart: Int, number: Int) -> UnsafeRawBufferPointer {
        let message = run.take(line, messageStart: messageStart, timestampLength: samePrefix.timestampLength, number: number)
        if let first = run.closedDouble { tallies.doubled.add(first) }
        return message
    }

    /// Writes back the records `run` read and starts a new run from the session's state.
    private func commit(_ run: inout QuietRun) {
        guard run.records > 0, let stamp = run.stamp else { return }
        tallies.mainRecords += run.records
        repeats.take(run.following)
        context.timestamp.set(stamp)
        samePrefix.matched()
        run = QuietRun(session: self)
    }

    /// Quiet records read in a row by `readQuietly(lines:firstNumber:longestLine:)`, not yet written back.
    private struct QuietRun {
        /// Whether the next line may be such a record (`readQuietly(_:number:)`'s conditions
        /// that the record itself does not change).
        let fast: Bool
        let selected: Bool
        let pid: Int?
        var records = 0
        /// The last record's timestamp, in the text of the lines read; nil: the session's.
        var stamp: UnsafeRawBufferPointer?
        /// The session's last message and run of repeats, followed through the records read
        /// here (`RepeatRuns.Following`): records are read here only once the part's leading
        /// run is closed (`fast`), so nothing else of `RepeatRuns` changes meanwhile.
        var following: RepeatRuns.Following
        /// The line that began a run of one message repeated once, when the last record
        /// ended that run: a row copied twice, for the session's `tallies.doubled`.
        var closedDouble: Int?

        /// Takes `line`, which repeats the armed prefix, as record `number`, and gives its
        /// message, followed as `RepeatRuns.note` follows a record.
        mutating func take(_ line: UnsafeRawBufferPointer, messageStart: Int, timestampLength: Int, number: Int) -> UnsafeRawBufferPointer {
            let message = UnsafeRawBufferPointer(rebasing: line[messageStart...])
            closedDouble = nil
            if case .new(let ended) = following.note(MessageSignature(message, pid: pid), line: number) {
                closedDouble = RepeatRuns.Following.copiedTwice(ended)
            }
            records += 1
            stamp = UnsafeRawBufferPointer(rebasing: line[..<timestampLength])
            return message
        }

        init(session: ScanSession) {
            // A part's leading run of repeats is the part before's to judge (`absorb`).
            fast = session.samePrefix.isArmed && !session.repeats.leadingIsOpen
                && (session.processes.selected || !session.processes.logsSystemAccount)
            selected = session.processes.selected
            pid = session.context.pid
            following = session.repeats.following
        }
    }

    /// Reads `line` without the readers when reading it the full way would change nothing
    /// but the count of records (and the events it holds), and says whether it did. Two
    /// kinds of line qualify:
    /// - a record that repeats the last record's prefix (`SamePrefix`): the same process and
    ///   thread, a timestamp not earlier; its message is searched for an event as the full
    ///   read searches it, and a message that repeats the last one is counted as the full
    ///   read counts it (`QuietRun.take`);
    /// - a line that no reader takes (`readerGate`) and is no candidate: a `print` line.
    /// Anything else, or any state these lines would change (a message wrapped from the line
    /// before, the first line of a part and the run of repeats it may begin), is left to the
    /// full read.
    private func readQuietly(_ line: UnsafeRawBufferPointer, number: Int) -> Bool {
        if samePrefix.isArmed, let start = context.timestamp.withUnsafeBytes({ samePrefix.messageStart(in: line, after: $0) }) {
            samePrefix.matched()
            var run = QuietRun(session: self)
            guard run.fast else { return false }
            let message = take(line, into: &run, messageStart: start, number: number)
            commit(&run)
            // A candidate is searched as the full read would search it: only the parse is saved.
            if run.selected, extractor.catalog.isCandidate(message) {
                extract(message: message, text: line, number: number, context: context, knownCandidate: true)
            }
            return true
        }
        return hasReaderGate && isQuietUnprefixed(line, number: number)
    }

    /// Whether `line` is one that no reader takes (`readerGate`) and that is no candidate (a
    /// `print` line), where nothing makes it more (a message wrapped from the line before,
    /// the first line of a part).
    private func isQuietUnprefixed(_ line: UnsafeRawBufferPointer, number: Int) -> Bool {
        switch quietness(ofUnprefixed: line, number: number) {
        case .quiet: true
        case .quietUnlessCandidate: !extractor.catalog.isCandidate(line)
        case nil: false
        }
    }

    private enum Quietness { case quiet, quietUnlessCandidate }

    /// `isQuietUnprefixed` but for the candidate search, which the batch does its own way:
    /// nil when `line` is not quiet whatever it holds.
    private func quietness(ofUnprefixed line: UnsafeRawBufferPointer, number: Int) -> Quietness? {
        guard let readerGate, !readerGate.admits(line) else { return nil }
        return unprefixedQuietness(number: number)
    }

    /// `quietness(ofUnprefixed:number:)` for line `number` that no reader takes.
    private func unprefixedQuietness(number: Int) -> Quietness? {
        guard readerGate != nil, extractor.pendingWrap == nil, !repeats.continuesEarlierPart || number != firstLineNumber else { return nil }
        if unprefixedAreContinuations {
            // The next line of the record before: nothing to read in an unselected process.
            guard sawRecord else { return nil }
            if !processes.selected { return .quiet }
        }
        return .quietUnlessCandidate
    }

    private func readClean<Reader: RecordReader>(_ raw: UnsafeRawBufferPointer, number: Int, reader: Reader) {
        var bytes = raw
        if let decorationRegex {
            if let length = Decoration.length(of: decorationRegex, in: raw, using: matcher) {
                bytes = UnsafeRawBufferPointer(rebasing: raw[length...])
            } else {
                if !Self.isBlank(raw) { tallies.harnessLines.add(number) }
                handleBare(raw, number: number)
                return
            }
        }
        let kind = matcherUnretained._withUnsafeGuaranteedRef { matcher in
            reader.readIndentable(bytes, number: number, using: matcher, emit: { self.handle($0, fallback: nil) })
        }
        switch kind {
        case .record, .pending, .banner:
            return
        case .gap:
            tallies.gaps.add(number)
        case .unprefixed:
            if readOtherFormats(bytes, number: number) { return }
            if reader.looksLikeRecord(bytes) { tallies.suspect.add(number) }
            if unprefixedAreContinuations, !Self.isBlank(bytes) {
                if sawRecord {
                    handleContinuation(bytes, number: number)
                    return
                }
                leadingContinuations += 1
            }
            handleBare(bytes, number: number)
        }
    }

    /// Whether another format's reader read `bytes` (line `number`) as its record: a line
    /// of another format mixed into the capture. Only the readers whose gate the line's first
    /// byte may pass are asked: a capture of bare lines offered each line that one reader's
    /// gate passes (a JSON object, a date) to every reader, and most of them ran a pattern on
    /// it. Kept out of `readClean`, which every line of a device log goes through: inlined
    /// there, this loop made that read 3 % slower.
    @inline(never)
    private func readOtherFormats(_ bytes: UnsafeRawBufferPointer, number: Int) -> Bool {
        for index in fallbacks.indices {
            // No gate passes an empty line.
            if let needed = fallbacks[index].firstBytes, !(bytes.first.map(needed.contains) ?? false) { continue }
            let kind = fallbacks[index].reader.read(bytes, number: number, using: matcher) { self.handle($0, fallback: index) }
            if case .record = kind {
                tallies.mixed[fallbacks[index].name, default: LineTally()].add(number)
                return true
            }
        }
        return false
    }

    /// - Parameter fallback: the index in `fallbacks` of the reader that read it; nil for the main one.
    private func handle(_ record: Record, fallback: Int?) {
        let isFirst = !sawRecord
        sawRecord = true
        if let fallback { tallies.fallbackRecords[fallback] += 1 } else { tallies.mainRecords += 1 }
        if quietReading {
            if fallback == nil { samePrefix.note(record) } else { samePrefix.disarm() }
        }
        let wentBack = Self.advance(&context, previousTimestamp: &previousTimestamp, to: record)
        let message = record.message
        let signature = MessageSignature(message, pid: record.fields.pid)
        if isFirst { firstRecord = (record.number, context.timestamp) }
        if wentBack { tallies.outOfOrder.add(record.number) }
        noteProcess(record)
        repeats.note(signature, line: record.number, doubled: &tallies.doubled)
        guard processes.selected else {
            if processes.logsSystemAccount, let event = extractor.systemEvent(message: message, text: record.bytes, line: record.number, context: context) {
                // Not the current process's event: the timeline takes it to the app it names.
                stream.events.append(event)
            }
            return
        }
        extract(message: message, text: record.bytes, number: record.number, context: context)
    }

    /// Makes `record` the context, the timestamp before it `previousTimestamp`; whether its
    /// timestamp is earlier. Both in place: passed from the session's properties (a class's),
    /// the two timestamps were copied for the call, at every record (4 % of the instructions of
    /// a run over a device log).
    private static func advance(_ context: inout RecordContext, previousTimestamp: inout FieldBytes, to record: Record) -> Bool {
        swap(&previousTimestamp, &context.timestamp)
        context.update(from: record)
        return isEarlier(context.timestamp, than: previousTimestamp)
    }

    /// Timestamps of one format have one width, so bytes compare in time order; only an
    /// apparent step back (or a change of width) is parsed to be sure.
    private static func isEarlier(_ timestamp: FieldBytes, than previousTimestamp: FieldBytes) -> Bool {
        guard !timestamp.isEmpty, !previousTimestamp.isEmpty else { return false }
        if timestamp.count == previousTimestamp.count, !timestamp.sortsBefore(previousTimestamp) { return false }
        guard let now = timestamp.withUnsafeBytes(CaptureTime.seconds(from:)),
              let before = previousTimestamp.withUnsafeBytes(CaptureTime.seconds(from:)) else { return false }
        return now < before - 0.000_001
    }

    /// Numbers every line this session noted as `lines` more lines before them would. A part
    /// of a file read by another thread numbers its lines from its own start: how many lines
    /// the parts before it hold is known only when they are read, so it is renumbered where
    /// it is joined to them (`absorb`). Every fact that holds a line number is here.
    func shiftLines(by lines: Int) {
        guard lines != 0 else { return }
        for index in stream.events.indices { stream.events[index].shiftLine(by: lines) }
        processes.shiftLines(by: lines)
        tallies.shiftLines(by: lines)
        repeats.shiftLines(by: lines)
        firstRecord?.line += lines
        leadingUnprefixedLine?.number += lines
        // The reader's own tally is final once the part is read: it is taken, renumbered.
        absorbedMalformedLines = malformedLines
        absorbedMalformedLines.shiftLines(by: lines)
        readerMalformedLinesTaken = true
        extractor.shiftLines(by: lines)
        linesRead += lines
        firstLineNumber += lines
        declinedLine += lines
    }

    /// Joins the session of the next part of the same file, read by another thread, as if
    /// this session had read on. The parts were cut where the reader starts a record (or,
    /// where lines are their own records, anywhere), so no record spans two. Across the
    /// cut, timestamp order is checked and a run of one message repeated is joined.
    func absorb(_ later: ScanSession) {
        repeats.join(later.repeats, doubled: &tallies.doubled)
        if let leading = later.leadingUnprefixedLine, let wrap = extractor.takeWrap(before: leading.number),
           let event = leading.bytes.withUnsafeBytes({ extractor.wrappedEvent(wrap, next: $0) }) {
            processes.marks.noteEvent()
            stream.events.append(event)
        }
        stream.events += later.stream.events
        processes.absorb(later.processes)
        if let first = later.firstRecord, Self.isEarlier(first.timestamp, than: context.timestamp) { tallies.outOfOrder.add(first.line) }
        tallies.absorb(later.tallies)
        absorbedMalformedLines.add(later.malformedLines)
        extractor.absorb(later.extractor)
        if later.sawRecord {
            sawRecord = true
            context = later.context
        }
    }

    private func handleContinuation(_ bytes: UnsafeRawBufferPointer, number: Int) {
        guard processes.selected else { return }
        extractUnprefixed(bytes, number: number, context: context)
    }

    private func handleBare(_ bytes: UnsafeRawBufferPointer, number: Int) {
        extractUnprefixed(bytes, number: number, context: RecordContext())
    }

    /// A line without a record prefix may hold the rest of a UIKit message that the line
    /// before began (a wrapped paste); the event is then that line's.
    private func extractUnprefixed(_ bytes: UnsafeRawBufferPointer, number: Int, context: @autoclosure () -> RecordContext) {
        let wrap = extractor.pendingWrap == nil ? nil : extractor.takeWrap(before: number)
        let before = stream.events.count
        extract(message: bytes, text: bytes, number: number, context: context())
        guard stream.events.count == before else { return }
        if let wrap, let event = extractor.wrappedEvent(wrap, next: bytes) {
            processes.marks.noteEvent()
            stream.events.append(event)
        } else if repeats.continuesEarlierPart, number == firstLineNumber {
            // The part before may have ended part-way through a message (`absorb`).
            leadingUnprefixedLine = (number, Array(bytes))
        }
    }

    /// - Parameter knownCandidate: the quiet read found `message` a candidate (`CompiledCatalog.isCandidate`): not searched again.
    private func extract(message: UnsafeRawBufferPointer, text: UnsafeRawBufferPointer, number: Int, context: @autoclosure () -> RecordContext,
                         knownCandidate: Bool = false) {
        // The context is copied out of the session only for an event.
        guard let event = extractor.event(message: message, text: text, line: number, context: context(), knownCandidate: knownCandidate) else { return }
        if extractor.lastEventRedacted { tallies.redacted.append(number) }
        processes.marks.noteEvent()
        // Handed over, not copied: the copy cost a retain and a release an event.
        stream.events.append(consume event)
        if let following = extractor.takeFollowingEvent() {
            processes.marks.noteEvent()
            stream.events.append(consume following)
        }
    }

    private func noteProcess(_ record: Record) {
        let process = record.fields.process.map { UnsafeRawBufferPointer(rebasing: record.bytes[$0]) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
        processes.note(line: record.number, pid: record.fields.pid, process: process)
    }

    static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool { bytes.allSatisfy { $0 == 32 || $0 == 9 } }

    // MARK: Result

    /// The scan's last use: its process marks are taken, not copied.
    func result(source: InputSource, statistics: ReadStatistics, maximumLineLength: Int) -> ScannedCapture {
        repeats.end(doubled: &tallies.doubled)
        return capture(source: source, statistics: statistics, maximumLineLength: maximumLineLength, processMarks: processes.marks.takeFinished())
    }

    /// What the lines read so far show, for a live check: a run of one message repeated is
    /// left open, as later lines may go on with it.
    func snapshot(source: InputSource, lines: Int, maximumLineLength: Int) -> ScannedCapture {
        var statistics = ReadStatistics()
        statistics.lines = lines
        return capture(source: source, statistics: statistics, maximumLineLength: maximumLineLength, processMarks: processes.marks.finished)
    }

    /// Whether the format is decided: given, or detected once the sample was read.
    var formatDecided: Bool { mainReader != nil }

    /// Decides the format from the lines read so far: a live input that waits before its
    /// detection sample is full is read as those lines say.
    func decideNow() {
        if mainReader == nil, !detectionBuffer.isEmpty { decide() }
    }

    /// Lifecycle events held (read and not let go).
    var eventCount: Int { stream.events.count }
    /// Lifecycle events read so far, those let go included.
    var eventsRead: Int { stream.events.count + eventsLetGo }
    @exclusivity(unchecked) private var eventsLetGo = 0
    /// What judged and let go runs while reading: the runs' record stays with it, and is
    /// copied into a capture only when one is made (a copy held here would make every later
    /// change to a rule's carried facts copy them whole).
    @exclusivity(unchecked) private var retirement: RunRetirement?

    /// The events held and the marks they need.
    var heldStream: EventStream { EventStream(events: stream.events, processMarks: processes.marks.finished) }

    /// Lets go of `gone`, events of runs `retirement` judged already, and of the process
    /// marks that only they needed. The marks the timeline reads before the first event held
    /// are the last one: the others enter processes with no event left.
    func letGo(_ gone: Set<EventKey>, by retirement: RunRetirement) {
        let before = stream.events.count
        stream.events.removeAll { gone.contains(EventKey($0)) }
        eventsLetGo += before - stream.events.count
        self.retirement = retirement
        let first = stream.events.first { !$0.id.isSystemAccount }?.line ?? Int.max
        processes.marks.dropMarks(before: first)
    }

    private func capture(source: InputSource, statistics: ReadStatistics, maximumLineLength: Int, processMarks: ProcessMarks) -> ScannedCapture {
        var stream = self.stream
        var recordsByFormat: [String: Int] = [:]
        for (index, fallback) in fallbacks.enumerated() where tallies.fallbackRecords[index] > 0 {
            recordsByFormat[fallback.name, default: 0] += tallies.fallbackRecords[index]
        }
        if tallies.mainRecords > 0 { recordsByFormat[mainFormatName, default: 0] += tallies.mainRecords }
        let path = source.displayName
        stream.processMarks = processMarks
        return ScannedCapture(
            source: source, format: choice?.format.name ?? PlainFormat().name, decoration: choice?.decoration?.name,
            statistics: statistics, stream: stream,
            diagnostics: diagnostics(path, statistics, maximumLineLength), health: health(statistics, records: recordsByFormat.values.reduce(0, +)),
            recordsByFormat: recordsByFormat, processes: processes.names.sorted(),
            nearMisses: (extractor.nearMisses.count, extractor.nearMissNames), retired: retirement?.retired)
    }

    private func health(_ statistics: ReadStatistics, records: Int) -> [HealthIssue] {
        var issues: [HealthIssue] = []
        func add(_ kind: HealthIssue.Kind, _ lines: LineTally, _ message: (Int) -> String, weak: Bool = false) {
            guard let first = lines.first else { return }
            issues.append(HealthIssue(kind, line: first, count: lines.count, message: message(lines.count),
                                      weakRanges: weak ? lines.firstLines.map { $0...$0 } : []))
        }
        if statistics.interrupted {
            issues.append(HealthIssue(.interrupted, line: max(1, statistics.lines), count: 1,
                                      message: "reading was interrupted after line \(statistics.lines); the lines before it are checked"))
        }
        if let damage = statistics.damage {
            issues.append(HealthIssue(.truncated, line: max(1, statistics.lines), count: 1,
                                      message: "\(damage): the input ends after line \(statistics.lines); the lines before it are checked",
                                      weakRanges: [max(1, statistics.lines)...Int.max]))
        }
        if let decoration = choice?.decoration {
            issues.append(HealthIssue(.decorated, line: nil, count: 1,
                                      message: "lines carry a harness prefix (\(decoration.summary)); it was stripped before reading"))
        }
        add(.startsMidRecord, LineTally(consecutiveFrom: 1, count: leadingContinuations), {
            "the capture starts in the middle of a record: \($0) line(s) before the first record continue one it does not contain"
        })
        add(.outOfOrderTimestamps, tallies.outOfOrder, {
            "\($0) record(s) are timestamped earlier than the record before them; line order is used, but it may not be the order of events"
        })
        add(.droppedLines, tallies.gaps, { "\($0) place(s) where lines are missing or were collapsed (device disconnected, `last message repeated`)" },
            weak: true)
        // A few repeated messages are normal logging; a quarter of all rows is a copy made twice.
        if tallies.doubled.count >= 2, tallies.doubled.count * 4 >= records {
            add(.doubledRows, tallies.doubled, { "\($0) of \(records) rows repeat the row before them: the rows were copied twice; a repeated lifecycle row counts once" })
        }
        if let first = tallies.redacted.first {
            // Every line a weak spot: a finding is inconclusive where its own evidence is redacted.
            issues.append(HealthIssue(.redacted, line: first, count: tallies.redacted.count,
                                      message: "\(tallies.redacted.count) lifecycle line(s) have values redacted as <private>: the scene they concern may be unknown",
                                      weakRanges: tallies.redacted.map { $0...$0 }))
        }
        add(.harnessLines, tallies.harnessLines, { "\($0) line(s) lack the harness prefix: read as the harness's own output" })
        add(.unparsedRecords, tallies.suspect, { "\($0) line(s) start like a \(self.choice?.format.name ?? "") record but do not parse; read as continuations" })
        for (index, line) in extractor.switchedOff.sorted(by: { $0.key < $1.key }) {
            let spelling = extractor.userSpellings[index]
            issues.append(HealthIssue(.patternSwitchedOff, line: line, count: 1,
                                      message: "the pattern of event '\(spelling.event)' used up its \(SpecificationPatternRule.seconds(options.patternBudget)) on this capture and was switched off at this line: the lines after it were not searched for \(spelling.event) (pattern_budget in .tracecheck.yml)",
                                      weakRanges: [line...Int.max]))
        }
        if let first = extractor.nearMissNames.first {
            let named = extractor.nearMissNames.map { "line \($0.line): \($0.name)" }.joined(separator: ", ")
            let more = extractor.nearMisses.count > extractor.nearMissNames.count ? ", …" : ""
            issues.append(HealthIssue(.nearMisses, line: first.line, count: extractor.nearMisses.count,
                                      message: "\(extractor.nearMisses.count) line(s) mention lifecycle callbacks but were not read as events (\(named)\(more))"))
        }
        add(.malformedEntries, malformedLines, { "\($0) JSON entr(y/ies) could not be read" }, weak: true)
        for (format, lines) in tallies.mixed.sorted(by: { $0.key < $1.key }) {
            add(.mixedFormats, lines, { "\($0) line(s) are \(format) records mixed into the capture" })
        }
        return issues
    }

    private func diagnostics(_ path: String, _ statistics: ReadStatistics, _ maximumLineLength: Int) -> [InputDiagnostic] {
        var found: [InputDiagnostic] = []
        if statistics.bytes == 0 {
            found.append(InputDiagnostic(level: .warning, path: path, message: "empty capture: nothing to check"))
        }
        if let line = statistics.firstNULLine {
            found.append(InputDiagnostic(level: .warning, path: path, line: line,
                                         message: "NUL bytes: this looks like a binary file, not a console capture; scanned as text anyway"))
        }
        for (line, length) in statistics.overlongLines.prefix(3) {
            found.append(InputDiagnostic(level: .warning, path: path, line: line,
                                         message: "line is \(length) bytes long; only its first \(maximumLineLength) bytes were examined"))
        }
        if statistics.overlongLines.count > 3 {
            found.append(InputDiagnostic(level: .warning, path: path,
                                         message: "\(statistics.overlongLines.count - 3) more over-long lines were examined only in part"))
        }
        if let first = extractor.repairedLines.first {
            found.append(InputDiagnostic(level: .note, path: path, line: first,
                                         message: "\(extractor.repairedLines.count) lifecycle line(s) contain invalid UTF-8, shown with U+FFFD"))
        }
        for line in extractor.limitExceededLines.firstLines.prefix(3) {
            found.append(InputDiagnostic(level: .warning, path: path, line: line,
                                         message: "a pattern hit PCRE2's match limit on this line; it may hold an event that was not recognised"))
        }
        if extractor.limitExceededLines.count > 3 {
            found.append(InputDiagnostic(level: .warning, path: path,
                                         message: "\(extractor.limitExceededLines.count - 3) more lines hit PCRE2's match limit"))
        }
        return found
    }
}

/// Enough of a message to tell a row repeated verbatim from the next row without copying
/// it: its length, pid and first and last eight bytes. Only the doubled-rows health check
/// uses it, and that needs a quarter of all rows to repeat.
struct MessageSignature: Equatable {
    var length = -1
    var pid: Int?
    var head: UInt64 = 0
    var tail: UInt64 = 0

    init() {}

    /// Whether a record with this signature repeats the one before it (empty messages never do).
    func continuesRun(of previous: MessageSignature) -> Bool { self == previous && length > 0 }

    init(_ message: UnsafeRawBufferPointer, pid: Int?) {
        length = message.count
        self.pid = pid
        // The same words as the C quiet read compares.
        if let base = message.baseAddress {
            tc_message_signature(base.assumingMemoryBound(to: UInt8.self), message.count, &head, &tail)
        }
    }
}

/// Processes of the system itself: their lines describe apps but are never an app's own
/// lifecycle events (docs/formats.md).
enum SystemProcesses {
    static let names: Set<String> = [
        "SpringBoard", "backboardd", "assertiond", "runningboardd", "FrontBoard", "symptomsd", "mediaserverd",
        "locationd", "CommCenter", "powerd", "kernel", "UserEventAgent", "launchd", "timed", "dasd", "watchdogd",
        "thermalmonitord", "wifid", "bluetoothd", "searchd", "lsd", "installd", "cfprefsd", "trustd", "nsurlsessiond",
        "ReportCrash", "osanalyticshelper", "logd", "remotepairingd", "druid", "chronod", "AirPlayXPCHelper",
    ]
}

/// ANSI colour escapes (`ESC [ … m`), which idevicesyslog prints unless `--no-colors`.
enum ANSI {
    /// A line's bytes without colour escapes; the same array when it has none.
    static func stripped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(27) else { return bytes }
        return bytes.withUnsafeBytes { stripped($0) }
    }

    static func stripped(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 27, index + 1 < bytes.count, bytes[index + 1] == 91 {
                index += 2
                while index < bytes.count, !(64...126).contains(bytes[index]) { index += 1 }
                index += 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }
}
