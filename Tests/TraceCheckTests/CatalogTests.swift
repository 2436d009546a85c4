import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

final class CatalogTests: XCTestCase {
    let catalog = CompiledCatalog.shared
    let matcher = PCRE2Matcher()

    private func shapesClaiming(_ message: String) throws -> [String] {
        try catalog.shapes.compactMap { shape, regex in
            try matcher.firstMatch(of: regex, in: message) != nil ? shape.name : nil
        }
    }

    private func event(_ message: String) -> LifecycleEvent? {
        var text = message
        return text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return EventExtractor(catalog: catalog).event(message: raw, text: raw, line: 1, context: RecordContext())
        }
    }

    /// `tracecheck events` lists every event with at least one spelling, and what it lists
    /// is read as that event: the listing cannot promise a spelling the reader does not know.
    func testTheEventListingsSpellingsAreReadAsTheirEvents() {
        let rows = EventHelp.rows
        XCTAssertEqual(rows.map(\.id), EventCatalog.allIDs.map(\.rawValue))
        var checked = 0
        for row in rows {
            XCTAssertFalse(row.spellings.isEmpty, "\(row.id) has a spelling")
            for spelling in row.spellings where ["selector", "swift", "notification", ".NET", "phrase"].contains(spelling.kind) {
                for form in spelling.forms {
                    let message = spelling.kind == "selector" ? "-[Delegate \(form)]" : form
                    XCTAssertEqual(event(message)?.id.rawValue, row.id, "\(spelling.kind) \(form)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 150)
        XCTAssertTrue(EventHelp.table().contains("  scene.willConnect\n   selector     scene:willConnectToSession:options:"))
    }

    /// The trie a shape's words are written as matches where, and what, the words one after
    /// another, longest first, match, backtracking included: on the catalog's word lists over
    /// every line of the samples and the corpus, and on 300 sets of words made of pieces that
    /// begin alike (`scene`, `scene:`, `Scene`, `é`, `è`, `[`) over texts made of the same
    /// pieces, in patterns that make PCRE2 go back to a shorter word (`(?=[:(])`, `$`, `\]`, `e`).
    func testTheTrieOfWordsMatchesAsTheWordsOneAfterAnother() throws {
        let wrappers = ["(?<w>%@)", "(?<w>%@)(?=[:(])", "^(?<w>%@)$", "(?<![A-Za-z])(?<w>%@)(?![A-Za-z])", "\\[(?<w>%@)\\]", "(?<w>%@)e"]
        func compare(_ words: [String], caseless: Bool, on texts: [String]) throws -> Int {
            let trie = SpellingShape.alternation(words, caseless: caseless), flat = SpellingShape.flatAlternation(words)
            var matched = 0
            for wrapper in wrappers {
                let trieRegex = try PCRE2Regex(wrapper.replacingOccurrences(of: "%@", with: trie), caseless: caseless)
                let flatRegex = try PCRE2Regex(wrapper.replacingOccurrences(of: "%@", with: flat), caseless: caseless)
                for text in texts {
                    let expected = try matcher.firstMatch(of: flatRegex, in: text)
                    let found = try matcher.firstMatch(of: trieRegex, in: text)
                    XCTAssertEqual(found?.ranges, expected?.ranges, "\(words) caseless \(caseless) \(wrapper) on \(text): \(trie)")
                    if expected != nil { matched += 1 }
                }
            }
            return matched
        }
        var lines = SpellingShape.all.flatMap { $0.samples.map(\.message) }
        let captures = try TestCaptures.samples() + ((try? TestCaptures.corpus()) ?? [])
        for capture in captures { lines += capture.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        let lists: [([String], Bool)] = [(Array(EventCatalog.bySelector.keys), false), (EventCatalog.swiftBaseNames, false),
                                         (Array(EventCatalog.byNotification.keys), false), (Array(EventCatalog.byShortForm.keys), true),
                                         (Array(EventCatalog.phrases.keys), true), (Array(EventCatalog.scenePhases.keys), true),
                                         (Array(EventCatalog.flutterStates.keys), false), (CompiledCatalog.candidateVocabulary, true)]
        for (words, caseless) in lists {
            XCTAssertGreaterThan(try compare(words, caseless: caseless, on: lines), 0, "\(words.prefix(3))… match some line")
        }

        let pieces = ["a", "ab", "abc", "A", "scene", "scene:", "Scene", "s", "did", "Did", "é", "è", "É", "[", "]", "(", ":", "-", ".", " ", "e", "E"]
        var random = Draws(seed: 13)
        var matched = 0
        for _ in 0..<300 {
            let words = (0..<(1 + random.next(8))).map { _ in (0..<(1 + random.next(3))).map { _ in pieces[random.next(pieces.count)] }.joined() }
            let texts = (0..<40).map { _ in (0..<random.next(7)).map { _ in pieces[random.next(pieces.count)] }.joined() } + words
            matched += try compare(words, caseless: random.next(2) == 0, on: texts)
        }
        XCTAssertGreaterThan(matched, 5_000)
        XCTAssertEqual(SpellingShape.alternation(["scene:", "scene", "scene(", "sceneDid"], caseless: false), "scene(?:\\(|:|Did)?")
        XCTAssertEqual(SpellingShape.alternation(["DidX", "didXYZ"], caseless: true), "didx(?:yz)?")
    }

    /// A shape tried only where its gate passes misses nothing: on every line of the samples
    /// and the corpus, every shape's samples, and 20,000 lines made of the pieces the gated
    /// patterns turn on, wherever the pattern matches, the gate passes; and the gates turn
    /// lines away (a backtrace frame that names a callback among them).
    func testShapeGatesPassEveryLineTheirPatternsMatch() throws {
        let gated = catalog.shapes.indices.filter { catalog.shapes[$0].shape.gatedByLiterals }
        XCTAssertEqual(gated.map { catalog.shapes[$0].shape.name }.sorted(), ["flutter-state", "react-native-state"])
        for index in gated { XCTAssertNotNil(catalog.shapeGates[index], "\(catalog.shapes[index].shape.name) has a gate") }
        var lines = SpellingShape.all.flatMap { $0.samples.map(\.message) }
        lines.append("3   Fieldnotes   0x0000000104a5c2b4 -[AppDelegate application:didFinishLaunchingWithOptions:] + 120")
        let captures = try TestCaptures.samples() + ((try? TestCaptures.corpus()) ?? [])
        for capture in captures { lines += capture.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        let pieces = ["AppState", "appState", "nextAppState", "ppState", "current", "CURRENT", "current_state", "state", " ", "\t", " - ",
                      "-", ":", "=", "->", "→", "'", "changed", "to", "is", "active", "background", "inactive", "INACTIVE", "FOREGROUND",
                      "BACKGROUND", "AppLifecycleState.", "AppLifecycleState", "didChangeAppLifecycleState", "Flutter", "flutter",
                      "paused", "resumed", "hidden", "== ", "case ", "x", "_"]
        var random = Draws(seed: 29)
        for _ in 0..<20_000 { lines.append((0..<(1 + random.next(6))).map { _ in pieces[random.next(pieces.count)] }.joined()) }
        for index in gated {
            guard let gate = catalog.shapeGates[index] else { continue }
            let (shape, regex) = catalog.shapes[index]
            var matched = 0, turnedAway = 0
            for line in lines {
                var text = line
                try text.withUTF8 { bytes in
                    let message = UnsafeRawBufferPointer(bytes)
                    let passes = gate.containsAny(message)
                    if try matcher.firstMatch(of: regex, in: message) != nil {
                        matched += 1
                        XCTAssertTrue(passes, "\(shape.name) matches \(line) but its gate turns it away")
                    }
                    if !passes { turnedAway += 1 }
                }
            }
            XCTAssertGreaterThan(matched, 50, shape.name)
            XCTAssertGreaterThan(turnedAway, 1_000, shape.name)
        }
        let backtrace = Array("3   Fieldnotes   0x0000000104a5c2b4 -[AppDelegate application:didFinishLaunchingWithOptions:] + 120".utf8)
        for index in gated { XCTAssertEqual(backtrace.withUnsafeBytes { catalog.shapeGates[index]?.containsAny($0) }, false) }
    }

    func testEverySampleIsClaimedByItsShapeAloneAndMeansItsEvent() throws {
        for shape in SpellingShape.all {
            XCTAssertFalse(shape.samples.isEmpty, shape.name)
            for sample in shape.samples {
                XCTAssertEqual(try shapesClaiming(sample.message), [shape.name], "\(sample.message) is claimed by exactly one shape")
                XCTAssertEqual(event(sample.message)?.id, sample.event, sample.message)
            }
        }
    }

    func testEveryCatalogSpellingIsRecognised() {
        for entry in EventCatalog.entries {
            for selector in entry.selectors {
                XCTAssertEqual(event("-[Delegate \(selector)]")?.id, entry.id, selector)
                XCTAssertEqual(event(selector)?.id, entry.id, "bare \(selector)")
            }
            for name in entry.swiftNames {
                XCTAssertEqual(event(name)?.id, entry.id, name)
                XCTAssertEqual(event("<MyApp.Delegate: 0x600002675ea0> \(name)")?.id, entry.id, name)
            }
            for notification in entry.notifications {
                XCTAssertEqual(event("NSNotificationName(_rawValue: \(notification))")?.id, entry.id, notification)
                XCTAssertEqual(event(notification)?.source, .notification)
            }
            for short in entry.shortForms {
                XCTAssertEqual(event(short)?.id, entry.id, short)
            }
        }
    }

    func testDecoysAreNotEvents() {
        let decoys = [
            "You've implemented -[<UIApplicationDelegate> application:didReceiveRemoteNotification:fetchCompletionHandler:], but you still need to add \"remote-notification\" to the list",
            "3   Fieldnotes   0x0000000104a5c2b4 -[AppDelegate application:didFinishLaunchingWithOptions:] + 120",
            "app will resign active for engine <_UIFeedbackCoreHapticsEngine: 0x2831d4e70>",
            "111-[ViewController viewDidLoad]",
            "func sceneDidBecomeActive(_ scene: UIScene) {",
            "Realizing settings extension _UISceneOrientationSettingsExtension on FBSSceneSettings",
            "Request engine stop for application notification: UIApplicationSuspendedEventsOnlyNotification",
            "didBecomeActiveCount=3",
            "scene(_:foo:)",
            "viewWillAppear(_:)",
            "viewDidAppear(_:) called on NotesListViewController",
            "[SceneDelegate] restoring navigation stack",
            "[SceneDelegate] saving 3 drafts",
            "application state did change to 2",
            "-- background --",
            "// app launch",
            "=== went to background ===",
            "## active",
            "[Network] request active",
            "state: active",
            "the scene is not active yet",
            "Lifecycle observers: 3",
            "if (state == AppLifecycleState.paused) {",
            "case AppLifecycleState.resumed:",
            "Flutter engine started",
            "console.log('AppState', AppState.currentState)",
            "current state unknown",
            "AppState.currentState = 'extension'",
            "BACKGROUND FETCH - scheduled",
            "Window OnActivated handler attached",
        ]
        for decoy in decoys {
            XCTAssertNil(event(decoy), decoy)
            XCTAssertNil(event("2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] \(decoy)"), "behind a prefix: \(decoy)")
        }
    }

    func testUIKitMessagesWrappedOverTwoLines() throws {
        let read = try Checker().check(.text(name: "t", contents: """
            > CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene
            > lifecycle. This will become an assert in a future version.
                `UIScene` lifecycle will soon
                be required. Failure to adopt will result in an assert in the future.
            // Info.plist contained no UIScene configuration
            // dictionary (looking for configuration named "(no name)")

            """))
        XCTAssertEqual(read.events.map(\.line), [1, 3, 5])
        XCTAssertEqual(read.events.map(\.id), [.uikitLegacyLifecycleWarning, .uikitLegacyLifecycleWarning, .uikitNoSceneConfiguration])
        XCTAssertTrue(read.events.allSatisfy { $0.source == .uikit })
        let notContinued = try Checker().check(.text(name: "t", contents: """
            2026-03-02 10:14:07.101 Harbor[5123:88101] UIScene lifecycle will soon be
            2026-03-02 10:14:07.102 Harbor[5123:88101] required. Failure to adopt will result in an assert in the future.
            This process does not adopt UIScene

            lifecycle. This will become an assert in a future version.
            UIScene lifecycle will soon be
            replaced by something else

            """))
        XCTAssertEqual(notContinued.events.map(\.line), [], "the rest must be the very next line, and not a record of its own")
    }

    /// Code names events through `EventID`'s constants (a misspelt one does not compile); the
    /// constants are spelt once, and held here to the catalog both ways.
    func testEveryCatalogIDHasItsConstantAndNoConstantIsUnknown() throws {
        // Spellings that name no delegate are resolved by the timeline, never reported or configured.
        XCTAssertEqual(Set(EventID.declared).subtracting(EventCatalog.allIDs), Set(ForegroundCallback.allCases.map(\.ambiguous)),
                       "constants the catalog cannot produce")
        XCTAssertEqual(Set(EventCatalog.allIDs).subtracting(EventID.declared), [], "catalog ids without a constant")
        XCTAssertEqual(EventID.declared.count, Set(EventID.declared).count, "no constant twice")
        for callback in ForegroundCallback.allCases {
            XCTAssertEqual([callback.app.family, callback.scene.family, callback.ambiguous.family], ["app", "scene", "ambiguous"])
            XCTAssertEqual(Set([callback.app.member, callback.scene.member, callback.ambiguous.member]), [Substring(callback.rawValue)])
        }
        // Rules and timelines compose no id from strings.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for folder in ["Sources/TraceCheck/Rules", "Sources/TraceCheck/Timelines"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                XCTAssertFalse(text.contains("EventID(\""), "\(folder)/\(file) builds an event id from a string")
            }
        }
    }

    func testDotNetLifecycleNamesAreTheirUIKitCallbacks() {
        for (name, id) in EventCatalog.dotNetNames {
            XCTAssertTrue(EventCatalog.knownIDs.contains(id), "\(name) maps to \(id), which the catalog does not know")
            XCTAssertEqual(event(name)?.id, id, name)
            XCTAssertEqual(event("Lifecycle event: \(name)")?.id, id, "labelled \(name)")
        }
        XCTAssertEqual(event("DidEnterBackground")?.id, .ambiguousDidEnterBackground)
    }

    func testReactNativeRepeatsAreNotChanges() throws {
        let report = try Checker().check(.text(name: "t", contents: """
            start state unknown
            current state unknown
            current state active
            current state active
            AppState changed to inactive
            AppState changed to inactive
            AppState changed to background

            """))
        XCTAssertEqual(report.events.map(\.line), [3, 5, 7])
        XCTAssertEqual(report.events.map(\.id), [.reactNativeActive, .reactNativeInactive, .reactNativeBackground])
    }

    func testForwardingIsPairedAcrossAFrameworkStateAndOtherLines() throws {
        let report = try Checker().check(.text(name: "t", contents: """
            SceneDelegate.scene(_:willConnectTo:options:)
            SceneDelegate.sceneDidBecomeActive(_:)
            flutter: AppLifecycleState.resumed
            [Sync] refresh scheduled
            AppDelegate.applicationDidBecomeActive(_:)
            SceneDelegate.sceneWillResignActive(_:)
            SceneDelegate.sceneDidEnterBackground(_:)
            AppDelegate.applicationWillResignActive(_:)

            """))
        let attachments = report.timeline.epochs.flatMap(\.events).map { ($0.event.line, $0.attachment) }
        XCTAssertEqual(attachments.first { $0.0 == 5 }?.1, .forwarded(pairedWith: 1))
        // Another UIKit callback between them: not the scene delegate forwarding.
        XCTAssertEqual(report.findings.map(\.line), [8])
    }

    func testIdentityIsReadFromTheLine() throws {
        let scene = try XCTUnwrap(event("-[OtherSceneDelegate(Windows) sceneDidBecomeActive:] <UIWindowScene: 0x0000000102A0b110; role: UIWindowSceneSessionRoleApplication; persistentIdentifier: 04eab7e8-1819-4e9b-bc75-c6342395ce82>"))
        XCTAssertEqual(scene.identity.delegateClass, "OtherSceneDelegate")
        XCTAssertEqual(scene.identity.scenePointer, "0x102a0b110")
        XCTAssertEqual(scene.identity.sessions, ["04EAB7E8-1819-4E9B-BC75-C6342395CE82"])
        let swift = try XCTUnwrap(event("<Gotham_Times.SceneDelegate: 0x280420ba0> sceneWillEnterForeground(_:)"))
        XCTAssertEqual(swift.identity.delegateClass, "SceneDelegate")
        XCTAssertEqual(swift.identity.delegatePointer, "0x280420ba0")
        let bare = try XCTUnwrap(event("-[SceneDelegate sceneDidDisconnect:] 0x7fe3c8d05a40"))
        XCTAssertEqual(bare.identity.delegatePointer, "0x7fe3c8d05a40")
        let block = try XCTUnwrap(event("__57-[SceneDelegate scene:willConnectToSession:options:]_block_invoke"))
        XCTAssertTrue(block.deferred)
    }

    /// The byte tests that spare the identity patterns' searches never turn away a line one
    /// of them matches: every line of the samples and the corpus, and lines made to sit at
    /// their edges (a 36-byte UUID alone, hyphens that are no UUID, `<` and `0x` at the ends).
    func testIdentityByteTestsNeverHideAPatternsMatch() throws {
        var lines = ["04eab7e8-1819-4e9b-bc75-c6342395ce82", "a-b-c-d 04eab7e8", "<UIScene: 0xabc>", "<X.SceneDelegate: 0x1>",
                     "deallocated 0x7fe3c8d05a40", "0x7fe3c8d05a40", "- - - -", "<", "0x",
                     "Deactivation reason added: 10; deactivation reasons: 0 -> 1024; animating application lifecycle event: 1"]
        let captures = try TestCaptures.samples() + ((try? TestCaptures.corpus()) ?? [])
        for capture in captures { lines += capture.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        var matched = (session: 0, object: 0, pointer: 0)
        for line in lines {
            var text = line
            try text.withUTF8 { bytes in
                let message = UnsafeRawBufferPointer(bytes)
                if try matcher.firstMatch(of: catalog.uuid, in: message) != nil {
                    matched.session += 1
                    XCTAssertTrue(EventExtractor.mayNameSession(message), line)
                }
                if try matcher.firstMatch(of: catalog.scenePointer, in: message) != nil
                    || matcher.firstMatch(of: catalog.delegateObject, in: message) != nil {
                    matched.object += 1
                    XCTAssertTrue(EventExtractor.mayDescribeObject(message), line)
                }
                if try matcher.firstMatch(of: catalog.barePointer, in: message) != nil {
                    matched.pointer += 1
                    XCTAssertTrue(EventExtractor.mayHoldPointer(message), line)
                }
            }
        }
        // The lines exercise every test, and the tests turn lines away.
        XCTAssertGreaterThan(matched.session, 1)
        XCTAssertGreaterThan(matched.object, 1)
        XCTAssertGreaterThan(matched.pointer, 1)
        XCTAssertFalse(Array("a-b-c 04eab7e8, three hyphens in forty bytes".utf8).withUnsafeBytes(EventExtractor.mayNameSession))
        XCTAssertFalse(Array("Deactivation reason added: 10".utf8).withUnsafeBytes(EventExtractor.mayDescribeObject))
        XCTAssertFalse(Array("0 -> 1024".utf8).withUnsafeBytes(EventExtractor.mayHoldPointer))
    }

    /// The object descriptions read by hand (`ObjectDescriptions`) are the patterns' matches,
    /// group for group: on every line of the samples and the corpus, and on 40,000 lines made
    /// of the pieces the patterns turn on (brackets, dots, colons, pointers, the scene classes,
    /// `Delegate`), cut and joined at random.
    func testObjectDescriptionsAreReadAsThePatternsReadThem() throws {
        var lines = ["<UIWindowScene: 0x1>", "<UIScene: 0xabc; role>", "<CPTemplateApplicationScene: 0x0>", "<UIScene: 0x>",
                     "<App.SceneDelegate: 0x600002675ea0>", "<A.B.C_Delegate: 0xF>", "<Delegate: 0x1>", "<XDelegate: 0x1>",
                     "<1X.SceneDelegate: 0x1>", "<X..SceneDelegate: 0x1>", "<.SceneDelegate: 0x1>", "<SceneDelegate: 0x1 >",
                     "<<SceneDelegate: 0x1>", "<UIWindowScene <UIScene: 0x2>", "<_Delegate: 0x9>"]
        let captures = try TestCaptures.samples() + ((try? TestCaptures.corpus()) ?? [])
        for capture in captures { lines += capture.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        let pieces = ["<", ">", ".", ":", ": ", ": 0x", "0x", " ", "_", "1", "a", "F", "g", "Z", ";", "Delegate", "SceneDelegate",
                      "App.", "UIScene", "UIWindowScene", "CPTemplateApplicationScene", "<UIWindowScene: 0x7fA1", "<Mod.AppDelegate: 0x2b>"]
        var generator = SplitMix(seed: 20_261_126)
        for _ in 0..<40_000 {
            lines.append((0..<(1 + generator.next(below: 9))).map { _ in pieces[generator.next(below: pieces.count)] }.joined())
        }
        var found = (scene: 0, delegate: 0)
        for line in lines {
            var text = line
            try text.withUTF8 { bytes in
                let message = UnsafeRawBufferPointer(bytes)
                let scene = try matcher.firstMatch(of: catalog.scenePointer, in: message)
                let sceneGroup = try XCTUnwrap(catalog.scenePointer.groupNumber("pointer"))
                XCTAssertEqual(ObjectDescriptions.scenePointer(in: message), scene?[sceneGroup], line)
                let delegate = try matcher.firstMatch(of: catalog.delegateObject, in: message)
                let classGroup = try XCTUnwrap(catalog.delegateObject.groupNumber("class"))
                let pointerGroup = try XCTUnwrap(catalog.delegateObject.groupNumber("pointer"))
                let read = ObjectDescriptions.delegateObject(in: message)
                XCTAssertEqual(read?.class, delegate?[classGroup], line)
                XCTAssertEqual(read?.pointer, delegate?[pointerGroup], line)
                if scene != nil { found.scene += 1 }
                if delegate != nil { found.delegate += 1 }
            }
        }
        // The lines exercise both readers, matching and not.
        XCTAssertGreaterThan(found.scene, 1_000)
        XCTAssertGreaterThan(found.delegate, 1_000)
    }

    func testAmbiguousShortFormsFollowTheDelegateWordOrTheMode() throws {
        XCTAssertEqual(event("didEnterBackground")?.id, .ambiguousDidEnterBackground)
        XCTAssertEqual(event("SceneDelegate didEnterBackground")?.id, .sceneDidEnterBackground)
        XCTAssertEqual(event("AppDelegate: didEnterBackground")?.id, .appDidEnterBackground)
        let legacy = try Checker().check(.text(name: "t", contents: "AppDelegate didFinishLaunching\ndidBecomeActive\n"))
        XCTAssertEqual(legacy.timeline.epochs.first?.events.map(\.event.id), [.appDidFinishLaunching, .appDidBecomeActive])
        let scene = try Checker().check(.text(name: "t", contents: "scene(_:willConnectTo:options:)\ndidBecomeActive\n"))
        XCTAssertEqual(scene.timeline.epochs.first?.events.map(\.event.id), [.sceneWillConnect, .sceneDidBecomeActive])
    }

    /// The shapes' patterns hold the alternations written out in `SpellingShape.Alternations`:
    /// each is the one the catalog's names give now (on a mismatch, the message is the line to
    /// put in ShapeAlternations.swift).
    func testTheWrittenAlternationsAreTheCatalogs() {
        for (name, written, derived) in SpellingShape.derivedAlternations {
            XCTAssertFalse(derived.contains("\"#"), "\(name) cannot be a raw string literal")
            XCTAssertEqual(written, derived, "ShapeAlternations.swift: static let \(name) = #\"\(derived)\"#")
        }
        // The patterns hold them: the selectors' in both shapes that name selectors.
        XCTAssertTrue(SpellingShape.objcMethod.pattern.contains(SpellingShape.Alternations.selectors))
        XCTAssertTrue(SpellingShape.bareSelector.pattern.contains(SpellingShape.Alternations.selectors))
    }

    /// The vocabulary, its fingerprints and the near-miss names a run uses are written out ahead
    /// of time: they must be what the catalog gives, or a new spelling's word would never make
    /// its line a candidate.
    func testTheWrittenVocabularyIsTheCatalogs() {
        let derived = CompiledCatalog.derivedCandidateVocabulary
        func listed(_ words: [String]) -> String { words.map { "\"\($0)\"" }.joined(separator: ", ") }
        XCTAssertEqual(CompiledCatalog.candidateVocabulary, derived,
                       "CandidateVocabulary.swift: candidateVocabulary = [\(listed(derived))]")
        let nearMissNames = CompiledCatalog.derivedNearMissNames
        XCTAssertEqual(CompiledCatalog.nearMissNames, nearMissNames, "CandidateVocabulary.swift: nearMissNames = [\(listed(nearMissNames))]")
        let nearMissFingerprints = CaselessWordSet.fingerprints(covering: nearMissNames)
        XCTAssertEqual(CompiledCatalog.nearMissFingerprints, nearMissFingerprints,
                       "CandidateVocabulary.swift: nearMissFingerprints = [\(listed(nearMissFingerprints))]")
        XCTAssertEqual(CompiledCatalog.shared.nearMissWords.fingerprints.map { String(decoding: $0, as: UTF8.self) }, nearMissFingerprints)
        // Every word holds one of the written fingerprints, so the catalog's set takes them (it
        // chooses its own otherwise); which they are is held to real text below.
        let written = CompiledCatalog.candidateFingerprints
        XCTAssertEqual(catalog.candidateWords.fingerprints.map { String(decoding: $0, as: UTF8.self) }, written,
                       "every word of the vocabulary must hold one of candidateFingerprints (tracecheck-bench fingerprints)")
        // Fingerprints that leave a word uncovered are not taken: the set chooses its own.
        let partial = CaselessWordSet(covering: derived, fingerprints: Array(written.dropLast()))
        XCTAssertEqual(partial.fingerprints, CaselessWordSet(covering: derived).fingerprints)
        XCTAssertNotEqual(partial.fingerprints.map { String(decoding: $0, as: UTF8.self) }, Array(written.dropLast()))
    }

    /// The candidate fingerprints and their Teddy buckets are those chosen from the byte
    /// triples of real text (the sample logs and the shared real captures); they mark far
    /// fewer of its places than the fingerprints chosen by byte frequencies, and the buckets
    /// fewer than taking turns; the catalog's word set uses both.
    func testTheWrittenFingerprintsAndBucketsAreChosenFromRealText() throws {
        let corpus = try TestCaptures.corpus()
        guard !corpus.isEmpty else { throw XCTSkip("../shared/corpus/real is absent: the fingerprints are chosen from it too") }
        let texts = try TestCaptures.samples().map { Array($0.text.utf8) } + corpus.map { Array($0.text.utf8) }
        let counts = CaselessWordSet.tripleCounts(in: texts, without: catalog.candidateWords)
        let vocabulary = CompiledCatalog.candidateVocabulary
        let fingerprints = CaselessWordSet.fingerprints(covering: vocabulary, tripleCounts: counts)
        let command = "(tracecheck-bench fingerprints SampleLogs ../shared/corpus/real)"
        XCTAssertEqual(CompiledCatalog.candidateFingerprints, fingerprints,
                       "CandidateVocabulary.swift: candidateFingerprints = [\(fingerprints.map { "\"\($0)\"" }.joined(separator: ", "))] \(command)")
        let chosen = CaselessWordSet.teddyBuckets(for: fingerprints, tripleCounts: counts)
        XCTAssertEqual(CompiledCatalog.candidateTeddyBuckets, chosen,
                       "CandidateVocabulary.swift: candidateTeddyBuckets = [\(chosen.map(String.init).joined(separator: ", "))] \(command)")
        let bytes = fingerprints.map { Array($0.utf8) }
        let marked = CaselessWordSet.marked(bytes, chosen, counts)
        XCTAssertLessThan(marked, CaselessWordSet.marked(bytes, bytes.indices.map { $0 % 8 }, counts) * 4 / 5)
        let byFrequency = CaselessWordSet.fingerprints(covering: vocabulary)
        let byFrequencyMarked = CaselessWordSet.marked(byFrequency.map { Array($0.utf8) },
                                                       CaselessWordSet.teddyBuckets(for: byFrequency, tripleCounts: counts), counts)
        XCTAssertLessThan(marked, byFrequencyMarked * 2 / 3)
        XCTAssertEqual(catalog.candidateWords.teddyBuckets, CompiledCatalog.candidateTeddyBuckets)
    }

    /// A fingerprint is weighed by how often it stands in the counted text against how many
    /// words it covers: `cen` covers both words but is common, `ne(` and `ne:` one each and
    /// never seen; where nothing is counted, the one that covers both is taken.
    func testFingerprintsChosenFromCountsWeighCoverageAgainstCommonness() {
        func triple(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1 | 0x20) } }
        let words = ["Scene(", "scene:"]
        let common = [triple("sce"): 1_000, triple("cen"): 1_000, triple("ene"): 1_000]
        XCTAssertEqual(CaselessWordSet.fingerprints(covering: words, tripleCounts: common), ["ne(", "ne:"])
        // Each of the shared triples costs half a fingerprint per word; ties go to the lower bytes.
        XCTAssertEqual(CaselessWordSet.fingerprints(covering: words, tripleCounts: [:]), ["cen"])
        // Rare enough, a shared triple wins again: (54 + 55) / 2 < 55.
        XCTAssertEqual(CaselessWordSet.fingerprints(covering: words, tripleCounts: common.merging([triple("ene"): 54]) { $1 }), ["ene"])
        XCTAssertEqual(CaselessWordSet.fingerprints(covering: words, tripleCounts: common.merging([triple("ene"): 56]) { $1 }), ["ne(", "ne:"])
        // Every word holds one, whatever the counts (the vocabulary with the sample logs' triples).
        let samples = (try? TestCaptures.samples().map { Array($0.text.utf8) }) ?? []
        XCTAssertFalse(samples.isEmpty)
        let counts = CaselessWordSet.tripleCounts(in: samples, without: catalog.candidateWords)
        let chosen = CaselessWordSet.fingerprints(covering: CompiledCatalog.candidateVocabulary, tripleCounts: counts)
        for word in CompiledCatalog.candidateVocabulary {
            XCTAssertTrue(chosen.contains { word.lowercased().contains($0) }, word)
        }
        // A word shorter than three bytes: pairs, chosen by byte frequencies.
        XCTAssertEqual(CaselessWordSet.fingerprints(covering: ["ab", "scene("], tripleCounts: common),
                       CaselessWordSet.fingerprints(covering: ["ab", "scene("]))
    }

    /// Fingerprints whose mixes are common text go to different buckets; buckets that are not
    /// one per fingerprint, each below 8, are not taken.
    func testTeddyBucketsKeepCommonMixesApart() {
        // `abc` and `xyz` in one bucket would also mark `abz` and `xbc`, common here; `abc` and
        // `abd` share nearly every nibble.
        // Taking turns puts the first and the ninth in one bucket.
        let fingerprints = ["abc", "qrs", "tuv", "ghi", "jkl", "mno", "efp", "abd", "xyz"]
        func triple(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 << 8 | UInt32($1 | 0x20) } }
        let counts = [triple("abz"): 500, triple("xbc"): 400, triple("the"): 9_000]
        let bytes = fingerprints.map { Array($0.utf8) }
        XCTAssertEqual(CaselessWordSet.marked(bytes, fingerprints.indices.map { $0 % 8 }, counts), 900)
        let buckets = CaselessWordSet.teddyBuckets(for: fingerprints, tripleCounts: counts)
        XCTAssertNotEqual(buckets[0], buckets[8])
        XCTAssertEqual(CaselessWordSet.marked(bytes, buckets, counts), 0)
        let words = ["abcde", "qrstu", "tuvwx", "ghijk", "jklmn", "mnopq", "efpqr", "abdul", "xyzzy"]
        XCTAssertEqual(CaselessWordSet(covering: words, fingerprints: fingerprints, teddyBuckets: buckets).teddyBuckets, buckets)
        for wrong in [[0, 1], buckets.map { $0 + 8 }, buckets.map { _ in -1 }] {
            XCTAssertEqual(CaselessWordSet(covering: words, fingerprints: fingerprints, teddyBuckets: wrong).teddyBuckets, Array(0..<8) + [0])
        }
    }

    func testCandidateFilterPassesEverySample() throws {
        for shape in SpellingShape.all {
            for sample in shape.samples {
                let bytes = Array(sample.message.utf8)
                XCTAssertTrue(try bytes.withUnsafeBytes { try catalog.isCandidateByReference($0, matcher: matcher) }, sample.message)
                XCTAssertTrue(bytes.withUnsafeBytes(catalog.isCandidate), sample.message)
            }
        }
    }

    func testTimestampsAreComparedAcrossZones() {
        let a = CaptureTime.seconds(from: "2019-04-22 17:23:41.409737-0700")
        let b = CaptureTime.seconds(from: "2019-04-23 02:23:41.409737+0200")
        XCTAssertNotNil(a)
        XCTAssertEqual(a ?? 0, b ?? 1, accuracy: 0.000_001)
        XCTAssertEqual((CaptureTime.seconds(from: "2015-10-29 17:47:05.362") ?? 0).truncatingRemainder(dividingBy: 60), 5.362, accuracy: 0.0001)
        XCTAssertEqual(CaptureTime.seconds(from: "17:47:05"), 17 * 3600 + 47 * 60 + 5)
        XCTAssertEqual(CaptureTime.seconds(from: "16:13:40.069955 +0100") ?? 0, 15 * 3600 + 13 * 60 + 40.069955, accuracy: 0.000_001)
        let syslog = CaptureTime.seconds(from: "Jul  1 21:40:06.5")
        let nextDay = CaptureTime.seconds(from: "Jul  2 00:00:00")
        XCTAssertEqual((nextDay ?? 0) - (syslog ?? 0), 2 * 3600 + 19 * 60 + 53.5, accuracy: 0.000_001)
        XCTAssertNil(CaptureTime.seconds(from: "Foo  1 21:40:06"))
        XCTAssertNil(CaptureTime.seconds(from: "sceneDidBecomeActive"))
    }

    /// Xcode's and `log`'s form, `…SS.ffffff±hhmm` to the end, is read at its fixed places;
    /// the same time written so that the general reading takes it (a colon in the zone, a
    /// space before it) must give exactly the same seconds.
    func testTheConsoleFormReadAtFixedPlacesGivesWhatTheGeneralReadingGives() {
        var random = SplitMix(seed: 20_261_128)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.next() % 10)) }) }
        for _ in 0..<5_000 {
            let second = String(format: "%02d", Int(random.next() % 60))
            let sign = random.next() % 2 == 0 ? "+" : "-"
            let hours = String(format: "%02d", Int(random.next() % 15)), minutes = ["00", "30", "45", digits(2)][Int(random.next() % 4)]
            let clock = "2026-04-0\(1 + random.next() % 9) \(String(format: "%02d", Int(random.next() % 24))):\(digits(1))\(digits(1)):\(second).\(digits(6))"
            let fixed = CaptureTime.seconds(from: clock + sign + hours + minutes)
            XCTAssertNotNil(fixed, clock)
            XCTAssertEqual(fixed, CaptureTime.seconds(from: clock + sign + hours + ":" + minutes), clock)
            XCTAssertEqual(fixed, CaptureTime.seconds(from: clock + " " + sign + hours + minutes), clock)
        }
        XCTAssertEqual(CaptureTime.seconds(from: "2026-04-02 10:15:03.001600+0200"), CaptureTime.seconds(from: "2026-04-02 08:15:03.001600Z"))
    }

    /// The shapes look selectors and notifications up by their bytes: each table gives every
    /// name its dictionary's event, and nothing for a name it does not hold (a prefix, one
    /// byte more or changed, another list's name).
    func testByteKeyedTablesAgreeWithTheirDictionaries() {
        func value(_ table: ByteKeyedTable<EventID>, _ name: String) -> EventID? {
            var name = name
            return name.withUTF8 { table.value(for: UnsafeRawBufferPointer($0)) }
        }
        for (table, dictionary) in [(EventCatalog.selectorTable, EventCatalog.bySelector), (EventCatalog.notificationTable, EventCatalog.byNotification)] {
            XCTAssertGreaterThan(dictionary.count, 20)
            for (name, id) in dictionary {
                XCTAssertEqual(value(table, name), id, name)
                // Every name of the same length with one byte changed lands in some slot
                // held by a name of that length: the bytes, not the hash, must tell them apart.
                let changed = name.utf8.indices.map { index in
                    var bytes = Array(name.utf8)
                    bytes[name.utf8.distance(from: name.utf8.startIndex, to: index)] ^= 0x01
                    return String(decoding: bytes, as: UTF8.self)
                }
                for other in [String(name.dropLast()), name + ":", String(name.dropFirst()), name.uppercased(), ""] + changed
                    where dictionary[other] == nil {
                    XCTAssertNil(value(table, other), other)
                }
            }
        }
        XCTAssertNil(value(EventCatalog.selectorTable, "UISceneDidActivateNotification"))
        XCTAssertNil(value(EventCatalog.notificationTable, "sceneDidBecomeActive:"))
    }

    /// The reader of a capture's timestamps keeps the last one's minute: read in order, it
    /// gives what reading each timestamp alone gives, in every form, through changes of
    /// minute, day, zone and form, and where bytes around the seconds are changed (a minute
    /// kept must not be given to a timestamp that is no longer one).
    func testTheTimeReaderGivesWhatEachTimestampGives() {
        let forms = [
            "2019-04-22 17:23:41.409737-0700", "2019-04-22 17:23:59.000001-0700", "2019-04-22 17:24:00.5+02:00",
            "2025-12-01T07:44:09.123Z", "2025-12-01T07:44:09,5", "2015-10-29 17:47:05.362", "2015-10-29 17:47:05:751",
            "Jul 15 09:37:50.972604", "Jul  5 09:37:50", "Dec 31 23:59:59", "18:38:11.129512+0800", "16:13:40.069955 +0100",
            "17:47:05",
        ]
        var random = SplitMix(seed: 20_261_127)
        var reader = CaptureTime.Reader()
        var read = 0, timed = 0
        for _ in 0..<40_000 {
            var bytes = Array(forms[Int(random.next() % UInt64(forms.count))].utf8)
            // Mostly the seconds and fraction change, as in a capture; sometimes any byte.
            let changes = Int(random.next() % 3)
            for _ in 0..<changes where !bytes.isEmpty {
                let position = random.next() % 4 == 0 ? Int(random.next() % UInt64(bytes.count)) : min(bytes.count - 1, Int(random.next() % 6) + 12)
                bytes[position] = Array("0123456789:. -+TZa".utf8)[Int(random.next() % 18)]
            }
            if random.next() % 8 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count + 1))) }
            let expected = bytes.withUnsafeBytes { CaptureTime.seconds(from: $0) }
            let got = bytes.withUnsafeBytes { reader.seconds(from: $0) }
            XCTAssertEqual(got, expected, String(decoding: bytes, as: UTF8.self))
            read += 1
            if expected != nil { timed += 1 }
        }
        XCTAssertGreaterThan(timed, read / 3, "most timestamps stay readable, so agreement is not vacuous")
        XCTAssertLessThan(timed, read, "some are changed past reading")
    }

    /// The console form's timestamps are read at fixed places, two digits at a time: on every
    /// such timestamp, with digits and separators changed at random, that reading gives what
    /// the general one gives, to the bit, and it declines what is not of its form.
    func testTheFixedPlaceReadingGivesWhatTheGeneralReadingGives() {
        var random = SplitMix(seed: 20_261_129)
        var fixed = 0, declined = 0
        for _ in 0..<40_000 {
            let zone = random.next() % 2 == 0 ? "+" : "-"
            var text = String(format: "2026-04-02 %02d:%02d:%02d.%06d%@%02d%02d", Int(random.next() % 24), Int(random.next() % 60),
                              Int(random.next() % 60), Int(random.next() % 1_000_000), zone, Int(random.next() % 15), Int(random.next() % 60))
            var bytes = Array(text.utf8)
            for _ in 0..<Int(random.next() % 3) {
                bytes[17 + Int(random.next() % 14)] = Array("0123456789.+-:Z a".utf8)[Int(random.next() % 17)]
            }
            if random.next() % 10 == 0 { bytes.removeLast() }
            text = String(decoding: bytes, as: UTF8.self)
            bytes.withUnsafeBytes { bytes in
                guard let minute = CaptureTime.minute(of: bytes) else { return }
                let general = CaptureTime.generalSeconds(from: bytes, within: minute)
                if let seconds = CaptureTime.fixedPlaceSeconds(bytes, at: minute.clockStart + 6, minute: minute.seconds) {
                    XCTAssertEqual(seconds.bitPattern, general?.bitPattern, text)
                    fixed += 1
                } else {
                    declined += 1
                }
                XCTAssertEqual(CaptureTime.seconds(from: bytes, within: minute)?.bitPattern, general?.bitPattern, text)
            }
        }
        XCTAssertGreaterThan(fixed, 10_000, "most stay of the form, so agreement is not vacuous")
        XCTAssertGreaterThan(declined, 1_000, "some are changed out of it")
    }
}
