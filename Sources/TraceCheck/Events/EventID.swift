/// A canonical lifecycle event name, as in the ID column of the spec's event catalog
/// (`app.didFinishLaunching`, `scene.willConnect`, …). Configuration and output use these.
public struct EventID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `app`, `scene`, `windowScene`, `carplay`, `uikit` or `ambiguous`.
    public var family: Substring { rawValue.prefix { $0 != "." } }
    /// The part after the family: `didBecomeActive` for `scene.didBecomeActive`.
    public var member: Substring {
        guard let dot = rawValue.firstIndex(of: ".") else { return Substring(rawValue) }
        return rawValue[rawValue.index(after: dot)...]
    }

    /// Callbacks a scene delegate (of any kind) receives for one scene instance.
    public var isSceneLevel: Bool { ["scene", "windowScene", "carplay"].contains(family) }

    /// A state a framework reports on top of UIKit's callbacks (SwiftUI's scenePhase,
    /// Flutter's AppLifecycleState, React Native's AppState): the same transition seen again,
    /// not another callback.
    public var isFrameworkState: Bool { EventCatalog.frameworkFamilies.contains(family) }
}

extension EventID {
    public static let appWillFinishLaunching: EventID = "app.willFinishLaunching"
    public static let appDidFinishLaunching: EventID = "app.didFinishLaunching"
    public static let appDidBecomeActive: EventID = "app.didBecomeActive"
    public static let appWillResignActive: EventID = "app.willResignActive"
    public static let appDidEnterBackground: EventID = "app.didEnterBackground"
    public static let appWillEnterForeground: EventID = "app.willEnterForeground"
    public static let appWillTerminate: EventID = "app.willTerminate"
    public static let appOpenURL: EventID = "app.openURL"
    public static let appContinueUserActivity: EventID = "app.continueUserActivity"
    public static let appConfigurationForConnecting: EventID = "app.configurationForConnecting"
    public static let appDidDiscardSceneSessions: EventID = "app.didDiscardSceneSessions"

    public static let sceneWillConnect: EventID = "scene.willConnect"
    public static let sceneDidDisconnect: EventID = "scene.didDisconnect"
    public static let sceneDidBecomeActive: EventID = "scene.didBecomeActive"
    public static let sceneWillResignActive: EventID = "scene.willResignActive"
    public static let sceneWillEnterForeground: EventID = "scene.willEnterForeground"
    public static let sceneDidEnterBackground: EventID = "scene.didEnterBackground"
    public static let sceneOpenURLContexts: EventID = "scene.openURLContexts"
    public static let sceneContinueUserActivity: EventID = "scene.continueUserActivity"
    public static let windowSceneDidUpdateCoordinateSpace: EventID = "windowScene.didUpdateCoordinateSpace"

    /// UIKit's own "this process does not adopt UIScene lifecycle" warnings (spec §4.1 K6, K7).
    public static let uikitLegacyLifecycleWarning: EventID = "uikit.legacyLifecycleWarning"
    public static let uikitSceneLifecycleRequired: EventID = "uikit.sceneLifecycleRequired"
    public static let uikitNoSceneConfiguration: EventID = "uikit.noSceneConfiguration"
    public static let uikitSceneDelegateClassNotLoaded: EventID = "uikit.sceneDelegateClassNotLoaded"
    public static let uikitNoSceneDelegate: EventID = "uikit.noSceneDelegate"
    public static let uikitAppDelegateWindowMissing: EventID = "uikit.appDelegateWindowMissing"
    public static let uikitCarPlayLifecycleMissing: EventID = "uikit.carPlayLifecycleMissing"
    public static let uikitSceneError: EventID = "uikit.sceneError"
}
