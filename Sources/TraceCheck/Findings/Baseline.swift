import Foundation

/// Findings a team has accepted for now (`--write-baseline`), hidden from later runs
/// (`--baseline`). Entries are keyed by rule, file name and the message with pointers,
/// UUIDs, numbers and times masked, so a re-capture of the same run matches.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Hashable {
        public let rule: String
        public let file: String
        public let message: String
        /// How many findings with this key are accepted.
        public var count: Int
    }

    public var version = 1
    public var entries: [Entry]

    public init(findings: [Finding]) {
        var counts: [Key: Int] = [:]
        for finding in findings { counts[Key(finding), default: 0] += 1 }
        entries = counts.map { Entry(rule: $0.key.rule, file: $0.key.file, message: $0.key.message, count: $0.value) }
            .sorted { ($0.file, $0.rule, $0.message) < ($1.file, $1.rule, $1.message) }
    }

    struct Key: Hashable {
        let rule: String
        let file: String
        let message: String

        init(_ finding: Finding) {
            rule = finding.rule
            file = URL(fileURLWithPath: finding.path).lastPathComponent
            message = Baseline.normalised(finding.message)
        }

        init(_ entry: Entry) {
            rule = entry.rule
            file = entry.file
            message = entry.message
        }
    }

    /// The message without what changes between captures of the same run.
    public static func normalised(_ message: String) -> String {
        var text = message
        let masks: [(pattern: String, replacement: String)] = [
            ("[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}|[0-9A-Fa-f]{8}…", "<uuid>"),
            ("0x[0-9A-Fa-f]+", "0x…"),
            ("[0-9]+(\\.[0-9]+)?", "#"),
        ]
        for mask in masks {
            text = text.replacingOccurrences(of: mask.pattern, with: mask.replacement, options: .regularExpression)
        }
        return text
    }

    /// The most findings one entry may accept: far more than a capture holds, and small
    /// enough that the counts of every entry of a key add up without overflowing.
    public static let maximumCount = 1_000_000_000

    /// Why a file is not a baseline this version can use.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a baseline written by `--write-baseline`, checking what the decoder does not:
    /// the version, and counts from 1 to `maximumCount`.
    public static func read(_ data: Data) throws(ReadError) -> Baseline {
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw ReadError(description: Self.describe(context, "the file is not JSON"))
        } catch let DecodingError.keyNotFound(key, context) {
            throw ReadError(description: Self.describe(context, "'\(key.stringValue)' is missing"))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ReadError(description: Self.describe(context, "the value has the wrong type"))
        } catch {
            throw ReadError(description: "\(error)")
        }
        guard baseline.version == 1 else {
            throw ReadError(description: "version \(baseline.version) is not one this tracecheck reads (1)")
        }
        for (index, entry) in baseline.entries.enumerated() where !(1...maximumCount).contains(entry.count) {
            throw ReadError(description: "entries[\(index)].count: \(entry.count) is not a count from 1 to \(maximumCount)")
        }
        return baseline
    }

    private static func describe(_ context: DecodingError.Context, _ what: String) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? what : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(what)"
    }

    /// `report` with the findings this baseline accepts moved to `baselined`.
    public func filter(_ report: CaptureReport) -> CaptureReport {
        var remaining: [Key: Int] = [:]
        for entry in entries {
            // Counts are checked when read, but a baseline built in code is not: saturate.
            let (sum, overflow) = remaining[Key(entry), default: 0].addingReportingOverflow(max(0, entry.count))
            remaining[Key(entry)] = overflow ? Int.max : sum
        }
        var kept: [Finding] = []
        var hidden: [Finding] = []
        for finding in report.findings {
            let key = Key(finding)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                hidden.append(finding)
            } else {
                kept.append(finding)
            }
        }
        return report.replacingFindings(kept, baselined: hidden)
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}

extension CaptureReport {
    func replacingFindings(_ findings: [Finding], baselined: [Finding]) -> CaptureReport {
        var report = CaptureReport(scan: scan, timeline: timeline, findings: findings, inconclusive: inconclusive, rules: rules, health: health,
                                   eventCount: eventCount)
        report.baselined = self.baselined + baselined
        return report
    }
}
