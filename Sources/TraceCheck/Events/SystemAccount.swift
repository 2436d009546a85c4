/// What the system's own processes (SpringBoard, FrontBoard, RunningBoard) log about an app,
/// in captures of the whole device (docs/uikit-account.md, "The system's lines"). Only lines
/// seen in real captures are read: each names the app by its bundle id, most by its pid too,
/// which is how they find the app's process. They show the process from outside: launched,
/// visible or not, suspended, gone, and the scenes FrontBoard creates for it.
enum SystemAccount {
    /// The shape name the events carry.
    static let shape = "system-account"

    static let ids: [EventID] = [.systemLaunch, .systemSceneCreated, .systemForeground, .systemBackground, .systemSuspended, .systemExit]

    /// The processes whose records are searched: every line read comes from SpringBoard
    /// (FrontBoard runs inside it), and a device's other system processes log far more.
    package static let processes: Set<String> = ["SpringBoard"]

    /// Words one of which every line read holds: the system's processes log a third of a
    /// device's lines, and these find the few worth the pattern at the prefilter's speed.
    static let words = ["Application process state changed for", "Process exited: <FBApplicationProcess", "Bootstrapping app", "] Sending scene create."]

    /// One pattern for every line read, each in a named alternative.
    static let pattern = [
        // SpringBoard: `Application process state changed for com.example.app: <SBApplicationProcessState: 0x…;
        // pid: 9964; taskState: Running; visibility: Foreground>`, `… for com.example.app: (null)` once it is gone.
        #"Application process state changed for (?<stateBundle>[A-Za-z0-9._-]+): (?:(?<gone>\(null\))|<[^>]*?pid: (?<statePid>\d{1,9}); taskState: (?<task>[A-Za-z]+); visibility: (?<visibility>[A-Za-z]+)>)"#,
        // FrontBoard: `Process exited: <FBApplicationProcess: 0x…; application<com.example.app>:1957(v164A)> -> <RBSProcessExitContext| … code:SIGSEGV(11)>>`.
        #"Process exited: <FBApplicationProcess: 0x[0-9A-Fa-f]+; app(?:lication)?<(?<exitBundle>[A-Za-z0-9._-]+)(?:\([^)]*\))?>:(?<exitPid>\d{1,9})[^>]*> -> (?<reason>.{1,300})"#,
        // SpringBoard: `Bootstrapping app<com.example.app> with intent foreground-interactive`.
        #"Bootstrapping app(?:lication)?<(?<launchBundle>[A-Za-z0-9._-]+)(?:\([^)]*\))?> with intent (?<intent>[a-z-]+)"#,
        // FrontBoard: `[0x…:(FBSceneManager):sceneID:com.example.app-default] Sending scene create.`.
        #"sceneID:(?<sceneBundle>[A-Za-z0-9._-]+?)-(?:default|[0-9A-Fa-f-]{36})\] Sending scene create\."#,
    ].joined(separator: "|")

    /// The event a matched line shows, with the app's bundle id and pid; nil for a state
    /// change that is none of those read (`visibility: Unknown`).
    static func event(_ group: ShapeGroups) -> (id: EventID, bundle: String, pid: Int?)? {
        if let bundle = group("stateBundle") {
            let pid = group("statePid").flatMap { Int($0) }
            if group("gone") != nil { return (.systemExit, bundle, nil) }
            if group("task") == "Suspended" { return (.systemSuspended, bundle, pid) }
            switch group("visibility") {
            case "Foreground": return (.systemForeground, bundle, pid)
            case "Background": return (.systemBackground, bundle, pid)
            default: return nil
            }
        }
        if let bundle = group("exitBundle") { return (.systemExit, bundle, group("exitPid").flatMap { Int($0) }) }
        if let bundle = group("launchBundle") { return (.systemLaunch, bundle, nil) }
        if let bundle = group("sceneBundle") { return (.systemSceneCreated, bundle, nil) }
        return nil
    }
}
