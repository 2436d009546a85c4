import Foundation

/// Findings a team has accepted for now (`--write-baseline`), hidden from later runs
/// (`--baseline`). An entry is keyed by rule, process and the message with pointers, UUIDs,
/// numbers and times masked, so a re-capture of the same run matches whatever its file is
/// called (`run-0915.log`, then `run-0916.log`). The file name is a key only when the
/// baseline was written with it (`--baseline-by-file`), and in version 1 files, which always
/// had it.
package struct Baseline: Codable, Sendable, Equatable {
    package struct Entry: Codable, Sendable, Hashable {
        package let rule: String
        /// The process's name without its pid (`Fieldnotes`); nil: any process.
        package var process: String?
        /// The capture's file name; nil: any capture.
        package var file: String?
        package let message: String
        /// How many findings with this key are accepted.
        package var count: Int
    }

    package var version = 2
    package var entries: [Entry]

    /// A baseline accepting `findings`; `byFile` keys each entry by its capture's file name too.
    package init(findings: [Finding], byFile: Bool = false) {
        var counts: [Key: Int] = [:]
        for finding in findings { counts[Key(finding, byFile: byFile), default: 0] += 1 }
        entries = counts.map { Entry(rule: $0.key.rule, process: $0.key.process, file: $0.key.file, message: $0.key.message, count: $0.value) }
            .sorted { ($0.file ?? "", $0.rule, $0.process ?? "", $0.message) < ($1.file ?? "", $1.rule, $1.process ?? "", $1.message) }
    }

    struct Key: Hashable {
        let rule: String
        let process: String?
        let file: String?
        let message: String

        init(_ finding: Finding, byFile: Bool) {
            rule = finding.rule
            process = finding.process.map(Baseline.processName)
            file = byFile ? URL(fileURLWithPath: finding.path).lastPathComponent : nil
            message = Baseline.normalised(finding.message)
        }

        init(_ entry: Entry) {
            rule = entry.rule
            process = entry.process
            file = entry.file
            message = entry.message
        }

        /// Whether this entry's key accepts `finding` (keys it leaves out match anything).
        func accepts(_ finding: Finding, process findingProcess: String?, file findingFile: String) -> Bool {
            (process == nil || process == findingProcess) && (file == nil || file == findingFile)
        }
    }

    /// A process label without what changes between captures: `Fieldnotes[4817]` is
    /// `Fieldnotes`; `pid 4817` and `process #2` keep their shape with the number masked.
    static func processName(_ label: String) -> String {
        if let open = label.lastIndex(of: "["), label.hasSuffix("]"), open > label.startIndex { return String(label[..<open]) }
        return normalised(label)
    }

    /// The message without what changes between captures of the same run.
    package static func normalised(_ message: String) -> String {
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
    package static let maximumCount = 1_000_000_000

    /// Why a file is not a baseline this version can use, and where in it (`line:column`)
    /// when that can be told.
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        package let description: String
        /// `line:column` of the offending value, or nil.
        package let position: String?
    }

    /// Reads a baseline written by `--write-baseline`, checking what the decoder does not:
    /// the version, and counts from 1 to `maximumCount`.
    package static func read(_ data: Data) throws(ReadError) -> Baseline {
        let text = [UInt8](data)
        func failure(_ what: String, at path: [CodingKey]) -> ReadError {
            let components = path.map { $0.intValue.map(JSONPosition.PathComponent.index) ?? .key($0.stringValue) }
            return ReadError(description: describe(path, what), position: JSONPosition.of(path: components, in: text)?.description)
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            if let position = JSONPosition.ofSyntaxError(in: text) {
                throw ReadError(description: "the file is not JSON", position: position.description)
            }
            throw failure("the value is not one a baseline can hold", at: context.codingPath)
        } catch let DecodingError.keyNotFound(key, context) {
            throw failure("'\(key.stringValue)' is missing", at: context.codingPath)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw failure("the value has the wrong type", at: context.codingPath)
        } catch {
            throw ReadError(description: "\(error)", position: nil)
        }
        guard (1...2).contains(baseline.version) else {
            throw failure("version \(baseline.version) is not one this tracecheck reads (1 or 2)", at: [Field("version")])
        }
        for (index, entry) in baseline.entries.enumerated() where !(1...maximumCount).contains(entry.count) {
            throw failure("\(entry.count) is not a count from 1 to \(maximumCount)", at: [Field("entries"), Field(index), Field("count")])
        }
        return baseline
    }

    /// A coding path component for a value the checks after decoding point at.
    private struct Field: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(_ name: String) { stringValue = name; intValue = nil }
        init(_ index: Int) { stringValue = String(index); intValue = index }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(intValue) }
    }

    private static func describe(_ codingPath: [CodingKey], _ what: String) -> String {
        let path = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? what : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(what)"
    }

    /// `report` with the findings this baseline accepts moved to `baselined`. A finding is
    /// matched against the entries of its rule and message, the most specific first (file and
    /// process, then process, then any), each entry accepting up to its count.
    package func filter(_ report: CaptureReport) -> CaptureReport {
        var remaining: [Key: Int] = [:]
        var byRuleAndMessage: [String: [Key]] = [:]
        for entry in entries {
            let key = Key(entry)
            // Counts are checked when read, but a baseline built in code is not: saturate.
            let (sum, overflow) = remaining[key, default: 0].addingReportingOverflow(max(0, entry.count))
            if remaining[key] == nil { byRuleAndMessage[key.rule + "\u{1F}" + key.message, default: []].append(key) }
            remaining[key] = overflow ? Int.max : sum
        }
        for keys in byRuleAndMessage.keys {
            byRuleAndMessage[keys]?.sort { ($0.file == nil ? 1 : 0, $0.process == nil ? 1 : 0) < ($1.file == nil ? 1 : 0, $1.process == nil ? 1 : 0) }
        }
        var kept: [Finding] = []
        var hidden: [Finding] = []
        for finding in report.findings {
            let process = finding.process.map(Self.processName)
            let file = URL(fileURLWithPath: finding.path).lastPathComponent
            let candidates = byRuleAndMessage[finding.rule + "\u{1F}" + Self.normalised(finding.message)] ?? []
            if let key = candidates.first(where: { $0.accepts(finding, process: process, file: file) && remaining[$0, default: 0] > 0 }) {
                remaining[key, default: 1] -= 1
                hidden.append(finding)
            } else {
                kept.append(finding)
            }
        }
        return report.replacingFindings(kept, baselined: hidden)
    }

    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}

extension CaptureReport {
    func replacingFindings(_ findings: [Finding], baselined: [Finding]) -> CaptureReport {
        var report = self
        report.findings = findings
        report.baselined += baselined
        return report
    }
}

extension Finding {
    /// A hash of what identifies the finding across re-captures of the same run: its rule,
    /// its process's name and its message with pointers, UUIDs, numbers and times masked (the
    /// key a baseline uses). SARIF's `partialFingerprints` and GitLab's fingerprints.
    package var fingerprint: String {
        StableHash.hex([rule, process.map(Baseline.processName) ?? "", Baseline.normalised(message)].joined(separator: "\u{1F}"))
    }
}
