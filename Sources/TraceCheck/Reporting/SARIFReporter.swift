import Foundation

/// `--format sarif`: SARIF 2.1.0. The rules come from the registry (id, name, rationale,
/// help with the examples, default level); each result points at the capture and line, with
/// the evidence lines as related locations. Withheld (inconclusive) findings are `note`
/// results marked `inconclusive`. Valid against the OASIS schema (a test checks).
package struct SARIFReporter: Reporter {
    /// What artifact URIs are relative to: `%SRCROOT%`, the path base, else the working directory.
    package var paths: PathBase

    package init(paths: PathBase = .asGiven) { self.paths = paths }

    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: ArtifactLocation]
        let invocations: [Invocation]
        let artifacts: [Artifact]
        let results: [Result]
        let columnKind = "unicodeCodePoints"
    }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name = "tracecheck"
        let informationUri = TraceCheckVersion.repository
        let version = TraceCheckVersion.current
        let semanticVersion = TraceCheckVersion.current
        let rules: [RuleMetadata]
    }
    struct Message: Encodable {
        let text: String
        var markdown: String?
    }
    struct RuleMetadata: Encodable {
        let id: String, name: String
        let shortDescription: Message, fullDescription: Message, help: Message
        let helpUri: String?
        let defaultConfiguration: Configuration
        let properties: RuleProperties
    }
    struct Configuration: Encodable { let level: String }
    struct RuleProperties: Encodable { let spec: String, family: String, tags: [String] }
    struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]
    }
    struct Notification: Encodable {
        let level: String
        let message: Message
        let locations: [Location]
    }
    struct Artifact: Encodable {
        let location: ArtifactLocation
        let properties: ArtifactProperties
    }
    struct ArtifactProperties: Encodable { let format: String, health: [HealthIssue] }
    struct ArtifactLocation: Encodable {
        let uri: String
        var uriBaseId: String?
        var index: Int?
    }
    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
        var id: Int?
        var message: Message?
    }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        var region: Region?
    }
    struct Region: Encodable {
        let startLine: Int
        let snippet: Message
    }
    struct Result: Encodable {
        let ruleId: String, ruleIndex: Int, level: String
        let message: Message
        let locations: [Location]
        let relatedLocations: [Location]
        let partialFingerprints: [String: String]
        let properties: ResultProperties
    }
    struct ResultProperties: Encodable {
        let scene: String?, process: String?
        let inconclusive: String?
    }

    package func render(_ result: RunResult) -> String {
        let rules = result.rules
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var results: [Result] = []
        for (artifact, report) in result.reports.enumerated() {
            for reported in ReportedFinding.all(in: report) {
                let finding = reported.finding
                var location = self.location(finding.path)
                location.index = artifact
                let related = finding.evidence.filter { $0.line != finding.line }.enumerated().map { offset, evidence in
                    Location(physicalLocation: PhysicalLocation(artifactLocation: location, region: Self.region(evidence)),
                             id: offset + 1, message: Message(text: evidence.source == "app" ? evidence.event : "\(evidence.event) [\(evidence.source)]"))
                }
                let snippet = finding.evidence.first { $0.line == finding.line }
                results.append(Result(
                    ruleId: finding.rule, ruleIndex: ruleIndex[finding.rule] ?? -1,
                    level: reported.inconclusive == nil ? Self.level(finding.severity) : "note",
                    message: Message(text: finding.message),
                    locations: [Location(physicalLocation: PhysicalLocation(
                        artifactLocation: location,
                        region: Region(startLine: finding.line, snippet: Message(text: snippet?.text ?? ""))))],
                    relatedLocations: related,
                    partialFingerprints: [Self.fingerprintKey: finding.fingerprint],
                    properties: ResultProperties(scene: finding.scene, process: finding.process, inconclusive: reported.inconclusive)))
            }
        }
        let notifications = result.unreadable.map { error in
            Notification(level: "error", message: Message(text: error.description),
                         locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: location(error.source)))])
        }
        let run = Run(
            tool: Tool(driver: Driver(rules: rules.map(Self.metadata))),
            originalUriBaseIds: [Self.sourceRoot: ArtifactLocation(uri: "file://" + Self.uri(base.hasSuffix("/") ? base : base + "/"))],
            invocations: [Invocation(executionSuccessful: result.unreadable.isEmpty, toolExecutionNotifications: notifications)],
            artifacts: result.reports.map { report in
                Artifact(location: location(report.path),
                         properties: ArtifactProperties(format: report.scan.format, health: report.health))
            },
            results: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Log(runs: [run])) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func metadata(_ rule: RuleDescription) -> RuleMetadata {
        RuleMetadata(
            id: rule.id, name: rule.name,
            shortDescription: Message(text: rule.name), fullDescription: Message(text: rule.rationale),
            help: Message(text: RuleHelp.explanation(of: rule), markdown: RuleHelp.markdown(of: rule)),
            helpUri: RuleHelp.helpURI(of: rule),
            defaultConfiguration: Configuration(level: level(rule.severity)),
            properties: RuleProperties(spec: rule.spec, family: rule.family.rawValue, tags: ["lifecycle", rule.family.rawValue]))
    }

    /// The base id of relative artifact URIs, as GitHub code scanning and most viewers expect it.
    static let sourceRoot = "SRCROOT"
    /// The partial fingerprint's name: version 2 is stable across re-captures (see `Finding.fingerprint`).
    static let fingerprintKey = "tracecheck/v2"

    /// The directory `%SRCROOT%` stands for.
    private var base: String { paths.directory ?? paths.workingDirectory }

    /// A path inside the base as a URI relative to `%SRCROOT%`; one outside it as an absolute
    /// `file:` URI; standard input as its name.
    private func location(_ path: String) -> ArtifactLocation {
        if let inside = PathBase.relative(path, to: base, from: paths.workingDirectory) {
            return ArtifactLocation(uri: Self.uri(inside), uriBaseId: Self.sourceRoot)
        }
        if path.hasPrefix("<") { return ArtifactLocation(uri: Self.uri(path)) }
        return ArtifactLocation(uri: "file://" + Self.uri(PathBase.absolute(path, from: paths.workingDirectory)))
    }

    private static func region(_ evidence: Evidence) -> Region {
        Region(startLine: evidence.line, snippet: Message(text: evidence.text))
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative URI reference for a path as given: what is not unreserved or `/` is
    /// percent-encoded, so `my capture.log` and `<stdin>` stay valid references.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
