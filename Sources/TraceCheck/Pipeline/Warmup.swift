/// What every check compiles before it reads a line (the event catalog's PCRE2 patterns,
/// JIT-compiled, and the capture formats' prefixes), compiled on another thread while the
/// command line is being parsed: one after the other, the two took about four fifths of a
/// run on a small capture. A check that gets there first waits for the compile to end (each
/// is a `static let`, initialised once, by whoever asks first), so nothing a check reads
/// depends on which thread compiled it.
package enum Warmup {
    package static func start() {
        // The formats first: a read in parts plans its cuts with them while the catalog
        // compiles. Without the thread, the first check compiles both itself.
        _ = PlainThread.start {
            _ = CaptureFormats.all
            _ = Decoration.all
            _ = CompiledCatalog.shared
        }
    }
}
