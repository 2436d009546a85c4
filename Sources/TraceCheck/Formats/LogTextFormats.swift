import CTeddy

/// `log stream` / `log show` (and `xcrun simctl spawn booted log …`) in the default style
/// (docs/formats.md): `timestamp thread type activity pid ttl process: (sender) [subsystem:category] message`.
package struct LogDefaultFormat: LinePrefixFormat {
    package let name = "log-default"
    package let summary = "log stream / log show, default style: timestamp, thread, type, activity, pid, TTL, process: message"
    let prefix: LinePrefix

    package init() {
        prefix = LinePrefix(
            "^(?<timestamp>\(PrefixPatterns.dateTime)) +(?<thread>0x[0-9A-Fa-f]+) +(?<type>[A-Za-z]+) +0x[0-9A-Fa-f]+ +"
                + "(?<pid>\\d+) +\\d+ +\(PrefixPatterns.signpost)(?<process>[^:\\n]+?):(?: |$)"
                + PrefixPatterns.sender + PrefixPatterns.subsystemLabel,
            banners: PrefixPatterns.logBanners,
            firstBytes: .digits, looksLikeRecord: { Bytes.startsWithDateTime($0) }, shapes: [.dateTime], handParsed: Self.handParsed)
    }

    /// The prefix every record of a device log has, `2026-04-02 10:15:05.394100+0200 0x2bb1f4
    /// Default 0x0 4817 0 Fieldnotes: (UIKitCore) [sub:cat] `, read without the pattern, which
    /// took about a twelfth of a run on a device capture: the timestamp and the columns by masks
    /// of their bytes' classes (`tc_log_default_columns`), where a byte at a time the end of each
    /// column was a branch missed on a log of many processes; unusual lines a byte at a time.
    /// Where the pattern would have to backtrack to decide (a signpost bracket followed by no
    /// `process: `), nil leaves the line to it.
    ///
    /// Its records are no template for the lines after them (`RecordFields.byHand` stays
    /// false): the sender and the label are optional, so a message that begins with `(…) `
    /// or `[a:b] ` after the same bytes would be read differently.
    @Sendable static func handParsed(_ line: UnsafeRawBufferPointer) -> RecordFields? {
        if let fields = columnFields(line) { return fields }
        guard let stampEnd = Bytes.dateTimeEnd(line) else { return nil }
        return byteByByte(line, after: stampEnd)
    }

    /// The fields `tc_log_default_columns` reads, timestamp included; nil where it declines.
    @inline(__always)
    static func columnFields(_ line: UnsafeRawBufferPointer) -> RecordFields? {
        var columns = tc_log_columns()
        guard let base = line.baseAddress, tc_log_default_columns(base.assumingMemoryBound(to: UInt8.self), line.count, &columns) == 1 else {
            return nil
        }
        let pid = Int(columns.pid_start)..<Int(columns.pid_end)
        return RecordFields(message: Int(columns.message_start)..<line.count, pid: Bytes.decimal(line, pid),
                            process: Int(columns.process_start)..<Int(columns.process_end),
                            thread: Int(columns.thread_start)..<Int(columns.thread_end), timestamp: 0..<Int(columns.stamp_end))
    }

    /// `handParsed` a byte at a time, from the space after the timestamp, where
    /// `tc_log_default_columns` declines: an unusual line, one with fewer than 64 bytes after
    /// its timestamp, every line on a machine without AVX2.
    static func byteByByte(_ line: UnsafeRawBufferPointer, after stampEnd: Int) -> RecordFields? {
        let count = line.count
        var cursor = stampEnd
        /// `pattern+`: the bytes from the cursor that pass `test`, at least one.
        func run(_ test: (UInt8) -> Bool) -> Range<Int>? {
            let start = cursor
            while cursor < count, test(line[cursor]) { cursor += 1 }
            return cursor > start ? start..<cursor : nil
        }
        /// `0x[0-9A-Fa-f]+`.
        func hexNumber() -> Range<Int>? {
            guard cursor + 2 < count, line[cursor] == 48, line[cursor + 1] == 120 else { return nil }
            let start = cursor
            cursor += 2
            return run(Bytes.isHexDigit) != nil ? start..<cursor : nil
        }
        /// The first of `stop` or a newline from `start`, or nil where a newline or the end comes first.
        func first(_ stop: UInt8, from start: Int) -> Int? {
            var index = start
            while index < count, line[index] != stop {
                if line[index] == 10 { return nil }
                index += 1
            }
            return index < count ? index : nil
        }
        /// ` +`: the padding between columns, the most of a record's prefix.
        func spaces() -> Bool {
            let start = cursor
            cursor = Bytes.firstIndex(ofNonSpaceIn: line, from: cursor)
            return cursor > start
        }
        // ` +0x2bb1f4 +Default +0x0 +4817 +0 +`
        guard spaces(), let thread = hexNumber(), spaces(), run({ ($0 | 0x20) &- 97 < 26 }) != nil, spaces(), hexNumber() != nil, spaces(),
              let pid = run(Bytes.isDigit), spaces(), run(Bytes.isDigit) != nil, spaces() else { return nil }
        // `[spid 0x…, process, begin] `
        if Bytes.equal(line, cursor..<min(cursor + 6, count), "[spid "), let close = first(93, from: cursor + 6), close + 1 < count,
           line[close + 1] == 32 {
            cursor = close + 2
        }
        // `Fieldnotes: `, or `Fieldnotes:` at the end. After a signpost bracket, the pattern
        // may still find a process inside it: nil leaves that to the pattern.
        guard let colon = first(58, from: cursor), colon > cursor, colon + 1 == count || line[colon + 1] == 32 else { return nil }
        let process = cursor..<colon
        cursor = min(colon + 2, count)
        // `(UIKitCore) `
        if cursor < count, line[cursor] == 40, let close = first(41, from: cursor + 1), close + 1 == count || line[close + 1] == 32 {
            cursor = min(close + 2, count)
        }
        // `[com.apple.runningboard:assertion] `
        if cursor < count, line[cursor] == 91 {
            let subsystemStart = cursor + 1
            var index = subsystemStart
            while index < count, line[index] != 93, line[index] != 58, !Bytes.isPatternSpace(line[index]) { index += 1 }
            if index > subsystemStart, index < count, line[index] == 58, let close = first(93, from: index + 1),
               close + 1 == count || line[close + 1] == 32 {
                cursor = min(close + 2, count)
            }
        }
        return RecordFields(message: cursor..<count, pid: Bytes.decimal(line, pid), process: process, thread: thread, timestamp: 0..<stampEnd)
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: Tunnel established",
                         message: "tunnel-1: Tunnel established", pid: 599, process: "remotepairingd"),
            FormatSample("2020-05-22 11:40:28.019783-0400 0x2e8f3    Error       0x6f2ea              10623  0    Photos: (Photos) [com.apple.Photos:import.error] ERROR: import failed",
                         message: "ERROR: import failed", pid: 10623, process: "Photos"),
            FormatSample("2022-08-25 15:22:01.008417+0100 0x1590e Signpost 0x0 1766 0 [spid 0x291385ea6c83b460, process, begin] bluetoothd: [com.apple.bluetooth:HIDProfileDispatch] HIDInterruptData: Before Dispatch",
                         message: "HIDInterruptData: Before Dispatch", pid: 1766, process: "bluetoothd"),
            FormatSample("2026-04-02 10:15:03.482113+0200 0x2b1f4    Default     0x0                  4817   0    Fieldnotes: (Foundation) -[SceneDelegate sceneDidBecomeActive:]",
                         message: "-[SceneDelegate sceneDidBecomeActive:]", pid: 4817, process: "Fieldnotes"),
        ]
    }

    package var bannerSamples: [String] {
        [
            "Filtering the log data using \"process == \\\"Fieldnotes\\\"\"",
            "Skipping info and debug messages, pass --info and/or --debug to include.",
            "Timestamp                       Thread     Type        Activity             PID    TTL  ",
            "** Processed 10 entries, done. **",
        ]
    }
}

/// `log … --style compact` (docs/formats.md): millisecond time, a two-letter type, `process[pid:tid-hex]`.
package struct LogCompactFormat: LinePrefixFormat {
    package let name = "log-compact"
    package let summary = "log stream / log show, compact style: time (ms), type code, process[pid:tid], [subsystem:category] message"
    let prefix: LinePrefix

    package init() {
        prefix = LinePrefix(
            "^(?<timestamp>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) (?<type>\(PrefixPatterns.compactTypes))"
                + "(?<process>[^\\[\\n]+?)\\[(?<pid>\\d+):(?<thread>[0-9A-Fa-f]+)\\](?: |$)" + PrefixPatterns.subsystemLabel,
            banners: PrefixPatterns.logBanners,
            firstBytes: .digits, looksLikeRecord: { Bytes.startsWithDateTime($0) && $0.count > 24 && $0[23] == 32 }, shapes: [.dateTime])
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2026-08-11 17:15:22.031 Df Candela[80328:9875ec] [com.rydersel.Candela:path] sync fan-out delta=-0.0306 from=1 to=3",
                         message: "sync fan-out delta=-0.0306 from=1 to=3", pid: 80328, process: "Candela"),
            FormatSample("2026-08-29 08:13:03.004 E  backupd[669:4cf5c4] [com.apple.TimeMachine:General] Backup failed with error 45",
                         message: "Backup failed with error 45", pid: 669, process: "backupd"),
            FormatSample("2019-11-06 15:01:04.001 Df SpringBoard[11727:2bf52] [com.apple.FrontBoard.workspace:Common] Process exited:  ->  {",
                         message: "Process exited:  ->  {", pid: 11727, process: "SpringBoard"),
            FormatSample("2026-04-02 10:15:03.482 Df Fieldnotes[4817:2b1f4] sceneDidBecomeActive(_:)",
                         message: "sceneDidBecomeActive(_:)", pid: 4817, process: "Fieldnotes"),
        ]
    }

    package var bannerSamples: [String] { ["Timestamp               Ty Process[PID:TID]"] }
}

/// `log … --style syslog` (docs/formats.md): `timestamp host process[pid]: (sender) [subsystem:category] message`.
package struct LogSyslogFormat: LinePrefixFormat {
    package let name = "log-syslog"
    package let summary = "log stream / log show, syslog style: timestamp, host, process[pid]: message"
    let prefix: LinePrefix

    package init() {
        prefix = LinePrefix(
            "^(?<timestamp>\(PrefixPatterns.dateTime)) +(?<host>[^\\s\\[]+) (?<process>[^\\[\\n]+?)\\[(?<pid>\\d+)\\]:(?: |$)"
                + PrefixPatterns.signpost + PrefixPatterns.sender + PrefixPatterns.subsystemLabel,
            banners: PrefixPatterns.logBanners,
            firstBytes: .digits, looksLikeRecord: { Bytes.startsWithDateTime($0) }, shapes: [.dateTime])
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2021-04-21 10:16:09.404735-0700  localhost AirPlayXPCHelper[131]: (CoreUtils) [AirPlay:APBonjourCache] Retry timer fired",
                         message: "Retry timer fired", pid: 131, process: "AirPlayXPCHelper"),
            FormatSample("2022-08-25 15:22:01.008417+0100 localhost bluetoothd[1766]: [spid 0x291385ea6c83b460, process, begin] [com.apple.bluetooth:HIDProfileDispatch] HIDInterruptData: Before Dispatch",
                         message: "HIDInterruptData: Before Dispatch", pid: 1766, process: "bluetoothd"),
            FormatSample("2026-04-02 10:15:03.482113+0200  localhost Fieldnotes[4817]: (Foundation) -[SceneDelegate sceneWillResignActive:]",
                         message: "-[SceneDelegate sceneWillResignActive:]", pid: 4817, process: "Fieldnotes"),
        ]
    }

    package var bannerSamples: [String] { ["Timestamp                       (process)[PID]    "] }
}

/// idevicesyslog (docs/formats.md): `Mmm dd HH:MM:SS[.ffffff] [device] process(image)[pid] <Level>: message`,
/// colours stripped, `[connected]` / `[disconnected]` status lines.
package struct IDeviceSyslogFormat: LinePrefixFormat {
    package let name = "idevicesyslog"
    package let summary = "idevicesyslog / syslog_relay: Mmm dd time [device] process(image)[pid] <Level>: message"
    let prefix: LinePrefix

    package init() {
        prefix = LinePrefix(
            "^(?<timestamp>[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?) "
                + "(?:(?<device>[^\\s\\[(]+) (?=[^\\n]*?\\[\\d+\\] <\\w+>:))?"
                + "(?<process>[^\\[\\n(]+?)(?:\\((?<image>[^)\\n]*)\\))?\\[(?<pid>\\d+)\\] <(?<level>\\w+)>:(?: |$)",
            banners: ["^\\[connected(?::[^\\]]*)?\\]"],
            gaps: ["^\\[disconnected(?::[^\\]]*)?\\]", "last message repeated \\d+ times?"],
            firstBytes: .uppercase,
            // `Mar 14 09:27:12`: the month's capital is `firstBytes`'s to check.
            looksLikeRecord: { line in
                line.count > 16 && line[3] == 32 && line[6] == 32 && Bytes.isClock(line, at: 7)
            },
            shapes: [LineShape(minimum: 17, bytes: [(3, 32), (6, 32), (9, 58), (12, 58)])])
    }

    package var samples: [FormatSample] {
        [
            FormatSample("Oct  7 14:30:01 iPhone HelloApp(UIKitCore)[812] <Notice>: Scene became active",
                         message: "Scene became active", pid: 812, process: "HelloApp"),
            FormatSample("Dec 15 11:48:28.972604 SampleApp(UIKitCore)[11710] <Notice>: Sending UIEvent type: 0; subtype: 0; to windows: 1",
                         message: "Sending UIEvent type: 0; subtype: 0; to windows: 1", pid: 11710, process: "SampleApp"),
            FormatSample("Jul 15 09:37:50 iPhoneSE assertiond[66] <Notice>: [appname:488] Invalidation complete.",
                         message: "[appname:488] Invalidation complete.", pid: 66, process: "assertiond"),
            FormatSample("Jul  1 21:40:06 the-titanic SpringBoard(FrontBoard)[879] <Notice>: [pl.samy.nsurl-request] Setting deactivation reasons",
                         message: "[pl.samy.nsurl-request] Setting deactivation reasons", pid: 879, process: "SpringBoard"),
            FormatSample("Apr  2 10:15:03 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneDidEnterBackground:]",
                         message: "-[SceneDelegate sceneDidEnterBackground:]", pid: 4817, process: "Fieldnotes"),
        ]
    }

    package var bannerSamples: [String] { ["[connected]", "[connected:00008030-001A2D3E0C41802E]"] }
}

/// pymobiledevice3 `syslog live` (docs/formats.md): `YYYY-MM-DD HH:MM:SS.ffffff process{image}[pid] <LEVEL>: message`,
/// with ` [subsystem][category]` appended under `--label`.
package struct PyMobileDevice3Format: LinePrefixFormat {
    package let name = "pymobiledevice3"
    package let summary = "pymobiledevice3 syslog live: date time process{image}[pid] <LEVEL>: message [subsystem][category]"
    let prefix: LinePrefix

    package init() {
        prefix = LinePrefix(
            "^(?<timestamp>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,6})?) (?<process>[^{\\[\\n]+?)"
                + "(?:\\{(?<image>[^}\\n]*)\\})?\\[(?<pid>\\d+)\\] <(?<level>[A-Z_]+)>: ?"
                + "(?<message>.*?)(?: \\[(?<subsystem>[^\\[\\]\\n]*)\\]\\[(?<category>[^\\[\\]\\n]*)\\])?$",
            firstBytes: .digits, looksLikeRecord: { Bytes.startsWithDateTime($0) }, shapes: [.dateTime])
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2024-05-02 10:15:03.482113 MyApp{UIKitCore}[1234] <NOTICE>: [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
                         message: "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
                         pid: 1234, process: "MyApp"),
            FormatSample("2024-05-02 10:15:03.501877 Fieldnotes{Fieldnotes}[4817] <NOTICE>: sceneDidBecomeActive(_:) [com.example.fieldnotes][lifecycle]",
                         message: "sceneDidBecomeActive(_:)", pid: 4817, process: "Fieldnotes"),
            FormatSample("2024-05-02 10:15:04.000001 Fieldnotes[4817] <INFO>: plain message",
                         message: "plain message", pid: 4817, process: "Fieldnotes"),
        ]
    }
}
