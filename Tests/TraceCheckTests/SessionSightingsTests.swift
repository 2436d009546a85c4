import XCTest
@testable import TraceCheck

/// The connection rules remember every scene session of a capture as a `SessionKey`: a UUID
/// as its 128 bits, anything else as its text. Two ids must be one key exactly when they name
/// one session.
final class SessionSightingsTests: XCTestCase {
    func testUUIDsAreTheirBitsInEitherCase() throws {
        let bits = try XCTUnwrap(SessionKey.uuidBits("5910B345-5C7F-4CA4-BA22-EE6114C79B6A"))
        XCTAssertEqual(bits.high, 0x5910_B345_5C7F_4CA4)
        XCTAssertEqual(bits.low, 0xBA22_EE61_14C7_9B6A)
        XCTAssertEqual(SessionKey("5910B345-5C7F-4CA4-BA22-EE6114C79B6A"), SessionKey("5910b345-5c7f-4ca4-ba22-ee6114c79b6a"))
        XCTAssertNotEqual(SessionKey("5910B345-5C7F-4CA4-BA22-EE6114C79B6A"), SessionKey("5910B345-5C7F-4CA4-BA22-EE6114C79B6B"))
    }

    func testOtherIdsAreTheirText() {
        for id in ["5910B345-5C7F-4CA4-BA22-EE6114C79B6", "5910B345-5C7F-4CA4-BA22-EE6114C79B6AA", "5910B345+5C7F-4CA4-BA22-EE6114C79B6A",
                   "5910B345-5C7F-4CA4-BA22-EE6114C79G6A", "default", "", "5910B3455C7F4CA4BA22EE6114C79B6A"] {
            XCTAssertNil(SessionKey.uuidBits(id), id)
        }
        XCTAssertEqual(SessionKey("default"), SessionKey("default"))
        XCTAssertNotEqual(SessionKey("default"), SessionKey("Default"))
    }

    func testTheFirstSightingIsKeptWithoutItsIdentity() {
        let session = "04EAB7E8-1819-4E9B-BC75-C6342395CE82"
        let first = LifecycleEvent(id: .sceneWillConnect, line: 12, text: "-[SceneDelegate scene:willConnectToSession:options:] \(session)",
                                   identity: SceneIdentity(sessions: [session], scenePointer: "0x10cc50200"))
        let later = LifecycleEvent(id: .sceneWillConnect, line: 40, text: "-[SceneDelegate scene:willConnectToSession:options:] \(session)",
                                   identity: SceneIdentity(sessions: [session]))
        var sightings = SessionSightings()
        sightings.noteFirst(session, first)
        sightings.noteFirst(session.lowercased(), later)
        XCTAssertEqual(sightings[session]?.line, 12)
        XCTAssertEqual(sightings[session]?.text, first.text)
        XCTAssertEqual(sightings[session]?.identity, SceneIdentity(), "the identity's strings are let go")
        XCTAssertNil(sightings["C1D2E3F4-1819-4E9B-BC75-C6342395CE82"])
    }
}
