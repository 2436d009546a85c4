#ifndef TRACECHECK_STARTUP_H
#define TRACECHECK_STARTUP_H

/// Tells the C library to keep the memory a thread frees at the top of its heap, up to
/// 64 MB, to grow a heap 1 MB at a time, and to give a block a mapping of its own only from
/// 32 MB. Called once, first thing, by the tracecheck command; nothing where the C library
/// has no such settings (not glibc).
void tc_keep_freed_heap(void);

#endif
