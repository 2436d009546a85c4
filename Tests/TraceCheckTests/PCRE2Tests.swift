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
}
