import XCTest
@testable import TraceCheck

final class TimelineTests: XCTestCase {
    /// A scene's kind is read from its delegate class's name in any case of its ASCII
    /// letters, as `lowercased().contains` read it.
    func testSceneKindsAreReadFromTheDelegateClassInAnyCase() throws {
        let capture = ["Fieldnotes.ExternalDisplaySceneDelegate", "EXTERNALScreen", "Fieldnotes.CarPlaySceneDelegate", "carplayDelegate",
                       "Fieldnotes.SceneDelegate", "Externa", "Ëxternal", "", "Fieldnotes.CarPlayExternalDelegate"]
            .enumerated().map { index, name in
                "2026-03-14 09:27:12.\(100 + index)000+0100 Fieldnotes[4817:3120544] <\(name.isEmpty ? "" : name + ": ")0x60000267\(1000 + index)> scene(_:willConnectTo:options:)"
            }.joined(separator: "\n")
        let epoch = try XCTUnwrap(Checker().check(.text(name: "t", contents: capture)).timeline.epochs.first)
        let kinds = epoch.connections.map { "\($0.delegateClass ?? "-") \($0.isExternalDisplay) \($0.isCarPlayByName)" }
        XCTAssertEqual(kinds.filter { $0.hasSuffix("true false") }.count, 2, "\(kinds)")
        XCTAssertEqual(kinds.filter { $0.hasSuffix("false true") }.count, 2, "\(kinds)")
        XCTAssertEqual(kinds.filter { $0.hasSuffix("true true") }.count, 1, "\(kinds)")
        for name in ["SceneDelegate", "Externa", "Ëxternal", "EXTERNA L", "carpla"] {
            XCTAssertFalse(name.containsIgnoringASCIICase("external") || name.containsIgnoringASCIICase("carplay"), name)
        }
        XCTAssertTrue("MyExternalSceneDelegate".containsIgnoringASCIICase("external"))
        XCTAssertTrue("xCaRpLaY".containsIgnoringASCIICase("carplay"))
        XCTAssertTrue("external".containsIgnoringASCIICase("external"))
    }

    /// The driving events an epoch works out once it is built are those the rules would work
    /// out themselves, and a change to its events or to what it observes forgets them.
    func testAnEpochsDrivingEventsFollowItsEvents() throws {
        let capture = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.300000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:]
            2026-03-14 09:27:12.301000+0100 Fieldnotes[4817:3120544] UISceneWillEnterForegroundNotification
            2026-03-14 09:27:12.400000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:27:12.401000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            """
        var epoch = try XCTUnwrap(Checker().check(.text(name: "t", contents: capture)).timeline.epochs.first)
        func workedOut(_ epoch: ProcessEpoch) -> [Int] {
            epoch.events.indices.filter { epoch.drives(epoch.events[$0]) }
        }
        // The notification is its callback's companion and the second activation a duplicate.
        XCTAssertEqual(epoch.drivingEvents.map(\.index), [0, 1, 2, 4])
        XCTAssertEqual(epoch.drivingEvents.map(\.index), workedOut(epoch))
        XCTAssertEqual(epoch.driving.map(\.line), [1, 2, 3, 5])
        XCTAssertEqual(epoch.drivingCallbacks.map(\.line), [1, 2, 3, 5])
        // Copies share one storage until one changes: then the other keeps what it had.
        let before = epoch
        XCTAssertEqual(before, epoch)
        XCTAssertEqual(before.hashValue, epoch.hashValue)
        var other = epoch
        other.connections[0].state = .disconnected
        other.mode = .legacy
        XCTAssertNotEqual(other, epoch)
        XCTAssertNotEqual(epoch.connections[0].state, .disconnected)
        XCTAssertEqual(epoch.mode, .scene)

        epoch.events[2].attachment = .duplicate(of: 1)
        XCTAssertEqual(epoch.drivingEvents.map(\.index), [0, 1, 4])
        XCTAssertEqual(epoch.driving.map(\.line), [1, 2, 5])
        epoch.events[3].attachment = .process
        epoch.observed.insert(epoch.events[3].event.id)
        XCTAssertEqual(epoch.drivingEvents.map(\.index), workedOut(epoch))
        XCTAssertEqual(epoch.driving.map(\.line), [1, 2, 4, 5])
        XCTAssertEqual(epoch.drivingCallbacks.map(\.line), [1, 2, 5])
        XCTAssertNotEqual(before, epoch)
        XCTAssertEqual(before.drivingEvents.map(\.index), [0, 1, 2, 4])
        XCTAssertEqual(before.events[2].attachment, .connection(0))
        XCTAssertEqual(before.events[3].attachment, .companion)
    }

    /// Whether an epoch observes an id (asked of its bits where the id's number fits them)
    /// is what its set says, for the catalog's ids and a team's past the bits, as the set
    /// changes, and a copy taken before a change keeps its answers.
    func testWhatAnEpochObservesIsAnsweredAsItsSetSays() throws {
        let capture = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.301000+0100 Fieldnotes[4817:3120544] UISceneWillEnterForegroundNotification
            """
        var epoch = try XCTUnwrap(Checker().check(.text(name: "t", contents: capture)).timeline.epochs.first)
        let team = (0..<160).map { EventID("team.observedInTest\($0)") }
        let ids = EventCatalog.allIDs + team
        XCTAssertGreaterThanOrEqual(team.map(\.tableIndex).max() ?? 0, 128, "some ids past the bits")
        func agrees(_ epoch: ProcessEpoch, _ note: String) {
            for id in ids { XCTAssertEqual(epoch.isObserved(id), epoch.observed.contains(id), "\(note) \(id)") }
        }
        XCTAssertTrue(epoch.isObserved(.sceneWillConnect))
        agrees(epoch, "built")
        let before = epoch
        epoch.observed.formUnion(team.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) + [.sceneWillEnterForeground])
        epoch.observed.remove(.sceneWillConnect)
        XCTAssertTrue(epoch.isObserved(team[0]) && epoch.isObserved(team[150]) && !epoch.isObserved(team[1]))
        XCTAssertFalse(epoch.isObserved(.sceneWillConnect))
        agrees(epoch, "changed")
        XCTAssertTrue(before.isObserved(.sceneWillConnect))
        XCTAssertFalse(before.isObserved(team[0]))
        agrees(before, "copy")
        epoch.observed = []
        XCTAssertFalse(ids.contains(where: epoch.isObserved))
    }

    /// Epochs built on several threads, one thread an epoch, are the epochs one thread
    /// builds, on generated captures of relaunches, several scenes and broken orders; and a
    /// check with two threads finds what one finds (its rules, too, are shared by threads).
    func testEpochsBuiltOnThreadsAreThoseOneThreadBuilds() throws {
        var severalEpochs = 0
        for seed in UInt64(1)...40 {
            let text = RandomTraces.trace(seed: seed)
            let scan = try CaptureScanner(options: ScanOptions()).scan(.text(name: "t", contents: text))
            let one = TimelineBuilder().build(path: "t", stream: scan.stream)
            let three = TimelineBuilder().build(path: "t", stream: scan.stream, threads: 3)
            XCTAssertEqual(three.epochs, one.epochs, "seed \(seed)")
            if one.epochs.count > 1 { severalEpochs += 1 }

            var twoThreads = CheckOptions()
            twoThreads.scan.threadsPerFile = 2
            let serial = try Checker().check(.text(name: "t", contents: text))
            let parallel = try Checker(options: twoThreads).check(.text(name: "t", contents: text))
            XCTAssertEqual(parallel.findings, serial.findings, "seed \(seed)")
            XCTAssertEqual(parallel.rules.map(\.unverifiable), serial.rules.map(\.unverifiable), "seed \(seed)")
        }
        XCTAssertGreaterThanOrEqual(severalEpochs, 5, "captures with relaunches")
    }

    /// An epoch's events of one id, looked up, are those a filter of its events by the id
    /// finds, sealed or not: every id, on generated captures of relaunches, several scenes,
    /// duplicates, forwarded calls and notifications.
    func testAnEpochsEventsOfOneIdAreThoseAFilterFinds() throws {
        var looked = 0
        for seed in UInt64(1)...30 {
            let report = try Checker().check(.text(name: "t", contents: RandomTraces.trace(seed: seed)))
            for sealed in report.timeline.epochs {
                var unsealed = sealed
                unsealed.observed = sealed.observed
                for id in Set(sealed.events.map(\.event.id)).union([.appWillFinishLaunching, .carPlayDidConnect]) {
                    for epoch in [sealed, unsealed] {
                        XCTAssertEqual(epoch.positions(of: id), sealed.events.indices.filter { sealed.events[$0].event.id == id }, "seed \(seed) \(id)")
                        XCTAssertEqual(epoch.driving(id), sealed.driving.filter { $0.id == id }, "seed \(seed) \(id)")
                        XCTAssertEqual(epoch.drivingCallbacks(id), sealed.drivingCallbacks.filter { $0.id == id }, "seed \(seed) \(id)")
                        XCTAssertEqual(epoch.holds(id), sealed.events.contains { $0.event.id == id }, "seed \(seed) \(id)")
                    }
                    looked += 1
                }
            }
        }
        XCTAssertGreaterThan(looked, 300)
    }

    /// A step's id is its event's id, in every timeline (scenes, the legacy app, UIKit's and
    /// the system's accounts): on every sample log and on generated captures of relaunches,
    /// several scenes and broken orders.
    func testEachStepNamesItsEventsID() throws {
        // UIKit's launch shown twice in one process: the second is read as a resignation.
        let relaunchMask = [
            "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 10; deactivation reasons: 0 -> 1024; animating application lifecycle event: 1",
            "2026-03-14 09:27:12.140000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
            "2026-03-14 09:27:12.200000+0100 Fieldnotes[4817:3120544] Deactivation reason removed: 10; deactivation reasons: 1024 -> 0; animating application lifecycle event: 0",
            "2026-03-14 09:27:12.300000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidBecomeActive:]",
            "2026-03-14 09:27:15.200000+0100 Fieldnotes[4817:3120544] Deactivation reason added: 10; deactivation reasons: 0 -> 1024; animating application lifecycle event: 1",
            "2026-03-14 09:27:15.201000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationWillResignActive:]",
        ].joined(separator: "\n")
        let texts = try TestCaptures.samples().map(\.text) + (UInt64(1)...30).map { RandomTraces.trace(seed: $0) } + [relaunchMask]
        var steps = 0, accounts = 0
        for text in texts {
            let report = try Checker().check(.text(name: "t", contents: text))
            for epoch in report.timeline.epochs {
                let accountTimelines = [epoch.uikitTimeline, epoch.systemTimeline].compactMap { $0 }
                accounts += accountTimelines.reduce(0) { $0 + $1.steps.count }
                for connection in epoch.allTimelines.map(\.connection) + accountTimelines {
                    for step in connection.steps {
                        XCTAssertEqual(step.id, epoch.events[step.event].event.id)
                        steps += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(steps, 500)
        XCTAssertGreaterThan(accounts, 20, "steps of UIKit's and the system's accounts")
    }
}
