import FuzzSupport
@testable import TraceCheck

/// A file read in parts by several threads must give exactly what one whole read gives:
/// events, process marks, health, diagnostics, statistics. The first byte picks the number
/// of parts (2 to 5) and whether the format is forced; parts are made tiny so that every
/// input is cut, at every kind of line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParted(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 1 else { return 0 }
    let selector = Int(data[0])
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let path = FuzzInput.write(bytes)
    let parts = 2 + selector % 4
    var options = ScanOptions()
    let formats = CaptureFormats.all.filter(\.isLineOriented)
    if selector / 4 % 2 == 1 { options.format = formats[selector / 8 % formats.count] }
    let whole: ScannedCapture
    do { whole = try CaptureScanner(options: options).scan(.file(path)) } catch { return 0 }
    options.threadsPerFile = parts
    options.minimumPartBytes = max(1, bytes.count / (parts + 1))
    guard PartedScan.plan(path: path, parts: parts, options: options, reader: LineReader()) != nil else { return 0 }
    let parted: ScannedCapture
    do {
        parted = try CaptureScanner(options: options).scan(.file(path))
    } catch {
        FuzzInput.fail("the whole read succeeded, the read in \(parts) parts failed: \(error)")
    }
    let (a, b) = (whole.comparableFacts, parted.comparableFacts)
    guard a != b else { return 0 }
    let differences = a.difference(from: b).prefix(6).map { change -> String in
        switch change {
        case .insert(_, let fact, _): "whole only:  \(fact)"
        case .remove(_, let fact, _): "parted only: \(fact)"
        }
    }
    FuzzInput.fail("read in \(parts) parts differs from the whole read:\n" + differences.joined(separator: "\n"))
}
