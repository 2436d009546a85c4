import CaptureFixtures
import Foundation

/// Generated Xcode console captures: scene and legacy apps that mostly keep the lifecycle's
/// order and now and then break it, with forwarded calls, notifications next to their
/// callbacks, several scenes, relaunches, Flutter's states and unrelated lines. Seeded, so a
/// failing trace is printed and can be generated again.
struct RandomTraces {
    private var random: SplitMix
    private var lines: [String] = []
    private var micros: Int64 = 0
    private var pid = 4817

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    static func trace(seed: UInt64) -> String {
        var traces = RandomTraces(seed: seed)
        return traces.make()
    }

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    private mutating func log(_ message: String, prefixed: Bool = true) {
        micros += pick([400, 2_000, 20_000, 300_000, 2_000_000, 40_000_000])
        guard prefixed else {
            lines.append(message)
            return
        }
        let seconds = micros / 1_000_000
        let time = String(format: "2026-03-14 %02d:%02d:%02d.%06d+0100", 9 + Int(seconds / 3600) % 10, Int(seconds / 60) % 60,
                          Int(seconds % 60), Int(micros % 1_000_000))
        lines.append("\(time) Fieldnotes[\(pid):3120544] \(message)")
    }

    private static let sceneMembers = ["sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:", "sceneDidEnterBackground:"]
    private static let appMembers = ["applicationWillEnterForeground:", "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:"]
    private static let notifications = ["WillEnterForeground", "DidBecomeActive", "WillResignActive", "DidEnterBackground"]
    private static let flutterStates = ["resumed", "inactive", "hidden", "paused"]
    private static let noise = ["-[FeedViewController viewDidLoad]", "Analytics: session started", "[SceneDelegate] restoring state",
                                "-[FeedViewController viewWillAppear:]", "Loaded 42 notes from cache"]

    private mutating func make() -> String {
        let sceneApp = chance(0.75)
        let forwards = chance(0.3)
        let notifies = chance(0.3)
        let flutter = chance(0.15)
        let slips = pick([0.0, 0.05, 0.15, 0.4])
        let scenes = (0..<Int.random(in: 1...3, using: &random)).map { index in
            (pointer: "0x10270b\(index)10", session: "5910B345-5C7F-4CA4-BA22-EE6114C79B6\(index)",
             delegate: index == 2 ? "InspectorSceneDelegate" : "SceneDelegate")
        }
        // 0 foreground-inactive, 1 active, 2 background, 3 not connected; as the app means them.
        var states = Array(repeating: 3, count: scenes.count)
        var appState = 2
        log("-[AppDelegate application:didFinishLaunchingWithOptions:]")
        for _ in 0..<Int.random(in: 4...24, using: &random) {
            if chance(0.08) { log(pick(Self.noise)) }
            if chance(0.02) {
                if chance(0.5) { log("-[AppDelegate applicationWillTerminate:]") }
                pid += 1
                states = states.map { _ in 3 }
                appState = 2
                log("-[AppDelegate application:didFinishLaunchingWithOptions:]")
                continue
            }
            let slip = chance(slips)
            if sceneApp {
                let index = Int.random(in: 0..<scenes.count, using: &random)
                let scene = scenes[index]
                let named = scenes.count == 1 && chance(0.3) ? "" : " <UIWindowScene: \(scene.pointer)>"
                if states[index] == 3 || (slip && chance(0.2)) {
                    if chance(0.7) { log("-[AppDelegate application:configurationForConnectingSceneSession:options:]") }
                    log("-[\(scene.delegate) scene:willConnectToSession:options:] <UIWindowScene: \(scene.pointer); role: UIWindowSceneSessionRoleApplication; persistentIdentifier: \(scene.session); activationState: UISceneActivationStateUnattached>")
                    states[index] = 2
                    continue
                }
                if chance(0.06) {
                    log("-[\(scene.delegate) sceneDidDisconnect:]\(named)")
                    states[index] = 3
                    if chance(0.6) {
                        log("-[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = \(scene.session)>)}")
                    }
                    continue
                }
                if chance(0.03) { log(chance(0.5) ? "-[AppDelegate application:openURL:options:]" : "-[\(scene.delegate) scene:openURLContexts:]\(named)") }
                let next = slip ? Int.random(in: 0..<4, using: &random) : legalNext(states[index])
                log("-[\(scene.delegate) \(Self.sceneMembers[next])]\(named)")
                states[index] = [0, 1, 0, 2][next]
                if forwards, chance(0.8) { log("-[AppDelegate \(Self.appMembers[next])]") }
                if notifies, chance(0.7) { log(Self.notification(next)) }
                if slip, chance(0.3) { log("-[AppDelegate \(Self.appMembers[Int.random(in: 0..<4, using: &random)])]") }
            } else {
                let next = slip ? Int.random(in: 0..<4, using: &random) : legalNext(appState)
                if notifies, chance(0.3) {
                    log(Self.notification(next))
                } else {
                    log("-[AppDelegate \(Self.appMembers[next])]")
                    if notifies, chance(0.6) { log(Self.notification(next)) }
                }
                appState = [0, 1, 0, 2][next]
                if slip, chance(0.1) { log("-[SceneDelegate \(Self.sceneMembers[next])]") }
            }
            if flutter, chance(0.5) { log("flutter: AppLifecycleState.\(pick(Self.flutterStates))", prefixed: false) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The index of a legal next callback from a state (0 FI, 1 FA, 2 B).
    private mutating func legalNext(_ state: Int) -> Int {
        switch state {
        case 0: chance(0.6) ? 1 : 3
        case 1: 2
        default: 0
        }
    }

    private static func notification(_ index: Int) -> String {
        "NSConcreteNotification 0x11218a7a0 {name = UIApplication\(notifications[index])Notification; object = <UIApplication: 0x10cc50000>}"
    }
}
