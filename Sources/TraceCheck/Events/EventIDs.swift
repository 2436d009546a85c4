/// One constant per event id the catalog can produce: code names events through these, so a
/// misspelt id does not compile (`EventID` is not a string literal). Each id is spelt once,
/// here; a test holds this list to the catalog (`EventCatalog.allIDs`), both ways.
extension EventID {
    public static let appBackgroundFetch = EventID("app.backgroundFetch")
    public static let appBackgroundURLSession = EventID("app.backgroundURLSession")
    public static let appConfigurationForConnecting = EventID("app.configurationForConnecting")
    public static let appContinueUserActivity = EventID("app.continueUserActivity")
    public static let appDidBecomeActive = EventID("app.didBecomeActive")
    public static let appDidDiscardSceneSessions = EventID("app.didDiscardSceneSessions")
    public static let appDidEnterBackground = EventID("app.didEnterBackground")
    public static let appDidFailToContinueUserActivity = EventID("app.didFailToContinueUserActivity")
    public static let appDidFinishLaunching = EventID("app.didFinishLaunching")
    public static let appDidUpdateUserActivity = EventID("app.didUpdateUserActivity")
    public static let appLegacyRestoration = EventID("app.legacyRestoration")
    public static let appMemoryWarning = EventID("app.memoryWarning")
    public static let appOpenURL = EventID("app.openURL")
    public static let appPerformActionForShortcutItem = EventID("app.performActionForShortcutItem")
    public static let appProtectedDataDidBecomeAvailable = EventID("app.protectedDataDidBecomeAvailable")
    public static let appProtectedDataWillBecomeUnavailable = EventID("app.protectedDataWillBecomeUnavailable")
    public static let appRemoteNotification = EventID("app.remoteNotification")
    public static let appSignificantTimeChange = EventID("app.significantTimeChange")
    public static let appUserDidAcceptCloudKitShare = EventID("app.userDidAcceptCloudKitShare")
    public static let appWillContinueUserActivity = EventID("app.willContinueUserActivity")
    public static let appWillEnterForeground = EventID("app.willEnterForeground")
    public static let appWillFinishLaunching = EventID("app.willFinishLaunching")
    public static let appWillResignActive = EventID("app.willResignActive")
    public static let appWillTerminate = EventID("app.willTerminate")

    public static let sceneContinueUserActivity = EventID("scene.continueUserActivity")
    public static let sceneDidBecomeActive = EventID("scene.didBecomeActive")
    public static let sceneDidDisconnect = EventID("scene.didDisconnect")
    public static let sceneDidEnterBackground = EventID("scene.didEnterBackground")
    public static let sceneDidFailToContinueUserActivity = EventID("scene.didFailToContinueUserActivity")
    public static let sceneDidUpdateUserActivity = EventID("scene.didUpdateUserActivity")
    public static let sceneOpenURLContexts = EventID("scene.openURLContexts")
    public static let sceneRestoreInteractionState = EventID("scene.restoreInteractionState")
    public static let sceneStateRestorationActivity = EventID("scene.stateRestorationActivity")
    public static let sceneWillConnect = EventID("scene.willConnect")
    public static let sceneWillContinueUserActivity = EventID("scene.willContinueUserActivity")
    public static let sceneWillEnterForeground = EventID("scene.willEnterForeground")
    public static let sceneWillResignActive = EventID("scene.willResignActive")

    public static let windowSceneDidUpdateCoordinateSpace = EventID("windowScene.didUpdateCoordinateSpace")
    public static let windowSceneDidUpdateEffectiveGeometry = EventID("windowScene.didUpdateEffectiveGeometry")
    public static let windowScenePerformActionForShortcutItem = EventID("windowScene.performActionForShortcutItem")
    public static let windowSceneUserDidAcceptCloudKitShare = EventID("windowScene.userDidAcceptCloudKitShare")

    public static let carPlayDidConnect = EventID("carplay.didConnect")
    public static let carPlayDidConnectWindow = EventID("carplay.didConnectWindow")
    public static let carPlayDidDisconnect = EventID("carplay.didDisconnect")
    public static let carPlayDidDisconnectWindow = EventID("carplay.didDisconnectWindow")

    public static let uikitAppDelegateWindowMissing = EventID("uikit.appDelegateWindowMissing")
    public static let uikitCarPlayLifecycleMissing = EventID("uikit.carPlayLifecycleMissing")
    public static let uikitLegacyLifecycleWarning = EventID("uikit.legacyLifecycleWarning")
    public static let uikitNoSceneConfiguration = EventID("uikit.noSceneConfiguration")
    public static let uikitNoSceneDelegate = EventID("uikit.noSceneDelegate")
    public static let uikitSceneDelegateClassNotLoaded = EventID("uikit.sceneDelegateClassNotLoaded")
    public static let uikitSceneError = EventID("uikit.sceneError")
    public static let uikitSceneLifecycleRequired = EventID("uikit.sceneLifecycleRequired")

    public static let swiftUIActive = EventID("swiftui.active")
    public static let swiftUIBackground = EventID("swiftui.background")
    public static let swiftUIInactive = EventID("swiftui.inactive")

    public static let flutterDetached = EventID("flutter.detached")
    public static let flutterHidden = EventID("flutter.hidden")
    public static let flutterInactive = EventID("flutter.inactive")
    public static let flutterPaused = EventID("flutter.paused")
    public static let flutterResumed = EventID("flutter.resumed")

    public static let reactNativeActive = EventID("reactnative.active")
    public static let reactNativeBackground = EventID("reactnative.background")
    public static let reactNativeInactive = EventID("reactnative.inactive")

    public static let uikitAppLaunched = EventID("uikitapp.launched")
    public static let uikitAppWillResignActive = EventID("uikitapp.willResignActive")
    public static let uikitAppDidBecomeActive = EventID("uikitapp.didBecomeActive")
    public static let uikitAppDidEnterBackground = EventID("uikitapp.didEnterBackground")
    public static let uikitAppWillEnterForeground = EventID("uikitapp.willEnterForeground")
    public static let uikitAppSceneOfRecord = EventID("uikitapp.sceneOfRecord")

    public static let systemLaunch = EventID("system.launch")
    public static let systemSceneCreated = EventID("system.sceneCreated")
    public static let systemForeground = EventID("system.foreground")
    public static let systemBackground = EventID("system.background")
    public static let systemSuspended = EventID("system.suspended")
    public static let systemExit = EventID("system.exit")

    public static let ambiguousDidBecomeActive = EventID("ambiguous.didBecomeActive")
    public static let ambiguousDidEnterBackground = EventID("ambiguous.didEnterBackground")
    public static let ambiguousWillEnterForeground = EventID("ambiguous.willEnterForeground")
    public static let ambiguousWillResignActive = EventID("ambiguous.willResignActive")

    /// Every constant above.
    static let declared: [EventID] = [
        .appBackgroundFetch, .appBackgroundURLSession, .appConfigurationForConnecting, .appContinueUserActivity,
        .appDidBecomeActive, .appDidDiscardSceneSessions, .appDidEnterBackground, .appDidFailToContinueUserActivity,
        .appDidFinishLaunching, .appDidUpdateUserActivity, .appLegacyRestoration, .appMemoryWarning, .appOpenURL,
        .appPerformActionForShortcutItem, .appProtectedDataDidBecomeAvailable,
        .appProtectedDataWillBecomeUnavailable, .appRemoteNotification, .appSignificantTimeChange,
        .appUserDidAcceptCloudKitShare, .appWillContinueUserActivity, .appWillEnterForeground,
        .appWillFinishLaunching, .appWillResignActive, .appWillTerminate, .sceneContinueUserActivity,
        .sceneDidBecomeActive, .sceneDidDisconnect, .sceneDidEnterBackground, .sceneDidFailToContinueUserActivity,
        .sceneDidUpdateUserActivity, .sceneOpenURLContexts, .sceneRestoreInteractionState,
        .sceneStateRestorationActivity, .sceneWillConnect, .sceneWillContinueUserActivity,
        .sceneWillEnterForeground, .sceneWillResignActive, .windowSceneDidUpdateCoordinateSpace,
        .windowSceneDidUpdateEffectiveGeometry, .windowScenePerformActionForShortcutItem,
        .windowSceneUserDidAcceptCloudKitShare, .carPlayDidConnect, .carPlayDidConnectWindow, .carPlayDidDisconnect,
        .carPlayDidDisconnectWindow, .uikitAppDelegateWindowMissing, .uikitCarPlayLifecycleMissing,
        .uikitLegacyLifecycleWarning, .uikitNoSceneConfiguration, .uikitNoSceneDelegate,
        .uikitSceneDelegateClassNotLoaded, .uikitSceneError, .uikitSceneLifecycleRequired, .swiftUIActive,
        .swiftUIBackground, .swiftUIInactive, .flutterDetached, .flutterHidden, .flutterInactive, .flutterPaused,
        .flutterResumed, .reactNativeActive, .reactNativeBackground, .reactNativeInactive, .uikitAppLaunched,
        .uikitAppWillResignActive, .uikitAppDidBecomeActive, .uikitAppDidEnterBackground, .uikitAppWillEnterForeground,
        .uikitAppSceneOfRecord, .systemLaunch, .systemSceneCreated, .systemForeground, .systemBackground, .systemSuspended,
        .systemExit,
        .ambiguousDidBecomeActive, .ambiguousDidEnterBackground, .ambiguousWillEnterForeground,
        .ambiguousWillResignActive,
    ]
}
