/// A prefix a harness adds in front of every line of a capture (Appium's row tags,
/// `grep -n` numbers, `flutter run -v` time deltas). Detected per capture, stripped before
/// the format reads the line; lines without it are the harness's own output.
package struct Decoration: Sendable {
    package let name: String
    package let summary: String
    let regex: PCRE2Regex
    /// Decorated lines and what remains once the decoration is stripped; they are tests.
    package let samples: [(line: String, stripped: String)]

    init(name: String, summary: String, pattern: String, samples: [(String, String)]) {
        self.name = name
        self.summary = summary
        // A constant of the program, compiled by every test run.
        // swiftlint:disable:next force_try
        regex = try! PCRE2Regex(pattern, jit: .pastDetection)
        self.samples = samples.map { (line: $0.0, stripped: $0.1) }
    }

    /// The length of the decoration at the start of `line`, if it carries one.
    func length(in line: UnsafeRawBufferPointer, using matcher: PCRE2Matcher) -> Int? {
        Self.length(of: regex, in: line, using: matcher)
    }

    /// The same, for a scanner that keeps only the regex.
    static func length(of regex: PCRE2Regex, in line: UnsafeRawBufferPointer, using matcher: PCRE2Matcher) -> Int? {
        guard (try? matcher.matchInPlace(regex, in: line)) == true else { return nil }
        return matcher.group(0)?.upperBound
    }

    package static let all: [Decoration] = [
        Decoration(
            name: "appium", summary: "Appium's syslog row tags: [IOSSimulatorLog] [IOS_SYSLOG_ROW] , [iOSLog] [IOS_SYSLOG_ROW] ",
            pattern: "^\\[(?:IOSSimulatorLog|iOSSimulatorLog|iOSLog|IOSLog)\\] \\[IOS_SYSLOG_ROW\\] ?",
            samples: [
                ("[IOSSimulatorLog] [IOS_SYSLOG_ROW] 2019-11-06 15:01:04.001 Df SpringBoard[11727:2bf52] Process exited",
                 "2019-11-06 15:01:04.001 Df SpringBoard[11727:2bf52] Process exited"),
                ("[iOSLog] [IOS_SYSLOG_ROW] Apr  6 15:28:33 watchiPhone5S Lvmm[575] <Warning>: UMLOG: beginbg id:4",
                 "Apr  6 15:28:33 watchiPhone5S Lvmm[575] <Warning>: UMLOG: beginbg id:4"),
            ]),
        Decoration(
            name: "grep-n", summary: "grep -n line numbers: 1323:, 1323-, 1323   :",
            // Not a date (`2015-10-29`) or a clock (`21:17:28`) at the start of a line.
            pattern: "^\\d{1,9}(?: *:(?!\\d\\d:)| *-(?!\\d))",
            samples: [
                ("1323   :Jul  1 21:40:06 the-titanic SpringBoard(FrontBoard)[879] <Notice>: message",
                 "Jul  1 21:40:06 the-titanic SpringBoard(FrontBoard)[879] <Notice>: message"),
                ("57:sceneDidBecomeActive(_:)", "sceneDidBecomeActive(_:)"),
                ("58-  sceneWillResignActive(_:)", "  sceneWillResignActive(_:)"),
            ]),
        Decoration(
            name: "cat-n", summary: "cat -n and nl line numbers: a right-aligned number and a tab",
            pattern: "^ *\\d{1,9}\t",
            samples: [
                ("     1\t2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]",
                 "2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]"),
                ("  1204\tsceneDidBecomeActive(_:)", "sceneDidBecomeActive(_:)"),
            ]),
        Decoration(
            name: "line-numbers", summary: "a log viewer's or editor's line numbers: a number and one space, or a number and a bar",
            // After grep -n (a colon or a dash after the number), which is tried first.
            pattern: "^ *\\d{1,9}(?: ?\\| ?| (?=\\S))",
            samples: [
                ("31877 2019-04-02 16:05:11.020 Ledger[880:41233] -[AppDelegate applicationDidBecomeActive:]",
                 "2019-04-02 16:05:11.020 Ledger[880:41233] -[AppDelegate applicationDidBecomeActive:]"),
                ("  12 | Apr  2 10:15:09.100000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]",
                 "Apr  2 10:15:09.100000 Fieldnotes(Foundation)[4817] <Notice>: -[SceneDelegate sceneWillEnterForeground:]"),
                ("7| sceneWillResignActive(_:)", "sceneWillResignActive(_:)"),
            ]),
        Decoration(
            name: "flutter-run", summary: "flutter run -v time deltas: [ +350 ms] ",
            pattern: "^\\[ *\\+ *\\d+ ms\\] ",
            samples: [("[ +350 ms] flutter: AppLifecycleState.inactive", "flutter: AppLifecycleState.inactive")]),
    ]

    package static func named(_ name: String) -> Decoration? { all.first { $0.name == name } }
}
