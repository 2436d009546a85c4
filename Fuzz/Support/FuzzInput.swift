#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every fuzz target needs around the library: its input as a file (the readers take
/// paths, and a file is what users hand the tool), and a crash that says why.
public enum FuzzInput {
    /// One file per process, rewritten for every input: libFuzzer runs inputs one at a time.
    nonisolated(unsafe) private static var file: String?

    /// Writes `bytes` to this process's input file and returns its path.
    public static func write(_ bytes: UnsafeRawBufferPointer, suffix: String = ".log") -> String {
        let path = file ?? {
            let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            let made = "\(directory)/tracecheck-fuzz-\(getpid())\(suffix)"
            file = made
            // libFuzzer ends a run with exit(): the file goes with the process (a crash keeps
            // its input among libFuzzer's artifacts, not here).
            atexit { FuzzInput.file.map { _ = unlink($0) } }
            return made
        }()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fail("cannot write the input file \(path)") }
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = writeBytes(descriptor, base + offset, bytes.count - offset)
            guard written > 0 else { fail("cannot write the input file \(path)") }
            offset += written
        }
        close(descriptor)
        return path
    }

    /// The input as text, invalid UTF-8 repaired, as a configuration file is read.
    public static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// An oracle broke: libFuzzer keeps the input that did it.
    public static func fail(_ message: String) -> Never {
        let text = Array("fuzz oracle: \(message)\n".utf8)
        _ = text.withUnsafeBytes { writeBytes(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// write(2), named apart from `FuzzInput.write`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
