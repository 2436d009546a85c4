import Foundation

/// `tracecheck snippet`: the logging an app should carry so that its captures are fully
/// checkable. Every app-, scene- and window-scene-delegate callback logs its own name (what
/// `#function` or `__func__` prints), the scene object (its pointer and, in its description,
/// its session's persistentIdentifier) and the delegate object: the identity tracecheck tells
/// scenes and their delegates apart by. One table of callbacks serves the three languages.
package struct Snippet: Sendable {
    package enum Language: String, CaseIterable, Sendable {
        case swift, objc, swiftui
    }

    package enum Logger: String, CaseIterable, Sendable {
        /// `os.Logger` / `os_log`, with every value `public` (the default would redact it as `<private>`).
        case oslog
        case nslog
        /// Swift's `print`: Xcode's console only; `log stream` never sees it.
        case print
    }

    package var language: Language
    package var logger: Logger
    package var appDelegate = "AppDelegate"
    package var sceneDelegate = "SceneDelegate"
    /// The app's process name, for the `log stream` predicate.
    package var process = "MyApp"
    /// The os_log subsystem, for `Logger(subsystem:category:)` and the predicate.
    package var subsystem = "com.example.myapp"
    /// The os_log category.
    package static let category = "lifecycle"

    package init(language: Language, logger: Logger? = nil) {
        self.language = language
        self.logger = logger ?? (language == .objc ? .nslog : .oslog)
    }

    /// Whose method a callback is.
    package enum Owner: Sendable {
        case app, scene
    }

    /// One callback: its declarations, what to return, and which of its parameters name the
    /// scene or sessions it concerns.
    package struct Callback: Sendable {
        package let event: EventID
        package let owner: Owner
        /// The Swift declaration, without its body.
        package let swift: String
        /// The Objective-C declaration, without its body.
        package let objc: String
        /// The body's last statement after the log line (a return, a completion handler).
        let swiftTail: String?
        let objcTail: String?
        /// The parameter holding the scene (its description carries the pointer and session).
        package let scene: String?
        /// Expressions for the session identifiers it concerns (app-delegate session callbacks).
        let swiftSessions: String?
        let objcSessions: String?

        init(_ event: EventID, _ owner: Owner, swift: String, objc: String, swiftTail: String? = nil, objcTail: String? = nil,
             scene: String? = nil, swiftSessions: String? = nil, objcSessions: String? = nil) {
            self.event = event
            self.owner = owner
            self.swift = swift
            self.objc = objc
            self.swiftTail = swiftTail
            self.objcTail = objcTail
            self.scene = scene
            self.swiftSessions = swiftSessions
            self.objcSessions = objcSessions
        }

        /// What Swift's `#function` prints in this method: `scene(_:willConnectTo:options:)`.
        package var swiftFunctionName: String {
            guard let open = swift.firstIndex(of: "("), let name = swift[..<open].split(separator: " ").last else { return swift }
            let labels = Self.topLevelParameters(String(swift[swift.index(after: open)...])).map { parameter in
                // `options: UIScene.ConnectionOptions` has one name, its label: the word ends in the colon.
                (parameter.split(separator: " ").first.map { String($0.hasSuffix(":") ? $0.dropLast() : $0) } ?? "_") + ":"
            }
            return "\(name)(\(labels.joined()))"
        }

        /// The selector `__func__` names: `scene:willConnectToSession:options:`.
        package var selector: String {
            var out = ""
            var word = ""
            var depth = 0
            for character in objc.drop(while: { $0 != ")" }).dropFirst() {
                switch character {
                case "(": depth += 1
                case ")": depth -= 1
                case ":" where depth == 0:
                    out += word + ":"
                    word = ""
                case _ where depth == 0 && (character.isLetter || character.isNumber || character == "_"): word.append(character)
                default: if depth == 0 { word = "" }
                }
            }
            return out.isEmpty ? word : out
        }

        /// The parameters of a Swift declaration's list (after its `(`), split at commas
        /// outside brackets and parentheses.
        static func topLevelParameters(_ list: String) -> [String] {
            var parameters: [String] = []
            var current = ""
            var depth = 0
            for character in list {
                switch character {
                case ">" where current.last == "-": break  // an arrow, `-> Void`, closes nothing
                case "(", "[", "<": depth += 1
                case ")" where depth == 0:
                    if !current.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(current.trimmingCharacters(in: .whitespaces)) }
                    return parameters
                case ")", "]", ">": depth -= 1
                case "," where depth == 0:
                    parameters.append(current.trimmingCharacters(in: .whitespaces))
                    current = ""
                    continue
                default: break
                }
                current.append(character)
            }
            return parameters
        }
    }

    package static let callbacks: [Callback] = [
        Callback(.appWillFinishLaunching, .app,
                 swift: "func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool",
                 objc: "- (BOOL)application:(UIApplication *)application willFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions",
                 swiftTail: "return true", objcTail: "return YES;"),
        Callback(.appDidFinishLaunching, .app,
                 swift: "func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool",
                 objc: "- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary<UIApplicationLaunchOptionsKey, id> *)launchOptions",
                 swiftTail: "return true", objcTail: "return YES;"),
        Callback(.appConfigurationForConnecting, .app,
                 swift: "func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration",
                 objc: "- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options",
                 swiftTail: "let configuration = UISceneConfiguration(name: \"Default Configuration\", sessionRole: connectingSceneSession.role)\n"
                    + "configuration.delegateClass = SCENE_DELEGATE.self\nreturn configuration",
                 objcTail: "UISceneConfiguration *configuration = [UISceneConfiguration configurationWithName:@\"Default Configuration\" sessionRole:connectingSceneSession.role];\n"
                    + "configuration.delegateClass = [SCENE_DELEGATE class];\nreturn configuration;",
                 swiftSessions: "connectingSceneSession.persistentIdentifier", objcSessions: "connectingSceneSession.persistentIdentifier"),
        Callback(.appDidDiscardSceneSessions, .app,
                 swift: "func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)",
                 objc: "- (void)application:(UIApplication *)application didDiscardSceneSessions:(NSSet<UISceneSession *> *)sceneSessions",
                 swiftSessions: "sceneSessions.map(\\.persistentIdentifier).joined(separator: \" \")",
                 objcSessions: "[[sceneSessions.allObjects valueForKey:@\"persistentIdentifier\"] componentsJoinedByString:@\" \"]"),
        // In a scene-based app UIKit calls the four below on the scene delegate instead: a line of
        // theirs in such an app is a handler left behind (app_delegate_in_scene_app).
        Callback(.appDidBecomeActive, .app, swift: "func applicationDidBecomeActive(_ application: UIApplication)",
                 objc: "- (void)applicationDidBecomeActive:(UIApplication *)application"),
        Callback(.appWillResignActive, .app, swift: "func applicationWillResignActive(_ application: UIApplication)",
                 objc: "- (void)applicationWillResignActive:(UIApplication *)application"),
        Callback(.appDidEnterBackground, .app, swift: "func applicationDidEnterBackground(_ application: UIApplication)",
                 objc: "- (void)applicationDidEnterBackground:(UIApplication *)application"),
        Callback(.appWillEnterForeground, .app, swift: "func applicationWillEnterForeground(_ application: UIApplication)",
                 objc: "- (void)applicationWillEnterForeground:(UIApplication *)application"),
        Callback(.appWillTerminate, .app, swift: "func applicationWillTerminate(_ application: UIApplication)",
                 objc: "- (void)applicationWillTerminate:(UIApplication *)application"),
        Callback(.appMemoryWarning, .app, swift: "func applicationDidReceiveMemoryWarning(_ application: UIApplication)",
                 objc: "- (void)applicationDidReceiveMemoryWarning:(UIApplication *)application"),
        Callback(.appSignificantTimeChange, .app, swift: "func applicationSignificantTimeChange(_ application: UIApplication)",
                 objc: "- (void)applicationSignificantTimeChange:(UIApplication *)application"),
        Callback(.appProtectedDataWillBecomeUnavailable, .app, swift: "func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication)",
                 objc: "- (void)applicationProtectedDataWillBecomeUnavailable:(UIApplication *)application"),
        Callback(.appProtectedDataDidBecomeAvailable, .app, swift: "func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)",
                 objc: "- (void)applicationProtectedDataDidBecomeAvailable:(UIApplication *)application"),
        Callback(.appOpenURL, .app,
                 swift: "func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool",
                 objc: "- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options",
                 swiftTail: "return false", objcTail: "return NO;"),
        Callback(.appContinueUserActivity, .app,
                 swift: "func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool",
                 objc: "- (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler",
                 swiftTail: "return false", objcTail: "return NO;"),
        Callback(.appPerformActionForShortcutItem, .app,
                 swift: "func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)",
                 objc: "- (void)application:(UIApplication *)application performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem completionHandler:(void (^)(BOOL))completionHandler",
                 swiftTail: "completionHandler(false)", objcTail: "completionHandler(NO);"),
        Callback(.appWillContinueUserActivity, .app,
                 swift: "func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool",
                 objc: "- (BOOL)application:(UIApplication *)application willContinueUserActivityWithType:(NSString *)userActivityType",
                 swiftTail: "return false", objcTail: "return NO;"),
        Callback(.appDidFailToContinueUserActivity, .app,
                 swift: "func application(_ application: UIApplication, didFailToContinueUserActivityWithType userActivityType: String, error: Error)",
                 objc: "- (void)application:(UIApplication *)application didFailToContinueUserActivityWithType:(NSString *)userActivityType error:(NSError *)error"),
        Callback(.appDidUpdateUserActivity, .app,
                 swift: "func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity)",
                 objc: "- (void)application:(UIApplication *)application didUpdateUserActivity:(NSUserActivity *)userActivity"),
        Callback(.appRemoteNotification, .app,
                 swift: "func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)",
                 objc: "- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler",
                 swiftTail: "completionHandler(.noData)", objcTail: "completionHandler(UIBackgroundFetchResultNoData);"),
        Callback(.appBackgroundURLSession, .app,
                 swift: "func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void)",
                 objc: "- (void)application:(UIApplication *)application handleEventsForBackgroundURLSession:(NSString *)identifier completionHandler:(void (^)(void))completionHandler",
                 swiftTail: "completionHandler()", objcTail: "completionHandler();"),
        Callback(.appUserDidAcceptCloudKitShare, .app,
                 swift: "func application(_ application: UIApplication, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata)",
                 objc: "- (void)application:(UIApplication *)application userDidAcceptCloudKitShareWithMetadata:(CKShareMetadata *)cloudKitShareMetadata"),

        Callback(.sceneWillConnect, .scene,
                 swift: "func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)",
                 objc: "- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions",
                 scene: "scene"),
        Callback(.sceneWillEnterForeground, .scene, swift: "func sceneWillEnterForeground(_ scene: UIScene)",
                 objc: "- (void)sceneWillEnterForeground:(UIScene *)scene", scene: "scene"),
        Callback(.sceneDidBecomeActive, .scene, swift: "func sceneDidBecomeActive(_ scene: UIScene)",
                 objc: "- (void)sceneDidBecomeActive:(UIScene *)scene", scene: "scene"),
        Callback(.sceneWillResignActive, .scene, swift: "func sceneWillResignActive(_ scene: UIScene)",
                 objc: "- (void)sceneWillResignActive:(UIScene *)scene", scene: "scene"),
        Callback(.sceneDidEnterBackground, .scene, swift: "func sceneDidEnterBackground(_ scene: UIScene)",
                 objc: "- (void)sceneDidEnterBackground:(UIScene *)scene", scene: "scene"),
        Callback(.sceneDidDisconnect, .scene, swift: "func sceneDidDisconnect(_ scene: UIScene)",
                 objc: "- (void)sceneDidDisconnect:(UIScene *)scene", scene: "scene"),
        Callback(.sceneOpenURLContexts, .scene, swift: "func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)",
                 objc: "- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts", scene: "scene"),
        Callback(.sceneWillContinueUserActivity, .scene, swift: "func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)",
                 objc: "- (void)scene:(UIScene *)scene willContinueUserActivityWithType:(NSString *)userActivityType", scene: "scene"),
        Callback(.sceneContinueUserActivity, .scene, swift: "func scene(_ scene: UIScene, continue userActivity: NSUserActivity)",
                 objc: "- (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity", scene: "scene"),
        Callback(.sceneDidFailToContinueUserActivity, .scene,
                 swift: "func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: Error)",
                 objc: "- (void)scene:(UIScene *)scene didFailToContinueUserActivityWithType:(NSString *)userActivityType error:(NSError *)error",
                 scene: "scene"),
        Callback(.sceneDidUpdateUserActivity, .scene, swift: "func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity)",
                 objc: "- (void)scene:(UIScene *)scene didUpdateUserActivity:(NSUserActivity *)userActivity", scene: "scene"),
        Callback(.sceneStateRestorationActivity, .scene, swift: "func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?",
                 objc: "- (NSUserActivity *)stateRestorationActivityForScene:(UIScene *)scene",
                 swiftTail: "return nil", objcTail: "return nil;", scene: "scene"),
        Callback(.sceneRestoreInteractionState, .scene,
                 swift: "func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity)",
                 objc: "- (void)scene:(UIScene *)scene restoreInteractionStateWithUserActivity:(NSUserActivity *)stateRestorationActivity",
                 scene: "scene"),
        Callback(.windowScenePerformActionForShortcutItem, .scene,
                 swift: "func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)",
                 objc: "- (void)windowScene:(UIWindowScene *)windowScene performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem completionHandler:(void (^)(BOOL))completionHandler",
                 swiftTail: "completionHandler(false)", objcTail: "completionHandler(NO);", scene: "windowScene"),
        Callback(.windowSceneDidUpdateEffectiveGeometry, .scene,
                 swift: "func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry)",
                 objc: "- (void)windowScene:(UIWindowScene *)windowScene didUpdateEffectiveGeometry:(UIWindowSceneGeometry *)previousEffectiveGeometry",
                 scene: "windowScene"),
        Callback(.windowSceneUserDidAcceptCloudKitShare, .scene,
                 swift: "func windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata)",
                 objc: "- (void)windowScene:(UIWindowScene *)windowScene userDidAcceptCloudKitShareWithMetadata:(CKShareMetadata *)cloudKitShareMetadata",
                 scene: "windowScene"),
    ]

    /// What the generated code prints for each value of a callback's line, in order.
    enum Part {
        case function, scene(String), sessions(swift: String, objc: String), delegate
    }

    static func parts(of callback: Callback) -> [Part] {
        var parts: [Part] = [.function]
        if let scene = callback.scene { parts.append(.scene(scene)) }
        if let swift = callback.swiftSessions, let objc = callback.objcSessions { parts.append(.sessions(swift: swift, objc: objc)) }
        parts.append(.delegate)
        return parts
    }

    /// The whole snippet.
    package func render() -> String {
        switch language {
        case .objc: return renderObjC()
        case .swift, .swiftui: return renderSwift()
        }
    }

    /// The `log stream` command that captures exactly the snippet's lines (and UIKit's own
    /// account of the app, which tracecheck holds them against).
    package var streamCommand: String {
        let uikit = "(process == \"\(process)\" AND subsystem == \"com.apple.UIKit\" AND category == \"Application\")"
        let own = switch logger {
        case .oslog: "(subsystem == \"\(subsystem)\" AND category == \"\(Self.category)\")"
        case .nslog, .print: "(process == \"\(process)\" AND eventMessage CONTAINS \"Delegate\")"
        }
        let phases = language == .swiftui && logger != .oslog ? " OR (process == \"\(process)\" AND eventMessage BEGINSWITH \"scenePhase: \")" : ""
        return "xcrun simctl spawn booted log stream --style compact --predicate '\(own)\(phases) OR \(uikit)' | tracecheck report -"
    }

    private func header(comment: String) -> String {
        var lines = [
            "Lifecycle logging that tracecheck reads with full identity (tracecheck snippet \(language.rawValue)):",
            "each callback logs its name, the scene (pointer, persistentIdentifier) and the delegate object.",
            "Merge the methods into your \(appDelegate) and \(sceneDelegate); keep the log lines as they are.",
        ]
        if logger == .print {
            lines += ["print() writes to Xcode's console only: save the console (or run tracecheck on a copy of it);",
                      "log stream and device logs never see these lines. oslog or nslog reach both."]
        } else {
            lines += ["Watch it live:", "  " + streamCommand]
        }
        return lines.map { "\(comment) \($0)".trimmingCharacters(in: .whitespaces) }.joined(separator: "\n") + "\n"
    }

    // MARK: Swift and SwiftUI

    private func swiftLog(_ callback: Callback) -> String {
        let values = Self.parts(of: callback).map { part -> String in
            switch part {
            case .function: "#function"
            case .scene(let name): name
            case .sessions(let swift, _): swift
            case .delegate: "self"
            }
        }
        switch logger {
        case .oslog:
            return "lifecycleLog.log(\"" + values.map { "\\(\($0), privacy: .public)" }.joined(separator: " ") + "\")"
        case .nslog:
            return "NSLog(\"%@\", \"" + values.map { "\\(\($0))" }.joined(separator: " ") + "\")"
        case .print:
            return "print(" + values.joined(separator: ", ") + ")"
        }
    }

    private func swiftMethod(_ callback: Callback) -> String {
        var body = [swiftLog(callback)]
        if let tail = callback.swiftTail { body += tail.replacingOccurrences(of: "SCENE_DELEGATE", with: sceneDelegate).split(separator: "\n").map(String.init) }
        return "    \(callback.swift) {\n" + body.map { "        \($0)\n" }.joined() + "    }\n"
    }

    private func renderSwift() -> String {
        var out = header(comment: "//")
        out += language == .swiftui ? "import SwiftUI\n" : ""
        out += "import CloudKit\nimport UIKit\n"
        if logger == .oslog { out += "import os\n\nprivate let lifecycleLog = Logger(subsystem: \"\(subsystem)\", category: \"\(Self.category)\")\n" }
        if language == .swiftui {
            let phase: String = switch logger {
            case .oslog: "lifecycleLog.log(\"scenePhase: \\(String(describing: phase), privacy: .public)\")"
            case .nslog: "NSLog(\"%@\", \"scenePhase: \\(phase)\")"
            case .print: "print(\"scenePhase: \\(phase)\")"
            }
            out += """

                // SwiftUI's scenePhase, logged where UIKit's callbacks are: tracecheck checks
                // one against the other.
                @main
                struct \(process.filter { $0.isLetter || $0.isNumber })App: App {
                    @UIApplicationDelegateAdaptor(\(appDelegate).self) private var appDelegate
                    @Environment(\\.scenePhase) private var scenePhase

                    var body: some Scene {
                        WindowGroup {
                            ContentView()
                        }
                        .onChange(of: scenePhase) { _, phase in
                            \(phase)
                        }
                    }
                }

                """
        }
        out += "\n\(language == .swiftui ? "" : "@main\n")class \(appDelegate): UIResponder, UIApplicationDelegate {\n"
        out += Self.callbacks.filter { $0.owner == .app }.map(swiftMethod).joined(separator: "\n")
        out += "}\n\nclass \(sceneDelegate): UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n\n"
        out += Self.callbacks.filter { $0.owner == .scene }.map(swiftMethod).joined(separator: "\n")
        return out + "}\n"
    }

    // MARK: Objective-C

    private func objcLog(_ callback: Callback) -> String {
        let parts = Self.parts(of: callback)
        let formats = parts.map { part -> String in
            if case .function = part { return logger == .oslog ? "%{public}s" : "%s" }
            return logger == .oslog ? "%{public}@" : "%@"
        }.joined(separator: " ")
        let values = parts.map { part -> String in
            switch part {
            case .function: "__func__"
            case .scene(let name): name
            case .sessions(_, let objc): objc
            case .delegate: "self"
            }
        }.joined(separator: ", ")
        return logger == .oslog ? "os_log(TCLifecycleLog(), \"\(formats)\", \(values));" : "NSLog(@\"\(formats)\", \(values));"
    }

    private func objcMethod(_ callback: Callback) -> String {
        var body = [objcLog(callback)]
        if let tail = callback.objcTail { body += tail.replacingOccurrences(of: "SCENE_DELEGATE", with: sceneDelegate).split(separator: "\n").map(String.init) }
        return "\(callback.objc) {\n" + body.map { "    \($0)\n" }.joined() + "}\n"
    }

    private func renderObjC() -> String {
        var out = header(comment: "//")
        out += "#import <CloudKit/CloudKit.h>\n#import <UIKit/UIKit.h>\n"
        if logger == .oslog {
            out += """
                #import <os/log.h>

                static os_log_t TCLifecycleLog(void) {
                    static os_log_t log;
                    static dispatch_once_t once;
                    dispatch_once(&once, ^{ log = os_log_create("\(subsystem)", "\(Self.category)"); });
                    return log;
                }

                """
        }
        out += "\n@interface \(sceneDelegate) : UIResponder <UIWindowSceneDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end\n\n"
        out += "@interface \(appDelegate) : UIResponder <UIApplicationDelegate>\n@end\n\n"
        out += "@implementation \(appDelegate)\n\n" + Self.callbacks.filter { $0.owner == .app }.map(objcMethod).joined(separator: "\n") + "\n@end\n\n"
        out += "@implementation \(sceneDelegate)\n\n" + Self.callbacks.filter { $0.owner == .scene }.map(objcMethod).joined(separator: "\n") + "\n@end\n"
        return out
    }
}
