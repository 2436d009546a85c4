#ifndef TRACECHECK_PLACEMENT_H
#define TRACECHECK_PLACEMENT_H

#include <pthread.h>

/// Where a new thread may run once it has started: the CPUs its creator may run on.
typedef struct {
    /// Whether the thread was placed away from its creator's CPU, and must restore `allowed`.
    int placed;
    /// The CPU its creator ran on when it was placed (-1 unknown).
    int creator_cpu;
    /// The creator's CPU mask (a cpu_set_t on Linux), restored by the thread.
    unsigned char allowed[128];
} tc_placement;

/// Sets `attributes` so that the thread created with them starts on a CPU other than the
/// calling thread's, when the process may run on another (Linux; elsewhere nothing is set).
/// Returns 1 when it did; the thread then calls `tc_placement_restore` first.
int tc_place_elsewhere(pthread_attr_t *attributes, tc_placement *placement);

/// In the new thread: lets it run on every CPU its creator may run on again. Returns the CPU
/// it began on (-1 unknown).
int tc_placement_restore(const tc_placement *placement);

/// How many CPUs the calling thread may run on (0 unknown).
int tc_allowed_cpu_count(void);

/// Whether a thread created with `attributes` may begin on `cpu` (1, or 0; -1 unknown).
int tc_attributes_allow(const pthread_attr_t *attributes, int cpu);

/// Has glibc's malloc keep the memory a process frees, and grow its heap by 16 MiB at a
/// time (`mallopt`, which Swift's Glibc module does not show). Returns 1 when both were set
/// (0 elsewhere than glibc). For a short process; a library leaves this to its host.
int tc_keep_freed_memory(void);

/// Backs the executable's writable data (`.data`, `.bss`) with pages of its own at once
/// (Linux 5.14's MADV_POPULATE_WRITE), before a second thread runs. Returns how many of the
/// two sections it populated (0 elsewhere, or on an older kernel).
int tc_populate_data_sections(void);

#endif
