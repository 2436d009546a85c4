#ifndef TRACECHECK_MAPPED_WINDOW_H
#define TRACECHECK_MAPPED_WINDOW_H

#include <stddef.h>
#include <stdint.h>

/// Installs, once per process, the SIGBUS handler that makes a window whose file was cut
/// shorter while it was mapped read as zeros instead of killing the process: a read past
/// the file's new end raises SIGBUS. A fault outside the faulting thread's window goes to
/// the handler that was there before (the default one: the process ends as it would have).
/// Returns 1 when the handler is in place.
int tc_window_guard(void);

/// Maps `length` bytes of `descriptor` from `offset` (a multiple of the page size) for
/// reading, as the calling thread's one window (the guard's). NULL where the system would
/// not map them (errno says why); the caller then reads them another way.
const uint8_t *tc_window_map(int descriptor, int64_t offset, size_t length);

/// Unmaps the calling thread's window. Returns 1 when the file turned out shorter than the
/// window while it was read (its bytes from there read as zeros), else 0.
int tc_window_unmap(const uint8_t *window, size_t length);

/// The system's page size: window offsets are multiples of it.
size_t tc_window_page_size(void);

#endif
