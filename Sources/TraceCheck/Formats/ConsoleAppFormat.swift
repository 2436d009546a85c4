#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A copy of selected rows from Console.app (docs/formats.md): the visible columns in their
/// on-screen order, separated by tabs, no header, time without date. The column layout
/// is learned from the capture's first rows; a message holding tabs keeps them, and a
/// line without the columns continues the message before it.
package struct ConsoleAppFormat: CaptureFormat {
    package let name = "console-app"
    package let summary = "Console.app copy: tab-separated visible columns (type, time, process, message, …) in any order"
    package let unprefixedLines = UnprefixedLines.continuations

    package init() {}

    package var samples: [FormatSample] {
        [
            FormatSample("default\t18:38:11.129512+0800\thootowl\tApp transitioned to foreground, resuming HangTracing.",
                         message: "App transitioned to foreground, resuming HangTracing.", process: "hootowl"),
            FormatSample("error\t18:38:11.146089+0800\thootowl\t138\tassessFences(l2d:)\tno fences are availabe",
                         message: "138\tassessFences(l2d:)\tno fences are availabe", process: "hootowl"),
            FormatSample("default\t16:13:40.078648 +0100\tSpringBoard\t[casa.capo.mynimx] Sending scene action [Logical Activate] through WorkspaceServer: 0x6000009b79d0",
                         message: "[casa.capo.mynimx] Sending scene action [Logical Activate] through WorkspaceServer: 0x6000009b79d0",
                         process: "SpringBoard"),
            FormatSample("default\t09:14:02.118276+0100\tFieldnotes\t-[SceneDelegate sceneDidBecomeActive:]",
                         message: "-[SceneDelegate sceneDidBecomeActive:]", process: "Fieldnotes"),
        ]
    }

    package func makeReader(firstLines: [[UInt8]]) -> any RecordReader {
        ConsoleAppReader(layout: ConsoleAppLayout(learningFrom: firstLines))
    }
}

/// Which column holds what, learned from the rows of one copy.
struct ConsoleAppLayout: Equatable, Sendable {
    var columns: Int
    var time: Int
    var type: Int?
    var pid: Int?
    var process: Int?
    var message: Int

    /// Four columns `type time process message`: Console.app's default and the most common copy.
    static let standard = ConsoleAppLayout(columns: 4, time: 1, type: 0, pid: nil, process: 2, message: 3)

    static let types: Set<String> = ["default", "info", "debug", "error", "fault", "notice", "activity", "signpost"]

    init(columns: Int, time: Int, type: Int?, pid: Int?, process: Int?, message: Int) {
        self.columns = columns
        self.time = time
        self.type = type
        self.pid = pid
        self.process = process
        self.message = message
    }

    /// Column roles by content: the time column by its clock, the type column by its words,
    /// a pid column by its digits, the message as the longest of the rest; the process is
    /// the last column when the message is not, else the first free column after the time.
    init(learningFrom lines: [[UInt8]]) {
        var rows: [[String]] = []
        for line in lines {
            // Three fields need two tabs: a line without them is passed before it is cut into
            // strings (every check learns a layout from its first lines, Console.app's or not).
            guard let tab = line.firstIndex(of: 9), line[(tab + 1)...].contains(9) else { continue }
            let fields = line.split(separator: 9, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count >= 3, fields.contains(where: ConsoleAppLayout.isTime) else { continue }
            rows.append(fields)
        }
        var countFrequency: [Int: Int] = [:]
        for row in rows { countFrequency[row.count, default: 0] += 1 }
        guard let columns = countFrequency.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else {
            self = .standard
            return
        }
        let sample = rows.filter { $0.count == columns }
        func share(_ column: Int, _ test: (String) -> Bool) -> Double {
            Double(sample.filter { test($0[column]) }.count) / Double(max(1, sample.count))
        }
        let indices = Array(0..<columns)
        guard let time = indices.max(by: { share($0, Self.isTime) < share($1, Self.isTime) }) else {
            self = .standard
            return
        }
        let type = indices.first { $0 != time && share($0, { Self.types.contains($0) }) > 0.8 }
        let pid = indices.first { $0 != time && $0 != type && share($0, { !$0.isEmpty && $0.allSatisfy(\.isNumber) }) > 0.8 }
        let free = indices.filter { ![time, type, pid].contains($0) }
        let meanLength: (Int) -> Double = { column in
            Double(sample.map { $0[column].utf8.count }.reduce(0, +)) / Double(max(1, sample.count))
        }
        let message = free.max { meanLength($0) < meanLength($1) } ?? columns - 1
        let looksLikeSubsystem: (String) -> Bool = { $0.isEmpty || ($0.contains(".") && !$0.contains(" ")) }
        let candidates = free.filter { $0 != message && share($0, looksLikeSubsystem) < 0.8 }
        let process: Int?
        if let last = candidates.last, last == columns - 1 {
            process = last
        } else {
            process = candidates.first { $0 > time } ?? candidates.first
        }
        self.init(columns: columns, time: time, type: type, pid: pid, process: process, message: message)
    }

    /// `18:38:11.129512+0800`, `16:13:40.069955 +0100`, with or without a date before it.
    static func isTime(_ field: String) -> Bool {
        Array(field.utf8).withUnsafeBytes(Bytes.isClockField)
    }
}

final class ConsoleAppReader: RecordReader {
    let layout: ConsoleAppLayout
    private var tabs: [Int] = []

    init(layout: ConsoleAppLayout) { self.layout = layout }

    func read(_ line: UnsafeRawBufferPointer, number: Int, using matcher: PCRE2Matcher,
              emit: (Record) -> Void) -> LineKind {
        guard let fields = fields(of: line) else { return .unprefixed }
        emit(Record(number: number, bytes: line, fields: fields))
        return .record
    }

    /// Columns are tab-separated: a line without a tab is no record (`fields(of:)` looks first).
    var recordGate: LineGate? { LineGate(firstBytes: ByteSet(), orTab: true) }

    func looksLikeRecord(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let tab = line.firstIndex(of: 9) else { return false }
        return tab < 24 && (Bytes.isClock(line, at: 0) || Bytes.isClock(line, at: tab + 1))
    }

    private func fields(of line: UnsafeRawBufferPointer) -> RecordFields? {
        // Tried on every line another format's reader does not take (a print line in an
        // Xcode console): one vectorised search rules out the lines with no tab at all.
        guard let base = line.baseAddress, memchr(base, 9, line.count) != nil else { return nil }
        tabs.removeAll(keepingCapacity: true)
        for index in line.indices where line[index] == 9 { tabs.append(index) }
        guard tabs.count >= layout.columns - 1 else { return nil }
        // Tabs inside the message: columns before it count from the left, after it from the right.
        let surplus = tabs.count - (layout.columns - 1)
        func range(_ column: Int) -> Range<Int> {
            let first = column <= layout.message ? column : column + surplus
            let last = column < layout.message ? column : column + surplus
            let start = first == 0 ? 0 : tabs[first - 1] + 1
            let end = last == tabs.count ? line.count : tabs[last]
            return start..<max(start, end)
        }
        let time = range(layout.time)
        guard Bytes.isClockField(UnsafeRawBufferPointer(rebasing: line[time])) else { return nil }
        if let type = layout.type {
            let word = range(type)
            guard !word.isEmpty, word.count <= 8, line[word.lowerBound] >= 97 else { return nil }
        }
        return RecordFields(message: range(layout.message), pid: layout.pid.flatMap { Bytes.decimal(line, range($0)) },
                            process: layout.process.map(range), thread: nil, timestamp: time)
    }
}
