import FuzzSupport
@testable import TraceCheck

/// Compressed captures: the input, behind a gzip header when it lacks one, read as a file.
/// Oracle: a read either succeeds or fails with a message naming the file; a failure after
/// some lines says after which.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    if !(bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b) {
        // A minimal gzip member header (no name, no extra fields) before a raw deflate stream.
        bytes = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3] + bytes
    }
    let path = bytes.withUnsafeBytes { FuzzInput.write($0, suffix: ".log.gz") }
    do {
        var lines = 0
        let statistics = try LineReader().read(.file(path)) { _ in lines += 1 }
        guard statistics.lines == lines, statistics.compressed else {
            FuzzInput.fail("statistics say \(statistics.lines) lines (compressed: \(statistics.compressed)), \(lines) were handed on")
        }
    } catch {
        guard error.source == path, !error.reason.isEmpty else { FuzzInput.fail("an error that names nothing: \(error)") }
    }
    return 0
}
