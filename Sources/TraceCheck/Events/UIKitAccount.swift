/// UIKit's own account of the application state (docs/uikit-account.md).
///
/// UIKit keeps a mask of reasons why the application is not active and logs each change from
/// the app's own process: `Deactivation reason added: 11; deactivation reasons: 4128 -> 6176;
/// …`. Reason N is bit `1 << N`. The transitions follow from the mask alone: the application
/// resigns active when the mask leaves 0 and becomes active when it returns to 0; bit 11 is
/// the background. The other reasons' meanings are not logged and are not used. Each line
/// holds both masks, so each is read on its own: nothing is carried from line to line, and a
/// parted read sees what a whole read sees.
package enum UIKitAccount {
    /// Bit 11: the application is in the background.
    static let backgroundBit: UInt64 = 1 << 11
    /// Bit 10: set alone as the process starts (`0 -> 1024`), cleared once it has launched.
    static let launchingBit: UInt64 = 1 << 10

    /// Every id UIKit's account produces.
    static let ids: [EventID] = [
        .uikitAppLaunched, .uikitAppWillResignActive, .uikitAppDidBecomeActive, .uikitAppDidEnterBackground,
        .uikitAppWillEnterForeground, .uikitAppSceneOfRecord,
    ]

    /// The transitions one change of the mask shows, in the order UIKit makes them: resign,
    /// background, foreground, active. `0 -> 1024` is the launch, not a resignation; the
    /// timeline reads a launch that is not the first of its process's account as a
    /// resignation (docs/uikit-account.md says why).
    package static func transitions(from old: UInt64, to new: UInt64) -> [EventID] {
        guard old != new else { return [] }
        var found: [EventID] = []
        if old == 0 {
            found.append(new & launchingBit != 0 ? .uikitAppLaunched : .uikitAppWillResignActive)
        }
        let wasBackground = old & backgroundBit != 0, isBackground = new & backgroundBit != 0
        if !wasBackground, isBackground { found.append(.uikitAppDidEnterBackground) }
        if wasBackground, !isBackground { found.append(.uikitAppWillEnterForeground) }
        if old != 0, new == 0 { found.append(.uikitAppDidBecomeActive) }
        return found
    }

    /// What the application's state is after `id`, as far as UIKit's account tells it: active
    /// or not, in the background or not.
    package struct State: Equatable, Sendable {
        package var active: Bool
        package var background: Bool
    }

    package static func state(after id: EventID) -> State? {
        switch id {
        case .uikitAppLaunched, .uikitAppWillResignActive, .uikitAppWillEnterForeground:
            State(active: false, background: false)
        case .uikitAppDidEnterBackground: State(active: false, background: true)
        case .uikitAppDidBecomeActive: State(active: true, background: false)
        default: nil
        }
    }

    /// The app's callback (at any level) that the transition `id` corresponds to.
    package static func callback(for id: EventID) -> ForegroundCallback? {
        switch id {
        case .uikitAppWillResignActive: .willResignActive
        case .uikitAppDidBecomeActive: .didBecomeActive
        case .uikitAppDidEnterBackground: .didEnterBackground
        case .uikitAppWillEnterForeground: .willEnterForeground
        default: nil
        }
    }

    /// The mask line. The reason number is left out: the masks say everything, and a line
    /// whose reason disagrees with its masks is still the masks' change.
    static let maskPattern =
        #"(?<![A-Za-z])Deactivation reason (?:added|removed): \d+; deactivation reasons: (?<old>\d{1,20}) -> (?<new>\d{1,20})(?!\d)"#
    /// `sceneOfRecord: sceneID: sceneID:com.example.app-default  persistentID: 67275ECC-…`.
    static let sceneOfRecordPattern =
        #"(?<![A-Za-z])sceneOfRecord: sceneID: (?:sceneID:)?(?<scene>\S+)\s+persistentID: (?<session>[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})"#
    /// The app's bundle id in a scene's id: `com.example.app` of `com.example.app-default` (or
    /// of `com.example.app-<UUID>`, a scene other than the default one).
    static func bundle(ofSceneID sceneID: String) -> String? {
        if sceneID.hasSuffix("-default") { return String(sceneID.dropLast("-default".count)) }
        let uuidLength = 36
        guard sceneID.count > uuidLength + 1 else { return nil }
        let suffix = sceneID.suffix(uuidLength + 1)
        guard suffix.first == "-", suffix.dropFirst().allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
        return String(sceneID.dropLast(uuidLength + 1))
    }

    /// The two masks of a mask line, read by hand: what `maskPattern` matches, without a
    /// pattern's match on every such line (a device capture can hold thousands). A test
    /// holds the two to each other on real and mutated lines. A mask of twenty digits beyond
    /// 64 bits, which the pattern matches, is `overflow`.
    enum MaskReading: Equatable {
        case none
        case masks(old: UInt64, new: UInt64)
        case overflow
    }

    static func readMask(_ message: UnsafeRawBufferPointer) -> MaskReading {
        let head: StaticString = "Deactivation reason "
        var from = 0
        while let start = message.offset(of: head, from: from) {
            from = start + 1
            // `(?<![A-Za-z])`
            if start > 0, let before = message[start - 1] as UInt8?, (before | 0x20) >= 0x61, (before | 0x20) <= 0x7A { continue }
            var cursor = start + head.utf8CodeUnitCount
            guard let verb = message.skip(["added: ", "removed: "], at: cursor) else { continue }
            cursor = verb
            guard let reasonEnd = message.digits(at: cursor, atMost: .max), reasonEnd > cursor else { continue }
            guard let listed = message.skip("; deactivation reasons: ", at: reasonEnd),
                  let oldEnd = message.digits(at: listed, atMost: 20), oldEnd > listed,
                  let arrow = message.skip(" -> ", at: oldEnd),
                  let newEnd = message.digits(at: arrow, atMost: 20), newEnd > arrow else { continue }
            // `(?!\d)` after at most 20 digits.
            if newEnd < message.count, message[newEnd] >= 0x30, message[newEnd] <= 0x39 { continue }
            guard let old = message.decimal(listed..<oldEnd), let new = message.decimal(arrow..<newEnd) else { return .overflow }
            return .masks(old: old, new: new)
        }
        return .none
    }

    /// The words that make such a line a candidate for the extractor.
    static let candidateWords = ["Deactivation reason", "sceneOfRecord:"]
}
