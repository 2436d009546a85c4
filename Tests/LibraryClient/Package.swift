// swift-tools-version: 6.0
// A package that uses tracecheck's library as a team would, by path: the test suite builds
// and runs it, so the public API keeps compiling and docs/library.md's example keeps working.
import PackageDescription

let package = Package(
    name: "LibraryClient",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "tracecheck", path: "../..")],
    targets: [
        .executableTarget(name: "LibraryClient", dependencies: [.product(name: "TraceCheck", package: "tracecheck")]),
    ]
)
