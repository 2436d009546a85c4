/// A spelling from the configuration's `events`: a PCRE2 pattern matched against the message
/// of every record (after the format's prefix). Named groups `scene`, `session` and
/// `delegate` say which scene the line concerns.
package struct UserSpelling: Sendable {
    package let event: EventID
    package let pattern: String
    let regex: PCRE2Regex
    /// Texts every match contains one of (`RequiredLiterals`): the candidate prefilter's
    /// words for this pattern. Nil: the pattern runs on every record.
    package let requiredLiterals: [String]?

    package init(event: EventID, pattern: String) throws(PCRE2CompileError) {
        self.event = event
        self.pattern = pattern
        regex = try PCRE2Regex(pattern)
        requiredLiterals = RequiredLiterals.of(pattern)
    }
}
