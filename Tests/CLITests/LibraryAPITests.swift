import Foundation
import XCTest

/// The library's public API as a team uses it: a package that depends on tracecheck by path
/// (Tests/LibraryClient, docs/library.md's example) is built and run, and the public surface
/// stays the small designed one.
final class LibraryAPITests: XCTestCase {
    static var swift: URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func testAPackageThatDependsOnTheLibraryBuildsAndGetsTheVerdicts() throws {
        guard let swift = Self.swift else { throw XCTSkip("swift not on PATH: the library client was not built") }
        // Planned afresh each time: with its cached plan, the client's build did not see a file
        // added to the library since its last build ("cannot find 'X' in scope"), nor one removed.
        let build = try CLITests.runProgram(swift, ["build", "--package-path", "Tests/LibraryClient", "--scratch-path", ".build/library-client",
                                                    "--disable-build-manifest-caching"])
        XCTAssertEqual(build.status, 0, build.output)
        let client = CLITests.root.appendingPathComponent(".build/library-client/debug/LibraryClient")
        let result = try CLITests.runProgram(client, ["SampleLogs/rule-resign_before_background.log"])
        XCTAssertEqual(result.status, 0, result.output)
        let documented = try String(contentsOf: CLITests.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let printed = documented.components(separatedBy: "it prints (abridged):\n\n```\n").last?.components(separatedBy: "```").first ?? ""
        XCTAssertFalse(printed.isEmpty)
        XCTAssertTrue(result.output.hasPrefix(printed), "docs/library.md shows what the example prints:\n\(result.output)")
        XCTAssertTrue(result.output.contains("✗ SampleLogs/rule-resign_before_background.log — 1 error"), "the violation's message is the report")

        let source = try String(contentsOf: CLITests.root.appendingPathComponent("Tests/LibraryClient/Sources/LibraryClient/main.swift"), encoding: .utf8)
        XCTAssertTrue(documented.contains("```swift\n" + source + "```"), "docs/library.md carries the example verbatim")
    }

    /// The public surface is the documented one: the facade, its value types and the five
    /// types findings are made of. Everything else is `package` or `internal`.
    func testThePublicSurfaceIsTheDocumentedOne() throws {
        let sources = CLITests.root.appendingPathComponent("Sources/TraceCheck")
        var publicTypes: [String] = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard words.first == "public", words.count > 2, ["struct", "enum", "class", "protocol", "typealias", "actor"].contains(words[1]) else { continue }
                publicTypes.append(String(words[2].prefix { $0.isLetter || $0.isNumber }))
            }
        }
        XCTAssertEqual(publicTypes.sorted(), ["Evidence", "Failure", "Finding", "HealthIssue", "InconclusiveFinding", "Kind", "Lane", "Mode",
                                              "Options", "ProcessTimeline", "Severity", "Step", "TraceCheck", "Verdict", "Violation"])
    }
}
