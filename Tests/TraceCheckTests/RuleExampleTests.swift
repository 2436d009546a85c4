import Foundation
import XCTest
@testable import TraceCheck

/// Every rule's examples are its unit tests: a triggering example must be reported on
/// exactly its marked lines, a non-triggering one not at all.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasExamplesOfBothKinds() {
        for rule in RuleRegistry.all {
            let description = rule.description
            XCTAssertFalse(description.triggering.isEmpty, "\(description.id) has no triggering example")
            XCTAssertFalse(description.nonTriggering.isEmpty, "\(description.id) has no non-triggering example")
            for example in description.triggering {
                XCTAssertFalse(example.markedLines.isEmpty, "\(description.id): a triggering example marks no line")
            }
        }
    }

    /// A rule is one file and one line in `RuleRegistry.all`: a rule type left out of the
    /// registry would never run, so the sources are held to the registry.
    func testEveryRuleTypeIsRegisteredOnceInItsOwnFile() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TraceCheck/Rules")
        var declared: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let types = text.split(separator: "\n").compactMap { line -> String? in
                // Any of the rule protocols (Rule, EpochRule, CarryingRule, UIKitMessageRule, …).
                guard line.hasPrefix("package struct "), line.contains(": "), line.hasSuffix("Rule {") else { return nil }
                return String(line.dropFirst("package struct ".count).prefix { $0 != ":" })
            }
            if let type = types.first { XCTAssertEqual(file.split(separator: "/").last, "\(type).swift", "one rule per file, named after it") }
            XCTAssertLessThanOrEqual(types.count, 1, "\(file) declares several rules")
            declared += types
        }
        let registered = RuleRegistry.all.map { String(describing: $0) }
        XCTAssertEqual(Set(declared), Set(registered), "rule types and the registry")
        XCTAssertEqual(registered.count, Set(registered).count, "no rule registered twice")
        XCTAssertGreaterThan(declared.count, 40)
    }

    /// Whether a rule judges each epoch alone is given by the protocols (no cast at start):
    /// it must say what a cast would, for every rule, and some of each kind exist.
    func testEveryRuleSaysWhetherItJudgesEpochsAloneAsACastWould() {
        for rule in RuleRegistry.all {
            XCTAssertEqual(rule.judgesEpochsAlone, rule is any EpochRule.Type, "\(rule)")
            XCTAssertEqual(ActiveRule(rule).judgesEpochsAlone, rule is any EpochRule.Type, "\(rule)")
        }
        XCTAssertTrue(RuleRegistry.all.contains { $0.judgesEpochsAlone })
        XCTAssertTrue(RuleRegistry.all.contains { !$0.judgesEpochsAlone })
    }

    /// `explain` speaks to users in 80 columns: no reference to files a user's clone lacks.
    func testRuleHelpFitsEightyColumnsAndCitesNothingInternal() {
        for rule in RuleRegistry.all.map({ $0.description }) {
            let text = RuleHelp.explanation(of: rule)
            for line in text.split(separator: "\n") where !line.hasPrefix("  ") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(rule.id): \(line)")
            }
            for reference in ["seed 0", "spec §", "§", "lifecycle-spec"] {
                XCTAssertFalse(text.contains(reference), "\(rule.id) cites \(reference)")
            }
            XCTAssertTrue(text.contains("docs/lifecycle.md"), rule.id)
        }
    }

    func testRuleIDsAreUniqueSnakeCase() {
        let ids = RuleRegistry.all.map { $0.description.id }
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids { XCTAssertNotNil(id.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression), id) }
    }

    func testTriggeringExamplesAreReportedOnTheMarkedLines() throws {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.triggering.enumerated() {
                let report = try check(example, name: "\(rule.description.id)-triggering-\(index)")
                let lines = report.findings.filter { $0.rule == rule.description.id }.map(\.line)
                XCTAssertEqual(lines, example.markedLines, "\(rule.description.id) triggering example \(index)")
            }
        }
    }

    func testNonTriggeringExamplesAreNotReported() throws {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.nonTriggering.enumerated() {
                let report = try check(example, name: "\(rule.description.id)-non-triggering-\(index)")
                let found = report.findings.filter { $0.rule == rule.description.id }
                XCTAssertTrue(found.isEmpty, "\(rule.description.id) non-triggering example \(index): \(found.map(\.message))")
            }
        }
    }

    /// A legal example should not trip any other rule at error or warning level either.
    func testNonTriggeringExamplesAreCleanForAllRules() throws {
        for rule in RuleRegistry.all {
            for (index, example) in rule.description.nonTriggering.enumerated() {
                let report = try check(example, name: "\(rule.description.id)-clean-\(index)")
                let serious = report.findings.filter { $0.severity >= .warning }
                XCTAssertTrue(serious.isEmpty, "\(rule.description.id) non-triggering example \(index): \(serious.map { "\($0.rule): \($0.message)" })")
            }
        }
    }

    private func check(_ example: ExampleTrace, name: String) throws -> CaptureReport {
        var options = CheckOptions()
        options.timeline.facts = example.facts
        options.rules = RuleRegistry.all.map(ActiveRule.init)
        return try Checker(options: options).check(.text(name: name, contents: example.text))
    }
}
