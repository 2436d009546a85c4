/// A realistic busy device capture for benchmarks, generated without end and always the
/// same for a seed: noise from many processes and subsystems, decoys (lines that mention
/// delegates, scenes and `(_:)` but are not lifecycle events), and about 0.5 % lifecycle
/// lines from an app that launches again and again, opens and closes up to three scenes
/// and goes to the background and back, each change of the application's state with UIKit's
/// own line for it (its deactivation-reason mask) right before the app's. Every lifecycle sequence is legal, so a correct
/// checker finds nothing; `lifecycleLines` says how many events it must find.
public struct BenchmarkStory {
    /// What the story's app does; the defaults are a busy phone session. Larger values test
    /// that time grows linearly with scenes and process epochs, not just with bytes.
    public struct Plan: Sendable {
        /// The most scenes open at once.
        public var maximumScenes = 3
        /// Foreground/background cycles (and scene openings and closings) per launch: the
        /// fewer, the more process epochs a capture of one size holds.
        public var cyclesPerLaunch = 20..<60
        /// Lifecycle lines per thousand records.
        public var lifecyclePerMille = 5
        /// Only the app's own lines, as an Xcode console shows them: its subsystems' chatter,
        /// its `print` lines and decoys of its own, no other process.
        public var appOnly = false
        /// Of an app-only capture's other lines, the percentage printed bare with `print`.
        public var barePrintPercent = 30
        /// Other apps whose chatter a whole-device capture interleaves with the story's app.
        public var otherApps = 0

        public init() {}
    }

    public let plan: Plan
    /// Lifecycle lines written so far.
    public private(set) var lifecycleLines = 0
    /// Process launches written so far.
    public private(set) var launches = 0
    /// Scenes connected so far, over all launches.
    public private(set) var sceneConnections = 0

    private var random: SplitMix
    private var time = 0.0
    private var pid = 4817
    /// The lifecycle lines to come, each with the line of UIKit's account that comes right
    /// before it (its deactivation-reason mask changing), if the step changes the
    /// application's state.
    private var pending: [(line: StoryLine, uikit: StoryLine?)] = []
    private var scenes: [Scene] = []
    private var nextPointer: UInt64 = 0x10cc_50200
    private var cyclesLeft = 0
    /// The lines of a launch are being written one after the other.
    private var launchBurst = false

    private struct Scene {
        let pointer: String
        let session: String
    }

    public init(seed: UInt64 = 2026, plan: Plan = Plan()) {
        random = SplitMix(seed: seed)
        self.plan = plan
    }

    /// The next `count` lines of the story.
    public mutating func next(_ count: Int) -> [StoryLine] {
        var lines: [StoryLine] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            time += 0.0005 + Double(random.next(below: 40)) / 10_000
            let roll = random.next(below: 1000)
            // A launch's lines (launch, scene configuration and connection, first activation)
            // follow each other within a second, whatever the density.
            if roll < plan.lifecyclePerMille || (launches == 0 && pending.isEmpty && scenes.isEmpty) || (launchBurst && !pending.isEmpty) {
                if pending.isEmpty { planNextStep() }
                var (line, uikit) = pending.removeFirst()
                if var uikit {
                    uikit.offset = time
                    lines.append(uikit)
                    lifecycleLines += 1
                    time += 0.0003
                }
                line.offset = time
                lines.append(line)
                lifecycleLines += 1
                if pending.isEmpty { launchBurst = false }
            } else if roll < plan.lifecyclePerMille + 10 {
                lines.append(decoy())
            } else {
                lines.append(noise())
            }
        }
        return lines
    }

    // MARK: The app's life

    private mutating func planNextStep() {
        if scenes.isEmpty {
            launch()
        } else if cyclesLeft == 0 {
            terminate()
        } else {
            cyclesLeft -= 1
            switch random.next(below: 10) {
            case 0 where scenes.count < plan.maximumScenes: connectScene()
            case 1 where scenes.count > 1: closeScene(at: random.next(below: scenes.count))
            default: backgroundAndBack()
            }
        }
    }

    private mutating func launch() {
        launchBurst = true
        launches += 1
        if launches > 1 { pid += 1 + random.next(below: 400) }
        cyclesLeft = plan.cyclesPerLaunch.lowerBound + random.next(below: max(1, plan.cyclesPerLaunch.count))
        pending.append((app("-[AppDelegate application:didFinishLaunchingWithOptions:]"), mask(0, 1024, reason: 10)))
        connectScene(launching: true)
    }

    private mutating func connectScene(launching: Bool = false) {
        let scene = Scene(pointer: "0x" + String(nextPointer, radix: 16), session: uuid())
        nextPointer += 0x1_2340
        scenes.append(scene)
        sceneConnections += 1
        // A launching process is in the background state until its first scene comes up.
        pending.append((app("-[AppDelegate application:configurationForConnectingSceneSession:options:] <UISceneSession: 0x600002066140; persistentIdentifier = \(scene.session)>"),
                        launching ? mask(1024, 3072, reason: 11) : nil))
        pending.append((app("-[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: \(scene.pointer); role: UIWindowSceneSessionRoleApplication; persistentIdentifier: \(scene.session)>"), nil))
        pending.append((sceneLine("sceneWillEnterForeground:", scene), launching ? mask(3072, 1024, reason: 11) : nil))
        pending.append((sceneLine("sceneDidBecomeActive:", scene), launching ? mask(1024, 0, reason: 10) : nil))
    }

    private mutating func backgroundAndBack() {
        appendForAll("sceneWillResignActive:", uikit: mask(0, 32, reason: 5))
        appendForAll("sceneDidEnterBackground:", uikit: mask(32, 2080, reason: 11))
        appendForAll("sceneWillEnterForeground:", uikit: mask(2080, 32, reason: 11))
        appendForAll("sceneDidBecomeActive:", uikit: mask(32, 0, reason: 5))
    }

    private mutating func closeScene(at index: Int) {
        let scene = scenes.remove(at: index)
        // Other scenes stay active: the application's state does not change.
        pending.append((sceneLine("sceneWillResignActive:", scene), nil))
        pending.append((sceneLine("sceneDidEnterBackground:", scene), nil))
        pending.append((sceneLine("sceneDidDisconnect:", scene), nil))
        pending.append((app("-[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = \(scene.session)>)}"), nil))
    }

    private mutating func terminate() {
        appendForAll("sceneWillResignActive:", uikit: mask(0, 32, reason: 5))
        appendForAll("sceneDidEnterBackground:", uikit: mask(32, 2080, reason: 11))
        appendForAll("sceneDidDisconnect:", uikit: nil)
        pending.append((app("-[AppDelegate applicationWillTerminate:]"), nil))
        scenes = []
    }

    /// `selector` for every open scene, UIKit's mask line before the first.
    private mutating func appendForAll(_ selector: String, uikit: StoryLine?) {
        for (index, scene) in scenes.enumerated() { pending.append((sceneLine(selector, scene), index == 0 ? uikit : nil)) }
    }

    /// UIKit's line for a change of the deactivation-reason mask: one transition each here.
    private func mask(_ old: Int, _ new: Int, reason: Int) -> StoryLine {
        StoryLine(0, "Deactivation reason \(new > old ? "added" : "removed"): \(reason); deactivation reasons: \(old) -> \(new); animating application lifecycle event: 1",
                  pid: pid, image: "UIKitCore")
    }

    private func app(_ message: String) -> StoryLine { StoryLine(0, message, pid: pid) }

    private func sceneLine(_ selector: String, _ scene: Scene) -> StoryLine {
        StoryLine(0, "-[SceneDelegate \(selector)] <UIWindowScene: \(scene.pointer)>", pid: pid)
    }

    private mutating func uuid() -> String {
        let hex = (0..<32).map { _ in String(random.next(below: 16), radix: 16, uppercase: true) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }

    // MARK: Everything else

    /// Lines of other subsystems and processes, with numbers that vary.
    private static let noiseTemplates: [(process: String, pid: Int, image: String, text: String)] = [
        ("SpringBoard", 55, "FrontBoard", "Registering for test daemon availability notify post."),
        ("SpringBoard", 55, "FrontBoard", "[app<com.example.fieldnotes>:#] Workspace assertion state did change: 2 (acquireAssertion = YES)."),
        ("SpringBoard", 55, "SpringBoard", "Evaluated capturing state as 0 on <UIScreen: 0x1056188c0> for CADisplay KVO"),
        ("backboardd", 64, "BackBoardServices", "Sending event #; type: touch; timestamp: # ms; sender: 0x#"),
        ("backboardd", 64, "CoreBrightness", "CBAdaptationManager: lux # → nits #, curve 2"),
        ("runningboardd", 33, "RunningBoard", "Acquiring assertion targeting [app<com.example.fieldnotes>:#] from originator [daemon<com.apple.SpringBoard>:55] with description <RBSAssertionDescriptor| \"FBApplicationProcess\" ID:33-55-#>"),
        ("locationd", 88, "CoreLocation", "{\"msg\":\"client authorization\", \"client\":\"com.example.fieldnotes\", \"accuracy\":#}"),
        ("mediaserverd", 41, "CoreMedia", "FigAudioSession(AV) signalled err=0 session=0x# route change reason: 3"),
        ("Fieldnotes", -1, "CFNetwork", "Task <#-AB12-4C5D-9E8F>.<#> finished with error [0] Error Domain=NSURLErrorDomain Code=0 \"(null)\""),
        ("Fieldnotes", -1, "Fieldnotes", "[com.example.fieldnotes:network] GET https://api.example.com/v2/notes?page=# 200 (# ms, # KB)"),
        ("Fieldnotes", -1, "Fieldnotes", "[SyncEngine] merged # records into local store; 0 conflicts; next sync in 300 s"),
        ("Fieldnotes", -1, "CoreData", "CoreData: sql: SELECT 0, t0.Z_PK FROM ZNOTE t0 WHERE t0.ZFOLDER = ? LIMIT # (# ms)"),
        ("Fieldnotes", -1, "UIKitCore", "Snapshotting a view (0x#, UIKeyboardImpl) that is not in a visible window requires afterScreenUpdates:YES."),
        ("Fieldnotes", -1, "UIKitCore", "Realizing settings extension <_UISceneHostingEventDeferringSettings> on FBSSceneSettings"),
        ("Fieldnotes", -1, "libswiftCore.dylib", "App is being debugged, do not track this hang"),
        ("Fieldnotes", -1, "Fieldnotes", "[Analytics] queued event note_opened (#); batch #/50"),
        ("Fieldnotes", -1, "WebKit", "WebPageProxy::didFinishLoadForFrame: webPID=#, pageID=#, frameID=#, isMainFrame=1"),
        ("wifid", 120, "WiFiPolicy", "__WiFiLQAMgrLogStats(Home:Stationary): Rssi: -# {0 0} Snr: # Cca: # (S:0 O:0 I:0) TxFrames: #"),
        ("CommCenter", 97, "CoreTelephony", "#I Bandwidth estimate: dl # kbps ul # kbps (cell)"),
        ("kernel", 0, "kernel", "AppleKeyStore: operation failed (pid: # sel: 7 ret: e00002c2 '-536870206'; 0 0)"),
    ]

    private static let decoys = [
        "You've implemented -[<UIApplicationDelegate> application:didReceiveRemoteNotification:fetchCompletionHandler:], but you still need to add \"remote-notification\" to the list",
        "3   Fieldnotes   0x0000000104a5c2b4 -[AppDelegate application:didFinishLaunchingWithOptions:] + 120",
        "app will resign active for engine <_UIFeedbackCoreHapticsEngine: 0x2831d4e70>",
        "Realizing settings extension _UISceneOrientationSettingsExtension on FBSSceneSettings",
        "Request engine stop for application notification: UIApplicationSuspendedEventsOnlyNotification",
        "[NoteEditor] didBecomeActiveCount=3 after scene(_:foo:) refresh",
        "[Router] restoring scene state for 0x600002066140 (3 windows)",
    ]

    /// An Xcode console of one app: its subsystems, then lines that name lifecycle words
    /// without being callbacks, as apps print them.
    private static let appTemplates: [(image: String, text: String)] = Self.noiseTemplates.filter { $0.pid < 0 }.map { ($0.image, $0.text) } + [
        ("Fieldnotes", "[SceneDelegate] restoring # windows for the session"),
        ("Fieldnotes", "NoteListViewController viewWillAppear(_:) animated: true"),
        ("Fieldnotes", "__52-[SyncEngine scheduleNextSyncAfter:]_block_invoke: next sync in # s"),
        ("Fieldnotes", "application state did change: notes # synced, badge #"),
        ("Fieldnotes", "NoteEditorViewController viewDidAppear(_:) note #"),
        ("Fieldnotes", "[AppDelegate] registered # background tasks"),
    ]

    private static let prints = [
        "saved note # (# bytes)", "rendering cell # of #", "fetched # notes in # ms", "thumbnail cache hit # / miss #",
        "Optional(\"draft-#\")", "keyboard height: #.0",
    ]

    /// Other apps of a whole-device capture, each its own process.
    private static let otherAppNames = ["Mail", "Messages", "Safari", "Maps", "Music", "Photos", "Weather", "Calendar", "Notes", "Podcasts"]
    private static let otherAppTemplates = [
        "[network] GET https://api.example.net/v1/items?page=# 200 (# ms)", "CoreData: annotation: fetch request # took # ms",
        "Task <#-77C1>.<#> finished successfully", "[Analytics] flushed # events",
    ]

    private mutating func noise() -> StoryLine {
        if plan.appOnly {
            if random.next(below: 100) < plan.barePrintPercent {
                var line = StoryLine(time, Self.numbered(Self.prints[random.next(below: Self.prints.count)], &random), pid: pid)
                line.bare = true
                return line
            }
            let template = Self.appTemplates[random.next(below: Self.appTemplates.count)]
            return StoryLine(time, Self.numbered(template.text, &random), pid: pid, image: template.image)
        }
        if plan.otherApps > 0, random.next(below: 2) == 0 {
            let app = random.next(below: plan.otherApps)
            let name = Self.otherAppNames[app % Self.otherAppNames.count] + (app < Self.otherAppNames.count ? "" : String(app / Self.otherAppNames.count))
            let text = Self.numbered(Self.otherAppTemplates[random.next(below: Self.otherAppTemplates.count)], &random)
            return StoryLine(time, text, process: name, pid: 20_000 + app * 7, thread: 300_000 + app, image: "CFNetwork")
        }
        let template = Self.noiseTemplates[random.next(below: Self.noiseTemplates.count)]
        var text = ""
        for character in template.text {
            if character == "#" { text += String(random.next(below: 100_000)) } else { text.append(character) }
        }
        let ownPid = template.pid < 0
        return StoryLine(time, text, process: template.process, pid: ownPid ? pid : template.pid,
                         thread: ownPid ? 2_863_604 : 1022 + template.pid, image: template.image)
    }

    /// `template` with each `#` replaced by a number.
    private static func numbered(_ template: String, _ random: inout SplitMix) -> String {
        var text = ""
        for character in template {
            if character == "#" { text += String(random.next(below: 100_000)) } else { text.append(character) }
        }
        return text
    }

    private mutating func decoy() -> StoryLine {
        StoryLine(time, Self.decoys[random.next(below: Self.decoys.count)], pid: pid, image: "UIKitCore")
    }
}

/// SplitMix64: a small, fast generator whose sequence is the same on every machine.
package struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    package mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
