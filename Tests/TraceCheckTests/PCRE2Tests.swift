import Foundation
import XCTest
@testable import TraceCheck

final class PCRE2Tests: XCTestCase {
    func testCompileErrorNamesPatternAndOffset() {
        XCTAssertThrowsError(try PCRE2Regex("scene(Did")) { error in
            let failure = error as? PCRE2CompileError
            XCTAssertEqual(failure?.pattern, "scene(Did")
            XCTAssertEqual(failure?.offset, 9)
            XCTAssertTrue(failure?.description.contains("missing closing parenthesis") ?? false, "\(error)")
        }
    }

    func testNamedGroupsAndUnsetGroups() throws {
        let regex = try PCRE2Regex("(?<class>\\w+)?:(?<selector>\\w+)")
        let match = try XCTUnwrap(try PCRE2Matcher().firstMatch(of: regex, in: ":sceneDidBecomeActive"))
        XCTAssertNil(match[try XCTUnwrap(regex.groupNumber("class"))], "an unset group reads as nil, not -1")
        XCTAssertEqual(match[try XCTUnwrap(regex.groupNumber("selector"))], 1..<21)
        XCTAssertNil(regex.groupNumber("nope"))
    }

    func testByteModeToleratesInvalidUTF8() throws {
        let regex = try PCRE2Regex("sceneDidBecomeActive")
        let bytes: [UInt8] = [0xFF, 0xFE, 0xC3] + Array("sceneDidBecomeActive".utf8) + [0x80]
        let matched = try bytes.withUnsafeBytes { try PCRE2Matcher().matches(regex, in: $0) }
        XCTAssertTrue(matched)
    }

    func testCatastrophicBacktrackingHitsTheLimitInsteadOfHanging() throws {
        let regex = try PCRE2Regex("^(a+)+$")
        let subject = String(repeating: "a", count: 40) + "b"
        XCTAssertThrowsError(try PCRE2Matcher().firstMatch(of: regex, in: subject)) { error in
            guard case .limitExceeded = error as? PCRE2MatchFailure else { return XCTFail("\(error)") }
        }
    }

    func testEmptySubject() throws {
        XCTAssertNotNil(try PCRE2Matcher().firstMatch(of: try PCRE2Regex("^$"), in: ""))
    }

    /// A pattern whose JIT is deferred matches as the pattern compiled at once does: before
    /// its copy is compiled, while four threads cross the threshold together, and after. The
    /// copy is published by the match that reaches the threshold, or by `compileDeferred`.
    func testADeferredJITMatchesAsTheCompiledPatternDoes() throws {
        let pattern = "^(?<timestamp>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d+)(?<rest> .*)?$"
        let now = try PCRE2Regex(pattern)
        let deferred = try PCRE2Regex(pattern, jit: .afterMatches(50))
        let subjects = (0..<200).map { $0 % 3 == 0 ? "2026-03-14 09:27:12.\($0)0 line \($0)" : "not a record \($0)" }
        let agreements = Counts()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let matcher = PCRE2Matcher()
            for subject in subjects {
                let expected = try? matcher.firstMatch(of: now, in: subject)?.ranges
                let found = try? matcher.firstMatch(of: deferred, in: subject)?.ranges
                agreements.add(expected == found && (expected != nil) == subject.hasPrefix("2026"))
            }
        }
        XCTAssertEqual(agreements.values, Array(repeating: true, count: 800))
        XCTAssertEqual(deferred.deferredJIT?.isPublished, PCRE2Regex.isJITAvailable ? true : nil)

        let untouched = try PCRE2Regex(pattern, jit: .afterMatches(1_000_000))
        XCTAssertEqual(untouched.deferredJIT?.isPublished, PCRE2Regex.isJITAvailable ? false : nil)
        PCRE2Regex.compileDeferred()
        XCTAssertEqual(untouched.deferredJIT?.isPublished, PCRE2Regex.isJITAvailable ? true : nil)
        let matcher = PCRE2Matcher()
        XCTAssertEqual(try matcher.firstMatch(of: untouched, in: subjects[3])?.ranges, try matcher.firstMatch(of: now, in: subjects[3])?.ranges)
        XCTAssertNil(try matcher.firstMatch(of: untouched, in: subjects[1]))
    }

    /// The catalog's patterns are JIT-compiled only once they have matched a few lines (most
    /// captures use a few of them, and the JIT of all cost a small check a fifth of its
    /// time): until then the interpreter reads the lines. Each pattern matches every line of
    /// the samples and the shared real captures, and every shape's own samples, alike both
    /// ways (the same groups, or the same failure).
    func testTheCatalogsPatternsMatchAlikeInterpretedAndJITCompiled() throws {
        let catalog = CompiledCatalog.shared
        let patterns = catalog.shapes.map { ($0.regex.pattern, $0.shape.caseless) }
            + [catalog.barePointer, catalog.uuid, catalog.sceneOfRecord, catalog.systemAccount].map { ($0.pattern, false) }
        var corpus: [(name: String, text: String)] = []
        do { corpus = try TestCaptures.corpus() } catch is XCTSkip {
            print("../shared/corpus/real is absent: the catalog's patterns are held to the samples alone")
        }
        var lines = try (TestCaptures.samples() + corpus).flatMap { $0.text.split(separator: "\n").map(String.init) }
        lines += catalog.shapes.flatMap { $0.shape.samples.map(\.message) }
        let matcher = PCRE2Matcher()
        func outcome(_ regex: PCRE2Regex, _ line: String) -> String {
            do { return "\(try matcher.firstMatch(of: regex, in: line)?.ranges ?? [])" } catch { return "\(error)" }
        }
        var matched = 0
        for (pattern, caseless) in patterns {
            let jit = try PCRE2Regex(pattern, caseless: caseless)
            let interpreted = try PCRE2Regex(pattern, caseless: caseless, jit: .afterMatches(Int.max))
            XCTAssertEqual(jit.isJITCompiled, PCRE2Regex.isJITAvailable)
            for line in lines {
                let expected = outcome(jit, line)
                if expected != "[]" { matched += 1 }
                XCTAssertEqual(outcome(interpreted, line), expected, "\(pattern.prefix(60)) on \(line)")
            }
            XCTAssertEqual(interpreted.deferredJIT?.isPublished, PCRE2Regex.isJITAvailable ? false : nil)
        }
        XCTAssertGreaterThan(matched, 500)
    }
}

private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Bool] = []
    func add(_ value: Bool) { lock.lock(); list.append(value); lock.unlock() }
    var values: [Bool] { lock.lock(); defer { lock.unlock() }; return list }
}
