import Foundation

/// `tracecheck events`: every canonical event name (what `.tracecheck.yml` refers to in
/// `events:` and in its rules' `event:` keys) with the spellings read as it.
package enum EventHelp {
    /// One event and how it is spelt, by kind of spelling.
    package struct Row: Encodable, Equatable {
        package let id: String
        package let spellings: [Spelling]
    }

    package struct Spelling: Encodable, Equatable {
        /// `selector`, `swift`, `short`, `notification`, `.NET`, `phrase`, `state`, `UIKit`, `system`.
        package let kind: String
        package let forms: [String]
    }

    /// Events read from lines the app does not write itself, by what shows them.
    static let described: [EventID: (kind: String, text: String)] = [
        .uikitAppLaunched: ("UIKit", "UIKitCore's deactivation reasons going from 0 to a launch mask (Deactivation reason added: 10; … 0 -> 1024)"),
        .uikitAppWillResignActive: ("UIKit", "UIKitCore's deactivation reasons leaving 0 (the application stops being active)"),
        .uikitAppDidBecomeActive: ("UIKit", "UIKitCore's deactivation reasons reaching 0"),
        .uikitAppDidEnterBackground: ("UIKit", "UIKitCore's deactivation reason 11 (background) added"),
        .uikitAppWillEnterForeground: ("UIKit", "UIKitCore's deactivation reason 11 (background) removed"),
        .uikitAppSceneOfRecord: ("UIKit", "sceneOfRecord: <UIWindowScene …; persistentIdentifier: …> (names UIKit's lane; an identity hint, not an event read)"),
        .systemLaunch: ("system", "SpringBoard: Bootstrapping app<bundle> with intent …"),
        .systemSceneCreated: ("system", "FrontBoard: [… sceneID:bundle-default] Sending scene create."),
        .systemForeground: ("system", "SpringBoard: Application process state changed for bundle: <… visibility: Foreground>"),
        .systemBackground: ("system", "SpringBoard: Application process state changed for bundle: <… visibility: Background>"),
        .systemSuspended: ("system", "SpringBoard: Application process state changed for bundle: <… taskState: Suspended …>"),
        .systemExit: ("system", "FrontBoard: Process exited: <FBApplicationProcess …>, or a state change to (null)"),
    ]

    package static var rows: [Row] {
        EventCatalog.allIDs.map { id in Row(id: id.rawValue, spellings: spellings(of: id)) }
    }

    static func spellings(of id: EventID) -> [Spelling] {
        var out: [Spelling] = []
        func add(_ kind: String, _ forms: [String]) {
            if !forms.isEmpty { out.append(Spelling(kind: kind, forms: forms)) }
        }
        if let entry = EventCatalog.entry(for: id) {
            add("selector", entry.selectors)
            add("swift", entry.swiftNames)
            add("short", entry.shortForms)
            add("notification", entry.notifications)
        }
        if let callback = ForegroundCallback(id), id == callback.ambiguous {
            add("short", ["\(callback.rawValue) (the class word on the line, else the process's life cycle, picks app or scene)"])
        }
        add(".NET", EventCatalog.dotNetNames.filter { $0.value == id }.map(\.key).sorted())
        let predicate = id.rawValue.split(separator: ".").last.map(String.init) ?? ""
        if id.rawValue.hasPrefix("app.") || id.rawValue.hasPrefix("scene.") {
            let subject = id.rawValue.hasPrefix("app.") ? "App" : "Scene"
            add("phrase", EventCatalog.phrases.filter { $0.value == predicate }.map { "\(subject) \($0.key)" }.sorted())
        }
        let states = EventCatalog.scenePhases.map { ("scenePhase", $0) } + EventCatalog.flutterStates.map { ("AppLifecycleState", $0) }
            + EventCatalog.reactNativeStates.map { ("AppState", $0) }
        add("state", states.filter { $0.1.value == id }.map { "\($0.0) \($0.1.key)" }.sorted())
        add("UIKit", EventCatalog.uikitMessages.filter { $0.id == id }.map(\.fragment))
        if let described = described[id] { add(described.kind, [described.text]) }
        return out
    }

    /// The listing for people, one event a block.
    package static func table() -> String {
        var out = "Events (the names .tracecheck.yml uses in events: and in a rule's event: keys), with what is read as each:\n"
        for row in rows {
            out += "\n  \(row.id)\n"
            for spelling in row.spellings {
                out += "    " + spelling.kind.padding(toLength: 13, withPad: " ", startingAt: 0) + spelling.forms.joined(separator: ", ") + "\n"
            }
        }
        out += "\nA spelling is matched as a method name anywhere in the message, or as the whole message for short forms, "
            + "states and phrases; docs/formats.md says where each may stand.\n"
        return out
    }

    package static func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(rows) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
