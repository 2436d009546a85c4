/// The formats tracecheck reads, most specific first: detection breaks ties in this order.
package enum CaptureFormats {
    package static let all: [any CaptureFormat] = [
        LogJSONFormat(),
        LogNDJSONFormat(),
        LogDefaultFormat(),
        LogCompactFormat(),
        LogSyslogFormat(),
        PyMobileDevice3Format(),
        IDeviceSyslogFormat(),
        ConsoleAppFormat(),
        XcodeConsoleFormat(),
        CocoaLumberjackFormat(),
        AppLoggerFormat(),
        PlainFormat(),
    ]

    package static func named(_ name: String) -> (any CaptureFormat)? {
        all.first { $0.name == name }
    }

    /// The formats' names, in `all`'s order, written out so that naming them (the command
    /// line's help and completions, built several times a run) does not build the formats:
    /// building them compiles their patterns, which, asked for by the argument parser, cost
    /// the main thread 3.3 of a 50-line run's 63 million instructions. A test holds it to `all`.
    package static let names: [String] = [
        "log-json", "log-ndjson", "log-default", "log-compact", "log-syslog", "pymobiledevice3", "idevicesyslog",
        "console-app", "xcode-console", "cocoalumberjack", "app-logger", "plain",
    ]
}

/// What detection decided for one capture.
package struct FormatChoice: Sendable {
    package let format: any CaptureFormat
    package let decoration: Decoration?
    /// True when the user named the format (`--input-format`).
    package let forced: Bool
}

/// Picks a capture's format from its first lines: the format that reads the largest share
/// of them as records (or as its own banners), after stripping a harness decoration that
/// at least a third of them carry.
package enum FormatDetector {
    /// How many lines detection looks at.
    package static let sampleSize = 200

    package static func detect(_ lines: [[UInt8]], matcher: PCRE2Matcher,
                              formats: [any CaptureFormat] = CaptureFormats.all) -> FormatChoice {
        let nonBlank = lines.filter { $0.contains { $0 != 32 && $0 != 9 } }
        let decoration = self.decoration(of: nonBlank, matcher: matcher)
        let undecorated = decoration.map { strip($0, from: nonBlank, matcher: matcher) } ?? nonBlank
        var best: (format: any CaptureFormat, score: Int)?
        for format in formats {
            let score = self.score(format, undecorated, matcher: matcher)
            if score > (best?.score ?? 0) { best = (format, score) }
        }
        return FormatChoice(format: best?.format ?? PlainFormat(), decoration: decoration, forced: false)
    }

    static func decoration(of lines: [[UInt8]], matcher: PCRE2Matcher) -> Decoration? {
        var best: (decoration: Decoration, count: Int)?
        for decoration in Decoration.all {
            let count = lines.filter { line in line.withUnsafeBytes { decoration.length(in: $0, using: matcher) != nil } }.count
            guard count * 3 >= lines.count, count >= min(2, lines.count) else { continue }
            if count > (best?.count ?? 0) { best = (decoration, count) }
        }
        return best?.decoration
    }

    static func strip(_ decoration: Decoration, from lines: [[UInt8]], matcher: PCRE2Matcher) -> [[UInt8]] {
        lines.compactMap { line in
            line.withUnsafeBytes { bytes in decoration.length(in: bytes, using: matcher).map { Array(line[$0...]) } }
        }
    }

    /// Lines read as records, entry lines or banners; unprefixed lines score nothing.
    static func score(_ format: any CaptureFormat, _ lines: [[UInt8]], matcher: PCRE2Matcher) -> Int {
        let reader = format.makeReader(firstLines: lines)
        var score = 0
        for (offset, line) in lines.enumerated() {
            switch line.withUnsafeBytes({ reader.readIndentable($0, number: offset + 1, using: matcher) { _ in } }) {
            case .record, .pending: score += 2
            case .banner, .gap: score += 1
            case .unprefixed: break
            }
        }
        return score
    }
}
