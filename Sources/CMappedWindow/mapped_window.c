// A file read through a mapping instead of copied into a buffer: on an app's 64 MB console
// read by two threads, the kernel's copy was a tenth of the run's CPU. What a mapping costs
// instead is this: a file cut shorter while it is mapped raises SIGBUS where the reader
// touches a page past its new end, which must not end the process.
#include "mapped_window.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/// The calling thread's window, and whether a fault in it found the file shorter.
static __thread uintptr_t window_start, window_end;
static __thread volatile sig_atomic_t window_cut;

static struct sigaction previous;
static size_t page_size;

static void on_bus(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (window_end > window_start && address >= window_start && address < window_end) {
        // The rest of the window from the faulting page becomes zeros, in one mapping (one per
        // page would fault again on each): the load is retried and reads a zero.
        uintptr_t page = address & ~(uintptr_t)(page_size - 1);
        void *zeros = mmap((void *)page, window_end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros != MAP_FAILED) {
            window_cut = 1;
            return;
        }
    }
    // Not a window's: whatever handled SIGBUS before. The default (or an ignored SIGBUS,
    // which a fault cannot be) is put back, and the retried load raises it again.
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
        previous.sa_sigaction(signal, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
        previous.sa_handler(signal);
    } else {
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(SIGBUS, &fallback, NULL);
    }
}

static int guarded = 0;
static pthread_once_t guard_once = PTHREAD_ONCE_INIT;

static void install_guard(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size <= 0) return;
    page_size = (size_t)size;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, &previous) == 0) guarded = 1;
}

int tc_window_guard(void) {
    // Called by every thread before it maps: the first call installs the handler.
    pthread_once(&guard_once, install_guard);
    return guarded;
}

size_t tc_window_page_size(void) {
    long size = sysconf(_SC_PAGESIZE);
    return size > 0 ? (size_t)size : 4096;
}

const uint8_t *tc_window_map(int descriptor, int64_t offset, size_t length) {
    if (!tc_window_guard() || length == 0) {
        errno = length == 0 ? EINVAL : ENOTSUP;
        return NULL;
    }
    void *window = mmap(NULL, length, PROT_READ, MAP_PRIVATE, descriptor, (off_t)offset);
    if (window == MAP_FAILED) return NULL;
    window_cut = 0;
    window_start = (uintptr_t)window;
    window_end = (uintptr_t)window + ((length + page_size - 1) & ~(page_size - 1));
    return (const uint8_t *)window;
}

int tc_window_unmap(const uint8_t *window, size_t length) {
    int cut = window_cut;
    window_start = 0;
    window_end = 0;
    window_cut = 0;
    munmap((void *)window, length);
    return cut;
}
