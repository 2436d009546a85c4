/// What makes one capture weaker evidence: problems with the recording, not with the app.
/// Findings whose verdict depends on a weak spot are reported as inconclusive.
public struct HealthIssue: Hashable, Sendable, Encodable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A timestamp earlier than the record before it: the line order may not be the order of events.
        case outOfOrderTimestamps = "out_of_order_timestamps"
        /// `<private>` in place of a logged value: identity or text is lost.
        case redacted
        /// The first lines continue a record the copy does not contain.
        case startsMidRecord = "starts_mid_record"
        /// The first lifecycle event of a process is not its launch.
        case startsMidSession = "starts_mid_session"
        /// The last lifecycle event begins a transition the capture does not show the end of.
        case endsMidTransition = "ends_mid_transition"
        /// A process name comes back with a new pid and no launch callbacks.
        case processRestartWithoutLaunch = "process_restart_without_launch"
        /// Lines are missing (device disconnected) or were collapsed (`last message repeated`).
        case droppedLines = "dropped_lines"
        /// The same row twice in a row (a Console.app selection copied twice).
        case doubledRows = "doubled_rows"
        /// A harness prefix on every line, stripped before reading.
        case decorated
        /// Lines without the harness prefix: the harness's own output, read as bare lines.
        case harnessLines = "harness_lines"
        /// Lines that start like a record of the format but do not parse.
        case unparsedRecords = "unparsed_records"
        /// JSON entries that could not be read.
        case malformedEntries = "malformed_entries"
        /// Records in a second format mixed into the capture.
        case mixedFormats = "mixed_formats"
        /// A configured event pattern used up its time on this capture and was switched off:
        /// the lines after it were not searched for its event.
        case patternSwitchedOff = "pattern_switched_off"
        /// Lines that name a lifecycle callback or a UIKit message but were read as no event.
        case nearMisses = "near_misses"
        /// Compressed data damaged or cut short: what came before is read, the rest is lost.
        case truncated
        /// Reading was stopped (Ctrl-C, SIGTERM) before the input ended.
        case interrupted
        /// A process of which only UIKit's account was read: what the app's own callbacks
        /// alone show (launch, scene connections, discards, termination) is not in the capture.
        case uikitAccountOnly = "uikit_account_only"
    }

    public let kind: Kind
    /// The first line concerned, when there is one.
    public let line: Int?
    public let count: Int
    public let message: String
    /// Where the weakness sits; a finding whose evidence reaches into one is inconclusive.
    package let weakRanges: [ClosedRange<Int>]

    package init(_ kind: Kind, line: Int?, count: Int = 1, message: String, weakRanges: [ClosedRange<Int>] = []) {
        self.kind = kind
        self.line = line
        self.count = count
        self.message = message
        self.weakRanges = weakRanges
    }

    enum CodingKeys: String, CodingKey { case kind, line, count, message }
}

/// The lines that show one health fact: how many, and the first few. A capture of several GB
/// may show a fact on every line (a selection copied twice doubles every row); the tally stays
/// the same size however many it counts.
package struct LineTally: Sendable, Equatable {
    /// Enough to show where the fact begins and to judge the findings near it: the checks that
    /// read these lines (`TimelineHealth.weakness`) only need the first.
    static let keptLines = 16

    package private(set) var count = 0
    /// The first `keptLines` lines, in order.
    package private(set) var firstLines: [Int] = []

    package init() {}

    /// `count` lines that are the consecutive lines from `first` on.
    init(consecutiveFrom first: Int, count: Int) {
        self.count = max(0, count)
        firstLines = Array(first..<(first + min(self.count, Self.keptLines)))
    }

    package var first: Int? { firstLines.first }
    package var isEmpty: Bool { count == 0 }

    mutating func add(_ line: Int) {
        count += 1
        if firstLines.count < Self.keptLines { firstLines.append(line) }
    }

    /// Adds the lines of `later`, all of which come after these.
    mutating func add(_ later: LineTally) {
        count += later.count
        firstLines += later.firstLines.prefix(Self.keptLines - firstLines.count)
    }

    /// Numbers the lines as `lines` more lines before them would (`ScanSession.shiftLines`).
    mutating func shiftLines(by lines: Int) {
        for index in firstLines.indices { firstLines[index] += lines }
    }
}
