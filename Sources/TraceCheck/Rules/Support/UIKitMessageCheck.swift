/// A rule that reports one of UIKit's own messages (docs/lifecycle.md, "UIKit's own messages"): one finding per process
/// and distinct subject (a configuration name, a class, an error code), at its first
/// line, saying how often UIKit logged it.
protocol UIKitMessageRule: EpochRule {
    static var message: EventID { get }
    /// Whether this rule reports the line: K1 and K2 share UIKit's wording.
    static func reports(_ event: LifecycleEvent) -> Bool
    /// What the message is about (`Fieldnotes.SceneDelegate`), or "".
    static func subject(of event: LifecycleEvent) -> String
    static func explain(_ event: LifecycleEvent, subject: String, count: Int) -> String
}

extension UIKitMessageRule {
    static func reports(_ event: LifecycleEvent) -> Bool { true }
    static func subject(of event: LifecycleEvent) -> String { "" }

    package func judge(_ epoch: ProcessEpoch, in timeline: CaptureTimeline) -> EpochVerdict {
        var verdict = EpochVerdict()
        verdict.judged = true
        guard epoch.holds(Self.message) else { return verdict }
        var groups: [(subject: String, events: [LifecycleEvent])] = []
        for entry in epoch.events where entry.id == Self.message && Self.reports(entry.event) {
            let subject = Self.subject(of: entry.event)
            if let index = groups.firstIndex(where: { $0.subject == subject }) {
                groups[index].events.append(entry.event)
            } else {
                groups.append((subject, [entry.event]))
            }
        }
        for (subject, events) in groups {
            guard let first = events.first else { continue }
            var message = Self.explain(first, subject: subject, count: events.count)
            if events.count > 1 { message += " (logged \(events.count) times)" }
            verdict.findings.append(finding(message, at: first, in: timeline, epoch: epoch))
        }
        return verdict
    }
}

enum UIKitText {
    /// The text between the quotes after `marker`: `named "X"` → `X`.
    static func quoted(after marker: String, in text: String) -> String? {
        guard let start = text.firstRange(of: marker + "\"")?.upperBound,
              let end = text[start...].firstIndex(of: "\"") else { return nil }
        return String(text[start..<end])
    }

    /// The number after `marker`: `UISceneErrorDomain error 0.` → 0.
    static func number(after marker: String, in text: String) -> Int? {
        guard let start = text.firstRange(of: marker)?.upperBound else { return nil }
        return Int(text[start...].prefix { $0.isNumber })
    }
}
