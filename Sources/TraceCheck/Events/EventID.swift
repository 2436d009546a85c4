import Foundation

/// A canonical lifecycle event name, as the event catalog names it
/// (`app.didFinishLaunching`, `scene.willConnect`, …). Configuration and output use these.
///
/// The name is kept once per process (`EventNames`) and an id is its number there: ids are
/// copied, compared and hashed event after event by the timeline and every rule, and an id
/// that held its name as a `String` (past 15 bytes, a heap object) was retained and released
/// at each copy, about a million times on 16 MB at 10 % lifecycle lines.
package struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name's number in `EventNames`.
    private let number: Int32
    /// The catalog's family of this id; nil for a team's own events (`.tracecheck.yml`).
    /// Worked out once: every rule classifies events by it, event after event.
    package let builtInFamily: EventFamily?

    /// A state a framework reports on top of UIKit's callbacks (SwiftUI's scenePhase,
    /// Flutter's AppLifecycleState, React Native's AppState): the same transition seen again,
    /// not another callback. Worked out once, as the family is: the timeline asks per event,
    /// and the set of families hashed its case's name each time.
    package let isFrameworkState: Bool

    package init(_ rawValue: String) {
        number = EventNames.shared.number(of: rawValue)
        builtInFamily = EventFamily(rawValue: String(rawValue.prefix { $0 != "." }))
        isFrameworkState = builtInFamily?.isFrameworkState ?? false
    }

    /// One of the catalog's ids: its number in `builtInNames`, and its family. A constant the
    /// compiler folds where it is written, with no lazily made global behind it.
    @inline(__always)
    init(builtIn number: Int32, _ family: EventFamily) {
        self.number = number
        builtInFamily = family
        isFrameworkState = family.isFrameworkState
    }

    package var rawValue: String { EventNames.shared.name(of: number) }

    /// Where `EventIDTable` keeps this id's value: its number, from 0.
    var tableIndex: Int { Int(number) }

    package static func == (lhs: EventID, rhs: EventID) -> Bool { lhs.number == rhs.number }

    package func hash(into hasher: inout Hasher) { hasher.combine(number) }

    /// The hash a set or table of ids asks for (the standard library's hook beneath
    /// `hash(into:)`), from the name's number without a `Hasher`: the rules look ids up in
    /// sets per event, and a `Hasher` per lookup cost more than the rest of the lookup.
    /// Mixing in the table's seed keeps ids spread differently from table to table.
    package func _rawHashValue(seed: Int) -> Int { spreadForHashing(Int(number) ^ seed) }

    package var description: String { rawValue }
    package static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.number != rhs.number && lhs.rawValue < rhs.rawValue }

    /// `app`, `scene`, `windowScene`, `carplay`, `uikit`, `uikitapp`, a framework's or `ambiguous`.
    package var family: Substring {
        let name = rawValue
        return name[..<(name.utf8.firstIndex(of: UInt8(ascii: ".")) ?? name.endIndex)]
    }
    /// The part after the family: `didBecomeActive` for `scene.didBecomeActive`.
    package var member: Substring {
        let name = rawValue
        guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) else { return Substring(name) }
        return name[name.utf8.index(after: dot)...]
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

    /// A framework's state family (SwiftUI, Flutter, React Native): `EventCatalog.frameworkStates`.
    var isFrameworkState: Bool {
        switch self {
        case .swiftui, .flutter, .reactnative: true
        default: false
        }
    }
}

/// Every event name met in this process, once, by number: `EventID` holds the number. A
/// name is added under a lock (the catalog's names at start-up, a configuration's, a phrase
/// shape's); it is read without one, from slots that never move and are written once before
/// the number is handed out, so that reading an id's name is a load.
final class EventNames: @unchecked Sendable {
    static let shared = EventNames()

    /// Slots come in blocks of `blockSize`, allocated as names arrive and never freed; the
    /// directory of blocks has a fixed size, so that it never moves under a reader either.
    /// 4,096 blocks of 1,024 names: four million names, where the catalog has a few hundred
    /// and a configuration adds its own.
    private static let blockSize = 1_024
    private static let blockCount = 4_096

    private let lock = NSLock()
    private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<String>?>
    private var numbers: [String: Int32] = [:]
    private var count = 0

    private init() {
        blocks = .allocate(capacity: Self.blockCount)
        blocks.initialize(repeating: nil, count: Self.blockCount)
        // The catalog's names first: each gets the number its constant is written with.
        for name in EventID.builtInNames { _ = number(of: name) }
    }

    /// The number of `name`, added when it is new. Past the last slot, names share the
    /// last one (reached only by a configuration of millions of event names).
    func number(of name: String) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[name] { return number }
        guard count < Self.blockSize * Self.blockCount else { return Int32(Self.blockSize * Self.blockCount - 1) }
        let (block, slot) = count.quotientAndRemainder(dividingBy: Self.blockSize)
        let slots: UnsafeMutablePointer<String>
        if let existing = blocks[block] {
            slots = existing
        } else {
            slots = .allocate(capacity: Self.blockSize)
            blocks[block] = slots
        }
        (slots + slot).initialize(to: name)
        let number = Int32(count)
        numbers[name] = number
        count += 1
        return number
    }

    /// The name of `number`, which `number(of:)` gave.
    func name(of number: Int32) -> String {
        let (block, slot) = Int(number).quotientAndRemainder(dividingBy: Self.blockSize)
        return blocks[block].map { $0[slot] } ?? ""
    }
}
