// Linux only: glibc declares these calls under _GNU_SOURCE, which Swift's Glibc module
// does not show.
#define _GNU_SOURCE
#include "placement.h"
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__linux__)
#include <sched.h>

_Static_assert(sizeof(cpu_set_t) <= sizeof(((tc_placement *)0)->allowed), "cpu_set_t fits");

int tc_place_elsewhere(pthread_attr_t *attributes, tc_placement *placement) {
    memset(placement, 0, sizeof *placement);
    placement->creator_cpu = -1;
    cpu_set_t allowed, elsewhere;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    int here = sched_getcpu();
    if (here < 0 || here >= CPU_SETSIZE || !CPU_ISSET(here, &allowed) || CPU_COUNT(&allowed) < 2) return 0;
    elsewhere = allowed;
    CPU_CLR(here, &elsewhere);
    if (pthread_attr_setaffinity_np(attributes, sizeof elsewhere, &elsewhere) != 0) return 0;
    memcpy(placement->allowed, &allowed, sizeof allowed);
    placement->creator_cpu = here;
    placement->placed = 1;
    return 1;
}

int tc_placement_restore(const tc_placement *placement) {
    int cpu = sched_getcpu();
    if (placement->placed) {
        cpu_set_t allowed;
        memcpy(&allowed, placement->allowed, sizeof allowed);
        (void)sched_setaffinity(0, sizeof allowed, &allowed);
    }
    return cpu;
}

int tc_allowed_cpu_count(void) {
    cpu_set_t allowed;
    return sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 0;
}

int tc_attributes_allow(const pthread_attr_t *attributes, int cpu) {
    cpu_set_t set;
    if (cpu < 0 || cpu >= CPU_SETSIZE || pthread_attr_getaffinity_np(attributes, sizeof set, &set) != 0) return -1;
    return CPU_ISSET(cpu, &set) ? 1 : 0;
}

#else

int tc_place_elsewhere(pthread_attr_t *attributes, tc_placement *placement) {
    (void)attributes;
    memset(placement, 0, sizeof *placement);
    placement->creator_cpu = -1;
    return 0;
}

int tc_placement_restore(const tc_placement *placement) {
    (void)placement;
    return -1;
}

int tc_allowed_cpu_count(void) { return 0; }

int tc_attributes_allow(const pthread_attr_t *attributes, int cpu) {
    (void)attributes;
    (void)cpu;
    return -1;
}

#endif

int tc_keep_freed_memory(void) {
#if defined(__GLIBC__)
    return mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1 && mallopt(M_TOP_PAD, 16 << 20) == 1;
#else
    return 0;
#endif
}
