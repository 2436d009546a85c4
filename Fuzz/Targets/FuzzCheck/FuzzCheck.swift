import FuzzSupport
@testable import TraceCheck

/// The whole check of one capture, auto-detected or in a forced format and lifecycle mode,
/// with every reporter rendering the result. The first byte picks the options; the rest is
/// the capture. Oracle: no crash, no hang, and what is reported points into the capture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let selector = Int(data[0])
    let path = FuzzInput.write(UnsafeRawBufferPointer(start: data + 1, count: size - 1))
    var options = CheckOptions()
    let formats = CaptureFormats.all
    if selector % (formats.count + 1) < formats.count { options.scan.format = formats[selector % (formats.count + 1)] }
    options.timeline.forcedMode = [nil, LifecycleMode.scene, .legacy][selector / 32 % 3]
    let report: CaptureReport
    do {
        report = try Checker(options: options).check(.file(path))
    } catch {
        return 0
    }
    let lines = report.scan.statistics.lines
    for finding in report.findings + report.inconclusive.map(\.finding) where finding.line < 0 || finding.line > max(lines, 1) {
        FuzzInput.fail("finding \(finding.rule) at line \(finding.line) of a capture of \(lines) lines")
    }
    let result = RunResult(reports: [report])
    for format in ReportFormat.allCases {
        _ = format.reporter(color: selector & 1 == 1, quiet: selector & 2 == 2).render(result)
    }
    return 0
}
