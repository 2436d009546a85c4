/// What a team knows about its app that a capture cannot show (`.tracecheck.yml`).
/// `nil` means "not said": the rules that need the fact mark themselves unverifiable.
package struct AppFacts: Sendable, Hashable {
    /// Info.plist `UIApplicationSupportsMultipleScenes` (C11).
    package var supportsMultipleScenes: Bool?
    /// Scene delegate class → the configuration it belongs to (`Default Configuration`,
    /// `CarPlay`), so R5 knows which classes are one scene kind.
    package var delegateConfigurations: [String: String] = [:]
    /// L4: a gap between launch and the first scene longer than this is a possible prewarm.
    package var prewarmGap: Double = 5

    package init(supportsMultipleScenes: Bool? = nil, delegateConfigurations: [String: String] = [:], prewarmGap: Double = 5) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.delegateConfigurations = delegateConfigurations
        self.prewarmGap = prewarmGap
    }
}
