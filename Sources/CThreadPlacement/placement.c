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

#if defined(__linux__)
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/// The main program's load address (0 for an executable that is not position-independent).
static int main_program_bias(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(ElfW(Addr) *)data = info->dlpi_addr;
    return 1;
}

/// Reads `count` bytes at `offset` of `descriptor` whole, or fails.
static int read_whole(int descriptor, void *buffer, size_t count, off_t offset) {
    return pread(descriptor, buffer, count, offset) == (ssize_t)count;
}
#endif

int tc_populate_data_sections(void) {
#if defined(__linux__)
    int descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return 0;
    int populated = 0;
    ElfW(Ehdr) header;
    ElfW(Shdr) *sections = NULL;
    char *names = NULL;
    if (!read_whole(descriptor, &header, sizeof header, 0) || memcmp(header.e_ident, ELFMAG, SELFMAG) != 0
        || header.e_shentsize != sizeof(ElfW(Shdr)) || header.e_shnum == 0 || header.e_shnum > 1024 || header.e_shstrndx >= header.e_shnum) {
        goto done;
    }
    sections = malloc(header.e_shnum * sizeof *sections);
    if (sections == NULL || !read_whole(descriptor, sections, header.e_shnum * sizeof *sections, (off_t)header.e_shoff)) goto done;
    const ElfW(Shdr) *strings = &sections[header.e_shstrndx];
    if (strings->sh_size == 0 || strings->sh_size > (1 << 20)) goto done;
    names = malloc(strings->sh_size + 1);
    if (names == NULL || !read_whole(descriptor, names, strings->sh_size, (off_t)strings->sh_offset)) goto done;
    names[strings->sh_size] = 0;
    ElfW(Addr) bias = 0;
    dl_iterate_phdr(main_program_bias, &bias);
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (size_t index = 0; index < header.e_shnum && page > 0; index++) {
        const ElfW(Shdr) *section = &sections[index];
        if (section->sh_name >= strings->sh_size || (section->sh_flags & (SHF_ALLOC | SHF_WRITE)) != (SHF_ALLOC | SHF_WRITE)) continue;
        const char *name = names + section->sh_name;
        if (strcmp(name, ".data") != 0 && strcmp(name, ".bss") != 0) continue;
        // A few megabytes at most: a run of tracecheck writes about 0.5 of their 1.2 MB, and a
        // much larger section would be backed for pages no run touches.
        if (section->sh_size == 0 || section->sh_size > (8u << 20)) continue;
        uintptr_t start = (uintptr_t)(bias + section->sh_addr) & ~(page - 1);
        uintptr_t end = ((uintptr_t)(bias + section->sh_addr + section->sh_size) + page - 1) & ~(page - 1);
        if (madvise((void *)start, end - start, MADV_POPULATE_WRITE) == 0) populated++;
    }
done:
    free(names);
    free(sections);
    close(descriptor);
    return populated;
#else
    return 0;
#endif
}

int tc_keep_freed_memory(void) {
#if defined(__GLIBC__)
    return mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1 && mallopt(M_TOP_PAD, 16 << 20) == 1;
#else
    return 0;
#endif
}
