/// Lines an app's own logger writes, as they reach the Xcode console or a log file: an
/// RFC 3339 timestamp (`2025-12-01T07:44:09.812Z`, `…+02:00`) or a clock alone (`21:17:28`),
/// in brackets or not, an optional level (`[INFO]`, `WARN`, an emoji), then the message. Print lines between them are records
/// of their own, as in the Xcode console.
package struct AppLoggerFormat: LinePrefixFormat {
    package let name = "app-logger"
    package let summary = "an app logger's lines: RFC 3339 timestamp (2025-12-01T07:44:09.812Z) or a clock (21:17:28), optional [LEVEL] or emoji, message"
    package let unprefixedLines = UnprefixedLines.ownRecords
    let prefix: LinePrefix

    static let levels = "VERBOSE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|TRACE|CRITICAL"

    package init() {
        prefix = LinePrefix(
            "^\\[?(?<timestamp>(?:\\d{4}-\\d\\d-\\d\\dT)?\\d\\d:\\d\\d:\\d\\d(?:[.,]\\d{1,9})?(?:Z|[+-]\\d\\d:?\\d\\d)?)\\]?(?:[ \\t]+|$)"
                + "(?:\\[(?:\(Self.levels))\\][ \\t]*|(?:\(Self.levels))(?:[ \\t]*:)?[ \\t]+|(?:💚|💙|💛|❤️|🟢|🔵|🟡|🟠|🔴|⚪️|🟣|ℹ️|⚠️|❗️|🐞)[ \\t]*)?",
            firstBytes: ByteSet.digits.union(ByteSet([91])),
            looksLikeRecord: { line in
                let rest = UnsafeRawBufferPointer(rebasing: line[(line.first == 91 ? 1 : 0)...])
                return CaptureTime.startsWithISODateTime(rest) || Bytes.isClock(rest, at: 0)
            },
            // After a `[` or not: a first byte of `[` takes the shapes at 1, a digit those at 0.
            shapes: [.isoDateTime(at: 0), .clock(at: 0), .isoDateTime(at: 1), .clock(at: 1)])
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2025-12-01T07:44:09.812Z AppDelegate -> applicationWillResignActive", message: "AppDelegate -> applicationWillResignActive"),
            FormatSample("[2025-12-01T07:44:09.812+02:00] [INFO] -[SceneDelegate sceneDidBecomeActive:]", message: "-[SceneDelegate sceneDidBecomeActive:]"),
            FormatSample("2025-12-01T07:44:10+0200 WARN: sceneWillResignActive(_:)", message: "sceneWillResignActive(_:)"),
            FormatSample("2025-12-01T07:44:11,250Z 💙 sceneDidEnterBackground(_:)", message: "sceneDidEnterBackground(_:)"),
            FormatSample("22:12:29  APPLICATION PHASE: inactive", message: "APPLICATION PHASE: inactive"),
            FormatSample("[07:44:12.031] DEBUG sceneWillEnterForeground(_:)", message: "sceneWillEnterForeground(_:)"),
        ]
    }
}

/// CocoaLumberjack's default format (`DDLogFormatter`): NSLog's prefix with the milliseconds
/// after a colon, `2026-03-14 09:27:12:751 App[4817:3120544] message`.
package struct CocoaLumberjackFormat: LinePrefixFormat {
    package let name = "cocoalumberjack"
    package let summary = "CocoaLumberjack's default lines: date time:ms process[pid:thread] message"
    package let unprefixedLines = UnprefixedLines.ownRecords
    let prefix: LinePrefix

    package init() {
        prefix = LinePrefix(
            "^(?<timestamp>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}) "
                + "(?<process>[^\\[\\n]+?)\\[(?<pid>\\d{1,10}):(?<thread>[0-9A-Fa-f]{1,16})\\](?: |$)",
            firstBytes: .digits, looksLikeRecord: { $0.count > 24 && Bytes.startsWithDateTime($0) && $0[19] == 58 }, shapes: [.dateTime])
    }

    package var samples: [FormatSample] {
        [
            FormatSample("2026-03-14 09:27:12:751 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]",
                         message: "-[SceneDelegate sceneWillEnterForeground:]", pid: 4817, process: "Fieldnotes"),
            FormatSample("2026-03-14 09:27:13:002 My Great App[4817:60b] Synced 12 notes", message: "Synced 12 notes", pid: 4817, process: "My Great App"),
        ]
    }
}
