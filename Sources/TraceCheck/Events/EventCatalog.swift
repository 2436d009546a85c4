/// One row of the event catalog (docs/formats.md, "What is read"): every way the same callback is spelled.
package struct CatalogEntry: Sendable {
    package let id: EventID
    /// ObjC selectors, as `__func__` and `NSStringFromSelector(_cmd)` print them.
    package let selectors: [String]
    /// Swift `#function` names, including the async variants of completion-handler methods.
    package let swiftNames: [String]
    /// Hand-written forms (`willConnectTo`). Matched only as the whole message.
    package let shortForms: [String]
    /// Notification names: the raw ObjC constant and the Swift spelling.
    package let notifications: [String]

    init(_ id: EventID, selectors: [String] = [], swift: [String] = [], short: [String] = [], notifications: [String] = []) {
        self.id = id
        self.selectors = selectors
        self.swiftNames = swift
        self.shortForms = short
        self.notifications = notifications
    }
}

/// The four callbacks both delegates have (the app's in a legacy app, the scene's since
/// iOS 13), with each level's id and the id of a spelling that names neither.
package enum ForegroundCallback: String, CaseIterable, Sendable {
    case didBecomeActive, willResignActive, didEnterBackground, willEnterForeground

    package var app: EventID {
        switch self {
        case .didBecomeActive: .appDidBecomeActive
        case .willResignActive: .appWillResignActive
        case .didEnterBackground: .appDidEnterBackground
        case .willEnterForeground: .appWillEnterForeground
        }
    }

    package var scene: EventID {
        switch self {
        case .didBecomeActive: .sceneDidBecomeActive
        case .willResignActive: .sceneWillResignActive
        case .didEnterBackground: .sceneDidEnterBackground
        case .willEnterForeground: .sceneWillEnterForeground
        }
    }

    /// A short form without a delegate word (`didBecomeActive`): the timeline decides.
    package var ambiguous: EventID {
        switch self {
        case .didBecomeActive: .ambiguousDidBecomeActive
        case .willResignActive: .ambiguousWillResignActive
        case .didEnterBackground: .ambiguousDidEnterBackground
        case .willEnterForeground: .ambiguousWillEnterForeground
        }
    }

    /// The callback `id` is at any level.
    package init?(_ id: EventID) {
        guard let callback = Self.byID[id] else { return nil }
        self = callback
    }

    /// Every level's id of each callback (asked per event by the timeline and the rules).
    private static let byID = EventIDTable<ForegroundCallback>(
        allCases.flatMap { callback in [callback.app, callback.scene, callback.ambiguous].map { ($0, callback) } })

    package func id(atSceneLevel sceneLevel: Bool) -> EventID { sceneLevel ? scene : app }

    /// Where this callback stands in an array of one entry per callback.
    package var slot: Int {
        switch self {
        case .didBecomeActive: 0
        case .willResignActive: 1
        case .didEnterBackground: 2
        case .willEnterForeground: 3
        }
    }
}

/// The event catalog as data. Patterns (`SpellingShape`) are generated from it, so a new
/// spelling is one string here, not a regex edit.
package enum EventCatalog {
    package static let entries: [CatalogEntry] = appDelegate + sceneDelegate + windowSceneDelegate + carPlay

    static let appDelegate: [CatalogEntry] = [
        CatalogEntry(.appWillFinishLaunching,
                     selectors: ["application:willFinishLaunchingWithOptions:"],
                     swift: ["application(_:willFinishLaunchingWithOptions:)"],
                     short: ["willFinishLaunching", "willFinishLaunchingWithOptions"]),
        CatalogEntry(.appDidFinishLaunching,
                     selectors: ["application:didFinishLaunchingWithOptions:", "applicationDidFinishLaunching:"],
                     swift: ["application(_:didFinishLaunchingWithOptions:)", "applicationDidFinishLaunching(_:)"],
                     short: ["didFinishLaunching", "didFinishLaunchingWithOptions", "applicationDidFinishLaunching"],
                     notifications: ["UIApplicationDidFinishLaunchingNotification", "UIApplication.didFinishLaunchingNotification"]),
        CatalogEntry(.appDidBecomeActive,
                     selectors: ["applicationDidBecomeActive:"],
                     swift: ["applicationDidBecomeActive(_:)"],
                     short: ["applicationDidBecomeActive"],
                     notifications: ["UIApplicationDidBecomeActiveNotification", "UIApplication.didBecomeActiveNotification"]),
        CatalogEntry(.appWillResignActive,
                     selectors: ["applicationWillResignActive:"],
                     swift: ["applicationWillResignActive(_:)"],
                     short: ["applicationWillResignActive"],
                     notifications: ["UIApplicationWillResignActiveNotification", "UIApplication.willResignActiveNotification"]),
        CatalogEntry(.appDidEnterBackground,
                     selectors: ["applicationDidEnterBackground:"],
                     swift: ["applicationDidEnterBackground(_:)"],
                     short: ["applicationDidEnterBackground"],
                     notifications: ["UIApplicationDidEnterBackgroundNotification", "UIApplication.didEnterBackgroundNotification"]),
        CatalogEntry(.appWillEnterForeground,
                     selectors: ["applicationWillEnterForeground:"],
                     swift: ["applicationWillEnterForeground(_:)"],
                     short: ["applicationWillEnterForeground"],
                     notifications: ["UIApplicationWillEnterForegroundNotification", "UIApplication.willEnterForegroundNotification"]),
        CatalogEntry(.appWillTerminate,
                     selectors: ["applicationWillTerminate:"],
                     swift: ["applicationWillTerminate(_:)"],
                     short: ["willTerminate", "applicationWillTerminate"],
                     notifications: ["UIApplicationWillTerminateNotification", "UIApplication.willTerminateNotification"]),
        CatalogEntry(.appMemoryWarning,
                     selectors: ["applicationDidReceiveMemoryWarning:"],
                     swift: ["applicationDidReceiveMemoryWarning(_:)"],
                     short: ["didReceiveMemoryWarning", "applicationDidReceiveMemoryWarning"],
                     notifications: ["UIApplicationDidReceiveMemoryWarningNotification", "UIApplication.didReceiveMemoryWarningNotification"]),
        CatalogEntry(.appSignificantTimeChange,
                     selectors: ["applicationSignificantTimeChange:"],
                     swift: ["applicationSignificantTimeChange(_:)"],
                     short: ["significantTimeChange", "applicationSignificantTimeChange"],
                     notifications: ["UIApplicationSignificantTimeChangeNotification", "UIApplication.significantTimeChangeNotification"]),
        CatalogEntry(.appProtectedDataWillBecomeUnavailable,
                     selectors: ["applicationProtectedDataWillBecomeUnavailable:"],
                     swift: ["applicationProtectedDataWillBecomeUnavailable(_:)"],
                     short: ["protectedDataWillBecomeUnavailable", "applicationProtectedDataWillBecomeUnavailable"],
                     notifications: ["UIApplicationProtectedDataWillBecomeUnavailable", "UIApplication.protectedDataWillBecomeUnavailableNotification"]),
        CatalogEntry(.appProtectedDataDidBecomeAvailable,
                     selectors: ["applicationProtectedDataDidBecomeAvailable:"],
                     swift: ["applicationProtectedDataDidBecomeAvailable(_:)"],
                     short: ["protectedDataDidBecomeAvailable", "applicationProtectedDataDidBecomeAvailable"],
                     notifications: ["UIApplicationProtectedDataDidBecomeAvailable", "UIApplication.protectedDataDidBecomeAvailableNotification"]),
        CatalogEntry(.appOpenURL,
                     selectors: ["application:openURL:options:"],
                     swift: ["application(_:open:options:)"],
                     short: ["openURL"]),
        CatalogEntry(.appWillContinueUserActivity,
                     selectors: ["application:willContinueUserActivityWithType:"],
                     swift: ["application(_:willContinueUserActivityWithType:)"]),
        CatalogEntry(.appContinueUserActivity,
                     selectors: ["application:continueUserActivity:restorationHandler:"],
                     swift: ["application(_:continue:restorationHandler:)"]),
        CatalogEntry(.appDidFailToContinueUserActivity,
                     selectors: ["application:didFailToContinueUserActivityWithType:error:"],
                     swift: ["application(_:didFailToContinueUserActivityWithType:error:)"]),
        CatalogEntry(.appDidUpdateUserActivity,
                     selectors: ["application:didUpdateUserActivity:"],
                     swift: ["application(_:didUpdate:)"]),
        CatalogEntry(.appConfigurationForConnecting,
                     selectors: ["application:configurationForConnectingSceneSession:options:"],
                     swift: ["application(_:configurationForConnecting:options:)"],
                     short: ["configurationForConnecting", "configurationForConnectingSceneSession"]),
        CatalogEntry(.appDidDiscardSceneSessions,
                     selectors: ["application:didDiscardSceneSessions:"],
                     swift: ["application(_:didDiscardSceneSessions:)"],
                     short: ["didDiscardSceneSessions"]),
        CatalogEntry(.appPerformActionForShortcutItem,
                     selectors: ["application:performActionForShortcutItem:completionHandler:"],
                     swift: ["application(_:performActionFor:completionHandler:)", "application(_:performActionFor:)"],
                     short: ["performActionForShortcutItem"]),
        CatalogEntry(.appUserDidAcceptCloudKitShare,
                     selectors: ["application:userDidAcceptCloudKitShareWithMetadata:"],
                     swift: ["application(_:userDidAcceptCloudKitShareWith:)"],
                     short: ["userDidAcceptCloudKitShare"]),
        CatalogEntry(.appBackgroundURLSession,
                     selectors: ["application:handleEventsForBackgroundURLSession:completionHandler:"],
                     swift: ["application(_:handleEventsForBackgroundURLSession:completionHandler:)",
                             "application(_:handleEventsForBackgroundURLSession:)"],
                     short: ["handleEventsForBackgroundURLSession"]),
        CatalogEntry(.appRemoteNotification,
                     selectors: ["application:didReceiveRemoteNotification:fetchCompletionHandler:"],
                     swift: ["application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
                             "application(_:didReceiveRemoteNotification:)"],
                     short: ["didReceiveRemoteNotification"]),
        CatalogEntry(.appBackgroundFetch,
                     selectors: ["application:performFetchWithCompletionHandler:"],
                     swift: ["application(_:performFetchWithCompletionHandler:)", "application(_:performFetch:)"],
                     short: ["performFetch", "performFetchWithCompletionHandler"]),
        CatalogEntry(.appLegacyRestoration,
                     selectors: ["application:shouldSaveSecureApplicationState:", "application:shouldRestoreSecureApplicationState:",
                                 "application:viewControllerWithRestorationIdentifierPath:coder:",
                                 "application:willEncodeRestorableStateWithCoder:", "application:didDecodeRestorableStateWithCoder:"],
                     swift: ["application(_:shouldSaveSecureApplicationState:)", "application(_:shouldRestoreSecureApplicationState:)",
                             "application(_:viewControllerWithRestorationIdentifierPath:coder:)",
                             "application(_:willEncodeRestorableStateWith:)", "application(_:didDecodeRestorableStateWith:)"]),
    ]

    static let sceneDelegate: [CatalogEntry] = [
        CatalogEntry(.sceneWillConnect,
                     selectors: ["scene:willConnectToSession:options:"],
                     swift: ["scene(_:willConnectTo:options:)"],
                     short: ["willConnectTo", "willConnectToSession", "sceneWillConnect"],
                     notifications: ["UISceneWillConnectNotification", "UIScene.willConnectNotification"]),
        CatalogEntry(.sceneDidDisconnect,
                     selectors: ["sceneDidDisconnect:"],
                     swift: ["sceneDidDisconnect(_:)"],
                     short: ["didDisconnect", "sceneDidDisconnect"],
                     notifications: ["UISceneDidDisconnectNotification", "UIScene.didDisconnectNotification"]),
        CatalogEntry(.sceneDidBecomeActive,
                     selectors: ["sceneDidBecomeActive:"],
                     swift: ["sceneDidBecomeActive(_:)"],
                     short: ["sceneDidBecomeActive"],
                     notifications: ["UISceneDidActivateNotification", "UIScene.didActivateNotification"]),
        CatalogEntry(.sceneWillResignActive,
                     selectors: ["sceneWillResignActive:"],
                     swift: ["sceneWillResignActive(_:)"],
                     short: ["sceneWillResignActive"],
                     notifications: ["UISceneWillDeactivateNotification", "UIScene.willDeactivateNotification"]),
        CatalogEntry(.sceneWillEnterForeground,
                     selectors: ["sceneWillEnterForeground:"],
                     swift: ["sceneWillEnterForeground(_:)"],
                     short: ["sceneWillEnterForeground"],
                     notifications: ["UISceneWillEnterForegroundNotification", "UIScene.willEnterForegroundNotification"]),
        CatalogEntry(.sceneDidEnterBackground,
                     selectors: ["sceneDidEnterBackground:"],
                     swift: ["sceneDidEnterBackground(_:)"],
                     short: ["sceneDidEnterBackground"],
                     notifications: ["UISceneDidEnterBackgroundNotification", "UIScene.didEnterBackgroundNotification"]),
        CatalogEntry(.sceneOpenURLContexts,
                     selectors: ["scene:openURLContexts:"],
                     swift: ["scene(_:openURLContexts:)"],
                     short: ["openURLContexts"]),
        CatalogEntry(.sceneStateRestorationActivity,
                     selectors: ["stateRestorationActivityForScene:"],
                     swift: ["stateRestorationActivity(for:)"]),
        CatalogEntry(.sceneRestoreInteractionState,
                     selectors: ["scene:restoreInteractionStateWithUserActivity:"],
                     swift: ["scene(_:restoreInteractionStateWith:)"]),
        CatalogEntry(.sceneWillContinueUserActivity,
                     selectors: ["scene:willContinueUserActivityWithType:"],
                     swift: ["scene(_:willContinueUserActivityWithType:)"]),
        CatalogEntry(.sceneContinueUserActivity,
                     selectors: ["scene:continueUserActivity:"],
                     swift: ["scene(_:continue:)"]),
        CatalogEntry(.sceneDidFailToContinueUserActivity,
                     selectors: ["scene:didFailToContinueUserActivityWithType:error:"],
                     swift: ["scene(_:didFailToContinueUserActivityWithType:error:)"]),
        CatalogEntry(.sceneDidUpdateUserActivity,
                     selectors: ["scene:didUpdateUserActivity:"],
                     swift: ["scene(_:didUpdate:)"]),
    ]

    static let windowSceneDelegate: [CatalogEntry] = [
        CatalogEntry(.windowSceneDidUpdateCoordinateSpace,
                     selectors: ["windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"],
                     swift: ["windowScene(_:didUpdate:interfaceOrientation:traitCollection:)"]),
        CatalogEntry(.windowSceneDidUpdateEffectiveGeometry,
                     selectors: ["windowScene:didUpdateEffectiveGeometry:"],
                     swift: ["windowScene(_:didUpdateEffectiveGeometry:)"]),
        CatalogEntry(.windowScenePerformActionForShortcutItem,
                     selectors: ["windowScene:performActionForShortcutItem:completionHandler:"],
                     swift: ["windowScene(_:performActionFor:completionHandler:)", "windowScene(_:performActionFor:)"]),
        CatalogEntry(.windowSceneUserDidAcceptCloudKitShare,
                     selectors: ["windowScene:userDidAcceptCloudKitShareWithMetadata:"],
                     swift: ["windowScene(_:userDidAcceptCloudKitShareWith:)"]),
    ]

    static let carPlay: [CatalogEntry] = [
        CatalogEntry(.carPlayDidConnect,
                     selectors: ["templateApplicationScene:didConnectInterfaceController:"],
                     swift: ["templateApplicationScene(_:didConnect:)"]),
        CatalogEntry(.carPlayDidDisconnect,
                     selectors: ["templateApplicationScene:didDisconnectInterfaceController:"],
                     swift: ["templateApplicationScene(_:didDisconnectInterfaceController:)"]),
        CatalogEntry(.carPlayDidConnectWindow,
                     selectors: ["templateApplicationScene:didConnectInterfaceController:toWindow:"],
                     swift: ["templateApplicationScene(_:didConnect:to:)"]),
        CatalogEntry(.carPlayDidDisconnectWindow,
                     selectors: ["templateApplicationScene:didDisconnectInterfaceController:fromWindow:"],
                     swift: ["templateApplicationScene(_:didDisconnect:from:)"]),
    ]

    /// Short forms shared by the app and the scene delegate (docs/formats.md): the
    /// class word on the line decides, else the timeline does (scene-based or legacy epoch).
    package static let ambiguousShortForms: [String: (app: EventID, scene: EventID)] =
        Dictionary(uniqueKeysWithValues: ForegroundCallback.allCases.map { ($0.rawValue, ($0.app, $0.scene)) })

    /// .NET MAUI's `iOSLifecycle` event names and Xamarin.iOS's delegate overrides, as
    /// `nameof(...)` prints them: each is one UIKit callback under another name, read as that
    /// callback (whole message only, like every short form). `DidEnterBackground` and
    /// `WillEnterForeground` are in `ambiguousShortForms` already.
    package static let dotNetNames: [String: EventID] = [
        "FinishedLaunching": .appDidFinishLaunching, "OnActivated": .appDidBecomeActive,
        "OnResignActivation": .appWillResignActive, "WillTerminate": .appWillTerminate,
        "OpenUrl": .appOpenURL, "ContinueUserActivity": .appContinueUserActivity,
        "PerformActionForShortcutItem": .appPerformActionForShortcutItem,
        "ApplicationSignificantTimeChange": .appSignificantTimeChange,
        "SceneWillConnect": .sceneWillConnect, "WillConnect": .sceneWillConnect,
        "SceneOnActivated": .sceneDidBecomeActive, "SceneOnResignActivation": .sceneWillResignActive,
        "SceneWillEnterForeground": .sceneWillEnterForeground, "SceneDidEnterBackground": .sceneDidEnterBackground,
        "SceneDidDisconnect": .sceneDidDisconnect, "SceneOpenUrl": .sceneOpenURLContexts,
        "SceneContinueUserActivity": .sceneContinueUserActivity,
        "SceneRestoreInteractionState": .sceneRestoreInteractionState,
        "WindowSceneDidUpdateCoordinateSpace": .windowSceneDidUpdateCoordinateSpace,
    ]

    /// English phrases (`App did become active`, `Scene became active`), by predicate.
    /// The subject word (`app`/`application`/`scene`) picks the level.
    package static let phrases: [String: String] = [
        "did become active": "didBecomeActive", "became active": "didBecomeActive", "is active": "didBecomeActive",
        "will resign active": "willResignActive", "resigned active": "willResignActive", "will become inactive": "willResignActive",
        "did enter background": "didEnterBackground", "entered background": "didEnterBackground", "went to background": "didEnterBackground",
        "will enter foreground": "willEnterForeground", "entering foreground": "willEnterForeground",
        "will connect": "willConnect", "did connect": "willConnect", "connected": "willConnect",
        "did disconnect": "didDisconnect", "disconnected": "didDisconnect",
        "did finish launching": "didFinishLaunching", "finished launching": "didFinishLaunching",
        "will terminate": "willTerminate",
    ]

    /// SwiftUI `ScenePhase` values as `print(newPhase)` writes them (docs/lifecycle.md, "SwiftUI scenePhase"). They
    /// say nothing of the scene; bare, they are events only as a short whole message.
    /// Flutter's `AppLifecycleState` values (and `hiding`, as apps word `hidden`): Flutter's
    /// own state machine over the UIKit callbacks, checked by `flutter_state_order`.
    package static let flutterStates: [String: EventID] = [
        "resumed": .flutterResumed, "inactive": .flutterInactive, "hidden": .flutterHidden, "hiding": .flutterHidden,
        "paused": .flutterPaused, "detached": .flutterDetached,
    ]

    /// React Native's `AppState` values, and the action names of the redux enhancer that
    /// many apps log them through (`FOREGROUND` is `active`). `unknown` (before the bridge has
    /// the state) and `extension` are no state of the app and are not read.
    package static let reactNativeStates: [String: EventID] = [
        "active": .reactNativeActive, "inactive": .reactNativeInactive, "background": .reactNativeBackground,
        "foreground": .reactNativeActive,
    ]

    /// The families of `scenePhases`, `flutterStates` and `reactNativeStates`, with the name
    /// apps know each state by.
    static let frameworkStates: [(family: EventFamily, name: String)] = [
        (.swiftui, "scenePhase"), (.flutter, "AppLifecycleState"), (.reactnative, "AppState"),
    ]

    package static let scenePhases: [String: EventID] = [
        "active": .swiftUIActive, "inactive": .swiftUIInactive, "background": .swiftUIBackground,
    ]

    /// Verbatim fragments of UIKit's own log lines that mark an event (docs/lifecycle.md, "UIKit's own messages").
    package static let uikitMessages: [(fragment: String, id: EventID)] = [
        ("This process does not adopt UIScene lifecycle", .uikitLegacyLifecycleWarning),  // K6
        ("UIScene lifecycle will soon be required", .uikitLegacyLifecycleWarning),  // K7
        ("UIScene lifecycle is required", .uikitSceneLifecycleRequired),  // K7, the release after iOS 26
        ("UIScene life cycle is required", .uikitSceneLifecycleRequired),
        ("Info.plist contained no UIScene configuration dictionary", .uikitNoSceneConfiguration),  // K1, K2
        ("but could not load class with name", .uikitSceneDelegateClassNotLoaded),  // K3
        ("but failed to load the class named", .uikitSceneDelegateClassNotLoaded),  // K3b
        ("There is no scene delegate set", .uikitNoSceneDelegate),  // K4
        ("The app delegate must implement the window property", .uikitAppDelegateWindowMissing),  // K5
        ("Application does not implement CarPlay template application lifecycle methods", .uikitCarPlayLifecycleMissing),  // K8
        ("UISceneErrorDomain error", .uikitSceneError),  // K9
    ]
}

// MARK: - Lookups derived from the table

extension EventCatalog {
    static let bySelector: [String: EventID] = index { $0.selectors }
    static let bySwiftName: [String: EventID] = index { $0.swiftNames }
    static let byNotification: [String: EventID] = index { $0.notifications }
    /// `bySelector` and `byNotification` looked up by the bytes a shape matched.
    static let selectorTable = ByteKeyedTable(bySelector)
    static let notificationTable = ByteKeyedTable(byNotification)
    static let byShortForm: [String: EventID] = index { $0.shortForms.map { $0.lowercased() } }
        .merging(dotNetNames.map { ($0.key.lowercased(), $0.value) }) { catalog, _ in catalog }

    /// Swift base names that identify one event on their own (`sceneDidBecomeActive`), used
    /// when a line prints the name with other or no argument labels (`applicationDidBecomeActive()`).
    static let byUniqueBaseName: [String: EventID] = {
        var ids: [String: Set<EventID>] = [:]
        for entry in entries {
            for name in entry.swiftNames { ids[baseName(of: name), default: []].insert(entry.id) }
        }
        return ids.compactMapValues { $0.count == 1 ? $0.first : nil }
    }()

    static var swiftBaseNames: [String] { Set(entries.flatMap { $0.swiftNames.map(baseName(of:)) }).sorted() }

    static func baseName(of swiftName: String) -> String {
        String(swiftName.prefix { $0 != "(" })
    }

    package static func entry(for id: EventID) -> CatalogEntry? { entries.first { $0.id == id } }

    /// Every canonical id the catalog can produce, sorted. Built once: the phrase shape asks
    /// on every match, the configuration loader for every event it reads.
    package static let allIDs: [EventID] = knownIDs.sorted()

    /// The same ids, for membership.
    static let knownIDs: Set<EventID> = {
        var ids = Set(entries.map(\.id))
        ids.formUnion(ambiguousShortForms.values.flatMap { [$0.app, $0.scene] })
        ids.formUnion(uikitMessages.map(\.id))
        ids.formUnion(scenePhases.values)
        ids.formUnion(flutterStates.values)
        ids.formUnion(reactNativeStates.values)
        ids.formUnion(UIKitAccount.ids)
        ids.formUnion(SystemAccount.ids)
        return ids
    }()

    private static func index(_ spellings: (CatalogEntry) -> [String]) -> [String: EventID] {
        var table: [String: EventID] = [:]
        for entry in entries {
            for spelling in spellings(entry) { table[spelling] = entry.id }
        }
        return table
    }
}
