import CThreadPlacement
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX thread that runs `body`, detached. Foundation's `Thread` sets Foundation's
/// threading up on its first use: a thread started by it began its work 1 to 4 ms later.
///
/// On Linux the thread starts on a CPU other than its creator's, then may run on any: on this
/// project's 2-core VM the scheduler queued a new thread behind its creator about half the
/// time, and it began 2 to 4 ms later (a time slice), with the other core idle. The threads
/// started here are there to work beside their creator (the warm-up beside the command line's
/// reading and the check's start, a part beside the part the joining thread reads).
enum PlainThread {
    /// The CPUs this process may run on (0 where the system does not say).
    static var allowedCPUCount: Int { Int(tc_allowed_cpu_count()) }

    /// Whether the thread was started (the system may refuse one).
    static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
        start(stackSize: stackSize) { (_: Placement) in body() }
    }

    /// Where a thread began, for the tests.
    struct Placement: Sendable {
        /// Whether it was placed away from its creator.
        var placed: Bool
        /// The CPU its creator ran on when it was placed, and the one it began on (-1 unknown).
        var creatorCPU: Int32, firstCPU: Int32
    }

    /// `start`, whose body is told where the thread began.
    static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable (Placement) -> Void) -> Bool {
        // Placed elsewhere first; then as the system likes (it may refuse the affinity: a CPU
        // set changed since it was read).
        for placed in [true, false] {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackSize)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let box = Body(body)
            if placed, tc_place_elsewhere(&attributes, &box.placement) != 1 { continue }
            if create(box, &attributes) { return true }
        }
        return false
    }

    private static func create(_ body: Body, _ attributes: UnsafePointer<pthread_attr_t>) -> Bool {
        let box = Unmanaged.passRetained(body)
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, attributes, { argument in
            guard let argument else { return nil }
            let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
            var placement = body.placement
            let first = tc_placement_restore(&placement)
            body.run(Placement(placed: placement.placed != 0, creatorCPU: placement.creator_cpu, firstCPU: first))
            return nil
        }, box.toOpaque()) == 0
        if !started { box.release() }
        return started
    }

    private final class Body {
        let run: @Sendable (Placement) -> Void
        /// Where the thread may run once started (`tc_place_elsewhere`).
        var placement = tc_placement()
        init(_ run: @escaping @Sendable (Placement) -> Void) { self.run = run }
    }
}
