import Foundation
import TraceCheck

// Check a capture file with the defaults of `tracecheck report`.
let verdict = try TraceCheck.check(path: CommandLine.arguments[1])
print("\(verdict.path): \(verdict.format), \(verdict.eventCount) events, \(verdict.passed ? "passed" : "failed")")
for finding in verdict.findings {
    print("\(finding.path):\(finding.line): \(finding.severity): \(finding.message) [\(finding.rule)]")
    for evidence in finding.evidence {
        print("  \(evidence.line) | \(evidence.text)")
    }
}
for issue in verdict.health {
    print("health: \(issue.kind.rawValue) \(issue.message)")
}
for process in verdict.timelines {
    for lane in process.lanes {
        print("\(process.process) \(lane.label): " + lane.steps.map { "\($0.event)@\($0.line)" }.joined(separator: " "))
    }
}

// Text in memory, read as a legacy app, failing on warnings too.
let options = TraceCheck.Options(mode: .legacy, failOn: .warning)
let text = """
    application(_:didFinishLaunchingWithOptions:)
    applicationDidBecomeActive(_:)
    applicationWillResignActive(_:)
    applicationDidEnterBackground(_:)
    applicationWillEnterForeground(_:)
    applicationDidBecomeActive(_:)
    applicationDidEnterBackground(_:)

    """
let legacy = try TraceCheck.check(text: text, name: "legacy.log", options: options)
print("legacy.log: " + legacy.findings.map { "\($0.rule) at line \($0.line)" }.joined(separator: ", "))
for (rule, reasons) in legacy.unverifiable.sorted(by: { $0.key < $1.key }) {
    print("not verifiable: \(rule): \(reasons.joined(separator: "; "))")
}
for withheld in legacy.inconclusive {
    print("inconclusive: \(withheld.finding.rule): \(withheld.reason)")
}

// Bytes (gzip too) under a name, and a problem that stops a check.
let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
print("data: \(try TraceCheck.check(data: data, name: "copy.log").findings.count) finding(s)")
do {
    _ = try TraceCheck.check(path: "missing.log")
} catch {
    print("failure: \(error)")
}

// In a test: `try TraceCheck.assertLifecycle(path)` fails it with the findings as the message.
do {
    try TraceCheck.assertLifecycle(CommandLine.arguments[1])
    print("assertLifecycle: passed")
} catch let violation as TraceCheck.Violation {
    print("assertLifecycle: \(violation.verdict.findings.count) finding(s)")
    print(violation.description)
}
