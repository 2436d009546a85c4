/// The Xcode debug console (spec §5.1): NSLog lines with a
/// `date time[.fraction][±zone] Process Name[pid:tid] ` prefix, interleaved with bare
/// Swift `print` lines. An NSLog message's later lines have no prefix and are
/// indistinguishable from prints, so every line is its own record.
public struct XcodeConsoleFormat: CaptureFormat {
    public let name = "xcode-console"
    public let summary = "Xcode debug console: NSLog lines with a date/process[pid:tid] prefix and bare print() lines"

    private let prefix: PCRE2Regex
    private let groups: (timestamp: Int, process: Int, pid: Int, thread: Int)

    public init() {
        // Built from a literal: a failure here is a programming error caught by every test run.
        prefix = try! PCRE2Regex(
            "^(?<timestamp>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:[+-]\\d\\d:?\\d\\d)?) "
                + "(?<process>[^\\[\\n]+?)\\[(?<pid>\\d{1,10}):(?<thread>[0-9A-Fa-f]{1,16})\\](?: |$)")
        groups = (prefix.groupNumber("timestamp") ?? 1, prefix.groupNumber("process") ?? 2,
                  prefix.groupNumber("pid") ?? 3, prefix.groupNumber("thread") ?? 4)
    }

    public var samples: [(line: String, message: String)] {
        [
            ("2019-04-22 17:23:41.409737-0700 Coffup[18188:662544] -[SceneDelegate sceneDidBecomeActive:]",
             "-[SceneDelegate sceneDidBecomeActive:]"),
            ("2015-10-29 17:47:05.362 HBNavigationBarDemo[14684:2146911] -[AppDelegate applicationDidBecomeActive:]",
             "-[AppDelegate applicationDidBecomeActive:]"),
            ("2013-02-11 09:12:44.120 My Great App[1234:60b] applicationWillResignActive:", "applicationWillResignActive:"),
            ("2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
             "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")"),
            ("2026-03-14 09:27:12.751366+0100 Fieldnotes[4817:3120544] ", ""),
        ]
    }

    public func record(from line: Line, using matcher: PCRE2Matcher) -> Record {
        let bytes = line.bytes
        // Cheap rejection of print lines before PCRE2 is asked.
        guard bytes.count > 24, (48...57).contains(bytes[0]), bytes[4] == 45, bytes[10] == 32,
              let match = try? matcher.firstMatch(of: prefix, in: bytes), let whole = match[0],
              let pidRange = match[groups.pid]
        else { return Record(line: line) }
        return Record(line: line, messageStart: whole.upperBound, pid: Self.decimal(bytes, pidRange),
                      process: match[groups.process], thread: match[groups.thread], timestamp: match[groups.timestamp])
    }

    static func decimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}

/// The formats tracecheck reads, by name. More arrive with the formats issue.
public enum CaptureFormats {
    public static let all: [any CaptureFormat] = [XcodeConsoleFormat()]

    public static func named(_ name: String) -> (any CaptureFormat)? {
        all.first { $0.name == name }
    }
}
