#include "startup.h"
// Any header of the C library says whether it is glibc (__GLIBC__).
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

// glibc hands the free top of a thread's heap back to the system as soon as it passes
// 128 KB (madvise, 67 times while the catalog's patterns compiled at start-up), and maps a
// heap on 4 KB at a time (133 mprotect calls). Each hand-back interrupts the other core to
// flush its TLB, and the pages fault in again when the heap grows: the run on a 50-line
// capture took 0.65 ms less with the first two settings (median of 101, alternating).
// Setting them also stops glibc from raising the size above which a block gets a mapping of
// its own (128 KB) as large blocks are freed: a threaded read of 512 MB then mapped and
// unmapped its parts' 2 MB buffers over and over (62 unmaps, 13,000 page faults against
// 8,000), so that size is set to the most glibc would raise it to, 32 MB.
void tc_keep_freed_heap(void) {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 1 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}
