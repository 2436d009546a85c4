/// A problem with the input itself (not with the app): reported with the file and line,
/// never silently dropped.
public struct InputDiagnostic: Hashable, Sendable, Codable {
    public enum Level: String, Sendable, Codable { case error, warning, note }
    public let level: Level
    public let path: String
    public let line: Int?
    public let message: String

    public init(level: Level, path: String, line: Int? = nil, message: String) {
        self.level = level
        self.path = path
        self.line = line
        self.message = message
    }
}

/// One input after the byte → record → event stages.
public struct ScannedCapture: Sendable {
    public let source: InputSource
    public let format: String
    public let statistics: ReadStatistics
    public let stream: EventStream
    public let diagnostics: [InputDiagnostic]
}

/// Reads one input in its format and extracts its lifecycle events, streaming.
public struct CaptureScanner {
    public let format: any CaptureFormat
    public let reader: LineReader

    public init(format: any CaptureFormat = XcodeConsoleFormat(), reader: LineReader = LineReader()) {
        self.format = format
        self.reader = reader
    }

    public func scan(_ source: InputSource, catalog: CompiledCatalog = .shared) throws(InputError) -> ScannedCapture {
        let extractor = EventExtractor(catalog: catalog)
        var stream = EventStream()
        var lastPid: Int?
        let statistics = try reader.read(source) { line in
            let record = format.record(from: line, using: extractor.matcher)
            if let pid = record.pid, pid != lastPid {
                stream.processMarks.append(ProcessMark(line: line.number, pid: pid, process: record.text(record.process)))
                lastPid = pid
            }
            if let event = extractor.event(in: record) { stream.events.append(event) }
        }
        return ScannedCapture(source: source, format: format.name, statistics: statistics, stream: stream,
                              diagnostics: diagnostics(source.displayName, statistics, extractor))
    }

    private func diagnostics(_ path: String, _ statistics: ReadStatistics, _ extractor: EventExtractor) -> [InputDiagnostic] {
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
                                         message: "line is \(length) bytes long; only its first \(reader.maximumLineLength) bytes were examined"))
        }
        if statistics.overlongLines.count > 3 {
            found.append(InputDiagnostic(level: .warning, path: path,
                                         message: "\(statistics.overlongLines.count - 3) more over-long lines were examined only in part"))
        }
        if let first = extractor.repairedLines.first {
            found.append(InputDiagnostic(level: .note, path: path, line: first,
                                         message: "\(extractor.repairedLines.count) lifecycle line(s) contain invalid UTF-8, shown with U+FFFD"))
        }
        for line in extractor.limitExceededLines.prefix(3) {
            found.append(InputDiagnostic(level: .warning, path: path, line: line,
                                         message: "a pattern hit PCRE2's match limit on this line; it may hold an event that was not recognised"))
        }
        return found
    }
}
