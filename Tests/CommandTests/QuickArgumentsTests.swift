import ArgumentParser
import XCTest
@testable import tracecheck

/// `QuickArguments` reads a common `report` command line without the argument parser: what it
/// reads must be what the argument parser reads, and it must leave to the parser every line
/// the parser refuses or reads otherwise.
final class QuickArgumentsTests: XCTestCase {
    /// What the argument parser makes of `arguments`: the report's settings, or nil for
    /// another command, help or an error.
    private func parsed(_ arguments: [String]) -> ReportSettings? {
        (try? TraceCheckCommand.parseAsRoot(arguments) as? Report)?.settings
    }

    func testCommonCommandLinesAreReadAsTheArgumentParserReadsThem() {
        let lines: [[String]] = [
            ["app.log"], ["report", "app.log"], ["report", "--quiet", "-j1", "app.log"], ["-q", "-j", "2", "a.log", "b.log"],
            ["report", "-"], ["--format", "json", "app.log"], ["--format=sarif", "--output", "out.sarif", "logs"],
            ["--color", "never", "--fail-on", "warning", "--strict", "app.log"], ["--jobs=4", "--mode", "scene", "-v", "app.log"],
            ["--config", "ci.yml", "--exit-zero", "--allow-empty", "dir"], ["--no-config", "--timeline", "app.log"],
            ["--no-mmap", "-q", "big.log"], ["app.log", "report"], ["report", "report"], ["--verbose", "-j02", "x"], ["--jobs", "3", "-"],
        ]
        for line in lines {
            let quick = QuickArguments.report(line)
            XCTAssertNotNil(quick, "\(line) is a common command line")
            XCTAssertEqual(quick, parsed(line), "\(line)")
        }
    }

    /// `checksCaptures` knows the other commands by a list of their names, so that it does not
    /// read the argument parser's description of every command before the warm-up starts: the
    /// list is the commands' own names, and a line naming one is not a check.
    func testTheOtherCommandsAreTheArgumentParsersCommands() {
        let names = TraceCheckCommand.configuration.subcommands.map { $0._commandName }
        XCTAssertEqual(["report"] + TraceCheckCommand.otherCommands, names)
        for name in names {
            XCTAssertEqual(TraceCheckCommand.checksCaptures([name, "app.log"]), name == "report", name)
        }
        XCTAssertTrue(TraceCheckCommand.checksCaptures(["app.log"]))
        XCTAssertTrue(TraceCheckCommand.checksCaptures(["report", "rules"]))
        XCTAssertFalse(TraceCheckCommand.checksCaptures(["help", "report"]))
    }

    /// What the argument parser refuses, reads as another command or reads with options the
    /// quick reading does not know is left to it.
    func testEverythingElseIsLeftToTheArgumentParser() {
        let lines: [[String]] = [
            [], ["report"], ["rules"], ["help"], ["--help"], ["report", "-h"], ["--version"], ["-j0", "app.log"], ["-j", "x", "app.log"],
            ["-j", "-2", "app.log"], ["--format", "nope", "app.log"], ["--format", "app.log"], ["-", "-"], ["--quiet", "--quiet", "a.log"],
            ["-q", "--quiet", "a.log"], ["-j1", "--jobs", "2", "a.log"], ["--", "a.log"], ["--follow", "a.log"], ["--baseline", "b.json", "a.log"],
            ["--report", "junit=j.xml", "a.log"], ["--process", "Notes", "a.log"], ["--include", "*.log", "dir"], ["--input-format", "plain", "a"],
            ["--quiet=true", "a.log"], ["-x", "a.log"], ["--output", "-", "a.log"], ["--fail-on", "fatal", "a.log"], ["--mode", "auto"],
            ["-j=2", "a.log"], ["-j+2", "a.log"], ["--color", "", "a.log"],
        ]
        for line in lines {
            XCTAssertNil(QuickArguments.report(line), "\(line) is left to the argument parser")
        }
    }

    /// Many lines made of the tokens both readers know, some twice, some with values the
    /// parser refuses: wherever the quick reading takes a line, the parser reads the same.
    func testRandomCommandLinesReadAlike() {
        let tokens: [[String]] = [
            ["report"], ["-q"], ["--quiet"], ["-v"], ["--timeline"], ["--verbose"], ["--strict"], ["--exit-zero"], ["--allow-empty"],
            ["--no-config"], ["--no-mmap"], ["--format", "json"], ["--format", "jsonl"], ["--format=terminal"], ["--format", "bogus"], ["--color", "always"],
            ["--color=never"], ["--fail-on", "info"], ["--fail-on=error"], ["-j", "2"], ["-j8"], ["--jobs", "1"], ["--jobs=0"], ["-j"],
            ["--config", "a.yml"], ["--output", "o.txt"], ["--output=o2.txt"], ["--mode", "legacy"], ["--mode=auto"], ["app.log"],
            ["b.log"], ["-"], ["logs/"], ["rules"], ["--"], ["-h"],
        ]
        var generator = SplitMix(seed: 20)
        var taken = 0
        for _ in 0..<3000 {
            let count = Int(generator.next() % 6)
            let line = (0..<count).flatMap { _ in tokens[Int(generator.next() % UInt64(tokens.count))] }
            guard let quick = QuickArguments.report(line) else { continue }
            taken += 1
            XCTAssertEqual(quick, parsed(line), "\(line)")
        }
        XCTAssertGreaterThan(taken, 300, "the quick reading takes many of the lines")
    }
}

/// A small seeded generator, so that the random lines are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
