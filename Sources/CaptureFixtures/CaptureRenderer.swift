/// One line of a lifecycle story: what a process logged, and when (seconds from the start).
public struct StoryLine: Sendable, Hashable {
    public var offset: Double
    public var process: String
    public var pid: Int
    public var thread: Int
    /// The library that logged it (`Foundation` for NSLog, `UIKitCore` for UIKit's own lines).
    public var image: String
    public var message: String
    /// Printed with `print`, not NSLog: the Xcode console shows the message alone.
    public var bare = false

    public init(_ offset: Double, _ message: String, process: String = "Fieldnotes", pid: Int = 4817,
                thread: Int = 2_863_604, image: String = "Foundation") {
        self.offset = offset
        self.process = process
        self.pid = pid
        self.thread = thread
        self.image = image
        self.message = message
    }
}

/// Writes a story as each capture tool would have printed it, so that one story can be
/// checked in every format (tests) and large captures can be generated (benchmarks).
public enum CaptureRenderer {
    /// Format names, as `tracecheck formats` lists them, that a story can be written in.
    public static let formats = [
        "xcode-console", "log-default", "log-compact", "log-syslog", "log-json", "log-ndjson",
        "idevicesyslog", "pymobiledevice3", "console-app", "plain",
    ]

    /// 2026-04-02 10:15:03 +0200, the story's time zero.
    static let start = (date: "2026-04-02", month: "Apr  2", hour: 10, minute: 15, second: 3)

    public static func render(_ story: [StoryLine], as format: String) -> String {
        header(format) + body(story, as: format, continuing: false) + footer(format, count: story.count)
    }

    /// The story's records without the format's header and footer; `continuing` when
    /// records of the same capture came before (JSON separates entries with commas).
    public static func body(_ story: [StoryLine], as format: String, continuing: Bool) -> String {
        var out = ""
        for (index, line) in story.enumerated() {
            out += self.line(line, as: format, first: index == 0 && !continuing)
        }
        return out
    }

    public static func header(_ format: String) -> String {
        switch format {
        case "log-default":
            "Filtering the log data using \"process == \\\"Fieldnotes\\\"\"\n"
                + "Timestamp                       Thread     Type        Activity             PID    TTL  \n"
        case "log-compact": "Filtering the log data using \"process == \\\"Fieldnotes\\\"\"\nTimestamp               Ty Process[PID:TID]\n"
        case "log-syslog": "Timestamp                       (process)[PID]    \n"
        case "log-json": "["
        case "idevicesyslog": "[connected:00008030-001A2D3E0C41802E]\n"
        default: ""
        }
    }

    public static func footer(_ format: String, count: Int) -> String {
        switch format {
        case "log-default", "log-compact", "log-syslog": "** Processed \(count) entries, done. **\n"
        case "log-json": "\n]\n"
        case "log-ndjson": "{\"count\":\(count),\"finished\":1}\n"
        default: ""
        }
    }

    static func line(_ line: StoryLine, as format: String, first: Bool) -> String {
        let time = clock(line.offset)
        let message = line.message
        if line.bare, format == "xcode-console" { return message + "\n" }
        switch format {
        case "xcode-console":
            return "\(start.date) \(time.micro)+0200 \(line.process)[\(line.pid):\(line.thread)] \(message)\n"
        case "log-default":
            let thread = "0x" + String(line.thread, radix: 16)
            return "\(start.date) \(time.micro)+0200 \(pad(thread, 10)) Default     0x0                  \(pad(String(line.pid), 6)) 0    "
                + "\(line.process): (\(line.image)) \(message)\n"
        case "log-compact":
            return "\(start.date) \(time.milli) Df \(line.process)[\(line.pid):\(String(line.thread, radix: 16))] \(message)\n"
        case "log-syslog":
            return "\(start.date) \(time.micro)+0200  localhost \(line.process)[\(line.pid)]: (\(line.image)) \(message)\n"
        case "log-json":
            return (first ? "{\n" : ",{\n")
                + "  \"eventMessage\" : \"\(json(message))\",\n"
                + "  \"processID\" : \(line.pid),\n"
                + "  \"processImagePath\" : \"\\/private\\/var\\/containers\\/Bundle\\/Application\\/6C1D\\/\(line.process).app\\/\(line.process)\",\n"
                + "  \"senderImagePath\" : \"\\/System\\/Library\\/Frameworks\\/\(line.image).framework\\/\(line.image)\",\n"
                + "  \"threadID\" : \(line.thread),\n"
                + "  \"timestamp\" : \"\(start.date) \(time.micro)+0200\"\n"
                + "}"
        case "log-ndjson":
            return "{\"timestamp\":\"\(start.date) \(time.micro)+0200\",\"threadID\":\(line.thread),\"eventMessage\":\"\(json(message))\","
                + "\"messageType\":\"Default\",\"eventType\":\"logEvent\",\"processID\":\(line.pid),"
                + "\"processImagePath\":\"/private/var/containers/Bundle/Application/6C1D/\(line.process).app/\(line.process)\"}\n"
        case "idevicesyslog":
            return "\(start.month) \(time.micro) \(line.process)(\(line.image))[\(line.pid)] <Notice>: \(message)\n"
        case "pymobiledevice3":
            return "\(start.date) \(time.micro) \(line.process){\(line.image)}[\(line.pid)] <NOTICE>: \(message)\n"
        case "console-app":
            return "default\t\(time.micro)+0200\t\(line.process)\t\(message)\n"
        default:
            return message + "\n"
        }
    }

    static func clock(_ offset: Double) -> (micro: String, milli: String) {
        let micros = Int((offset * 1_000_000).rounded())
        let total = start.hour * 3600 + start.minute * 60 + start.second + micros / 1_000_000
        let fraction = micros % 1_000_000
        let hms = "\(two(total / 3600 % 24)):\(two(total / 60 % 60)):\(two(total % 60))"
        let six = String(fraction + 1_000_000).dropFirst()
        return (hms + "." + six, hms + "." + six.prefix(3))
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func json(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16) } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
