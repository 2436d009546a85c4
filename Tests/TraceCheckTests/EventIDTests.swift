import Foundation
import XCTest
@testable import TraceCheck

/// An id is its name's number in a table of the process's names: ids of one name are equal
/// whoever made them, ids of two names differ, and each gives its name back.
final class EventIDTests: XCTestCase {
    func testIdsOfOneNameAreEqualAcrossThreads() {
        let names = (0..<200).map { "team.checkoutStep\($0)" }
        let made = IdsByThread()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Each thread makes every name, in its own order, so that they race to add them.
            made.set(thread, names.indices.map { EventID(names[($0 * (thread + 1) * 7) % names.count]) })
        }
        let byThread = made.all
        XCTAssertEqual(byThread.count, 8)
        for (thread, ids) in byThread.enumerated() {
            for (position, id) in ids.enumerated() {
                let name = names[(position * (thread + 1) * 7) % names.count]
                XCTAssertEqual(id, EventID(name))
                XCTAssertEqual(id.rawValue, name)
                XCTAssertEqual(id.hashValue, EventID(name).hashValue)
            }
        }
        XCTAssertEqual(Set(byThread.flatMap { $0 }).count, Set(byThread.flatMap { $0 }.map(\.rawValue)).count)
    }

    func testIdsOfTwoNamesDifferAndSortByName() {
        XCTAssertNotEqual(EventID.sceneDidBecomeActive, EventID.appDidBecomeActive)
        XCTAssertEqual(EventID("scene.didBecomeActive"), .sceneDidBecomeActive)
        XCTAssertEqual(EventID.sceneDidBecomeActive.family, "scene")
        XCTAssertEqual(EventID.sceneDidBecomeActive.member, "didBecomeActive")
        XCTAssertEqual(EventID("plain").member, "plain")
        XCTAssertEqual(EventID("plain").family, "plain")
        let ids = [EventID.sceneWillResignActive, .appDidBecomeActive, EventID("zeta.last"), .sceneDidBecomeActive, EventID("alpha.first")]
        XCTAssertEqual(ids.sorted().map(\.rawValue), ids.map(\.rawValue).sorted())
        XCTAssertFalse(EventID.appDidBecomeActive < .appDidBecomeActive)
        XCTAssertEqual(Set(EventCatalog.allIDs).count, EventCatalog.allIDs.count)
        XCTAssertEqual(Set(EventCatalog.allIDs.map(\.rawValue)).count, EventCatalog.allIDs.count)
    }

    /// The catalog's constants are written as numbers and families (so that the compiler
    /// folds them): each line must agree with the name its number has.
    func testEveryConstantIsTheNumberAndFamilyOfItsName() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TraceCheck/Events/EventIDs.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let shape = #/package static var (\w+): EventID \{ EventID\(builtIn: (\d+), \.(\w+)\) \}  // ([\w.]+)/#
        let lines = text.split(separator: "\n").compactMap { $0.firstMatch(of: shape) }
        XCTAssertEqual(lines.count, EventID.builtInNames.count, "a constant per name")
        XCTAssertEqual(lines.count, EventID.declared.count, "a constant per declared id")
        XCTAssertEqual(Set(lines.map { Int($0.2) }), Set(EventID.builtInNames.indices.map { Optional($0) }), "numbers 0 to n-1, once each")
        for line in lines {
            let (constant, number, family, comment) = (String(line.1), Int(line.2) ?? -1, String(line.3), String(line.4))
            guard EventID.builtInNames.indices.contains(number) else { XCTFail("\(constant): no name numbered \(number)"); continue }
            let name = EventID.builtInNames[number]
            XCTAssertEqual(comment, name, constant)
            XCTAssertEqual(constant.lowercased(), name.replacingOccurrences(of: ".", with: "").lowercased(), "\(constant) is numbered as \(name)")
            XCTAssertEqual(family, String(name.prefix { $0 != "." }), constant)
        }
        let frameworkFamilies = Set(EventCatalog.frameworkStates.map(\.family))
        for (number, name) in EventID.builtInNames.enumerated() {
            let id = EventID(name)
            XCTAssertEqual(id, EventID(builtIn: Int32(number), id.builtInFamily ?? .ambiguous), name)
            XCTAssertEqual(id.rawValue, name)
            XCTAssertEqual(id.builtInFamily?.rawValue, String(name.prefix { $0 != "." }), name)
            XCTAssertEqual(id.isFrameworkState, id.builtInFamily.map(frameworkFamilies.contains) ?? false, name)
        }
        XCTAssertEqual(Set(EventID.declared.map(\.rawValue)), Set(EventID.builtInNames))
    }
}

private final class IdsByThread: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [Int: [EventID]] = [:]

    func set(_ thread: Int, _ made: [EventID]) {
        lock.lock()
        ids[thread] = made
        lock.unlock()
    }

    var all: [[EventID]] { ids.keys.sorted().compactMap { ids[$0] } }
}
