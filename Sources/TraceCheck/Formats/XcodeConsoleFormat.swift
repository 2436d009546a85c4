/// The Xcode debug console (docs/formats.md): NSLog lines with a
/// `date time[.fraction][±zone] Process Name[pid:tid] ` prefix, interleaved with bare
/// Swift `print` lines. An NSLog message's later lines have no prefix and cannot be told
/// from prints, so every unprefixed line is its own record.
package struct XcodeConsoleFormat: LinePrefixFormat {
    package let name = "xcode-console"
    package let summary = "Xcode debug console: NSLog lines with a date/process[pid:tid] prefix and bare print() lines"
    package let unprefixedLines = UnprefixedLines.ownRecords
    let prefix: LinePrefix

    package init() {
        // A process named like a `log --style compact` type column (`Df App[1:2]`) is that format.
        prefix = LinePrefix(
            "^(?<timestamp>\(PrefixPatterns.dateTime)) (?!\(PrefixPatterns.compactTypes)[^ \\[]+\\[\\d+:)"
                + "(?<process>[^\\[\\n]+?)\\[(?<pid>\\d{1,10}):(?<thread>[0-9A-Fa-f]{1,16})\\](?: |$)",
            firstBytes: .digits, looksLikeRecord: Bytes.startsWithDateTime, shapes: [.dateTime], handParsed: Self.handParsed)
    }

    /// The prefix most lines have, `2026-03-14 09:27:12.751366+0100 Fieldnotes[4817:3120544] `,
    /// read byte by byte: matching it with the pattern was a tenth of a run on such a console. Anything
    /// unusual (a compact-log type column, a zone without digits, a process name with a `[`)
    /// is left to the pattern: nil.
    @Sendable static func handParsed(_ line: UnsafeRawBufferPointer) -> RecordFields? {
        let count = line.count
        func digit(_ index: Int) -> Bool { index < count && Bytes.isDigit(line[index]) }
        func byte(_ index: Int, _ value: UInt8) -> Bool { index < count && line[index] == value }
        guard let index = Bytes.dateTimeEnd(line) else { return nil }
        let timestamp = 0..<index
        let processStart = index + 1
        // `Df App[1:2]` is `log --style compact`: the pattern's look-ahead decides those.
        guard processStart + 3 <= count, line[processStart + 2] != 32 else { return nil }
        var cursor = processStart
        while cursor < count, line[cursor] != 91 {  // `[`
            if line[cursor] == 10 { return nil }
            cursor += 1
        }
        guard cursor > processStart, cursor < count else { return nil }
        let process = processStart..<cursor
        let pidStart = cursor + 1
        cursor = pidStart
        while digit(cursor) { cursor += 1 }
        guard (1...10).contains(cursor - pidStart), byte(cursor, 58) else { return nil }
        let pidRange = pidStart..<cursor
        let threadStart = cursor + 1
        cursor = threadStart
        while cursor < count, Bytes.isHexDigit(line[cursor]) { cursor += 1 }
        guard (1...16).contains(cursor - threadStart), byte(cursor, 93) else { return nil }  // `]`
        let thread = threadStart..<cursor
        cursor += 1
        if cursor < count {
            guard line[cursor] == 32 else { return nil }
            cursor += 1
        }
        var fields = RecordFields(message: cursor..<count, pid: Bytes.decimal(line, pidRange), process: process, thread: thread, timestamp: timestamp)
        fields.byHand = true
        return fields
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2019-04-22 17:23:41.409737-0700 Coffup[18188:662544] -[SceneDelegate sceneDidBecomeActive:]",
                         message: "-[SceneDelegate sceneDidBecomeActive:]", pid: 18188, process: "Coffup"),
            FormatSample("2015-10-29 17:47:05.362 HBNavigationBarDemo[14684:2146911] -[AppDelegate applicationDidBecomeActive:]",
                         message: "-[AppDelegate applicationDidBecomeActive:]", pid: 14684, process: "HBNavigationBarDemo"),
            FormatSample("2013-02-11 09:12:44.120 My Great App[1234:60b] applicationWillResignActive:",
                         message: "applicationWillResignActive:", pid: 1234, process: "My Great App"),
            FormatSample("2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
                         message: "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
                         pid: 40211, process: "PurchaseTester"),
            FormatSample("2026-03-14 09:27:12.751366+0100 Fieldnotes[4817:3120544] ", message: "", pid: 4817, process: "Fieldnotes"),
        ]
    }
}

/// Output with no format at all: Swift `print` lines, a custom logger, a paste from a
/// bug report. Every line is its own record; nothing names a process.
package struct PlainFormat: CaptureFormat {
    package let name = "plain"
    package let summary = "Bare lines with no recognised prefix (print() output, custom loggers, pasted listings)"
    package let unprefixedLines = UnprefixedLines.ownRecords

    package init() {}

    package var samples: [FormatSample] { [] }

    package func makeReader(firstLines: [[UInt8]]) -> any RecordReader { PlainReader() }

    final class PlainReader: RecordReader {
        func read(_ line: UnsafeRawBufferPointer, number: Int, using matcher: PCRE2Matcher,
                  emit: (Record) -> Void) -> LineKind { .unprefixed }
        func looksLikeRecord(_ line: UnsafeRawBufferPointer) -> Bool { false }
        var recordGate: LineGate? { .closed }
        var furnitureGate: LineGate? { .closed }
    }
}
