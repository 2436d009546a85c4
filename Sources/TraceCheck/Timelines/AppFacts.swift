/// What a team knows about its app that a capture cannot show (`.tracecheck.yml`).
/// `nil` means "not said": the rules that need the fact mark themselves unverifiable.
public struct AppFacts: Sendable, Hashable {
    /// Info.plist `UIApplicationSupportsMultipleScenes` (C11).
    public var supportsMultipleScenes: Bool?
    /// Scene delegate class → the configuration it belongs to (`Default Configuration`,
    /// `CarPlay`), so R5 knows which classes are one scene kind.
    public var delegateConfigurations: [String: String] = [:]
    /// L4: a gap between launch and the first scene longer than this is a possible prewarm.
    public var prewarmGap: Double = 5

    public init(supportsMultipleScenes: Bool? = nil, delegateConfigurations: [String: String] = [:], prewarmGap: Double = 5) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.delegateConfigurations = delegateConfigurations
        self.prewarmGap = prewarmGap
    }
}
