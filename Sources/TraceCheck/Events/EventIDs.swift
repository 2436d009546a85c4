/// One constant per event id the catalog can produce: code names events through these, so a
/// misspelt id does not compile (`EventID` is not a string literal). Each id is spelt once,
/// here; a test holds this list to the catalog (`EventCatalog.allIDs`), both ways.
extension EventID {
    package static let appBackgroundFetch = EventID("app.backgroundFetch")
    package static let appBackgroundURLSession = EventID("app.backgroundURLSession")
    package static let appConfigurationForConnecting = EventID("app.configurationForConnecting")
    package static let appContinueUserActivity = EventID("app.continueUserActivity")
    package static let appDidBecomeActive = EventID("app.didBecomeActive")
    package static let appDidDiscardSceneSessions = EventID("app.didDiscardSceneSessions")
    package static let appDidEnterBackground = EventID("app.didEnterBackground")
    package static let appDidFailToContinueUserActivity = EventID("app.didFailToContinueUserActivity")
    package static let appDidFinishLaunching = EventID("app.didFinishLaunching")
    package static let appDidUpdateUserActivity = EventID("app.didUpdateUserActivity")
    package static let appLegacyRestoration = EventID("app.legacyRestoration")
    package static let appMemoryWarning = EventID("app.memoryWarning")
    package static let appOpenURL = EventID("app.openURL")
    package static let appPerformActionForShortcutItem = EventID("app.performActionForShortcutItem")
    package static let appProtectedDataDidBecomeAvailable = EventID("app.protectedDataDidBecomeAvailable")
    package static let appProtectedDataWillBecomeUnavailable = EventID("app.protectedDataWillBecomeUnavailable")
    package static let appRemoteNotification = EventID("app.remoteNotification")
    package static let appSignificantTimeChange = EventID("app.significantTimeChange")
    package static let appUserDidAcceptCloudKitShare = EventID("app.userDidAcceptCloudKitShare")
    package static let appWillContinueUserActivity = EventID("app.willContinueUserActivity")
    package static let appWillEnterForeground = EventID("app.willEnterForeground")
    package static let appWillFinishLaunching = EventID("app.willFinishLaunching")
    package static let appWillResignActive = EventID("app.willResignActive")
    package static let appWillTerminate = EventID("app.willTerminate")

    package static let sceneContinueUserActivity = EventID("scene.continueUserActivity")
    package static let sceneDidBecomeActive = EventID("scene.didBecomeActive")
    package static let sceneDidDisconnect = EventID("scene.didDisconnect")
    package static let sceneDidEnterBackground = EventID("scene.didEnterBackground")
    package static let sceneDidFailToContinueUserActivity = EventID("scene.didFailToContinueUserActivity")
    package static let sceneDidUpdateUserActivity = EventID("scene.didUpdateUserActivity")
    package static let sceneOpenURLContexts = EventID("scene.openURLContexts")
    package static let sceneRestoreInteractionState = EventID("scene.restoreInteractionState")
    package static let sceneStateRestorationActivity = EventID("scene.stateRestorationActivity")
    package static let sceneWillConnect = EventID("scene.willConnect")
    package static let sceneWillContinueUserActivity = EventID("scene.willContinueUserActivity")
    package static let sceneWillEnterForeground = EventID("scene.willEnterForeground")
    package static let sceneWillResignActive = EventID("scene.willResignActive")

    package static let windowSceneDidUpdateCoordinateSpace = EventID("windowScene.didUpdateCoordinateSpace")
    package static let windowSceneDidUpdateEffectiveGeometry = EventID("windowScene.didUpdateEffectiveGeometry")
    package static let windowScenePerformActionForShortcutItem = EventID("windowScene.performActionForShortcutItem")
    package static let windowSceneUserDidAcceptCloudKitShare = EventID("windowScene.userDidAcceptCloudKitShare")

    package static let carPlayDidConnect = EventID("carplay.didConnect")
    package static let carPlayDidConnectWindow = EventID("carplay.didConnectWindow")
    package static let carPlayDidDisconnect = EventID("carplay.didDisconnect")
    package static let carPlayDidDisconnectWindow = EventID("carplay.didDisconnectWindow")

    package static let uikitAppDelegateWindowMissing = EventID("uikit.appDelegateWindowMissing")
    package static let uikitCarPlayLifecycleMissing = EventID("uikit.carPlayLifecycleMissing")
    package static let uikitLegacyLifecycleWarning = EventID("uikit.legacyLifecycleWarning")
    package static let uikitNoSceneConfiguration = EventID("uikit.noSceneConfiguration")
    package static let uikitNoSceneDelegate = EventID("uikit.noSceneDelegate")
    package static let uikitSceneDelegateClassNotLoaded = EventID("uikit.sceneDelegateClassNotLoaded")
    package static let uikitSceneError = EventID("uikit.sceneError")
    package static let uikitSceneLifecycleRequired = EventID("uikit.sceneLifecycleRequired")

    package static let swiftUIActive = EventID("swiftui.active")
    package static let swiftUIBackground = EventID("swiftui.background")
    package static let swiftUIInactive = EventID("swiftui.inactive")

    package static let flutterDetached = EventID("flutter.detached")
    package static let flutterHidden = EventID("flutter.hidden")
    package static let flutterInactive = EventID("flutter.inactive")
    package static let flutterPaused = EventID("flutter.paused")
    package static let flutterResumed = EventID("flutter.resumed")

    package static let reactNativeActive = EventID("reactnative.active")
    package static let reactNativeBackground = EventID("reactnative.background")
    package static let reactNativeInactive = EventID("reactnative.inactive")

    package static let uikitAppLaunched = EventID("uikitapp.launched")
    package static let uikitAppWillResignActive = EventID("uikitapp.willResignActive")
    package static let uikitAppDidBecomeActive = EventID("uikitapp.didBecomeActive")
    package static let uikitAppDidEnterBackground = EventID("uikitapp.didEnterBackground")
    package static let uikitAppWillEnterForeground = EventID("uikitapp.willEnterForeground")
    package static let uikitAppSceneOfRecord = EventID("uikitapp.sceneOfRecord")

    package static let systemLaunch = EventID("system.launch")
    package static let systemSceneCreated = EventID("system.sceneCreated")
    package static let systemForeground = EventID("system.foreground")
    package static let systemBackground = EventID("system.background")
    package static let systemSuspended = EventID("system.suspended")
    package static let systemExit = EventID("system.exit")

    package static let ambiguousDidBecomeActive = EventID("ambiguous.didBecomeActive")
    package static let ambiguousDidEnterBackground = EventID("ambiguous.didEnterBackground")
    package static let ambiguousWillEnterForeground = EventID("ambiguous.willEnterForeground")
    package static let ambiguousWillResignActive = EventID("ambiguous.willResignActive")

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
