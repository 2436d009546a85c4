import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// UIKit's own account of the application state (docs/uikit-account.md): the events derived
/// from the deactivation-reason mask, what is held out, and the cross-check of the app's
/// callbacks against it.
final class UIKitAccountTests: XCTestCase {
    /// A line as UIKit logs it in `log stream`'s default style, from `process[pid]`.
    static func line(_ time: Double, _ message: String, process: String = "Fieldnotes", pid: Int = 4817) -> String {
        let whole = Int(time)
        let micros = Int(((time - Double(whole)) * 1_000_000).rounded())
        let stamp = String(format: "2026-11-20 09:%02d:%02d.%06d+0100", 40 + whole / 60, whole % 60, micros)
        return "\(stamp) 0x2bb1f4   Default     0x0                  \(String(pid).padding(toLength: 6, withPad: " ", startingAt: 0)) 0    \(process): \(message)"
    }

    static func mask(_ old: UInt64, _ new: UInt64, reason: Int) -> String {
        "(UIKitCore) [com.apple.UIKit:Application] Deactivation reason \(new > old ? "added" : "removed"): \(reason); deactivation reasons: \(old) -> \(new); animating application lifecycle event: 1"
    }

    static func check(_ lines: [String], processes: [String] = []) throws -> CaptureReport {
        var options = CheckOptions()
        options.scan.processes = processes
        return try Checker(options: options).check(.text(name: "capture.log", contents: lines.joined(separator: "\n") + "\n"))
    }

    static func accountSteps(_ report: CaptureReport, process: String = "Fieldnotes[4817]") -> [String] {
        guard let epoch = report.timeline.epochs.first(where: { $0.label == process }), let account = epoch.uikitTimeline else { return [] }
        return account.steps.map { "\(epoch.events[$0.event].event.line):\(epoch.events[$0.event].event.id.member)" }
    }

    // MARK: The mask's arithmetic

    /// Random masks changed by random reasons (a bit set or cleared at a time, as UIKit does,
    /// and now and then several at once): after every line, the state the derived events lead
    /// to is the mask's own, active exactly when the mask is 0 and in the background exactly
    /// when bit 11 is set. Through the whole pipeline, so the timeline is held to it too.
    func testEveryDerivedEventFollowsTheMaskArithmetic() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            var masks: [UInt64] = [UInt64.random(in: 0...1, using: &generator) == 0 ? 0 : 1024]
            var lines: [String] = [Self.line(0, "(Fieldnotes) [com.example.fieldnotes:sync] started")]
            for step in 1...40 {
                let old = masks[masks.count - 1]
                var new = old
                let reasons = [0, 3, 5, 10, 11, 12, 15, 17, 18, 31, 40, 63].shuffled(using: &generator)
                for reason in reasons.prefix(Int.random(in: 1...(step % 7 == 0 ? 3 : 1), using: &generator)) {
                    // Reasons come and go; now and then all at once (back to active).
                    new ^= UInt64(1) << UInt64(reason)
                }
                if Int.random(in: 0..<9, using: &generator) == 0 { new = 0 }
                masks.append(new)
                lines.append(Self.line(Double(step), Self.mask(old, new, reason: 5)))
            }
            let report = try Self.check(lines)
            guard let epoch = report.timeline.epochs.first, let account = epoch.uikitTimeline else {
                // Every mask change of the round stayed on one side of 0 and bit 11.
                XCTAssertTrue(zip(masks, masks.dropFirst()).allSatisfy { ($0 == 0) == ($1 == 0) && ($0 & 2048) == ($1 & 2048) }, "round \(round)")
                continue
            }
            var state: UIKitAccount.State?
            var steps = account.steps[...]
            for (index, new) in masks.enumerated().dropFirst() {
                let line = index + 1
                while let step = steps.first, epoch.events[step.event].event.line == line {
                    state = UIKitAccount.state(after: epoch.events[step.event].event.id)
                    steps = steps.dropFirst()
                }
                let old = masks[index - 1]
                let derived = UIKitAccount.transitions(from: old, to: new)
                XCTAssertEqual(derived.isEmpty, (old == 0) == (new == 0) && (old & 2048) == (new & 2048), "round \(round), line \(line)")
                if let state {
                    XCTAssertEqual(state, UIKitAccount.State(active: new == 0, background: new & 2048 != 0),
                                   "round \(round), line \(line): \(old) -> \(new)")
                }
            }
            XCTAssertTrue(steps.isEmpty, "round \(round): every step is at a mask line")
        }
    }

    /// The hand-written mask reader is held to `UIKitAccount.maskPattern` (PCRE2): on the
    /// real lines, and on mutations of them (digits added and cut, letters before, pieces
    /// dropped or doubled, numbers past 64 bits).
    func testTheMaskReaderAgreesWithThePattern() throws {
        let regex = try PCRE2Regex(UIKitAccount.maskPattern)
        let matcher = PCRE2Matcher()
        func reference(_ bytes: [UInt8]) throws -> UIKitAccount.MaskReading {
            try bytes.withUnsafeBytes { message in
                guard let match = try matcher.firstMatch(of: regex, in: message),
                      let old = regex.groupNumber("old").flatMap({ match[$0] }),
                      let new = regex.groupNumber("new").flatMap({ match[$0] }) else { return .none }
                guard let a = UInt64(String(decoding: UnsafeRawBufferPointer(rebasing: message[old]), as: UTF8.self)),
                      let b = UInt64(String(decoding: UnsafeRawBufferPointer(rebasing: message[new]), as: UTF8.self)) else { return .overflow }
                return .masks(old: a, new: b)
            }
        }
        let seeds = [
            "Deactivation reason added: 11; deactivation reasons: 4128 -> 6176; animating application lifecycle event: 0",
            "(UIKitCore) [com.apple.UIKit:Application] Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
            "xDeactivation reason added: 1; deactivation reasons: 0 -> 2 and Deactivation reason added: 3; deactivation reasons: 2 -> 10",
            "Deactivation reason added: 10; deactivation reasons: 0 -> 18446744073709551615;",
            "Deactivation reason added: 10; deactivation reasons: 0 -> 18446744073709551616",
        ]
        var generator = SystemRandomNumberGenerator()
        let pieces = ["Deactivation reason ", "added: ", "removed: ", "; deactivation reasons: ", " -> ", "9", "0", "12345678901234567890", "a", " ", ";"]
        var compared = 0
        for seed in seeds {
            XCTAssertEqual(Array(seed.utf8).withUnsafeBytes(UIKitAccount.readMask), try reference(Array(seed.utf8)), seed)
            for _ in 0..<400 {
                var bytes = Array(seed.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let at = Int.random(in: 0...bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes.insert(contentsOf: Array(pieces.randomElement(using: &generator)!.utf8), at: at)
                    case 1: if at < bytes.count { bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...4, using: &generator))) }
                    default: if at < bytes.count { bytes[at] = UInt8.random(in: 0x20...0x7E, using: &generator) }
                    }
                }
                XCTAssertEqual(bytes.withUnsafeBytes(UIKitAccount.readMask), try reference(bytes), String(decoding: bytes, as: UTF8.self))
                compared += 1
            }
        }
        XCTAssertEqual(compared, 2000)
    }

    func testTheTransitionsOfOneChangeComeInUIKitsOrder() {
        XCTAssertEqual(UIKitAccount.transitions(from: 0, to: 1024), [.uikitAppLaunched])
        XCTAssertEqual(UIKitAccount.transitions(from: 0, to: 3072), [.uikitAppLaunched, .uikitAppDidEnterBackground])
        XCTAssertEqual(UIKitAccount.transitions(from: 0, to: 2048), [.uikitAppWillResignActive, .uikitAppDidEnterBackground])
        XCTAssertEqual(UIKitAccount.transitions(from: 2048, to: 0), [.uikitAppWillEnterForeground, .uikitAppDidBecomeActive])
        XCTAssertEqual(UIKitAccount.transitions(from: 4129, to: 4128), [])
        XCTAssertEqual(UIKitAccount.transitions(from: 32, to: 32), [])
    }

    func testALaunchAfterTheAccountHasBegunIsAResignation() throws {
        let report = try Self.check([
            Self.line(1, Self.mask(0, 1024, reason: 10)),
            Self.line(2, Self.mask(1024, 0, reason: 10)),
            Self.line(3, Self.mask(0, 1024, reason: 10)),
        ])
        XCTAssertEqual(Self.accountSteps(report), ["1:launched", "2:didBecomeActive", "3:willResignActive"])
    }

    /// Without pids (a Console.app copy, plain prints), UIKit's launch line begins a new run
    /// of the process, as a launch callback does: found by the bench, where a relaunch read
    /// as one process made UIKit's second launch a resignation from the background.
    func testUIKitsLaunchBeginsARunWithoutPids() throws {
        let run = [
            "Deactivation reason added: 10; deactivation reasons: 0 -> 1024; animating application lifecycle event: 0",
            "-[AppDelegate application:didFinishLaunchingWithOptions:]",
            "Deactivation reason removed: 10; deactivation reasons: 1024 -> 0; animating application lifecycle event: 0",
            "-[AppDelegate applicationDidBecomeActive:]",
            "Deactivation reason added: 5; deactivation reasons: 0 -> 32; animating application lifecycle event: 1",
            "-[AppDelegate applicationWillResignActive:]",
            "Deactivation reason added: 11; deactivation reasons: 32 -> 2080; animating application lifecycle event: 1",
            "-[AppDelegate applicationDidEnterBackground:]",
            "-[AppDelegate applicationWillTerminate:]",
        ]
        let report = try Self.check(run + run)
        XCTAssertEqual(report.timeline.epochs.count, 2)
        XCTAssertEqual(report.timeline.epochs.map { $0.uikitTimeline?.steps.count }, [4, 4])
        XCTAssertEqual(report.findings.map(\.rule), [])
    }

    // MARK: What is held out

    /// A whole-device capture: SpringBoard's own mask (a system process), another app's, the
    /// HangTracing line logged on resignation, and reasons that come and go while the mask
    /// stays non-zero. Only the app's own changes across 0 and bit 11 are its events.
    func testDecoysAreHeldOut() throws {
        let lines = [
            Self.line(1.000, Self.mask(0, 1024, reason: 10)),
            Self.line(1.100, Self.mask(1024, 0, reason: 10)),
            Self.line(2.000, Self.mask(0, 32, reason: 5), process: "SpringBoard", pid: 55),
            Self.line(2.010, Self.mask(0, 32, reason: 5), process: "Atlas", pid: 2210),
            Self.line(3.000, Self.mask(0, 32, reason: 5)),
            Self.line(3.001, "(libswiftCore.dylib) [com.apple.hangtracer:default] App transitioned to background, suspending HangTracing."),
            Self.line(3.100, Self.mask(32, 4128, reason: 12)),
            Self.line(3.200, Self.mask(4128, 32, reason: 12)),
            Self.line(3.300, Self.mask(32, 36864, reason: 15)),
            Self.line(4.000, Self.mask(36864, 0, reason: 15)),
            Self.line(4.001, "(libswiftCore.dylib) [com.apple.hangtracer:default] App transitioned to foreground, resuming HangTracing."),
            Self.line(5.000, "(UIKitCore) [com.apple.UIKit:Application] sceneOfRecord: sceneID: sceneID:com.example.fieldnotes-default  persistentID: 1b8f959f-618f-4a0d-ad89-e09dec0eab34"),
        ]
        let report = try Self.check(lines)
        XCTAssertEqual(Self.accountSteps(report), ["1:launched", "2:didBecomeActive", "5:willResignActive", "10:didBecomeActive"])
        XCTAssertEqual(report.timeline.epochs.map(\.label), ["Fieldnotes[4817]", "Atlas[2210]"], "SpringBoard's own mask is no app's")
        XCTAssertEqual(Self.accountSteps(report, process: "Atlas[2210]"), ["4:willResignActive"], "another app's mask is its own")
        XCTAssertEqual(report.timeline.epochs.first?.uikitTimeline?.sessions, ["1B8F959F-618F-4A0D-AD89-E09DEC0EAB34"])
        let selected = try Self.check(lines, processes: ["Fieldnotes"])
        XCTAssertEqual(selected.timeline.epochs.map(\.label), ["Fieldnotes[4817]"])
        XCTAssertEqual(report.findings.map(\.rule), [])
    }

    /// A capture whose only UIKit lines name the scene of record, or change the mask without
    /// crossing 0 or bit 11, shows no transition: nothing was read.
    func testIdentityAndSameSideChangesAloneAreNothingRead() throws {
        let report = try Self.check([
            Self.line(1, "(UIKitCore) [com.apple.UIKit:Application] sceneOfRecord: sceneID: sceneID:com.example.fieldnotes-default  persistentID: 1B8F959F-618F-4A0D-AD89-E09DEC0EAB34"),
            Self.line(2, Self.mask(4097, 4129, reason: 5)),
            Self.line(3, Self.mask(4129, 4128, reason: 0)),
        ])
        XCTAssertEqual(report.eventCount, 0)
        XCTAssertEqual(report.findings.map(\.rule), ["no_lifecycle_events"])
    }

    /// A process of which only UIKit's account was read: judged on it by the foreground rules,
    /// the rules that need the app's own lines unverifiable (not passed), and health says so.
    func testAnAccountAloneIsCheckedAndSaysWhatItCannotShow() throws {
        let report = try Self.check([
            Self.line(1, Self.mask(0, 1024, reason: 10)),
            Self.line(2, Self.mask(1024, 0, reason: 10)),
            Self.line(3, Self.mask(0, 32, reason: 5)),
        ])
        XCTAssertEqual(report.findings.map(\.rule), [])
        XCTAssertTrue(report.health.contains { $0.kind == .uikitAccountOnly })
        let status = { (id: String) in report.rules.first { $0.rule == id } }
        XCTAssertEqual(status("disconnect_before_discard")?.unverifiable, ["only UIKit's account was read in Fieldnotes[4817]"])
        XCTAssertEqual(status("launch_sequence")?.unverifiable, ["only UIKit's account was read in Fieldnotes[4817]"])
        XCTAssertEqual(status("resign_before_background")?.unverifiable, [])
        XCTAssertEqual(status("resign_before_background")?.checked, true)
    }

    // MARK: The handlers against UIKit's account

    /// An app that logs its scene callbacks, around a trip to the background: UIKit's lines
    /// from the home button on, with the app's background callback `offset` seconds from
    /// UIKit's (nil: not logged).
    static func trip(background offset: Double?) -> [String] {
        var lines = [
            line(1.000, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneDidBecomeActive(_:)"),
            line(5.000, mask(0, 32, reason: 5)),
            line(5.001, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneWillResignActive(_:)"),
            line(5.400, mask(32, 2080, reason: 11)),
            line(9.000, mask(2080, 32, reason: 11)),
            line(9.001, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneWillEnterForeground(_:)"),
            line(9.100, mask(32, 0, reason: 5)),
            line(9.101, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneDidBecomeActive(_:)"),
        ]
        if let offset {
            lines.append(line(5.400 + offset, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneDidEnterBackground(_:)"))
            lines.sort()
        }
        return lines
    }

    /// UIKit's line and the handler's are milliseconds apart, in either order; 100 ms is the
    /// most that is taken for one transition.
    func testAHandlerLineMayComeBeforeOrAfterUIKitsWithinTheWindow() throws {
        for offset in [-0.002, 0.002, -0.09, 0.09] {
            XCTAssertEqual(try Self.check(Self.trip(background: offset)).findings.map(\.rule), [], "offset \(offset)")
        }
        let missing = try Self.check(Self.trip(background: nil))
        XCTAssertEqual(missing.findings.map(\.rule), ["handler_not_run"])
        XCTAssertEqual(missing.findings.first?.line, 4)
        XCTAssertTrue(missing.findings.first?.message.contains("sceneDidEnterBackground(_:), never applicationDidEnterBackground(_:)") ?? false)
        // 150 ms after UIKit's line, still in the background: not UIKit's call, but not against its state either.
        let late = try Self.check(Self.trip(background: 0.15))
        XCTAssertEqual(late.findings.map(\.rule), ["handler_not_run"])
        // 150 ms before, while UIKit still had the app inactive in the foreground: the wrong place.
        let early = try Self.check(Self.trip(background: -0.15))
        XCTAssertEqual(Set(early.findings.map(\.rule)), ["handler_not_run", "callback_against_uikit_state"])
    }

    /// Where a transition's handler lines may stand is worked out for all transitions in one
    /// walk: on random masks, for every transition, the nearest of UIKit's transitions of the
    /// same or the opposite kind before and after it, as a scan of all of them finds them.
    func testEachTransitionsHandlersAreBoundedByTheNearestOfItsKinds() throws {
        var random = SplitMix(seed: 20_261_129)
        var bounded = 0
        for _ in 0..<20 {
            var mask: UInt64 = 0, lines: [String] = [], time = 0.0
            for _ in 0..<60 {
                let bit: UInt64 = [1 << 5, 1 << 11, 1 << 10, 1 << 3][Int(random.next() % 4)]
                let next = mask ^ bit
                time += 0.05
                lines.append(Self.line(time, Self.mask(mask, next, reason: bit.trailingZeroBitCount)))
                if random.next() % 3 == 0 { lines.append(Self.line(time + 0.001, "-[SceneDelegate sceneDidBecomeActive:]")) }
                mask = next
            }
            let report = try Self.check(lines)
            let epoch = try XCTUnwrap(report.timeline.epochs.first)
            let transitions = epoch.accountComparison.transitions
            for transition in transitions {
                guard let callback = transition.callback else { continue }
                let kinds: Set<ForegroundCallback> = [callback, callback.opposite]
                let others = transitions.filter { $0.callback.map(kinds.contains) ?? false }.map(\.index)
                XCTAssertEqual(transition.handlersAfter, others.filter { $0 < transition.index }.max() ?? -1)
                XCTAssertEqual(transition.handlersBefore, others.filter { $0 > transition.index }.min() ?? .max)
                if transition.handlersAfter >= 0 && transition.handlersBefore < .max { bounded += 1 }
            }
        }
        XCTAssertGreaterThan(bounded, 200, "transitions with a neighbour on both sides, so the bounds are not vacuous")
    }

    /// Without timestamps (an Xcode console), lines are matched by order: nothing of UIKit's of
    /// the same or the opposite kind may stand between the two.
    func testWithoutTimeTheHandlerIsMatchedByOrder() throws {
        let scene = "-[SceneDelegate %@:]"
        func callback(_ name: String) -> String { scene.replacingOccurrences(of: "%@", with: name) }
        let matched = [
            callback("sceneDidBecomeActive"), Self.mask(0, 32, reason: 5), callback("sceneWillResignActive"),
            callback("sceneDidEnterBackground"), Self.mask(32, 2080, reason: 11), Self.mask(2080, 32, reason: 11),
            callback("sceneWillEnterForeground"),
        ]
        XCTAssertEqual(try Self.check(matched).findings.map(\.rule), [])
        // The background line after UIKit has already left the background again: not its handler.
        let unmatched = [
            callback("sceneDidBecomeActive"), Self.mask(0, 32, reason: 5), callback("sceneWillResignActive"),
            Self.mask(32, 2080, reason: 11), Self.mask(2080, 32, reason: 11), callback("sceneDidEnterBackground"),
            callback("sceneWillEnterForeground"),
        ]
        XCTAssertEqual(Set(try Self.check(unmatched).findings.map(\.rule)).intersection(["handler_not_run", "callback_against_uikit_state"]),
                       ["handler_not_run", "callback_against_uikit_state"])
    }

    /// In a multi-window app another scene changes state while the application's does not:
    /// only the scene of record is held to UIKit's application-wide account.
    func testOnlyTheSceneOfRecordIsHeldToTheApplicationsState() throws {
        let first = "1B8F959F-618F-4A0D-AD89-E09DEC0EAB34", second = "5910B345-0C41-4D3A-9E77-2B8F4C1D9A02"
        let lines = [
            Self.line(1.000, "(UIKitCore) [com.apple.UIKit:Application] sceneOfRecord: sceneID: sceneID:com.example.fieldnotes-default  persistentID: \(first)"),
            Self.line(1.001, Self.mask(32, 0, reason: 5)),
            Self.line(1.002, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneDidBecomeActive(_:) session \(first)"),
            Self.line(2.000, "(Fieldnotes) [com.example.fieldnotes:lifecycle] scene(_:willConnectTo:options:) session \(second)"),
            Self.line(2.001, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneWillEnterForeground(_:) session \(second)"),
            Self.line(2.002, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneDidBecomeActive(_:) session \(second)"),
            Self.line(3.000, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneWillResignActive(_:) session \(second)"),
            Self.line(3.001, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneDidEnterBackground(_:) session \(second)"),
            Self.line(4.000, "(Fieldnotes) [com.example.fieldnotes:lifecycle] sceneWillResignActive(_:) session \(first)"),
        ]
        let report = try Self.check(lines)
        XCTAssertEqual(report.findings.filter { $0.rule == "callback_against_uikit_state" }.map(\.line), [9],
                       "the second window's background is its own; the scene of record's resignation is not UIKit's")
    }

    // MARK: The system's lines

    /// SpringBoard's lines about an app go to the app's process: by pid, or by the bundle id
    /// UIKit's scene of record names; lines about an app the capture does not show from inside
    /// go nowhere, and alone they are nothing read.
    func testTheSystemsLinesGoToTheAppTheyName() throws {
        let springBoard = { (time: Double, message: String) in Self.line(time, message, process: "SpringBoard", pid: 55) }
        let state = { (bundle: String, pid: Int, task: String, visibility: String) in
            "(SpringBoard) [com.apple.SpringBoard:ProcessState] Application process state changed for \(bundle): <SBApplicationProcessState: 0x2806c1e40; pid: \(pid); taskState: \(task); visibility: \(visibility)>"
        }
        let lines = [
            springBoard(0.5, "(FrontBoard) [com.apple.FrontBoard:Process] Bootstrapping app<com.example.fieldnotes> with intent foreground-interactive"),
            Self.line(1.000, Self.mask(0, 1024, reason: 10)),
            Self.line(1.001, "(UIKitCore) [com.apple.UIKit:Application] sceneOfRecord: sceneID: sceneID:com.example.fieldnotes-default  persistentID: 1B8F959F-618F-4A0D-AD89-E09DEC0EAB34"),
            springBoard(1.050, state("com.example.fieldnotes", 4817, "Running", "Foreground")),
            springBoard(1.060, state("com.example.atlas", 2210, "Running", "Foreground")),
            springBoard(1.070, state("com.example.fieldnotes", 4817, "Running", "Unknown")),
            Self.line(1.100, Self.mask(1024, 0, reason: 10)),
            springBoard(5.000, state("com.example.fieldnotes", 4817, "Suspended", "Background")),
            springBoard(9.000, "(FrontBoard) [com.apple.FrontBoard:Process] Process exited: <FBApplicationProcess: 0x1488fa5d0; application<com.example.fieldnotes>:4817(v164A)> -> <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGSEGV(11)>>"),
        ]
        let report = try Self.check(lines)
        XCTAssertEqual(report.timeline.epochs.map(\.label), ["Fieldnotes[4817]"])
        let epoch = try XCTUnwrap(report.timeline.epochs.first)
        let system = try XCTUnwrap(epoch.systemTimeline)
        XCTAssertEqual(system.steps.map { "\(epoch.events[$0.event].event.line):\(epoch.events[$0.event].event.id.member)" },
                       ["1:launch", "4:foreground", "8:suspended", "9:exit"])
        XCTAssertEqual(system.state, .disconnected)
        XCTAssertEqual(report.findings.map(\.rule), [])
        // Without the app's own lines there is nothing to check, whatever the system says.
        let outside = try Self.check(lines.filter { $0.contains("SpringBoard: ") })
        XCTAssertEqual(outside.findings.map(\.rule), ["no_lifecycle_events"])
        XCTAssertTrue(outside.findings.first?.message.contains("the system's lines name com.example.fieldnotes (4 line(s)) and 1 more app(s)") ?? false,
                      outside.findings.first?.message ?? "")
        XCTAssertTrue(JSONReporter().render(RunResult(reports: [report])).contains("\"source\" : \"system\""))
    }

    // MARK: Output

    func testEveryFormatSaysWhichStepsAreUIKits() throws {
        let report = try Self.check(Self.trip(background: -0.15))
        let result = RunResult(reports: [report])
        let json = JSONReporter().render(result)
        XCTAssertTrue(json.contains("\"source\" : \"uikit\""), "JSON steps and evidence carry their source")
        XCTAssertTrue(json.contains("\"source\" : \"app\""))
        XCTAssertTrue(json.contains("\"origin\" : \"uikit\""), "UIKit's account is a timeline of its own")
        let sarif = SARIFReporter().render(result)
        XCTAssertTrue(sarif.contains("\"uikitapp.willResignActive [uikit]\""), "a related location from UIKit's account says so")
        let terminal = TerminalReporter(color: false, verbose: true).render(report)
        XCTAssertTrue(terminal.contains("[uikit] "), terminal)
    }
}
