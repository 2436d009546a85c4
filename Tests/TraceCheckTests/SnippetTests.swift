import Foundation
import XCTest
@testable import TraceCheck

/// `tracecheck snippet`: what the generated code logs, written as a capture in the exact
/// shape it prints, is read callback by callback as the right event with the scene's full
/// identity; a session in that shape is clean; the Swift snippets parse.
final class SnippetTests: XCTestCase {
    static let scene = "<UIWindowScene: 0x10270b110; role: UIWindowSceneSessionRoleApplication; "
        + "persistentIdentifier: 04EAB7E8-1819-4E9B-BC75-C6342395CE82; activationState: UISceneActivationStateForegroundActive>"
    static let session = "04EAB7E8-1819-4E9B-BC75-C6342395CE82"

    /// The message the snippet's log call prints for `callback`, as the app would print it.
    static func message(_ callback: Snippet.Callback, language: Snippet.Language) -> String {
        Snippet.parts(of: callback).map { part in
            switch part {
            case .function:
                let owner = callback.owner == .app ? "AppDelegate" : "SceneDelegate"
                return language == .objc ? "-[\(owner) \(callback.selector)]" : callback.swiftFunctionName
            case .scene: return scene
            case .sessions: return session
            case .delegate:
                let owner = callback.owner == .app ? "AppDelegate" : "SceneDelegate"
                return language == .objc ? "<\(owner): 0x600000c04000>" : "<MyApp.\(owner): 0x600000c04000>"
            }
        }.joined(separator: " ")
    }

    /// A `log stream --style compact` line of the snippet's subsystem and category.
    static func line(_ message: String, second: Int) -> String {
        String(format: "2026-11-24 10:00:%02d.100 Df MyApp[4817:2b1f4] [com.example.myapp:lifecycle] ", second % 60) + message
    }

    private func events(_ lines: [String]) throws -> CaptureReport {
        try Checker().check(.text(name: "snippet.log", contents: lines.joined(separator: "\n") + "\n"))
    }

    func testEveryCallbackIsReadWithFullIdentityInEachLanguage() throws {
        XCTAssertEqual(Set(Snippet.callbacks.map(\.event)).count, Snippet.callbacks.count, "one method per event")
        for language in [Snippet.Language.swift, .objc] {
            for (index, callback) in Snippet.callbacks.enumerated() {
                let report = try events([Self.line(Self.message(callback, language: language), second: index)])
                let event = try XCTUnwrap(report.events.first, "\(language) \(callback.event): \(Self.message(callback, language: language))")
                XCTAssertEqual(event.id, callback.event, "\(language): \(Self.message(callback, language: language))")
                if callback.scene != nil {
                    XCTAssertEqual(event.identity.scenePointer, "0x10270b110", "\(language) \(callback.event)")
                    XCTAssertEqual(event.identity.sessions, [Self.session], "\(language) \(callback.event)")
                    XCTAssertEqual(event.identity.delegatePointer, "0x600000c04000", "\(language) \(callback.event)")
                    XCTAssertEqual(event.identity.delegateClass, "SceneDelegate", "\(language) \(callback.event)")
                }
                if callback.swiftSessions != nil {
                    XCTAssertEqual(event.identity.sessions, [Self.session], "\(language) \(callback.event)")
                }
            }
        }
        // The SwiftUI snippet's scenePhase line: `scenePhase: active`.
        XCTAssertTrue(Snippet(language: .swiftui).render().contains(#"lifecycleLog.log("scenePhase: \(String(describing: phase), privacy: .public)")"#))
        XCTAssertEqual(try events([Self.line("scenePhase: active", second: 0)]).events.map(\.id), [.swiftUIActive])
        XCTAssertEqual(Snippet.callbacks.first { $0.event == .sceneWillConnect }?.swiftFunctionName, "scene(_:willConnectTo:options:)")
        XCTAssertEqual(Snippet.callbacks.first { $0.event == .sceneWillConnect }?.selector, "scene:willConnectToSession:options:")
    }

    /// A scene's life in the snippet's shape, the way UIKit calls it in a scene-based app
    /// (the app delegate's foreground callbacks are not called there): clean, every rule that
    /// needs identity able to judge, one scene.
    func testASessionLoggedByTheSnippetIsCleanAndFullyIdentified() throws {
        let order: [EventID] = [
            .appWillFinishLaunching, .appDidFinishLaunching, .appConfigurationForConnecting, .sceneWillConnect,
            .sceneWillEnterForeground, .sceneDidBecomeActive, .windowSceneDidUpdateEffectiveGeometry, .sceneWillResignActive,
            .sceneDidEnterBackground, .sceneStateRestorationActivity, .sceneWillEnterForeground, .sceneOpenURLContexts,
            .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneDidDisconnect, .appDidDiscardSceneSessions,
        ]
        for language in [Snippet.Language.swift, .objc] {
            let lines = try order.enumerated().map { index, id in
                Self.line(Self.message(try XCTUnwrap(Snippet.callbacks.first { $0.event == id }), language: language), second: index)
            }
            let report = try events(lines)
            XCTAssertEqual(report.events.map(\.id), order, "\(language)")
            XCTAssertEqual(report.findings.map(\.rule), [], "\(language): \(report.findings.map(\.message))")
            XCTAssertEqual(report.inconclusive.map(\.finding.rule), [], "\(language)")
            let scenes = report.timeline.epochs.flatMap(\.connections)
            XCTAssertEqual(scenes.count, 1, "\(language): one scene, identified")
            XCTAssertEqual(report.health.map(\.kind.rawValue), [], "\(language)")
        }
    }

    func testTheSwiftSnippetsParse() throws {
        guard let swiftc = Self.swiftc else { throw XCTSkip("swiftc not found on PATH: the snippets were not parsed") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for language in [Snippet.Language.swift, .swiftui] {
            for logger in Snippet.Logger.allCases {
                var snippet = Snippet(language: language, logger: logger)
                snippet.sceneDelegate = "MainSceneDelegate"
                let text = snippet.render()
                XCTAssertTrue(text.contains("configuration.delegateClass = MainSceneDelegate.self"))
                let file = directory.appendingPathComponent("\(language)-\(logger).swift")
                try Data(text.utf8).write(to: file)
                let process = Process()
                process.executableURL = swiftc
                process.arguments = ["-parse", file.path]
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(language) \(logger): \(message)")
                for callback in Snippet.callbacks {
                    XCTAssertTrue(text.contains("    \(callback.swift) {\n"), "\(language) \(logger) declares \(callback.swift)")
                }
            }
        }
    }

    func testTheObjectiveCSnippetAndTheStreamPredicate() {
        let objc = Snippet(language: .objc).render()
        for callback in Snippet.callbacks {
            XCTAssertTrue(objc.contains("\(callback.objc) {\n    NSLog(@\"%s"), callback.objc)
        }
        XCTAssertEqual(objc.components(separatedBy: "{").count, objc.components(separatedBy: "}").count, "braces balance")
        let oslog = Snippet(language: .objc, logger: .oslog).render()
        XCTAssertTrue(oslog.contains("os_log(TCLifecycleLog(), \"%{public}s %{public}@ %{public}@\", __func__, scene, self);"), oslog)
        var swift = Snippet(language: .swift)
        swift.subsystem = "com.example.fieldnotes"
        swift.process = "Fieldnotes"
        XCTAssertTrue(swift.render().contains(#"log stream --style compact --predicate '(subsystem == "com.example.fieldnotes" AND category == "lifecycle") OR (process == "Fieldnotes" AND subsystem == "com.apple.UIKit" AND category == "Application")' | tracecheck report -"#))
        XCTAssertTrue(Snippet(language: .swift, logger: .print).render().contains("print() writes to Xcode's console only"))
    }

    static var swiftc: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
