import CThreadPlacement
import Foundation
import XCTest

/// A value the linker places in the test binary's `.data`: initialised, writable.
nonisolated(unsafe) private var seededInData: Int = 0x5EED_C0DE

final class DataSectionsTests: XCTestCase {
    /// The executable backs `.data` and `.bss` with pages of their own before its threads
    /// start (`tc_populate_data_sections`): both are found by name in this binary's section
    /// headers, at the address they were loaded to (the test binary is position-independent,
    /// the release executable is not), and what they hold is what it was.
    func testBothSectionsArePopulatedAndKeepTheirContents() throws {
        #if os(Linux)
        var system = utsname()
        uname(&system)
        let release = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        try XCTSkipIf(numbers.count < 2 || (numbers[0], numbers[1]) < (5, 14), "Linux \(release) has no MADV_POPULATE_WRITE (5.14)")
        seededInData += 1
        XCTAssertEqual(tc_populate_data_sections(), 2)
        XCTAssertEqual(seededInData, 0x5EED_C0DF, "populating keeps what the data holds")
        seededInData -= 1
        XCTAssertEqual(seededInData, 0x5EED_C0DE)
        #else
        XCTAssertEqual(tc_populate_data_sections(), 0)
        #endif
    }
}
