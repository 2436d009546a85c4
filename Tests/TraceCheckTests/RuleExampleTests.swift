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
