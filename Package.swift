// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "tracecheck",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tracecheck", targets: ["tracecheck"]),
        .library(name: "TraceCheck", targets: ["TraceCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The prefilter's vector kernel (Teddy's nibble fingerprints), held to the Swift search by a test.
        .target(name: "CTeddy"),
        // Where a new thread starts (Linux's CPU affinity calls, which Swift's Glibc module does not
        // show), and glibc's malloc tuning for the executable.
        .target(name: "CThreadPlacement"),
        // Files read through mappings of them, and the SIGBUS handler that a file cut shorter while
        // it is mapped needs (a signal handler is C's to write).
        .target(name: "CMappedWindow"),
        .target(name: "TraceCheck", dependencies: ["CPCRE2", "CZlib", "CTeddy", "CThreadPlacement", "CMappedWindow", .product(name: "Yams", package: "Yams")]),
        .executableTarget(
            name: "tracecheck",
            dependencies: [
                "TraceCheck",
                "CThreadPlacement",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Renders a lifecycle story in every capture format: for tests and benchmarks only.
        .target(name: "CaptureFixtures"),
        .executableTarget(name: "tracecheck-bench", dependencies: ["TraceCheck", "CaptureFixtures"]),
        .testTarget(name: "TraceCheckTests", dependencies: ["TraceCheck", "CaptureFixtures"]),
        // Expected outputs are read from the source tree by path, not bundled.
        .testTarget(name: "CLITests", dependencies: ["TraceCheck"], exclude: ["Expected"]),
        // The executable's own parts: what it reads of a command line.
        .testTarget(name: "CommandTests", dependencies: ["tracecheck"]),
    ]
)

// The fuzz targets (Fuzz/README.md) exist only in a build made by `make fuzz`, which sets
// TRACECHECK_FUZZ and builds with libFuzzer and AddressSanitizer: their executables have no
// main of their own and link only against libFuzzer's driver.
if Context.environment["TRACECHECK_FUZZ"] != nil {
    package.targets += [
        .target(name: "CFuzzMain", path: "Fuzz/CFuzzMain"),
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
    ]
    for name in ["FuzzCheck", "FuzzParted", "FuzzConfig", "FuzzBaseline", "FuzzGzip"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["TraceCheck", "FuzzSupport", "CFuzzMain"],
                                                 path: "Fuzz/Targets/\(name)"))
    }
}
