/// One constant per event id the catalog can produce: code names events through these, so a
/// misspelt id does not compile (`EventID` is not a string literal). A test holds this list
/// to the catalog (`EventCatalog.allIDs`), both ways.
///
/// Each constant is its number and family, written out, so that the compiler folds it where
/// it is used: as `static let`s made from their names, every comparison with one went
/// through the lazy initialisation of a global, and the rules compare ids event after
/// event. `builtInNames` below gives each number its name (`EventNames` numbers them first,
/// in that order); a test holds every line here to it (the constant's name is the id's,
/// without the dot; the family is the name's).
extension EventID {
    package static var appBackgroundFetch: EventID { EventID(builtIn: 0, .app) }  // app.backgroundFetch
    package static var appBackgroundURLSession: EventID { EventID(builtIn: 1, .app) }  // app.backgroundURLSession
    package static var appConfigurationForConnecting: EventID { EventID(builtIn: 2, .app) }  // app.configurationForConnecting
    package static var appContinueUserActivity: EventID { EventID(builtIn: 3, .app) }  // app.continueUserActivity
    package static var appDidBecomeActive: EventID { EventID(builtIn: 4, .app) }  // app.didBecomeActive
    package static var appDidDiscardSceneSessions: EventID { EventID(builtIn: 5, .app) }  // app.didDiscardSceneSessions
    package static var appDidEnterBackground: EventID { EventID(builtIn: 6, .app) }  // app.didEnterBackground
    package static var appDidFailToContinueUserActivity: EventID { EventID(builtIn: 7, .app) }  // app.didFailToContinueUserActivity
    package static var appDidFinishLaunching: EventID { EventID(builtIn: 8, .app) }  // app.didFinishLaunching
    package static var appDidUpdateUserActivity: EventID { EventID(builtIn: 9, .app) }  // app.didUpdateUserActivity
    package static var appLegacyRestoration: EventID { EventID(builtIn: 10, .app) }  // app.legacyRestoration
    package static var appMemoryWarning: EventID { EventID(builtIn: 11, .app) }  // app.memoryWarning
    package static var appOpenURL: EventID { EventID(builtIn: 12, .app) }  // app.openURL
    package static var appPerformActionForShortcutItem: EventID { EventID(builtIn: 13, .app) }  // app.performActionForShortcutItem
    package static var appProtectedDataDidBecomeAvailable: EventID { EventID(builtIn: 14, .app) }  // app.protectedDataDidBecomeAvailable
    package static var appProtectedDataWillBecomeUnavailable: EventID { EventID(builtIn: 15, .app) }  // app.protectedDataWillBecomeUnavailable
    package static var appRemoteNotification: EventID { EventID(builtIn: 16, .app) }  // app.remoteNotification
    package static var appSignificantTimeChange: EventID { EventID(builtIn: 17, .app) }  // app.significantTimeChange
    package static var appUserDidAcceptCloudKitShare: EventID { EventID(builtIn: 18, .app) }  // app.userDidAcceptCloudKitShare
    package static var appWillContinueUserActivity: EventID { EventID(builtIn: 19, .app) }  // app.willContinueUserActivity
    package static var appWillEnterForeground: EventID { EventID(builtIn: 20, .app) }  // app.willEnterForeground
    package static var appWillFinishLaunching: EventID { EventID(builtIn: 21, .app) }  // app.willFinishLaunching
    package static var appWillResignActive: EventID { EventID(builtIn: 22, .app) }  // app.willResignActive
    package static var appWillTerminate: EventID { EventID(builtIn: 23, .app) }  // app.willTerminate

    package static var sceneContinueUserActivity: EventID { EventID(builtIn: 24, .scene) }  // scene.continueUserActivity
    package static var sceneDidBecomeActive: EventID { EventID(builtIn: 25, .scene) }  // scene.didBecomeActive
    package static var sceneDidDisconnect: EventID { EventID(builtIn: 26, .scene) }  // scene.didDisconnect
    package static var sceneDidEnterBackground: EventID { EventID(builtIn: 27, .scene) }  // scene.didEnterBackground
    package static var sceneDidFailToContinueUserActivity: EventID { EventID(builtIn: 28, .scene) }  // scene.didFailToContinueUserActivity
    package static var sceneDidUpdateUserActivity: EventID { EventID(builtIn: 29, .scene) }  // scene.didUpdateUserActivity
    package static var sceneOpenURLContexts: EventID { EventID(builtIn: 30, .scene) }  // scene.openURLContexts
    package static var sceneRestoreInteractionState: EventID { EventID(builtIn: 31, .scene) }  // scene.restoreInteractionState
    package static var sceneStateRestorationActivity: EventID { EventID(builtIn: 32, .scene) }  // scene.stateRestorationActivity
    package static var sceneWillConnect: EventID { EventID(builtIn: 33, .scene) }  // scene.willConnect
    package static var sceneWillContinueUserActivity: EventID { EventID(builtIn: 34, .scene) }  // scene.willContinueUserActivity
    package static var sceneWillEnterForeground: EventID { EventID(builtIn: 35, .scene) }  // scene.willEnterForeground
    package static var sceneWillResignActive: EventID { EventID(builtIn: 36, .scene) }  // scene.willResignActive

    package static var windowSceneDidUpdateCoordinateSpace: EventID { EventID(builtIn: 37, .windowScene) }  // windowScene.didUpdateCoordinateSpace
    package static var windowSceneDidUpdateEffectiveGeometry: EventID { EventID(builtIn: 38, .windowScene) }  // windowScene.didUpdateEffectiveGeometry
    package static var windowScenePerformActionForShortcutItem: EventID { EventID(builtIn: 39, .windowScene) }  // windowScene.performActionForShortcutItem
    package static var windowSceneUserDidAcceptCloudKitShare: EventID { EventID(builtIn: 40, .windowScene) }  // windowScene.userDidAcceptCloudKitShare

    package static var carPlayDidConnect: EventID { EventID(builtIn: 41, .carplay) }  // carplay.didConnect
    package static var carPlayDidConnectWindow: EventID { EventID(builtIn: 42, .carplay) }  // carplay.didConnectWindow
    package static var carPlayDidDisconnect: EventID { EventID(builtIn: 43, .carplay) }  // carplay.didDisconnect
    package static var carPlayDidDisconnectWindow: EventID { EventID(builtIn: 44, .carplay) }  // carplay.didDisconnectWindow

    package static var uikitAppDelegateWindowMissing: EventID { EventID(builtIn: 45, .uikit) }  // uikit.appDelegateWindowMissing
    package static var uikitCarPlayLifecycleMissing: EventID { EventID(builtIn: 46, .uikit) }  // uikit.carPlayLifecycleMissing
    package static var uikitLegacyLifecycleWarning: EventID { EventID(builtIn: 47, .uikit) }  // uikit.legacyLifecycleWarning
    package static var uikitNoSceneConfiguration: EventID { EventID(builtIn: 48, .uikit) }  // uikit.noSceneConfiguration
    package static var uikitNoSceneDelegate: EventID { EventID(builtIn: 49, .uikit) }  // uikit.noSceneDelegate
    package static var uikitSceneDelegateClassNotLoaded: EventID { EventID(builtIn: 50, .uikit) }  // uikit.sceneDelegateClassNotLoaded
    package static var uikitSceneError: EventID { EventID(builtIn: 51, .uikit) }  // uikit.sceneError
    package static var uikitSceneLifecycleRequired: EventID { EventID(builtIn: 52, .uikit) }  // uikit.sceneLifecycleRequired

    package static var swiftUIActive: EventID { EventID(builtIn: 53, .swiftui) }  // swiftui.active
    package static var swiftUIBackground: EventID { EventID(builtIn: 54, .swiftui) }  // swiftui.background
    package static var swiftUIInactive: EventID { EventID(builtIn: 55, .swiftui) }  // swiftui.inactive

    package static var flutterDetached: EventID { EventID(builtIn: 56, .flutter) }  // flutter.detached
    package static var flutterHidden: EventID { EventID(builtIn: 57, .flutter) }  // flutter.hidden
    package static var flutterInactive: EventID { EventID(builtIn: 58, .flutter) }  // flutter.inactive
    package static var flutterPaused: EventID { EventID(builtIn: 59, .flutter) }  // flutter.paused
    package static var flutterResumed: EventID { EventID(builtIn: 60, .flutter) }  // flutter.resumed

    package static var reactNativeActive: EventID { EventID(builtIn: 61, .reactnative) }  // reactnative.active
    package static var reactNativeBackground: EventID { EventID(builtIn: 62, .reactnative) }  // reactnative.background
    package static var reactNativeInactive: EventID { EventID(builtIn: 63, .reactnative) }  // reactnative.inactive

    package static var uikitAppLaunched: EventID { EventID(builtIn: 64, .uikitapp) }  // uikitapp.launched
    package static var uikitAppWillResignActive: EventID { EventID(builtIn: 65, .uikitapp) }  // uikitapp.willResignActive
    package static var uikitAppDidBecomeActive: EventID { EventID(builtIn: 66, .uikitapp) }  // uikitapp.didBecomeActive
    package static var uikitAppDidEnterBackground: EventID { EventID(builtIn: 67, .uikitapp) }  // uikitapp.didEnterBackground
    package static var uikitAppWillEnterForeground: EventID { EventID(builtIn: 68, .uikitapp) }  // uikitapp.willEnterForeground
    package static var uikitAppSceneOfRecord: EventID { EventID(builtIn: 69, .uikitapp) }  // uikitapp.sceneOfRecord

    package static var systemLaunch: EventID { EventID(builtIn: 70, .system) }  // system.launch
    package static var systemSceneCreated: EventID { EventID(builtIn: 71, .system) }  // system.sceneCreated
    package static var systemForeground: EventID { EventID(builtIn: 72, .system) }  // system.foreground
    package static var systemBackground: EventID { EventID(builtIn: 73, .system) }  // system.background
    package static var systemSuspended: EventID { EventID(builtIn: 74, .system) }  // system.suspended
    package static var systemExit: EventID { EventID(builtIn: 75, .system) }  // system.exit

    package static var ambiguousDidBecomeActive: EventID { EventID(builtIn: 76, .ambiguous) }  // ambiguous.didBecomeActive
    package static var ambiguousDidEnterBackground: EventID { EventID(builtIn: 77, .ambiguous) }  // ambiguous.didEnterBackground
    package static var ambiguousWillEnterForeground: EventID { EventID(builtIn: 78, .ambiguous) }  // ambiguous.willEnterForeground
    package static var ambiguousWillResignActive: EventID { EventID(builtIn: 79, .ambiguous) }  // ambiguous.willResignActive

    /// The names of the constants above, by number.
    static let builtInNames: [String] = [
        "app.backgroundFetch",
        "app.backgroundURLSession",
        "app.configurationForConnecting",
        "app.continueUserActivity",
        "app.didBecomeActive",
        "app.didDiscardSceneSessions",
        "app.didEnterBackground",
        "app.didFailToContinueUserActivity",
        "app.didFinishLaunching",
        "app.didUpdateUserActivity",
        "app.legacyRestoration",
        "app.memoryWarning",
        "app.openURL",
        "app.performActionForShortcutItem",
        "app.protectedDataDidBecomeAvailable",
        "app.protectedDataWillBecomeUnavailable",
        "app.remoteNotification",
        "app.significantTimeChange",
        "app.userDidAcceptCloudKitShare",
        "app.willContinueUserActivity",
        "app.willEnterForeground",
        "app.willFinishLaunching",
        "app.willResignActive",
        "app.willTerminate",
        "scene.continueUserActivity",
        "scene.didBecomeActive",
        "scene.didDisconnect",
        "scene.didEnterBackground",
        "scene.didFailToContinueUserActivity",
        "scene.didUpdateUserActivity",
        "scene.openURLContexts",
        "scene.restoreInteractionState",
        "scene.stateRestorationActivity",
        "scene.willConnect",
        "scene.willContinueUserActivity",
        "scene.willEnterForeground",
        "scene.willResignActive",
        "windowScene.didUpdateCoordinateSpace",
        "windowScene.didUpdateEffectiveGeometry",
        "windowScene.performActionForShortcutItem",
        "windowScene.userDidAcceptCloudKitShare",
        "carplay.didConnect",
        "carplay.didConnectWindow",
        "carplay.didDisconnect",
        "carplay.didDisconnectWindow",
        "uikit.appDelegateWindowMissing",
        "uikit.carPlayLifecycleMissing",
        "uikit.legacyLifecycleWarning",
        "uikit.noSceneConfiguration",
        "uikit.noSceneDelegate",
        "uikit.sceneDelegateClassNotLoaded",
        "uikit.sceneError",
        "uikit.sceneLifecycleRequired",
        "swiftui.active",
        "swiftui.background",
        "swiftui.inactive",
        "flutter.detached",
        "flutter.hidden",
        "flutter.inactive",
        "flutter.paused",
        "flutter.resumed",
        "reactnative.active",
        "reactnative.background",
        "reactnative.inactive",
        "uikitapp.launched",
        "uikitapp.willResignActive",
        "uikitapp.didBecomeActive",
        "uikitapp.didEnterBackground",
        "uikitapp.willEnterForeground",
        "uikitapp.sceneOfRecord",
        "system.launch",
        "system.sceneCreated",
        "system.foreground",
        "system.background",
        "system.suspended",
        "system.exit",
        "ambiguous.didBecomeActive",
        "ambiguous.didEnterBackground",
        "ambiguous.willEnterForeground",
        "ambiguous.willResignActive",
    ]

    /// Every built-in id, by number: the constants above, one each (a test holds every
    /// constant's line to its name here).
    static var declared: [EventID] { builtInNames.map(EventID.init) }
}
