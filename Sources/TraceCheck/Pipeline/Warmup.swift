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
    package static func start() {
        // The formats first: a read in parts plans its cuts with them while the catalog
        // compiles. The catalog's pieces are shared by this thread and the first check
        // (`CompiledCatalog.helpCompile`). Without the thread, the first check compiles all
        // of it itself.
        _ = PlainThread.start {
            _ = CaptureFormats.all
            _ = Decoration.all
            CompiledCatalog.helpCompile()
            _ = CompiledCatalog.shared
        }
    }
}
