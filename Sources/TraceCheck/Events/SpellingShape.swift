/// How a callback reached the log, which decides how much it can be trusted as the callback
/// itself (a notification is posted after it, a UIKit message is UIKit's own).
package enum EventSource: String, Sendable, Codable {
    case callback
    case notification
    /// UIKit's own line: one of its messages, or its account of the application state.
    case uikit
    /// A line of SpringBoard's, FrontBoard's or RunningBoard's about the app.
    case system

    /// Who logged the line, as output formats say it: the app (its handlers, its observers),
    /// UIKit itself, or the system.
    package var origin: String {
        switch self {
        case .callback, .notification: "app"
        case .uikit: "uikit"
        case .system: "system"
        }
    }
}

/// What a shape pulled out of one message, before identity extraction.
struct SpellingMatch: Sendable {
    var id: EventID
    var source: EventSource = .callback
    var delegateClass: String?
    var delegatePointer: String?
    /// `__func__` inside a block: the line was logged later than the callback ran.
    var deferred = false
}

/// The named groups of a shape's match, read where PCRE2 left them (until the next match):
/// `group("class")` makes a string of one, `group.bytes("selector")` does not.
struct ShapeGroups {
    let regex: PCRE2Regex
    let matcher: PCRE2Matcher
    let message: UnsafeRawBufferPointer

    /// Group `name`'s text; nil when it did not take part.
    func callAsFunction(_ name: String) -> String? { bytes(name).map { String(decoding: $0, as: UTF8.self) } }

    /// Group `name`'s bytes in the message; nil when it did not take part.
    func bytes(_ name: String) -> UnsafeRawBufferPointer? {
        guard let range = regex.groupNumber(name).flatMap(matcher.group) else { return nil }
        return UnsafeRawBufferPointer(rebasing: message[range])
    }
}

/// One way a callback is spelled in a log, as a PCRE2 pattern whose name alternation is
/// generated from `EventCatalog`, with the sample messages it must (exclusively) claim.
package struct SpellingShape: Sendable {
    package let name: String
    package let pattern: String
    package let caseless: Bool
    /// Messages this shape, and no other, must claim, with the event each one means.
    package let samples: [(message: String, event: EventID)]
    let resolve: @Sendable (_ group: ShapeGroups) -> SpellingMatch?
    /// Tried only on a message that holds one of the literals every match of the pattern
    /// holds (`RequiredLiterals`, ignoring ASCII case), found by a word search (the catalog's
    /// `shapeGates`): for patterns that can begin at many places of a line that is none of
    /// theirs (a space, `a`, `c`, `n`), where PCRE2 tries each. A candidate line no shape reads
    /// (a backtrace's `-[AppDelegate application:didFinishLaunchingWithOptions:] + 120`) tries
    /// every shape.
    var gatedByLiterals = false
    /// Builds the catalog's tables `resolve` reads: the catalog's compile does, so that the
    /// threads reading a file's parts do not build them at their first lifecycle line, one
    /// of them waiting for the other.
    var tables: @Sendable () -> Void = {}
}

extension SpellingShape {
    /// In priority order: the first shape that resolves a message wins.
    package static let all: [SpellingShape] = each.map { $0() }
    /// `all`, each shape made only when asked for: the catalog's compile makes and compiles
    /// them on the warm-up thread and the check's (`SharedTasks`), each in its own task.
    static let each: [@Sendable () -> SpellingShape] = [{ objcMethod }, { swiftFunction }, { bareSelector }, { notification }, { shortForm },
                                                        { phrase }, { reactNativeState }, { scenePhase }, { uikitMessage }, { flutterState }]

    private static let identifier = "[A-Za-z_][A-Za-z0-9_]*"
    /// What an app's log puts before the event word: `[Lifecycle] `, `Lifecycle event: `,
    /// `state changed to `, `event -> `.
    private static let label = "(?:(?:\\[[A-Za-z][A-Za-z ]{0,23}\\]|(?:app |scene )?(?:lifecycle(?: event)?|event|callback|state(?: changed)?(?: to)?))"
        + "[ \\t]*(?:->|→|=>|[:=\\-])?[ \\t]*)?"
    /// What a cross-platform bridge puts before the app's own message: Capacitor's
    /// `⚡️  [log] - ` and `[Capacitor] `, Metro's ` LOG  `, Flutter's `flutter: `.
    private static let bridge = "(?:\\[(?:log|info|warn|error|debug)\\][ \\t]*-[ \\t]*|\\[Capacitor\\][ \\t]*|flutter:[ \\t]*|(?:LOG|INFO|WARN)[ \\t]+)?"
    /// A backtrace frame (`-[AppDelegate application:didFinishLaunchingWithOptions:] + 120`)
    /// names a method without it being called at that moment.
    private static let notBacktrace = "(?![ \\t]*\\+[ \\t]*\\d)"

    static let objcMethod = SpellingShape(
        name: "objc-method",
        pattern: "(?:__(?<blocknum>\\d+))?[-+]\\[(?<class>\(identifier))(?:\\((?<category>[A-Za-z0-9_]*)\\))? "
            + "(?<selector>\(Alternations.selectors))\\](?<block>_block_invoke(?:_\\d+)?)?\(notBacktrace)",
        caseless: false,
        samples: [
            ("-[SceneDelegate scene:willConnectToSession:options:]", .sceneWillConnect),
            ("-[SceneDelegate sceneDidBecomeActive:]", .sceneDidBecomeActive),
            ("-[AppDelegate(Lifecycle) applicationDidBecomeActive:]", .appDidBecomeActive),
            ("__57-[SceneDelegate scene:willConnectToSession:options:]_block_invoke", .sceneWillConnect),
            ("__43-[OtherSceneDelegate sceneDidEnterBackground:]_block_invoke_2", .sceneDidEnterBackground),
            ("-[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = F8369E9A-67DA-48FC-BAB6-EC1A5D8D56CC>)}", .appDidDiscardSceneSessions),
            ("111-[AppDelegate applicationWillTerminate:]", .appWillTerminate),
            ("-[CarPlaySceneDelegate templateApplicationScene:didConnectInterfaceController:]", .carPlayDidConnect),
        ],
        resolve: { group in
            guard let selector = group.bytes("selector"), let id = EventCatalog.selectorTable.value(for: selector) else { return nil }
            return SpellingMatch(id: id, delegateClass: group("class"), deferred: group.bytes("block") != nil)
        },
        tables: { _ = EventCatalog.selectorTable })

    static let swiftFunction = SpellingShape(
        name: "swift-function",
        pattern: "(?:<(?<receiver>[A-Za-z_][A-Za-z0-9_.]*): (?<pointer>0x[0-9A-Fa-f]+)>[ \\t]+|(?<type>[A-Z][A-Za-z0-9_]*)[. ])?"
            + "(?<![A-Za-z0-9_])(?<function>\(Alternations.swiftBaseNames))"
            + "\\((?<labels>(?:\(identifier):)*)\\)\(notBacktrace)",
        caseless: false,
        samples: [
            ("scene(_:willConnectTo:options:)", .sceneWillConnect),
            ("sceneDidBecomeActive(_:)", .sceneDidBecomeActive),
            ("<AppLifeCycle.SceneDelegate: 0x600002675ea0> sceneWillEnterForeground(_:)", .sceneWillEnterForeground),
            ("SceneDelegate.sceneDidBecomeActive(_:)", .sceneDidBecomeActive),
            ("AppDelegate application(_:didFinishLaunchingWithOptions:)", .appDidFinishLaunching),
            ("-> applicationDidFinishLaunching()", .appDidFinishLaunching),
            ("🟢 application(_:configurationForConnecting:options:) role=UIWindowSceneSessionRoleApplication", .appConfigurationForConnecting),
            ("windowScene(_:performActionFor:)", .windowScenePerformActionForShortcutItem),
            ("windowScene(_:didUpdate:interfaceOrientation:traitCollection:)", .windowSceneDidUpdateCoordinateSpace),
            ("sceneDidDisconnect(_:) 5910B345-5C7F-4CA4-BA22-EE6114C79B6A", .sceneDidDisconnect),
        ],
        resolve: { group in
            guard let function = group("function") else { return nil }
            let name = "\(function)(\(group("labels") ?? ""))"
            guard let id = EventCatalog.bySwiftName[name] ?? EventCatalog.byUniqueBaseName[function] else { return nil }
            let receiverClass = group("receiver").map { String($0.split(separator: ".").last ?? Substring($0)) }
            return SpellingMatch(id: id, delegateClass: receiverClass ?? group("type"), delegatePointer: group("pointer"))
        },
        tables: { _ = (EventCatalog.bySwiftName, EventCatalog.byUniqueBaseName) })

    /// `NSStringFromSelector(_cmd)`: the selector alone, at the start of the message.
    static let bareSelector = SpellingShape(
        name: "bare-selector",
        pattern: "^[^A-Za-z0-9_<\\[]{0,8}\(bridge)(?:(?<type>[A-Z][A-Za-z0-9_]*)[ .:]+)?"
            + "(?<selector>\(Alternations.selectors))(?=[ \\t]|$)",
        caseless: false,
        samples: [
            ("sceneDidBecomeActive:", .sceneDidBecomeActive),
            ("scene:willConnectToSession:options: <UIWindowScene: 0x1066063e0>", .sceneWillConnect),
            ("AppDelegate application:didFinishLaunchingWithOptions:", .appDidFinishLaunching),
        ],
        resolve: { group in
            guard let selector = group.bytes("selector"), let id = EventCatalog.selectorTable.value(for: selector) else { return nil }
            return SpellingMatch(id: id, delegateClass: group("type"))
        },
        tables: { _ = EventCatalog.selectorTable })

    static let notification = SpellingShape(
        name: "notification",
        pattern: "(?<![A-Za-z0-9_])(?<notification>\(Alternations.notifications))(?![A-Za-z0-9_])",
        caseless: false,
        samples: [
            ("NSNotificationName(_rawValue: UISceneDidActivateNotification)", .sceneDidBecomeActive),
            ("NSConcreteNotification 0x11218a7a0 {name = UIApplicationDidBecomeActiveNotification; object = <_TtC7SwiftUIP33_ACC2C5639A7D76F611E170E831FCA49118SwiftUIApplication: 0x10cc50000>}", .appDidBecomeActive),
            ("UISceneWillEnterForegroundNotification", .sceneWillEnterForeground),
            ("received UIScene.didEnterBackgroundNotification", .sceneDidEnterBackground),
            ("UIApplicationProtectedDataDidBecomeAvailable", .appProtectedDataDidBecomeAvailable),
        ],
        resolve: { group in
            guard let name = group.bytes("notification"), let id = EventCatalog.notificationTable.value(for: name) else { return nil }
            return SpellingMatch(id: id, source: .notification)
        },
        tables: { _ = EventCatalog.notificationTable })

    /// Hand-written forms, only when they are the whole message (apart from a little
    /// decoration), so that prose such as "app will resign active for engine …" is not an event.
    static let shortForm = SpellingShape(
        name: "short-form",
        pattern: "^[^A-Za-z0-9_\\[:]{0,8}\(bridge)\(label)(?:(?<class>\(identifier)Delegate)[ \\t]*(?:->|→|=>|[.:\\-])?[ \\t]*)?(?:iOSLifecycle[ \\t]*\\.[ \\t]*)?"
            + "(?<word>\(Alternations.shortForms))"
            + "[^A-Za-z0-9_(:\\]]{0,8}$",
        caseless: true,
        samples: [
            ("SceneDelegate willConnectTo", .sceneWillConnect),
            ("willConnectTo", .sceneWillConnect),
            ("AppDelegate didBecomeActive", .appDidBecomeActive),
            ("SceneDelegate - didEnterBackground", .sceneDidEnterBackground),
            ("didBecomeActive", .ambiguousDidBecomeActive),
            ("✅ sceneDidBecomeActive", .sceneDidBecomeActive),
            ("didDiscardSceneSessions", .appDidDiscardSceneSessions),
            ("Lifecycle event: WillEnterForeground", .ambiguousWillEnterForeground),
            ("[Lifecycle] sceneDidBecomeActive", .sceneDidBecomeActive),
            ("AppDelegate -> applicationWillResignActive", .appWillResignActive),
            ("SceneDelegate:willConnectTo", .sceneWillConnect),
            ("Lifecycle event: OnActivated", .appDidBecomeActive),
            ("iOSLifecycle.SceneOnResignActivation", .sceneWillResignActive),
            ("[AppDelegate] FinishedLaunching", .appDidFinishLaunching),
            ("⚡️  [log] - [Lifecycle] sceneDidBecomeActive", .sceneDidBecomeActive),
            (" LOG  SceneDelegate willConnectTo", .sceneWillConnect),
        ],
        resolve: { group in
            guard let word = group("word")?.lowercased() else { return nil }
            let delegateClass = group("class")
            if let callback = ForegroundCallback.allCases.first(where: { $0.rawValue.lowercased() == word }) {
                let id: EventID
                switch delegateClass.map(DelegateKind.init(className:)) {
                case .scene?: id = callback.scene
                case .app?: id = callback.app
                default: id = callback.ambiguous
                }
                return SpellingMatch(id: id, delegateClass: delegateClass)
            }
            guard let id = EventCatalog.byShortForm[word] else { return nil }
            return SpellingMatch(id: id, delegateClass: delegateClass)
        },
        tables: { _ = (EventCatalog.byShortForm, ForegroundCallback.allCases) })

    static let phrase = SpellingShape(
        name: "phrase",
        pattern: "^[^A-Za-z0-9_]{0,8}\(bridge)(?<subject>app|application|scene|window scene)[ \\t]+"
            + "(?<phrase>\(Alternations.phrases))[^A-Za-z0-9_]{0,8}$",
        caseless: true,
        samples: [
            ("App did become active", .appDidBecomeActive),
            ("Scene became active", .sceneDidBecomeActive),
            ("app will terminate", .appWillTerminate),
            ("Scene will connect", .sceneWillConnect),
            ("flutter: app did enter background", .appDidEnterBackground),
        ],
        resolve: { group in
            guard let subject = group("subject")?.lowercased(), let phrase = group("phrase")?.lowercased(),
                  let member = EventCatalog.phrases[phrase] else { return nil }
            let level = subject.hasSuffix("scene") ? "scene" : "app"
            let id = EventID("\(level).\(member)")
            return EventCatalog.knownIDs.contains(id) ? SpellingMatch(id: id) : nil
        },
        tables: { _ = (EventCatalog.phrases, EventCatalog.knownIDs) })

    /// `print(newPhase)` in `.onChange(of: scenePhase)`, bare or labelled, as the whole message.
    static let scenePhase = SpellingShape(
        name: "scene-phase",
        // An author's note around a phase word (`-- background --`, `// background`,
        // `=== background ===`) is prose, not a print of the phase.
        pattern: "^(?![ \\t]*(?:--|//|==|##|\\*\\*|<!--))[^A-Za-z0-9_]{0,8}"
            + "(?:(?:(?:(?:new|scene|application|app)[ \\t]?)?phase(?:[ \\t]+changed)?|(?:(?:scene|application|app)[ \\t])?state[ \\t]+changed)(?:[ \\t]+to)?[ \\t]*[:=]?[ \\t]*(?:->|→)?[ \\t]*|scene[ \\t]+)?"
            + "(?:ScenePhase)?\\.?(?<phase>\(Alternations.scenePhases))[ \\t.!,;)]{0,8}$",
        caseless: true,
        samples: [
            ("active", .swiftUIActive),
            ("Inactive", .swiftUIInactive),
            ("scenePhase: background", .swiftUIBackground),
            ("ScenePhase.active", .swiftUIActive),
            ("Phase changed to inactive", .swiftUIInactive),
            ("APPLICATION PHASE: active", .swiftUIActive),
            ("🟢 .active", .swiftUIActive),
            ("scene active", .swiftUIActive),
            ("scenePhase: .background", .swiftUIBackground),
            ("phase = active", .swiftUIActive),
            ("state changed: background", .swiftUIBackground),
            ("App state changed to inactive", .swiftUIInactive),
        ],
        resolve: { group in
            guard let phase = group("phase")?.lowercased(), let id = EventCatalog.scenePhases[phase] else { return nil }
            return SpellingMatch(id: id)
        },
        tables: { _ = EventCatalog.scenePhases })

    /// Flutter's `AppLifecycleState.paused` wherever it stands in a line (as `print(state)` and
    /// loggers write it), or a state word right after `didChangeAppLifecycleState` or `Flutter`.
    static let flutterState = SpellingShape(
        name: "flutter-state",
        // Not Dart code quoted in a paste: `state == AppLifecycleState.paused`, `case AppLifecycleState.paused:`.
        pattern: "(?:(?<![A-Za-z0-9_])(?<!== )(?<!case )AppLifecycleState\\.|(?:^|[ \\t:])(?:didChangeAppLifecycleState|Flutter)[ \\t:=]+)"
            + "(?<state>\(Alternations.flutterStates))(?![A-Za-z0-9_])",
        caseless: false,
        samples: [
            ("AppLifecycleState.paused", .flutterPaused),
            ("AppLifecycleState: AppLifecycleState.inactive", .flutterInactive),
            ("APP_LOG 2024-09-26 05:17:12.034400 SIPController: ApplifecycleState _onStateChanged AppLifecycleState.resumed", .flutterResumed),
            ("didChangeAppLifecycleState paused", .flutterPaused),
            ("Flutter hiding", .flutterHidden),
        ],
        resolve: { group in
            guard let state = group("state"), let id = EventCatalog.flutterStates[state] else { return nil }
            return SpellingMatch(id: id)
        },
        gatedByLiterals: true,
        tables: { _ = EventCatalog.flutterStates })

    /// React Native's `AppState` as JS code logs it: after `AppState`, `nextAppState` or
    /// `current state` (`AppState.currentState` printed), or a redux enhancer's action name
    /// (`INACTIVE`, `FOREGROUND`, `BACKGROUND`) as the last word of the line.
    static let reactNativeState = SpellingShape(
        name: "react-native-state",
        pattern: "(?:(?<![A-Za-z0-9_])(?:(?:next|new|prev)?AppState|[Aa]ppState|(?i:current[ _]?state))"
            + "(?:[ \\t]+(?i:changed|is|now))?(?:[ \\t]+(?i:to))?[ \\t]*(?:->|→|=>|[:=,])?[ \\t]*[\"'`]?"
            + "(?<state>active|background|inactive)[\"'`]?(?![A-Za-z0-9_])"
            + "|(?:^|[ \\t]-[ \\t])(?<action>INACTIVE|FOREGROUND|BACKGROUND)[ \\t]*$)",
        caseless: false,
        samples: [
            ("AppState changed to background", .reactNativeBackground),
            ("nextAppState: active", .reactNativeActive),
            ("current state inactive", .reactNativeInactive),
            ("AppState.currentState = 'background'", .reactNativeBackground),
            ("12:00:00 01.843 - FOREGROUND", .reactNativeActive),
        ],
        resolve: { group in
            guard let state = (group("state") ?? group("action"))?.lowercased(),
                  let id = EventCatalog.reactNativeStates[state] else { return nil }
            return SpellingMatch(id: id)
        },
        gatedByLiterals: true,
        tables: { _ = EventCatalog.reactNativeStates })

    /// The name events from UIKit's account carry as their shape: read by `UIKitAccount`'s
    /// patterns, not a spelling of a callback.
    static let uikitAccountShape = "uikit-account"

    static let uikitMessage = SpellingShape(
        name: "uikit-message",
        // As people quote them: names in backticks or quotes (`` `UIScene` lifecycle ``).
        pattern: "(?<fragment>\(Alternations.uikitFragments))",
        caseless: false,
        samples: [
            ("CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.", .uikitLegacyLifecycleWarning),
            ("UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future.", .uikitLegacyLifecycleWarning),
            ("UIScene lifecycle is required when building with the latest SDK.", .uikitSceneLifecycleRequired),
            ("[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")", .uikitNoSceneConfiguration),
            ("[SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\".", .uikitSceneDelegateClassNotLoaded),
            ("Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained the key UISceneDelegateClassName, but failed to load the class named \"Atlas.SceneDelegate\".", .uikitSceneDelegateClassNotLoaded),
            ("[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file.", .uikitNoSceneDelegate),
            ("The app delegate must implement the window property if it wants to use a main storyboard file.", .uikitAppDelegateWindowMissing),
            ("*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Application does not implement CarPlay template application lifecycle methods in its scene delegate.'", .uikitCarPlayLifecycleMissing),
            ("Scene activation request failed: The operation couldn’t be completed. (UISceneErrorDomain error 0.)", .uikitSceneError),
            ("\"`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.\"", .uikitLegacyLifecycleWarning),
            ("> CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt 'UIScene' lifecycle.", .uikitLegacyLifecycleWarning),
        ],
        resolve: { group in
            guard let quoted = group("fragment") else { return nil }
            let fragment = String(quoted.unicodeScalars.filter { !Self.quoteMarks.contains($0) })
            guard let id = EventCatalog.uikitMessages.first(where: { $0.fragment == fragment })?.id else { return nil }
            return SpellingMatch(id: id, source: .uikit)
        },
        tables: { _ = EventCatalog.uikitMessages })

    /// `Alternations` as the catalog gives them now, by the names of its constants: what the
    /// written ones are held to.
    package static var derivedAlternations: [(name: String, written: String, derived: String)] {
        [("selectors", Alternations.selectors, alternation(EventCatalog.bySelector.keys, caseless: false)),
         ("swiftBaseNames", Alternations.swiftBaseNames, alternation(EventCatalog.swiftBaseNames, caseless: false)),
         ("notifications", Alternations.notifications, alternation(EventCatalog.byNotification.keys, caseless: false)),
         ("shortForms", Alternations.shortForms,
          alternation(Array(EventCatalog.byShortForm.keys) + EventCatalog.ambiguousShortForms.keys.map { $0.lowercased() }, caseless: true)),
         ("phrases", Alternations.phrases, alternation(EventCatalog.phrases.keys, caseless: true)),
         ("scenePhases", Alternations.scenePhases, alternation(EventCatalog.scenePhases.keys, caseless: true)),
         ("flutterStates", Alternations.flutterStates, alternation(EventCatalog.flutterStates.keys, caseless: false)),
         ("uikitFragments", Alternations.uikitFragments, quotableAlternation(EventCatalog.uikitMessages.map(\.fragment)))]
    }

    /// An array, not a set: a set of scalars made the runtime search every conformance of the
    /// binary for `Unicode.Scalar`'s `Hashable` at its first use.
    static let quoteMarks: [Unicode.Scalar] = ["`", "'", "\"", "‘", "’", "“", "”"]

    /// `alternation`, where each word may be quoted: a quote mark may stand before or after
    /// any word of a phrase.
    /// The curly quotes are written as their UTF-8 bytes (the patterns are compiled without
    /// PCRE2's UTF mode): as seven alternatives, JIT-compiling this one pattern took 2.3 ms
    /// of every start, more than all the other shapes together; as a class, 0.6 ms.
    static func quotableAlternation(_ phrases: [String]) -> String {
        let quote = "(?:[`'\"]|\\xE2\\x80[\\x98\\x99\\x9C\\x9D])?"
        return Set(phrases).sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
            .map { $0.split(separator: " ").map { escapeForPattern(String($0)) }.joined(separator: "\(quote) \(quote)") }
            .joined(separator: "|")
    }

    /// The words as one alternation that prefers the longest word that fits (so that no
    /// shorter prefix wins early), written as a trie: words that begin alike share their
    /// beginning, and each place branches on the next character, so that PCRE2 tries the few
    /// words that go on as the text does, not each of the hundred words of the catalog in turn.
    /// On the bench's app console at 10 % lifecycle lines, the selector pattern took about a
    /// third of a microsecond an event; as a trie, PCRE2 ran a quarter fewer instructions. It
    /// matches as `flatAlternation` of the same words does, backtracking included: the words
    /// that fit at a place are prefixes of one another, tried from the longest in both forms (a
    /// test holds the two to each other).
    /// `caseless`: the pattern is compiled with `PCRE2_CASELESS`; words are then put in ASCII
    /// lowercase first, so that `DidX` and `didXYZ` do not branch apart where the text fits both.
    static func alternation<S: Sequence>(_ words: S, caseless: Bool) -> String where S.Element == String {
        // On UTF-8 bytes: by characters, building the catalog's patterns was a tenth of a
        // small capture's run, paid at every start.
        var sorted = words.map { word in
            var bytes = Array(word.utf8)
            if caseless {
                for index in bytes.indices { bytes[index] = Bytes.lowercased(bytes[index]) }
            }
            return bytes
        }
        sorted.sort { $0.lexicographicallyPrecedes($1) }
        // Each word once (sorted, a word's repeats follow it).
        var unique: [[UInt8]] = []
        unique.reserveCapacity(sorted.count)
        for word in sorted where unique.last != word { unique.append(word) }
        var pattern: [UInt8] = []
        appendTrie(unique, 0..<unique.count, from: 0, to: &pattern)
        return String(decoding: pattern, as: UTF8.self)
    }

    /// `words[range]` (sorted, all alike in their first `depth` bytes) from `depth` on: one
    /// branch per next character, in byte order (at most one fits a place of the text), each
    /// followed by the rest of its words; optional where a word ends at `depth` (sorted, it
    /// comes first), so that longer words are tried first.
    private static func appendTrie(_ words: [[UInt8]], _ range: Range<Int>, from depth: Int, to pattern: inout [UInt8]) {
        var index = range.lowerBound
        let ends = index < range.upperBound && words[index].count == depth
        if ends { index += 1 }
        guard index < range.upperBound else { return }
        // A whole UTF-8 sequence a branch, so that the pattern stays valid UTF-8.
        func characterLength(_ word: [UInt8]) -> Int {
            let lead = word[depth]
            return min(lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4, word.count - depth)
        }
        func sameCharacter(_ lhs: [UInt8], _ rhs: [UInt8], _ length: Int) -> Bool {
            guard rhs.count >= depth + length else { return false }
            for offset in depth..<(depth + length) where lhs[offset] != rhs[offset] { return false }
            return true
        }
        // Sorted: the first and last words begin with one character only where all do.
        let last = words[range.upperBound - 1]
        let grouped = ends || !sameCharacter(words[index], last, characterLength(words[index]))
        if grouped { pattern += Array("(?:".utf8) }
        var first = true
        while index < range.upperBound {
            let word = words[index], length = characterLength(word)
            var next = index + 1
            while next < range.upperBound, sameCharacter(word, words[next], length) { next += 1 }
            if !first { pattern.append(UInt8(ascii: "|")) }
            first = false
            appendEscaped(word[depth..<(depth + length)], to: &pattern)
            appendTrie(words, index..<next, from: depth + length, to: &pattern)
            index = next
        }
        if grouped { pattern += Array((ends ? ")?" : ")").utf8) }
    }

    /// The words one after another, longest first (then in byte order): the alternation
    /// `alternation(_:caseless:)` is held to.
    package static func flatAlternation<S: Sequence>(_ words: S) -> String where S.Element == String {
        Set(words).sorted { lhs, rhs in
            lhs.utf8.count != rhs.utf8.count ? lhs.utf8.count > rhs.utf8.count : lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
        }
        .map(escapeForPattern).joined(separator: "|")
    }

    static func escapeForPattern(_ literal: String) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(literal.utf8.count + 8)
        appendEscaped(literal.utf8, to: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `bytes` as a literal of a pattern: each operator byte after a backslash. Inlined: it
    /// runs over every byte of the catalog's patterns at every start.
    @inline(__always)
    private static func appendEscaped<Bytes: Sequence>(_ bytes: Bytes, to pattern: inout [UInt8]) where Bytes.Element == UInt8 {
        for byte in bytes {
            if metacharacters.contains(byte) { pattern.append(0x5C) }
            pattern.append(byte)
        }
    }

    /// The bytes a pattern reads as operators (`\^$.|?*+()[]{}-/`), escaped in a literal.
    private static let metacharacters = ByteSet(Array("\\^$.|?*+()[]{}-/".utf8))
}

/// Which delegate a class name belongs to, judged from the name alone.
enum DelegateKind {
    case app, scene, unknown

    init(className: String) {
        let lowered = className.lowercased()
        if lowered.hasSuffix("scenedelegate") || lowered.contains("scene") {
            self = .scene
        } else if lowered.hasSuffix("appdelegate") || lowered.hasSuffix("applicationdelegate") {
            self = .app
        } else {
            self = .unknown
        }
    }
}
