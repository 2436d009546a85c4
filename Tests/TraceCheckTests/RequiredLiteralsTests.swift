import CaptureFixtures
import XCTest
@testable import TraceCheck

/// A configured pattern joins the candidate prefilter through the literals it cannot match
/// without. A literal claimed wrongly would silently drop that pattern's events, so these
/// tests hold the reader to PCRE2 itself.
final class RequiredLiteralsTests: XCTestCase {
    func testReadsTheLiteralsOfCommonPatterns() {
        let expected: [(pattern: String, literals: [String]?)] = [
            ("Analytics flushed", ["Analytics flushed"]),
            ("Analytics\\.flush\\(\\)", ["Analytics.flush()"]),
            ("^\\[Lifecycle\\] (?<scene>0x[0-9a-f]+) went active$", ["[Lifecycle] "]),
            ("(?i)flush(ed)? events", [" events"]),
            ("colou?r changed", ["r changed"]),
            ("sync (started|finished)", ["finished", "started"]),
            ("(?:didFlush|willFlush)Analytics", ["Analytics"]),
            ("(?:didFlush|willFlush)\\(\\)", ["didFlush", "willFlush"]),
            ("Flush(?=ed) done", ["Flush"]),
            ("x{2}yz token", ["yz token"]),
            ("a{1}bc", ["abc"]),
            ("tokens+ saved", ["tokens"]),
            ("sessions?: (?<session>[0-9A-F-]{36})", ["session"]),
        ]
        for (pattern, literals) in expected {
            XCTAssertEqual(RequiredLiterals.of(pattern), literals, pattern)
        }
    }

    func testAnswersNilWhenAMatchNeedsNoProvableLiteral() {
        for pattern in ["\\d+", "foo|ba", "(flush)?", "[Ff]l", "\\Qflush\\E", "(?x) flush  events", "(\\w+) \\1 again",
                        "ab", "(?#comment)flush", "(*UTF)flush", "\\x41nalytics", "fl{", ".*"] {
            XCTAssertNil(RequiredLiterals.of(pattern), pattern)
        }
    }

    /// Random patterns over a tiny alphabet, random subjects: whenever PCRE2 matches, the
    /// subject holds one of the claimed literals (ignoring case).
    func testEveryMatchHoldsAClaimedLiteral() throws {
        var random = SplitMix(seed: 2026)
        let matcher = PCRE2Matcher()
        var checkedMatches = 0, patternsWithLiterals = 0
        for _ in 0..<3000 {
            let pattern = randomPattern(&random, depth: 0)
            guard let literals = RequiredLiterals.of(pattern) else { continue }
            // The configuration rejects a pattern PCRE2 cannot compile before asking.
            guard let regex = try? PCRE2Regex(pattern) else { continue }
            patternsWithLiterals += 1
            let folded = literals.map { $0.lowercased() }
            for _ in 0..<150 {
                let subject = randomSubject(&random)
                let matched = try Array(subject.utf8).withUnsafeBytes { try matcher.firstMatch(of: regex, in: $0) } != nil
                guard matched else { continue }
                checkedMatches += 1
                XCTAssertTrue(folded.contains { subject.lowercased().contains($0) },
                              "\(pattern) matches \"\(subject)\" but it holds none of \(literals)")
            }
        }
        XCTAssertGreaterThan(patternsWithLiterals, 300, "the generator must produce patterns with literals")
        XCTAssertGreaterThan(checkedMatches, 2000, "enough matches must be checked for the test to mean something")
    }

    private func randomPattern(_ random: inout SplitMix, depth: Int) -> String {
        var pattern = ""
        for _ in 0..<random.next(below: 7) + 1 {
            var atom: String
            switch random.next(below: 14) {
            case 0: atom = ["\\.", "\\d", "\\w", "\\s", "\\b", "\\("][random.next(below: 6)]
            case 1: atom = ["[ab]", "[^a]", "[.]", "[]a]"][random.next(below: 4)]
            case 2 where depth < 2: atom = ["(", "(?:", "(?i:", "(?<n\(depth)>", "(?=", "(?!", "(?>"][random.next(below: 7)]
                + randomPattern(&random, depth: depth + 1) + ")"
            case 3: atom = "."
            case 4: atom = "(?i)"
            default: atom = ["a", "b", "a", "b", "B"][random.next(below: 5)]
            }
            if atom != "(?i)", random.next(below: 4) == 0 {
                atom += ["?", "*", "+", "{0,2}", "{1}", "{2}", "{1,3}", "??", "+?"][random.next(below: 9)]
            }
            pattern += atom
        }
        if depth < 2, random.next(below: 5) == 0 { pattern += "|" + randomPattern(&random, depth: depth + 1) }
        return pattern
    }

    private func randomSubject(_ random: inout SplitMix) -> String {
        let alphabet = Array("aabbaabbAB. (1")
        return String((0..<random.next(below: 24)).map { _ in alphabet[random.next(below: alphabet.count)] })
    }
}
