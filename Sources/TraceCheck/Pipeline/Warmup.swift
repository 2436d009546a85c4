#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every check compiles before it reads a line (the event catalog's PCRE2 patterns,
/// JIT-compiled, and the capture formats' prefixes), compiled on another thread while the
/// command line is being parsed: one after the other, the two took about four fifths of a
/// run on a small capture. A check that gets there first waits for the compile to end (each
/// is a `static let`, initialised once, by whoever asks first), so nothing a check reads
/// depends on which thread compiled it.
package enum Warmup {
    package static func start() {
        // Without the thread, the first check compiles the catalog itself.
        // The formats first: a read in parts plans its cuts with them while the catalog compiles.
        _ = PlainThread.start {
            _ = CaptureFormats.all
            _ = Decoration.all
            _ = CompiledCatalog.shared
        }
    }
}

/// A POSIX thread that runs `body`, detached. Foundation's `Thread` sets Foundation's
/// threading up on its first use: a thread started by it began its work 1 to 4 ms later.
enum PlainThread {
    /// Whether the thread was started (the system may refuse one).
    static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Body(body))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, &attributes, { argument in
            guard let argument else { return nil }
            Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, box.toOpaque()) == 0
        if !started { box.release() }
        return started
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
