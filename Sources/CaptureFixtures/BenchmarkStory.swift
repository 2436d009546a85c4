/// A realistic busy capture: an app cycling through foreground and background, its
/// lifecycle lines a few percent of the records among its own and the system's chatter.
public enum BenchmarkStory {
    static let chatter = [
        "Registering for test daemon availability notify post.",
        "notify_get_state check indicated test daemon not ready.",
        "Deactivation reason added: 11; deactivation reasons: 1024 -> 3072; animating application lifecycle event: 0",
        "[com.example.fieldnotes:network] GET https://api.example.com/v2/notes?page=3 200 (412 ms, 18.2 KB)",
        "Evaluated capturing state as 0 on <UIScreen: 0x1056188c0> for CADisplay KVO",
        "Realizing settings extension <_UISceneHostingEventDeferringSettings> on FBSSceneSettings",
        "[SyncEngine] merged 14 records into local store; 0 conflicts; next sync in 300 s",
        "App is being debugged, do not track this hang",
    ]

    static let cycle = [
        "-[SceneDelegate sceneWillResignActive:] <UIWindowScene: 0x10cc50200>",
        "-[SceneDelegate sceneDidEnterBackground:] <UIWindowScene: 0x10cc50200>",
        "-[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cc50200>",
        "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>",
    ]

    /// One block: the four callbacks of a background/foreground cycle among 96 chatter lines.
    public static func block(startingAt offset: Double) -> [StoryLine] {
        var lines: [StoryLine] = []
        for index in 0..<100 {
            let time = offset + Double(index) * 0.003
            if index % 25 == 24 {
                lines.append(StoryLine(time, cycle[index / 25]))
            } else if index % 3 == 0 {
                lines.append(StoryLine(time, chatter[index % chatter.count], process: "SpringBoard", pid: 55, thread: 1022,
                                       image: "FrontBoard"))
            } else {
                lines.append(StoryLine(time, chatter[index % chatter.count]))
            }
        }
        return lines
    }

    /// The launch that opens the capture.
    public static let launch = [
        StoryLine(0, "-[AppDelegate application:didFinishLaunchingWithOptions:]"),
        StoryLine(0.01, "-[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10cc50200; persistentIdentifier: 1B8F959F-618F-4A0D-AD89-E09DEC0EAB34>"),
        StoryLine(0.02, "-[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10cc50200>"),
        StoryLine(0.03, "-[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10cc50200>"),
    ]
}
