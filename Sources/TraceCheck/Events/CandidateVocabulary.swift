// Generated from the event catalog: `CatalogTests.testTheWrittenVocabularyIsTheCatalogs` fails
// when the catalog's words change, and prints the lists to put here (the candidate
// fingerprints and buckets: `testTheWrittenFingerprintsAndBucketsAreChosenFromRealText`). Written out because
// deriving them (string work over every entry of the catalog) and choosing the fingerprints
// at every start was about an eighth of a run on a small capture.

extension CompiledCatalog {
    /// `derivedCandidateVocabulary`, written out: the words a line must hold to be a candidate.
    package static let candidateVocabulary: [String] = [
        "- background", "- foreground", "- inactive", "app delegate must", "application does not", "application(",
        "application:", "applifecyclestate", "appstate", "became active", "configuration dictionary",
        "configurationforconnecting", "connected", "continueuseractivity", "could not load", "current state",
        "current_state", "currentstate", "deactivation reason", "did become active", "did connect", "did disconnect",
        "did enter background", "did finish launching", "didbecomeactive", "didconnectinterfacecontroller",
        "diddecoderestorablestatewith", "diddiscardscenesessions", "diddisconnect", "didenterbackground",
        "didfinishlaunching", "didreceivememorywarning", "didreceiveremotenotification", "didupdateuseractivity",
        "entered background", "entering foreground", "errordomain error", "failed to load", "finished launching",
        "finishedlaunching", "flutter detached", "flutter hidden", "flutter hiding", "flutter inactive",
        "flutter paused", "flutter resumed", "handleeventsforbackgroundurlsession", "info.plist contained no",
        "is active", "is no scene", "life cycle is", "lifecycle is", "lifecycle will soon", "onactivated",
        "onresignactivation", "openurl", "performactionfor", "performfetch", "phase",
        "protecteddatadidbecomeavailable", "protecteddatawillbecomeunavailable", "resigned active",
        "restoreinteractionstatewith", "scene(", "scene:", "sceneofrecord:", "scenerestoreinteractionstate",
        "shouldrestoresecureapplicationstate", "shouldsavesecureapplicationstate", "significanttimechange",
        "staterestorationactivity", "templateapplicationscene", "this process does",
        "uiscene.didactivatenotification", "uiscene.willdeactivatenotification", "uiscenedidactivatenotification",
        "uisceneerrordomain", "uiscenewilldeactivatenotification", "userdidacceptcloudkitshare",
        "viewcontrollerwithrestorationidentifierpath", "went to background", "will become inactive", "will connect",
        "will enter foreground", "will resign active", "will terminate", "willconnect",
        "willencoderestorablestatewith", "willenterforeground", "willfinishlaunching", "willresignactive",
        "willterminate", "windowscenedidupdatecoordinatespace",
    ]

    /// The fingerprints `CaselessWordSet.fingerprints(covering:tripleCounts:)` chooses for
    /// `candidateVocabulary` from the byte triples of the sample logs and the shared real
    /// captures, in its order (`tracecheck-bench fingerprints` prints them): words such as
    /// `scene(` are found by `ne(`, not by `cen`, which every `SceneDelegate` holds.
    package static let candidateFingerprints: [String] = [
        "did", "wil", "cur", "act", "flu", "cyc", "gro", "ord", "doe", "d n", "rat", "ish", "ica", " mu", "mfe", "ne(", "nur",
        "pha", "pst", "o s", "fai", "ne:", "cte",
    ]

    /// The Teddy bucket of each of `candidateFingerprints`: `CaselessWordSet.teddyBuckets(for:tripleCounts:)`
    /// on the same triples.
    package static let candidateTeddyBuckets: [Int] = [6, 1, 0, 2, 5, 6, 0, 3, 6, 4, 2, 1, 1, 5, 6, 7, 0, 1, 2, 3, 4, 7, 6]

    /// `derivedNearMissNames`, written out: names of callbacks and UIKit's messages.
    package static let nearMissNames: [String] = [
        "Application does not implement CarPlay template application lifecycle methods",
        "Info.plist contained no UIScene configuration dictionary",
        "The app delegate must implement the window property", "There is no scene delegate set",
        "This process does not adopt UIScene lifecycle", "UIScene life cycle is required",
        "UIScene lifecycle is required", "UIScene lifecycle will soon be required", "UISceneErrorDomain error",
        "applicationDidBecomeActive", "applicationDidEnterBackground", "applicationDidFinishLaunching",
        "applicationDidReceiveMemoryWarning", "applicationProtectedDataDidBecomeAvailable",
        "applicationProtectedDataWillBecomeUnavailable", "applicationSignificantTimeChange",
        "applicationWillEnterForeground", "applicationWillResignActive", "applicationWillTerminate",
        "but could not load class with name", "but failed to load the class named", "configurationForConnecting",
        "configurationForConnectingSceneSession", "continueUserActivity", "didConnectInterfaceController",
        "didDecodeRestorableStateWith", "didDecodeRestorableStateWithCoder", "didDiscardSceneSessions",
        "didDisconnectInterfaceController", "didFailToContinueUserActivityWithType", "didFinishLaunchingWithOptions",
        "didReceiveRemoteNotification", "didUpdateUserActivity", "handleEventsForBackgroundURLSession",
        "openURLContexts", "performActionFor", "performActionForShortcutItem", "performFetch",
        "performFetchWithCompletionHandler", "restoreInteractionStateWith",
        "restoreInteractionStateWithUserActivity", "sceneDidBecomeActive", "sceneDidDisconnect",
        "sceneDidEnterBackground", "sceneWillEnterForeground", "sceneWillResignActive",
        "shouldRestoreSecureApplicationState", "shouldSaveSecureApplicationState", "stateRestorationActivity",
        "stateRestorationActivityForScene", "templateApplicationScene", "userDidAcceptCloudKitShareWith",
        "userDidAcceptCloudKitShareWithMetadata", "viewControllerWithRestorationIdentifierPath", "willConnectTo",
        "willConnectToSession", "willContinueUserActivityWithType", "willEncodeRestorableStateWith",
        "willEncodeRestorableStateWithCoder", "willFinishLaunchingWithOptions",
    ]

    /// The fingerprints `CaselessWordSet.fingerprints(covering:)` chooses for `nearMissNames`,
    /// in its order.
    package static let nearMissFingerprints: [String] = ["ion", "did", "wil", "uis", "the", "con", "but", "rmf"]
}
