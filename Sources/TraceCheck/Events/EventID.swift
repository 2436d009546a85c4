/// A canonical lifecycle event name, as the event catalog names it
/// (`app.didFinishLaunching`, `scene.willConnect`, …). Configuration and output use these.
package struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: String
    /// The catalog's family of this id; nil for a team's own events (`.tracecheck.yml`).
    /// Worked out once: every rule classifies events by it, event after event.
    package let builtInFamily: EventFamily?
    /// The name's hash, worked out once: ids are keys of the sets and tables every rule
    /// consults per event, and hashing the name each time was a tenth of a run.
    private let nameHash: Int

    /// Where `family` ends: the name's first dot, or its end.
    private let familyEnd: String.Index

    package init(_ rawValue: String) {
        self.rawValue = rawValue
        builtInFamily = EventFamily(rawValue: String(rawValue.prefix { $0 != "." }))
        nameHash = rawValue.hashValue
        familyEnd = rawValue.utf8.firstIndex(of: UInt8(ascii: ".")) ?? rawValue.endIndex
    }

    package static func == (lhs: EventID, rhs: EventID) -> Bool { lhs.nameHash == rhs.nameHash && lhs.rawValue == rhs.rawValue }

    package func hash(into hasher: inout Hasher) { hasher.combine(nameHash) }

    /// The hash a set or table of ids asks for (the standard library's hook beneath
    /// `hash(into:)`), from the name's hash without a `Hasher`:
    /// the rules look ids up in sets per event, and a `Hasher` per lookup cost more than the
    /// rest of the lookup. The name's hash comes from a seeded `Hasher` already, so mixing in
    /// the table's seed keeps ids spread differently from run to run and table to table.
    package func _rawHashValue(seed: Int) -> Int { nameHash ^ seed.multipliedReportingOverflow(by: -7_046_029_254_386_353_131).partialValue }

    package var description: String { rawValue }
    package static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `app`, `scene`, `windowScene`, `carplay`, `uikit`, `uikitapp`, a framework's or `ambiguous`.
    /// (Both cut where the dot was found once: rules ask per event, and searching the name's
    /// bytes each time was more than a hundredth of a dense capture's run.)
    package var family: Substring { rawValue[..<familyEnd] }
    /// The part after the family: `didBecomeActive` for `scene.didBecomeActive`.
    package var member: Substring {
        guard familyEnd < rawValue.endIndex else { return Substring(rawValue) }
        return rawValue[rawValue.utf8.index(after: familyEnd)...]
    }

    /// Callbacks a scene delegate (of any kind) receives for one scene instance.
    package var isSceneLevel: Bool {
        switch builtInFamily {
        case .scene, .windowScene, .carplay: true
        default: false
        }
    }

    /// What UIKit, not the app, logged about the application state.
    package var isUIKitAccount: Bool { builtInFamily == .uikitapp }

    /// What the system's processes logged about the app.
    package var isSystemAccount: Bool { builtInFamily == .system }

    /// What UIKit or the system logged about the app from outside its handlers: not the app's
    /// own line.
    package var isOutsideAccount: Bool { isUIKitAccount || isSystemAccount }

    /// A line that says which scene session drives UIKit's account (`sceneOfRecord`), no
    /// transition: it names, it does not count as something read.
    package var isIdentityHint: Bool { self == .uikitAppSceneOfRecord }

    /// A state a framework reports on top of UIKit's callbacks (SwiftUI's scenePhase,
    /// Flutter's AppLifecycleState, React Native's AppState): the same transition seen again,
    /// not another callback.
    package var isFrameworkState: Bool { builtInFamily.map(EventCatalog.frameworkFamilies.contains) ?? false }
}

/// The families of the catalog's ids: the part before the dot.
package enum EventFamily: String, Sendable, CaseIterable {
    case app, scene, windowScene, carplay, uikit, swiftui, flutter, reactnative, ambiguous
    /// UIKit's own account of the application state, read from its deactivation-reason lines
    /// (docs/uikit-account.md): what UIKit did, whatever the app's handlers logged.
    case uikitapp
    /// What SpringBoard, FrontBoard and RunningBoard log about an app's process and scenes
    /// (docs/uikit-account.md, "The system's lines").
    case system
}
