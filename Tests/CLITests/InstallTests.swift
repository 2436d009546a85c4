import Foundation
import XCTest

/// What a user installs and types: grouped short options, shell completions that complete
/// what tracecheck takes (run through bash's own completion machinery), the man page and
/// `make install-files`.
final class InstallTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecheck-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    private static let failing = CLITests.root.appendingPathComponent("SampleLogs/rule-resign_before_background.log").path

    func testShortOptionsCombineAndTakeJoinedOrSeparateValues() throws {
        let expected = try CLITests.run(["report", "--quiet", "--jobs", "1", Self.failing])
        XCTAssertEqual(expected.status, 1)
        for spelling in [["-qj2"], ["-qj", "2"], ["-q", "-j1"], ["-q", "-j", "1"], ["-q", "--jobs=1"], ["-qj1"]] {
            let result = try CLITests.run(["report"] + spelling + [Self.failing])
            XCTAssertEqual(result.status, 1, "\(spelling): \(result.stderr)")
            XCTAssertEqual(result.stdout, expected.stdout, "\(spelling)")
        }
        let verbose = try CLITests.run(["report", "-vj1", Self.failing])
        XCTAssertTrue(verbose.stdout.contains("process #1 (scene-based)"), "-v is --timeline: \(verbose.stdout)")
        let unknown = try CLITests.run(["report", "-qx", Self.failing])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("Unknown option '-x'"), unknown.stderr)
        // After --, a group is an input's name, not options.
        let literal = try CLITests.run(["report", "--", "-qj2"])
        XCTAssertEqual(literal.status, 2)
        XCTAssertTrue(literal.stderr.contains("-qj2: no such file"), literal.stderr)
    }

    /// The generated bash completion, sourced into bash and asked as bash asks it when Tab is
    /// pressed: rule ids after `explain`, format names after `--format` and `--input-format`,
    /// file names for inputs.
    func testBashCompletionCompletesRuleIDsFormatsAndFiles() throws {
        guard let bash = ["/bin/bash", "/usr/bin/bash"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("bash not found")
        }
        let directory = try temporaryDirectory()
        let script = try CLITests.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(script.status, 0, script.stderr)
        try Data(script.stdout.utf8).write(to: directory.appendingPathComponent("tracecheck.bash"))
        try Data().write(to: directory.appendingPathComponent("night-0915.log"))
        // The completion function runs `tracecheck` for dynamic values: put the built one first on PATH.
        let bin = try CLITests.executable().deletingLastPathComponent().path
        let driver = """
            source tracecheck.bash
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                    _tracecheck tracecheck "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"; echo "$*|$(printf '%s ' "${COMPREPLY[@]}" | sort)"; }
            ask tracecheck explain resign_b
            ask tracecheck rules foreground_
            ask tracecheck report --format ju
            ask tracecheck report --input-format xcode
            ask tracecheck report night
            ask tracecheck ch

            """
        try Data(driver.utf8).write(to: directory.appendingPathComponent("driver.sh"))
        let (_, output) = try CLITests.runProgram(URL(fileURLWithPath: bash), ["driver.sh"], in: directory,
                                                  environment: ["PATH": "\(bin):/usr/bin:/bin", "HOME": directory.path])
        let answers = Dictionary(output.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
        }) { first, _ in first }
        XCTAssertEqual(answers["tracecheck explain resign_b"], "resign_before_background", output)
        XCTAssertEqual(answers["tracecheck rules foreground_"], "foreground_before_active foreground_without_activation", output)
        XCTAssertEqual(answers["tracecheck report --format ju"], "junit", output)
        XCTAssertEqual(answers["tracecheck report --input-format xcode"], "xcode-console", output)
        XCTAssertEqual(answers["tracecheck report night"], "night-0915.log", output)
        XCTAssertEqual(answers["tracecheck ch"], "check-config", output)
    }

    func testZshAndFishCompletionsNameTheRulesAndFormats() throws {
        for shell in ["zsh", "fish"] {
            let script = try CLITests.run(["--generate-completion-script", shell])
            XCTAssertEqual(script.status, 0, script.stderr)
            XCTAssertTrue(script.stdout.contains("resign_before_background"), shell)
            XCTAssertTrue(script.stdout.contains("xcode-console"), shell)
            XCTAssertTrue(script.stdout.contains("chrome-trace"), shell)
        }
    }

    /// The man page comes from the parser's own description in well under a second, and its
    /// exit status section is the table the code exits with, the README's statuses.
    func testTheManPageHasEveryCommandOptionAndExitStatus() throws {
        let page = try CLITests.run(["manual"])
        XCTAssertEqual(page.status, 0, page.stderr)
        for expected in [".TH TRACECHECK 1", ".SH REPORT", ".SH EXPLAIN", "\\fB\\-\\-path\\-base\\fR \\fIdir\\fR", "\\fB\\-j\\fR, \\fB\\-\\-jobs\\fR",
                         ".SH EXIT STATUS", "tracecheck\\-code\\-quality.json"] {
            XCTAssertTrue(page.stdout.contains(expected), expected)
        }
        let statuses = page.stdout.components(separatedBy: ".SH EXIT STATUS")[1].components(separatedBy: ".SH")[0]
            .split(separator: "\n").filter { $0.hasPrefix(".B ") }.map { String($0.dropFirst(3)) }
        XCTAssertEqual(statuses, ["0", "1", "2", "64", "73", "130"])
        let readme = try String(contentsOf: CLITests.root.appendingPathComponent("README.md"), encoding: .utf8)
        for status in statuses.dropLast() {
            XCTAssertTrue(readme.contains("\n| \(status) | "), "the README's exit status table has \(status)")
        }
        XCTAssertTrue(readme.contains("status 130"), "the README says what 130 is")
        XCTAssertFalse(try CLITests.run(["--help"]).stdout.contains("manual"), "a hidden command")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
            let directory = try temporaryDirectory()
            let file = directory.appendingPathComponent("tracecheck.1")
            try Data(page.stdout.utf8).write(to: file)
            let (status, warnings) = try CLITests.runProgram(URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-ww", "-z", file.path])
            XCTAssertEqual(status, 0)
            XCTAssertEqual(warnings, "", "groff reads the page without a warning")
        }
    }

    /// `make install-files` puts the binary, the man page and the three completions under
    /// DESTDIR/PREFIX (the same recipe `make install` runs after the release build).
    func testMakeInstallFilesInstallsBinaryManPageAndCompletions() throws {
        guard let make = ["/usr/bin/make", "/bin/make"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("make not found")
        }
        let destination = try temporaryDirectory()
        let (status, message) = try CLITests.runProgram(URL(fileURLWithPath: make), [
            "-s", "install-files", "BIN=\(try CLITests.executable().deletingLastPathComponent().path)", "DESTDIR=\(destination.path)", "PREFIX=/usr/local",
        ])
        XCTAssertEqual(status, 0, message)
        let prefix = destination.appendingPathComponent("usr/local")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/tracecheck").path))
        for (file, expected) in [("share/man/man1/tracecheck.1", ".TH TRACECHECK 1"),
                                 ("share/bash-completion/completions/tracecheck", "_tracecheck()"),
                                 ("share/zsh/site-functions/_tracecheck", "#compdef tracecheck"),
                                 ("share/fish/vendor_completions.d/tracecheck.fish", "complete -c 'tracecheck'")] {
            let text = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(text.contains(expected), "\(file) has \(expected)")
        }
        let (versionStatus, printed) = try CLITests.runProgram(prefix.appendingPathComponent("bin/tracecheck"), ["--version"])
        XCTAssertEqual(versionStatus, 0)
        XCTAssertFalse(printed.isEmpty, "the installed binary runs")
    }
}

extension InstallTests {
    /// `make release` on Linux: one static, stripped executable (ldd: not dynamic). The build
    /// takes minutes, so the suite checks the binary only when one was built (`make release`).
    func testTheReleaseBinaryIsOneStaticFile() throws {
        #if os(Linux)
        let binary = CLITests.root.appendingPathComponent(".build/release/tracecheck")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("no release build at \(binary.path): run `make release` to check it is static")
        }
        let makefile = try String(contentsOf: CLITests.root.appendingPathComponent("Makefile"), encoding: .utf8)
        XCTAssertTrue(makefile.contains("-Xswiftc -static-executable"))
        let printed = try CLITests.runProgram(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path]).output
        guard !printed.contains("libswiftCore") else {
            throw XCTSkip("\(binary.path) is a release build not made by `make release` (it links the Swift runtime): \(printed)")
        }
        XCTAssertTrue(printed.contains("not a dynamic executable"), printed)
        #else
        throw XCTSkip("the static release binary is a Linux build")
        #endif
    }
}
