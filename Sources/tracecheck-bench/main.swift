import CaptureFixtures
import Foundation
import TraceCheck

/// `make bench`: writes a large capture in each format and measures how fast `Checker`
/// reads and checks it (best of several runs) and the process's peak memory.
/// Usage: tracecheck-bench [megabytes] [runs] [format…]
let arguments = Array(CommandLine.arguments.dropFirst())
let megabytes = arguments.first.flatMap(Int.init) ?? 64
let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 3
let chosen = Array(arguments.dropFirst(2))
let formats = chosen.isEmpty ? CaptureRenderer.formats : chosen

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func generate(_ format: String, bytes target: Int) throws -> (path: String, bytes: Int, lines: Int) {
    let path = directory.appendingPathComponent("\(format).log").path
    FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
    defer { try? handle.close() }
    var written = 0, records = 0, block = 0
    func write(_ text: String) {
        let data = Data(text.utf8)
        handle.write(data)
        written += data.count
    }
    write(CaptureRenderer.header(format) + CaptureRenderer.body(BenchmarkStory.launch, as: format, continuing: false))
    records += BenchmarkStory.launch.count
    while written < target {
        var chunk = ""
        for _ in 0..<50 {
            let lines = BenchmarkStory.block(startingAt: 1 + Double(block) * 0.5)
            chunk += CaptureRenderer.body(lines, as: format, continuing: true)
            records += lines.count
            block += 1
        }
        write(chunk)
    }
    write(CaptureRenderer.footer(format, count: records))
    return (path, written, records)
}

func peakMemoryMB() -> Double {
    var usage = rusage()
    #if os(macOS)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #endif
}

print("tracecheck \(TraceCheckVersion.current) benchmark: \(megabytes) MB per format, best of \(runs) runs")
print("format            MB      records    events  findings   best s     MB/s   peak RSS MB")
for format in formats {
    let capture = try generate(format, bytes: megabytes << 20)
    var best = Double.infinity
    var report: CaptureReport?
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        report = try Checker().check(.file(capture.path))
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let size = Double(capture.bytes) / 1_048_576
    let line = [
        format.padding(toLength: 16, withPad: " ", startingAt: 0),
        String(format: "%6.1f", size), String(format: "%12d", capture.lines), String(format: "%9d", report?.eventCount ?? 0),
        String(format: "%9d", report?.findings.count ?? 0), String(format: "%8.3f", best), String(format: "%8.1f", size / best),
        String(format: "%12.1f", peakMemoryMB()),
    ]
    print(line.joined(separator: " "))
    try? FileManager.default.removeItem(atPath: capture.path)
}
