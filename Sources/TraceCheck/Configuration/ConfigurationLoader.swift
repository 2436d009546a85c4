import Foundation
import Yams

/// Reads `.tracecheck.yml` into a `Configuration`, reporting every problem with its line.
/// Patterns are compiled, event samples and rule examples are run: a configuration that
/// loads is one whose own tests pass.
package enum ConfigurationLoader {
    package static let fileName = ".tracecheck.yml"

    /// `.tracecheck.yml` in `directory` (absolute, or from the current directory) or the
    /// nearest of its parents that has one (anything there by that name, as a file's test of
    /// existence finds it). Every check looks, before its first line: with plain paths and
    /// `stat`, not URLs and the file manager, which took a quarter of a millisecond.
    package static func find(from directory: String) -> String? {
        var absolute = directory
        if !absolute.hasPrefix("/") {
            guard let current = currentDirectory() else { return nil }
            absolute = current + "/" + absolute
        }
        // In bytes, by hand: `split` and `joined` ran unspecialised, over a string's
        // substrings or an array's slices alike, and asked the runtime for their witness
        // tables at every start (0.2 ms of it).
        let slash = UInt8(ascii: "/")
        let bytes = Array(absolute.utf8)
        var components: [ArraySlice<UInt8>] = []
        var start = 0
        for end in bytes.indices where bytes[end] == slash || end == bytes.count - 1 {
            let component = bytes[start..<(bytes[end] == slash ? end : end + 1)]
            start = end + 1
            if component.isEmpty || component.elementsEqual(Self.here) { continue }
            if component.elementsEqual(Self.up) {
                _ = components.popLast()
            } else {
                components.append(component)
            }
        }
        while true {
            var path: [UInt8] = []
            for component in components + [Self.fileNameBytes[...]] {
                path.append(slash)
                path += component
            }
            let candidate = String(decoding: path, as: UTF8.self)
            var status = stat()
            if stat(candidate, &status) == 0 { return candidate }
            guard components.popLast() != nil else { return nil }
        }
    }

    private static let here = Array(".".utf8)
    private static let up = Array("..".utf8)
    private static let fileNameBytes = Array(fileName.utf8)

    /// The current directory's absolute path; nil where it cannot be had.
    private static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    package static func load(path: String) throws(ConfigurationErrors) -> Configuration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigurationErrors([ConfigurationProblem(path: path, line: nil, message: "no such file")])
        }
        guard !isDirectory.boolValue else {
            throw ConfigurationErrors([ConfigurationProblem(path: path, line: nil, message: "is a directory, not a configuration file")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationErrors([ConfigurationProblem(path: path, line: nil, message: "cannot be read")])
        }
        guard let yaml = String(data: data, encoding: .utf8) else {
            throw ConfigurationErrors([ConfigurationProblem(path: path, line: nil, message: "is not UTF-8 text")])
        }
        return try load(yaml: yaml, path: path)
    }

    package static func load(yaml: String, path: String) throws(ConfigurationErrors) -> Configuration {
        var reader = ConfigurationReader(path: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ConfigurationErrors([reader.problem(from: error)])
        } catch {
            throw ConfigurationErrors([ConfigurationProblem(path: path, line: nil, message: "not valid YAML: \(error)")])
        }
        let configuration = reader.read(root)
        guard reader.problems.isEmpty else { throw ConfigurationErrors(reader.problems) }
        return configuration
    }
}

/// Every problem of one configuration file, in line order.
package struct ConfigurationErrors: Error, Sendable, CustomStringConvertible {
    package let problems: [ConfigurationProblem]

    init(_ problems: [ConfigurationProblem]) {
        self.problems = problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
    }

    package var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Walks the YAML tree, collecting problems instead of stopping at the first.
struct ConfigurationReader {
    let path: String
    var problems: [ConfigurationProblem] = []

    static let topLevelKeys = [
        "disabled_rules", "opt_in_rules", "only_rules", "severity", "lifecycle", "supports_multiple_scenes",
        "app_processes", "forwarding_window", "prewarm_gap", "pattern_budget", "delegate_configurations", "events", "rules",
    ]
    static let eventKeys = ["name", "pattern", "samples"]
    static let ruleKeys = ["id", "pattern", "cause", "effect", "event", "count", "scope", "within", "severity", "message", "examples"]

    init(path: String) { self.path = path }

    mutating func problem(_ node: Node?, _ message: String) {
        problems.append(ConfigurationProblem(path: path, line: node?.mark?.line, column: node?.mark?.column, message: message))
    }

    func problem(from error: YamlError) -> ConfigurationProblem {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ConfigurationProblem(path: path, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)")
        default:
            return ConfigurationProblem(path: path, line: nil, message: "not valid YAML: \(error)")
        }
    }

    // MARK: Top level

    mutating func read(_ root: Node?) -> Configuration {
        var configuration = Configuration()
        configuration.path = path
        guard let root else { return configuration }
        guard let entries = mapping(root, keys: Self.topLevelKeys, what: "the configuration") else { return configuration }
        if let node = entries["events"] { configuration.events = readEvents(node) }
        let events = EventCatalog.knownIDs.union(configuration.events.map(\.event))
        if let node = entries["rules"] { configuration.rules = readRules(node, events: events) }
        let known = Set(RuleRegistry.all.map { $0.description.id }).union(configuration.rules.map(\.id))
        if let node = entries["disabled_rules"] { configuration.disabledRules = ruleList(node, known: known) }
        if let node = entries["opt_in_rules"] { configuration.optInRules = ruleList(node, known: known) }
        if let node = entries["only_rules"] { configuration.onlyRules = ruleList(node, known: known) }
        if let node = entries["severity"], let severities = mapping(node, keys: nil, what: "severity") {
            for (key, value) in severities.ordered {
                guard known.contains(key.name) else {
                    problem(key.node, "unknown rule '\(key.name)'\(Self.suggestion(for: key.name, in: known))")
                    continue
                }
                if let severity = severity(value) { configuration.severities[key.name] = severity }
            }
        }
        if let node = entries["lifecycle"] {
            switch node.string {
            case "scene": configuration.lifecycle = .scene
            case "legacy": configuration.lifecycle = .legacy
            case "auto": configuration.lifecycle = nil
            default: problem(node, "lifecycle is scene, legacy or auto")
            }
        }
        if let node = entries["supports_multiple_scenes"] {
            if let value = boolean(node) { configuration.facts.supportsMultipleScenes = value } else {
                problem(node, "supports_multiple_scenes is true or false (Info.plist UIApplicationSupportsMultipleScenes)")
            }
        }
        if let node = entries["app_processes"] { configuration.appProcesses = strings(node, what: "app_processes") }
        if let node = entries["forwarding_window"] { configuration.forwardingWindow = duration(node) }
        if let node = entries["prewarm_gap"], let gap = duration(node) { configuration.facts.prewarmGap = gap }
        if let node = entries["pattern_budget"], let budget = duration(node) { configuration.patternBudget = budget }
        if let node = entries["delegate_configurations"], let classes = mapping(node, keys: nil, what: "delegate_configurations") {
            for (key, value) in classes.ordered {
                guard let name = value.string, !name.isEmpty else {
                    problem(value, "the configuration name of \(key.name) is a string (its UISceneConfigurationName)")
                    continue
                }
                configuration.facts.delegateConfigurations[key.name] = name
            }
        }
        return configuration
    }

    // MARK: Events

    mutating func readEvents(_ node: Node) -> [UserSpelling] {
        guard case .sequence(let items) = node else {
            problem(node, "events is a list of {name, pattern, samples}")
            return []
        }
        var spellings: [UserSpelling] = []
        for item in items {
            guard let entries = mapping(item, keys: Self.eventKeys, what: "an event") else { continue }
            guard let nameNode = entries["name"], let name = nameNode.string, !name.isEmpty else {
                problem(item, "an event needs a name: a canonical one (scene.didBecomeActive) or a new one (analytics.flush)")
                continue
            }
            let event = EventID(name)
            if !EventCatalog.knownIDs.contains(event) {
                if name.range(of: "^[a-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9_]*)+$", options: .regularExpression) == nil {
                    problem(nameNode, "event name '\(name)' is not family.name (analytics.flush)")
                    continue
                }
                if event.builtInFamily != nil {
                    problem(nameNode, "'\(name)' is not an event of the catalog; a new event needs a family of its own (analytics.flush)\(Self.suggestion(for: name, in: Set(EventCatalog.allIDs.map(\.rawValue))))")
                    continue
                }
            }
            guard let patternNode = entries["pattern"], let pattern = patternNode.string, !pattern.isEmpty else {
                problem(item, "event '\(name)' needs a pattern (PCRE2, matched against the message of each line)")
                continue
            }
            let spelling: UserSpelling
            do { spelling = try UserSpelling(event: event, pattern: pattern) } catch {
                problem(patternNode, "event '\(name)': the pattern does not compile at offset \(error.offset): \(error.message)")
                continue
            }
            let texts = entries["samples"].map { strings($0, what: "samples") } ?? []
            if texts.isEmpty {
                problem(entries["samples"] ?? item, "event '\(name)' needs samples: log lines the pattern must turn into the event")
            }
            for sampleNode in entries["samples"].map(Self.items(of:)) ?? [] {
                // Items that are not text are reported by strings(_:what:).
                guard case .scalar = sampleNode, let sample = sampleNode.string else { continue }
                if let found = Self.event(in: sample, with: spelling), found == event { continue }
                problem(sampleNode, "event '\(name)': sample does not match its pattern: \(sample)")
            }
            spellings.append(spelling)
        }
        return spellings
    }

    /// What a capture consisting of `sample` alone yields with `spelling` configured.
    static func event(in sample: String, with spelling: UserSpelling) -> EventID? {
        var options = ScanOptions()
        options.userSpellings = [spelling]
        let scan = try? CaptureScanner(options: options).scan(.text(name: "sample", contents: sample + "\n"))
        return scan?.stream.events.first?.id
    }

    // MARK: Rules

    mutating func readRules(_ node: Node, events: Set<EventID>) -> [SpecificationPatternRule] {
        guard case .sequence(let items) = node else {
            problem(node, "rules is a list of {id, pattern, cause, effect, scope, …}")
            return []
        }
        var rules: [SpecificationPatternRule] = []
        let builtIn = Set(RuleRegistry.all.map { $0.description.id })
        for item in items {
            guard let entries = mapping(item, keys: Self.ruleKeys, what: "a rule") else { continue }
            let problemsBefore = problems.count
            guard let idNode = entries["id"], let id = idNode.string,
                  id.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) != nil else {
                problem(entries["id"] ?? item, "a rule needs an id in snake_case")
                continue
            }
            if builtIn.contains(id) || rules.contains(where: { $0.id == id }) {
                problem(idNode, "rule id '\(id)' is already taken")
                continue
            }
            guard let patternNode = entries["pattern"], let pattern = patternNode.string.flatMap(SpecificationPattern.init(rawValue:)) else {
                problem(entries["pattern"] ?? item, "rule '\(id)': pattern is one of \(SpecificationPattern.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            func event(_ key: String) -> EventID? {
                guard let node = entries[key] else { return nil }
                guard let name = node.string, !name.isEmpty else {
                    problem(node, "rule '\(id)': \(key) is an event name")
                    return nil
                }
                guard events.contains(EventID(name)) else {
                    problem(node, "rule '\(id)': unknown event '\(name)'\(Self.suggestion(for: name, in: Set(events.map(\.rawValue))))")
                    return nil
                }
                return EventID(name)
            }
            var cause: EventID?, effect: EventID?
            if pattern.isPair {
                cause = event("cause")
                effect = event("effect")
                if entries["cause"] == nil || entries["effect"] == nil { problem(item, "rule '\(id)': \(pattern.rawValue) needs a cause and an effect") }
                if entries["event"] != nil { problem(entries["event"], "rule '\(id)': \(pattern.rawValue) takes cause and effect, not event") }
                if let cause, cause == effect { problem(entries["effect"], "rule '\(id)': cause and effect are the same event") }
            } else {
                cause = event(entries["event"] != nil ? "event" : "cause")
                if entries["event"] == nil && entries["cause"] == nil { problem(item, "rule '\(id)': \(pattern.rawValue) needs an event") }
                if entries["effect"] != nil { problem(entries["effect"], "rule '\(id)': \(pattern.rawValue) takes one event, not an effect") }
            }
            var count = 0
            if pattern == .atMost {
                if let node = entries["count"], let value = node.int, value >= 0 { count = value } else {
                    problem(entries["count"] ?? item, "rule '\(id)': at_most needs a count of 0 or more")
                }
            } else if entries["count"] != nil {
                problem(entries["count"], "rule '\(id)': count is for at_most only")
            }
            var scope = RuleScope.process
            if let node = entries["scope"] {
                if let value = node.string.flatMap(RuleScope.init(rawValue:)) { scope = value } else {
                    problem(node, "rule '\(id)': scope is scene, process or capture")
                }
            }
            var within: Double?
            if let node = entries["within"] {
                within = duration(node)
                if ![.precedes, .responds].contains(pattern) { problem(node, "rule '\(id)': within is for precedes and responds only") }
            }
            var ruleSeverity = Severity.warning
            if let node = entries["severity"], let value = severity(node) { ruleSeverity = value }
            var message: String?
            if let node = entries["message"] {
                if let text = node.string { message = text } else { problem(node, "rule '\(id)': message is text") }
            }
            var triggering: [ExampleTrace] = [], nonTriggering: [ExampleTrace] = []
            var exampleNodes: [String: Node] = [:]
            if let node = entries["examples"], let examples = mapping(node, keys: ["triggering", "non_triggering"], what: "examples") {
                for key in ["triggering", "non_triggering"] {
                    guard let list = examples[key] else { continue }
                    exampleNodes[key] = list
                    let names = strings(list, what: "\(key) example")
                    for name in names {
                        let bare = name.first == ExampleTrace.marker ? String(name.dropFirst()) : name
                        if !events.contains(EventID(bare)) { problem(list, "rule '\(id)': example event '\(bare)' is not a known event") }
                    }
                    if key == "triggering" { triggering = names.isEmpty ? [] : [ExampleTrace(names)] } else {
                        nonTriggering = names.isEmpty ? [] : [ExampleTrace(names)]
                    }
                }
            }
            guard problems.count == problemsBefore, let cause else { continue }
            let rule = SpecificationPatternRule(
                id: id, pattern: pattern, cause: cause, effect: effect, scope: scope, within: within, count: count,
                severity: ruleSeverity, message: message, triggering: triggering, nonTriggering: nonTriggering,
                origin: "\(path):\(item.mark?.line ?? 0)")
            for example in triggering {
                let reported = rule.reportedPositions(in: example)
                if example.markedLines.isEmpty {
                    problem(exampleNodes["triggering"], "rule '\(id)': the triggering example marks no event with ↓")
                } else if reported != example.markedLines {
                    problem(exampleNodes["triggering"], "rule '\(id)': the triggering example is reported at event(s) \(Self.list(reported)), not at the marked \(Self.list(example.markedLines))")
                }
            }
            for example in nonTriggering {
                let reported = rule.reportedPositions(in: example)
                if !reported.isEmpty {
                    problem(exampleNodes["non_triggering"], "rule '\(id)': the non-triggering example is reported at event(s) \(Self.list(reported))")
                }
            }
            rules.append(rule)
        }
        return rules
    }

    static func list(_ positions: [Int]) -> String {
        positions.isEmpty ? "none" : positions.map(String.init).joined(separator: ", ")
    }

    // MARK: Values

    /// A mapping's entries by key, checking the keys against `keys` and for duplicates.
    mutating func mapping(_ node: Node, keys: [String]?, what: String) -> MappingEntries? {
        guard case .mapping(let mapping) = node else {
            problem(node, "\(what) is a mapping of keys to values")
            return nil
        }
        var entries = MappingEntries()
        for (key, value) in mapping {
            guard let name = key.string else {
                problem(key, "a key of \(what) is not text")
                continue
            }
            if let keys, !keys.contains(name) {
                problem(key, "unknown key '\(name)' in \(what)\(Self.suggestion(for: name, in: Set(keys)))")
                continue
            }
            if entries[name] != nil {
                problem(key, "'\(name)' is given twice in \(what)")
                continue
            }
            entries.ordered.append(((name, key), value))
        }
        return entries
    }

    /// A list's items, or a single value as a list of one.
    static func items(of node: Node) -> [Node] {
        if case .sequence(let list) = node { return Array(list) }
        return [node]
    }

    mutating func strings(_ node: Node, what: String) -> [String] {
        switch node {
        case .scalar where node.string != nil, .sequence:
            var values: [String] = []
            for item in Self.items(of: node) {
                if case .scalar = item, let text = item.string { values.append(text) } else { problem(item, "\(what): each item is text") }
            }
            return values
        default:
            problem(node, "\(what) is a list of text")
            return []
        }
    }

    mutating func ruleList(_ node: Node, known: Set<String>) -> [String] {
        var ids: [String] = []
        for item in Self.items(of: node) {
            guard let id = item.string, case .scalar = item else {
                problem(item, "a rule id is text")
                continue
            }
            if known.contains(id) { ids.append(id) } else {
                problem(item, "unknown rule '\(id)'\(Self.suggestion(for: id, in: known))")
            }
        }
        return ids
    }

    mutating func severity(_ node: Node) -> Severity? {
        if let text = node.string, let severity = Severity(rawValue: text) { return severity }
        problem(node, "severity is error, warning or info")
        return nil
    }

    func boolean(_ node: Node) -> Bool? {
        switch node.string?.lowercased() {
        case "true", "yes": true
        case "false", "no": false
        default: nil
        }
    }

    /// The longest duration a configuration may give: longer than any capture a rule is
    /// checked on, and small enough that every computation with it stays exact.
    static let maximumDuration: Double = 7 * 86_400

    /// `2s`, `500ms`, `1.5 s`, `2m`, or a number of seconds, up to a week.
    mutating func duration(_ node: Node) -> Double? {
        guard let text = node.string?.trimmingCharacters(in: .whitespaces) else {
            problem(node, "a duration is text such as 2s or 500ms")
            return nil
        }
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("", 1)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let number = text.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value >= 0, value.isFinite else { continue }
            let seconds = value * unit.seconds
            guard seconds <= Self.maximumDuration else {
                problem(node, "'\(text)' is longer than a week (10080m), the longest duration a rule may give")
                return nil
            }
            return seconds
        }
        problem(node, "'\(text)' is not a duration such as 2s, 500ms or 1.5m")
        return nil
    }

    /// ` (did you mean 'x'?)` when a known name is close to `name`.
    static func suggestion(for name: String, in known: Set<String>) -> String {
        let best = known.map { ($0, distance(name.lowercased(), $0.lowercased())) }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best, best.1 <= max(2, name.count / 4) else { return "" }
        return " (did you mean '\(best.0)'?)"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}

/// A mapping's entries in file order, looked up by key.
struct MappingEntries {
    var ordered: [((name: String, node: Node), Node)] = []

    subscript(key: String) -> Node? { ordered.first { $0.0.name == key }?.1 }
}
