import FuzzSupport
import Foundation
@testable import TraceCheck

/// A baseline file: read it, and if it is one, hide findings of a failing capture with it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    guard let baseline = try? Baseline.read(Data(bytes)) else { return 0 }
    let report = Fixtures.failingReport
    let filtered = baseline.filter(report)
    guard filtered.findings.count + filtered.baselined.count == report.findings.count + report.baselined.count else {
        FuzzInput.fail("filtering lost findings: \(report.findings.count) became \(filtered.findings.count) + \(filtered.baselined.count) hidden")
    }
    _ = Baseline(findings: filtered.findings + filtered.baselined).encoded()
    return 0
}

enum Fixtures {
    /// Checked once per process: a capture with findings of two rules.
    nonisolated(unsafe) static let failingReport: CaptureReport = {
        let capture = """
            2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:]
            2026-03-14 09:27:12.900000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:]
            2026-03-14 09:27:13.100000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:]
            2026-03-14 09:27:13.200000+0100 Fieldnotes[4817:3120544] -[AppDelegate applicationDidEnterBackground:]

            """
        guard let report = try? Checker().check(.text(name: "capture.log", contents: capture)), !report.findings.isEmpty else {
            FuzzInput.fail("the baseline fixture has no findings")
        }
        return report
    }()
}
