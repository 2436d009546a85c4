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
    /// A POSIX thread rather than Foundation's `Thread`, which sets Foundation's threading up
    /// on its first use: the compile then began 1 to 4 ms after `main` instead of at once.
    package static func start() {
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        // Without the thread, the first check compiles the catalog itself.
        if pthread_create(&thread, nil, { _ in Warmup.compile(); return nil }, nil) == 0 {
            #if canImport(Glibc)
            pthread_detach(thread)
            #else
            if let thread { pthread_detach(thread) }
            #endif
        }
    }

    private static func compile() {
        _ = CompiledCatalog.shared
        _ = CaptureFormats.all
        _ = Decoration.all
    }
}
