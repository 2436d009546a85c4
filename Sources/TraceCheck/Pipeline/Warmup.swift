import Synchronization

/// What every check compiles before it reads a line (the event catalog's PCRE2 patterns,
/// JIT-compiled, its word sets, and the capture formats' prefixes), compiled on another
/// thread while the command line is being parsed: one after the other, they took about four
/// fifths of a run on a small capture. A check that gets there first compiles what no thread
/// has begun and waits for the rest (each is a `static let`, initialised once, the catalog
/// from pieces any thread may compile), so nothing a check reads depends on which thread
/// compiled it.
///
/// One thread, not two: with two, three threads shared two cores and the parse waited for a
/// time slice; the parse and the warm-up now each have a core, and the check helps compile
/// what is left once the parse is done.
package enum Warmup {
    /// Set once a read in parts has a thread on each core this process may run on
    /// (`partsTakeEveryCore`).
    private static let coresTaken = Atomic<Bool>(false)

    package static func start() {
        // The formats first: a read in parts plans its cuts with them while the catalog
        // compiles. The catalog's pieces are shared by this thread and the first check
        // (`CompiledCatalog.helpCompile`). Without the thread, the first check compiles all
        // of it itself. The formats' and the catalog's patterns are JIT-compiled after it
        // (their JIT is deferred: most formats only detect the format, and a capture uses a
        // few of the catalog's shapes), then the paths of a check are warmed.
        _ = PlainThread.start {
            _ = CaptureFormats.all
            _ = Decoration.all
            CompiledCatalog.helpCompile()
            _ = CompiledCatalog.shared
            // Beside a read in parts on every core, what is left would take its time from the
            // parts: the formats' and the catalog's patterns are then JIT-compiled by
            // whichever part matches one often, and a check's first steps are taken by the
            // check itself.
            if coresTaken.load(ordering: .relaxed) { return }
            PCRE2Regex.compileDeferred()
            checkAside()
        }
    }

    /// A read in parts has begun with a thread on every core: the warm-up stops once the
    /// catalog is compiled (the parts need it), rather than share the cores with the parts.
    /// On 64 MB of an app's console read by two threads on two cores, its work after the
    /// catalog took 1 to 1.5 ms of CPU while the parts read, and the read took 0.6 ms longer
    /// (22.4 against 21.8 ms, medians of 41 runs).
    static func partsTakeEveryCore() { coresTaken.store(true, ordering: .relaxed) }
    static var coresAreTaken: Bool { coresTaken.load(ordering: .relaxed) }
    /// For a test of when a read in parts tells the warm-up: as before any such read.
    static func forgetCoresTaken() { coresTaken.store(false, ordering: .relaxed) }

    /// Checks `capture` and throws the report away. Much of what a check's timeline and rules
    /// first do happens once in a process: the runtime builds the metadata of each generic
    /// type they use (a search of the binary's conformances for each), the rules' statics are
    /// initialised, code pages are faulted in. Done here, on the thread that would otherwise
    /// idle once the catalog is compiled, it is done while the real check reads its capture:
    /// a check of 64 MB of an app's console took 1.2 ms less (40.4 against 39.2 ms, about half
    /// of it in the timeline and rules), one of a few lines 0.3 ms less (5.6 against 5.3 ms,
    /// the process's start included). It leaves no state the real check reads: the caches it
    /// fills are the same whichever thread fills them.
    static func checkAside() {
        _ = try? Checker().check(.text(name: "warm-up", contents: capture))
    }

    /// An app's launch, a trip to the background and back, and the scene killed from the
    /// app switcher, as Xcode's console shows them: NSLog's and `print`'s lines, and noise.
    static let capture = """
        2026-03-14 09:27:12.100000+0100 Fieldnotes[4817:3120544] Metal API Validation Enabled
        2026-03-14 09:27:12.140000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didFinishLaunchingWithOptions:]
        2026-03-14 09:27:12.182000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:configurationForConnectingSceneSession:options:]
        2026-03-14 09:27:12.222000+0100 Fieldnotes[4817:3120544] -[SceneDelegate scene:willConnectToSession:options:] <UIWindowScene: 0x10270b110; role: UIWindowSceneSessionRoleApplication; persistentIdentifier: 5910B345-5C7F-4CA4-BA22-EE6114C79B6A; activationState: UISceneActivationStateUnattached>
        FNSyncEngine: starting sync (reason=launch)
        2026-03-14 09:27:12.247000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillEnterForeground:] <UIWindowScene: 0x10270b110>
        2026-03-14 09:27:12.327000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidBecomeActive:] <UIWindowScene: 0x10270b110>
        viewDidAppear(_:) NotesViewController
        2026-03-14 09:27:55.527000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneWillResignActive:] <UIWindowScene: 0x10270b110>
        2026-03-14 09:27:56.047000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidEnterBackground:] <UIWindowScene: 0x10270b110>
        sceneWillEnterForeground(_:)
        sceneDidBecomeActive(_:)
        sceneWillResignActive(_:)
        2026-03-14 09:29:19.167000+0100 Fieldnotes[4817:3120544] -[SceneDelegate sceneDidDisconnect:] <UIWindowScene: 0x10270b110>
        2026-03-14 09:29:19.177000+0100 Fieldnotes[4817:3120544] -[AppDelegate application:didDiscardSceneSessions:] {(<UISceneSession: 0x600002066140; persistentIdentifier = 5910B345-5C7F-4CA4-BA22-EE6114C79B6A>)}

        """
}
