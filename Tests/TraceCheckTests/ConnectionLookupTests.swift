import CaptureFixtures
import Foundation
import XCTest
@testable import TraceCheck

/// The keyed connection lookup must choose exactly what the plain scan over every
/// connection chose (the reference below, the lookup before it was keyed), and stay linear.
final class ConnectionLookupTests: XCTestCase {
    /// The lookup as a scan over all connections, rule by rule.
    static func reference(for event: LifecycleEvent, startObserved: Bool, in connections: [SceneConnection]) -> ConnectionLookup.Choice {
        let identity = event.identity
        func samePointer(_ connection: SceneConnection) -> Bool {
            (identity.scenePointer != nil && connection.scenePointer == identity.scenePointer)
                || (identity.delegatePointer != nil && connection.delegatePointer == identity.delegatePointer)
        }
        if let live = connections.lastIndex(where: { $0.isLive && samePointer($0) }) { return .existing(live) }
        if TimelineBuilder.isCarPlayConnect(event.id) {
            if let connecting = connections.lastIndex(where: {
                $0.state == .connecting && $0.delegateClass != nil && $0.delegateClass == identity.delegateClass
            }) { return .existing(connecting) }
            return .new(.connected, .unattached)
        }
        if event.id == .sceneWillConnect {
            if let orphan = connections.lastIndex(where: {
                $0.isLive && $0.origin == .orphan && !$0.hasWillConnect && AgreementIndex.agrees($0, identity)
            }) { return .existing(orphan) }
            return .new(.connected, .unattached)
        }
        if let disconnected = connections.lastIndex(where: samePointer) { return .existing(disconnected) }
        if !identity.sessions.isEmpty,
           let bySession = connections.lastIndex(where: { $0.isLive && !Set($0.sessions).isDisjoint(with: identity.sessions) }) {
            return .existing(bySession)
        }
        let candidates = connections.indices.filter { connections[$0].isLive && AgreementIndex.agrees(connections[$0], identity) }
        if candidates.count == 1 { return .existing(candidates[0]) }
        if candidates.count > 1 { return .ambiguous }
        return startObserved ? .new(.orphan, .unattached) : .new(.preExisting, .unknown)
    }

    /// Random scene events over small pools of pointers, classes and sessions, so that every
    /// rule of the lookup is reached and identities collide, agree and disagree.
    func testTheKeyedLookupChoosesWhatTheScanChose() {
        let ids: [EventID] = [.sceneWillConnect, .sceneWillConnect, .sceneWillEnterForeground, .sceneDidBecomeActive,
                              .sceneWillResignActive, .sceneDidEnterBackground, .sceneDidDisconnect, .sceneDidDisconnect,
                              .carPlayDidConnect]
        var random = SplitMix(seed: 11)
        var choices: [String: Int] = [:], indexChanges: [Bool: Int] = [:]
        for trace in 0..<300 {
            var lookup = ConnectionLookup()
            var connections: [SceneConnection] = []
            let startObserved = trace % 3 != 0
            for index in 0..<(20 + random.next(below: 120)) {
                func pick(_ pool: [String]) -> String? { random.next(below: 3) == 0 ? nil : pool[random.next(below: pool.count)] }
                let identity = SceneIdentity(
                    sessions: (0..<random.next(below: 3)).map { _ in ["S1", "S2", "S3", "S4"][random.next(below: 4)] },
                    scenePointer: pick(["0x1", "0x2", "0x3", "0x4", "0x5"]), delegatePointer: pick(["0xa", "0xb", "0xc"]),
                    delegateClass: pick(["SceneDelegate", "CarPlaySceneDelegate"]))
                let event = LifecycleEvent(id: ids[random.next(below: ids.count)], line: index + 1, text: "", identity: identity)
                let expected = Self.reference(for: event, startObserved: startObserved, in: connections)
                let chosen = lookup.choose(for: event, startObserved: startObserved, in: connections)
                XCTAssertEqual(chosen, expected, "trace \(trace), event \(index)")
                guard chosen == expected else { return }
                choices["\(expected)".prefix { $0 != "(" }.description, default: 0] += 1
                let target: Int
                switch chosen {
                case .ambiguous: continue
                case .existing(let existing): target = existing
                case .new(let origin, let state):
                    target = connections.count
                    connections.append(SceneConnection(ordinal: target + 1, origin: origin, state: state))
                    lookup.update(target, from: nil, to: ConnectionLookup.Keys(connections[target]))
                }
                // The step as the builder takes it, held to the keys copied before and after it.
                let before = ConnectionLookup.Keys(connections[target]), shape = ConnectionLookup.Shape(connections[target])
                lookup.advance(&connections, target, with: event, at: index)
                let after = ConnectionLookup.Keys(connections[target])
                XCTAssertEqual(ConnectionLookup.Keys(connections[target], before: shape), before, "trace \(trace), event \(index)")
                XCTAssertEqual(shape.isIndexedAs(ConnectionLookup.Shape(connections[target])), before.isIndexedAs(after),
                               "trace \(trace), event \(index)")
                indexChanges[before.isIndexedAs(after), default: 0] += 1
            }
        }
        XCTAssertGreaterThan(choices["existing"] ?? 0, 1000)
        XCTAssertGreaterThan(choices["new"] ?? 0, 1000)
        XCTAssertGreaterThan(choices["ambiguous"] ?? 0, 100)
        // Steps that leave the tables as they are, and steps that change them, both common.
        XCTAssertGreaterThan(indexChanges[true] ?? 0, 1000)
        XCTAssertGreaterThan(indexChanges[false] ?? 0, 1000)
    }

    /// Found by fuzzing: 16,000 live scenes took 16 s, 8,000 connect-disconnect cycles of one
    /// scene 4 s. The time is measured by `make bench` (its scenes row); this holds what such
    /// a capture builds: each scene its own connection, each cycle of the reused one too.
    func testManyScenesAreBuiltIntoTheirOwnConnections() throws {
        var lines = ["2026-04-02 10:15:03.100000+0200 Fieldnotes[4817:2863604] -[AppDelegate application:didFinishLaunchingWithOptions:]"]
        let scenes = 3000
        for index in 0..<scenes {
            let pointer = String(format: "0x1%08x", index * 0x200)
            for callback in ["scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:"] {
                lines.append("2026-04-02 10:15:03.200000+0200 Fieldnotes[4817:2863604] -[SceneDelegate \(callback)] <UIWindowScene: \(pointer)>")
            }
        }
        for _ in 0..<scenes {
            for callback in ["scene:willConnectToSession:options:", "sceneDidDisconnect:"] {
                lines.append("2026-04-02 10:15:04.200000+0200 Fieldnotes[4817:2863604] -[SceneDelegate \(callback)] <UIWindowScene: 0x2cc50200>")
            }
        }
        let report = try Checker().check(.text(name: "scenes.log", contents: lines.joined(separator: "\n") + "\n"))
        let epoch = try XCTUnwrap(report.timeline.epochs.first)
        XCTAssertEqual(epoch.connections.count, scenes * 2, "a connection per scene, and per cycle of the reused one")
        XCTAssertTrue(epoch.connections.prefix(scenes).allSatisfy { $0.steps.count == 3 && $0.state == .foregroundActive })
        XCTAssertTrue(epoch.connections.dropFirst(scenes).allSatisfy { $0.steps.count == 2 && $0.state == .disconnected })
    }
}
