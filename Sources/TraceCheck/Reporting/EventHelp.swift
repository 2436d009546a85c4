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
        .uikitAppLaunched: ("UIKit", "UIKit's deactivation reasons from 0 to a launch mask (0 -> 1024)"),
        .uikitAppWillResignActive: ("UIKit", "UIKit's deactivation reasons leaving 0"),
        .uikitAppDidBecomeActive: ("UIKit", "UIKit's deactivation reasons reaching 0"),
        .uikitAppDidEnterBackground: ("UIKit", "UIKit's deactivation reason 11 (background) added"),
        .uikitAppWillEnterForeground: ("UIKit", "UIKit's deactivation reason 11 (background) removed"),
        .uikitAppSceneOfRecord: ("UIKit", "sceneOfRecord: <UIWindowScene …> (names UIKit's lane; no event)"),
        .systemLaunch: ("system", "SpringBoard: Bootstrapping app<bundle> with intent …"),
        .systemSceneCreated: ("system", "FrontBoard: [… sceneID:bundle-default] Sending scene create."),
        .systemForeground: ("system", "SpringBoard: process state changed …: <… visibility: Foreground>"),
        .systemBackground: ("system", "SpringBoard: process state changed …: <… visibility: Background>"),
        .systemSuspended: ("system", "SpringBoard: process state changed …: <… taskState: Suspended …>"),
        .systemExit: ("system", "FrontBoard: Process exited: <FBApplicationProcess …>; or (null)"),
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
        var out = RuleHelp.wrapped("Events (the names .tracecheck.yml uses in events: and in a rule's event: keys), with what is read as each:") + "\n"
        for row in rows {
            out += "\n  \(row.id)\n"
            for spelling in row.spellings {
                let label = "   " + spelling.kind.padding(toLength: 13, withPad: " ", startingAt: 0)
                let joined = spelling.forms.joined(separator: ", ")
                // One form a line where they would not fit 80 columns together.
                out += label.count + joined.count <= 80 ? label + joined + "\n"
                    : spelling.forms.enumerated().map { ($0.offset == 0 ? label : String(repeating: " ", count: label.count)) + $0.element + "\n" }.joined()
            }
        }
        out += "\n" + RuleHelp.wrapped("A spelling is matched as a method name anywhere in the message, or as the whole message for short forms, "
            + "states and phrases; docs/formats.md says where each may stand.") + "\n"
        return out
    }

    package static func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(rows) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
