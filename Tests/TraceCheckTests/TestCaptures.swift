import Foundation
import XCTest

/// The captures the differential tests walk: the repository's sample logs and the shared
/// corpus of real captures, each as its name and text.
enum TestCaptures {
    static let sampleLogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleLogs")

    /// Every sample log, by name.
    static func samples() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: sampleLogs.path).filter { $0.hasSuffix(".log") }.sorted()
        return try names.map { ($0, try String(contentsOf: sampleLogs.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Every shared real capture, by name (invalid UTF-8 as U+FFFD); skips the test when the
    /// corpus is not beside the repository, as in a user's clone.
    static func corpus() throws -> [(name: String, text: String)] {
        let corpus = RealCorpusTests.corpus
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else {
            throw XCTSkip("shared corpus not found at \(corpus.path); a user's clone has none")
        }
        return try names.filter { $0.hasSuffix(".log") }.sorted().map { name in
            (name, String(decoding: try Data(contentsOf: corpus.appendingPathComponent(name)), as: UTF8.self))
        }
    }
}
