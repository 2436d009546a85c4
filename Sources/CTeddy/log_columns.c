// log's default style pads its columns with spaces to widths that each record's fields then
// only partly fill: the thread id, type, activity id, pid and process name of a device log of
// many apps each have their own length from line to line. Read a byte at a time, each column's
// end was a branch the processor missed; here each column ends where a bit mask of its class
// of bytes over 64 bytes does, found without a branch on the bytes.
#include "log_columns.h"

/// Bit i of each mask: whether byte i of 64 is a space, a hex digit, an ASCII letter, a digit.
typedef struct { uint64_t space, hex, letter, digit; } column_masks;

/// The forms of the masks: a byte at a time (every machine), 16 bytes (SSE2, every x86-64),
/// 32 bytes (AVX2).
enum { portable = 0, sse2 = 1, avx2 = 2 };

static inline int is_subsystem_stop(uint8_t byte) { return byte == ']' || byte == ':' || byte == ' ' || (uint8_t)(byte - 9) < 5; }

static inline column_masks masks64_portable(const uint8_t *p) {
    column_masks masks = {0, 0, 0, 0};
    for (unsigned index = 0; index < 64; index++) {
        uint8_t byte = p[index];
        uint64_t bit = UINT64_C(1) << index;
        int digit = (uint8_t)(byte - '0') < 10, letter = (uint8_t)((byte | 0x20) - 'a') < 26;
        if (byte == ' ') masks.space |= bit;
        if (digit) masks.digit |= bit;
        if (letter) masks.letter |= bit;
        if (digit || (uint8_t)((byte | 0x20) - 'a') < 6) masks.hex |= bit;
    }
    return masks;
}

static inline uint64_t stops64_portable(const uint8_t *p, uint8_t stop) {
    uint64_t bits = 0;
    for (unsigned index = 0; index < 64; index++) {
        if (p[index] == stop || p[index] == '\n') bits |= UINT64_C(1) << index;
    }
    return bits;
}

static inline uint64_t subsystem_stops64_portable(const uint8_t *p) {
    uint64_t bits = 0;
    for (unsigned index = 0; index < 64; index++) {
        if (is_subsystem_stop(p[index])) bits |= UINT64_C(1) << index;
    }
    return bits;
}

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define TC_X86 1

// A byte less a class's first byte is at most the class's span exactly for the class's bytes
// (the others wrap above it): min(x, span) == x.
static inline column_masks masks64_sse2(const uint8_t *p) {
    column_masks masks = {0, 0, 0, 0};
    const __m128i blank = _mm_set1_epi8(' '), zero = _mm_set1_epi8('0'), a = _mm_set1_epi8('a'), fold = _mm_set1_epi8(0x20);
    const __m128i nine = _mm_set1_epi8(9), five = _mm_set1_epi8(5), twenty_five = _mm_set1_epi8(25);
    for (int chunk = 0; chunk < 4; chunk++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * chunk));
        __m128i digits = _mm_sub_epi8(bytes, zero), letters = _mm_sub_epi8(_mm_or_si128(bytes, fold), a);
        __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(digits, nine), digits);
        __m128i letter = _mm_cmpeq_epi8(_mm_min_epu8(letters, twenty_five), letters);
        __m128i hex_letter = _mm_cmpeq_epi8(_mm_min_epu8(letters, five), letters);
        unsigned shift = 16 * (unsigned)chunk;
        masks.space |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, blank)) << shift;
        masks.digit |= (uint64_t)(uint16_t)_mm_movemask_epi8(digit) << shift;
        masks.letter |= (uint64_t)(uint16_t)_mm_movemask_epi8(letter) << shift;
        masks.hex |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_or_si128(digit, hex_letter)) << shift;
    }
    return masks;
}

static inline uint64_t stops64_sse2(const uint8_t *p, uint8_t stop) {
    uint64_t bits = 0;
    const __m128i wanted = _mm_set1_epi8((char)stop), newline = _mm_set1_epi8('\n');
    for (int chunk = 0; chunk < 4; chunk++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * chunk));
        bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(bytes, wanted), _mm_cmpeq_epi8(bytes, newline)))
                << (16 * (unsigned)chunk);
    }
    return bits;
}

static inline uint64_t subsystem_stops64_sse2(const uint8_t *p) {
    const __m128i close = _mm_set1_epi8(']'), colon = _mm_set1_epi8(':'), blank = _mm_set1_epi8(' ');
    const __m128i tab = _mm_set1_epi8(9), four = _mm_set1_epi8(4);
    uint64_t bits = 0;
    for (int chunk = 0; chunk < 4; chunk++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * chunk)), control = _mm_sub_epi8(bytes, tab);
        __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, close), _mm_cmpeq_epi8(bytes, colon)),
                                    _mm_or_si128(_mm_cmpeq_epi8(bytes, blank), _mm_cmpeq_epi8(_mm_min_epu8(control, four), control)));
        bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(stop) << (16 * (unsigned)chunk);
    }
    return bits;
}

__attribute__((target("avx2")))
static inline column_masks masks64_avx2(const uint8_t *p) {
    column_masks masks = {0, 0, 0, 0};
    const __m256i blank = _mm256_set1_epi8(' '), zero = _mm256_set1_epi8('0'), a = _mm256_set1_epi8('a'), fold = _mm256_set1_epi8(0x20);
    const __m256i nine = _mm256_set1_epi8(9), five = _mm256_set1_epi8(5), twenty_five = _mm256_set1_epi8(25);
    for (int half = 0; half < 2; half++) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(p + 32 * half));
        __m256i digits = _mm256_sub_epi8(bytes, zero), letters = _mm256_sub_epi8(_mm256_or_si256(bytes, fold), a);
        __m256i digit = _mm256_cmpeq_epi8(_mm256_min_epu8(digits, nine), digits);
        __m256i letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letters, twenty_five), letters);
        __m256i hex_letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letters, five), letters);
        unsigned shift = 32 * (unsigned)half;
        masks.space |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, blank)) << shift;
        masks.digit |= (uint64_t)(uint32_t)_mm256_movemask_epi8(digit) << shift;
        masks.letter |= (uint64_t)(uint32_t)_mm256_movemask_epi8(letter) << shift;
        masks.hex |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(digit, hex_letter)) << shift;
    }
    return masks;
}

__attribute__((target("avx2")))
static inline uint64_t stops64_avx2(const uint8_t *p, uint8_t stop) {
    const __m256i wanted = _mm256_set1_epi8((char)stop), newline = _mm256_set1_epi8('\n');
    __m256i low = _mm256_loadu_si256((const __m256i *)p), high = _mm256_loadu_si256((const __m256i *)(p + 32));
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(low, wanted), _mm256_cmpeq_epi8(low, newline)))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(high, wanted), _mm256_cmpeq_epi8(high, newline))) << 32;
}

__attribute__((target("avx2")))
static inline uint64_t subsystem_stops64_avx2(const uint8_t *p) {
    const __m256i close = _mm256_set1_epi8(']'), colon = _mm256_set1_epi8(':'), blank = _mm256_set1_epi8(' ');
    const __m256i tab = _mm256_set1_epi8(9), four = _mm256_set1_epi8(4);
    uint64_t bits = 0;
    for (int half = 0; half < 2; half++) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(p + 32 * half)), control = _mm256_sub_epi8(bytes, tab);
        __m256i stop = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(bytes, close), _mm256_cmpeq_epi8(bytes, colon)),
                                       _mm256_or_si256(_mm256_cmpeq_epi8(bytes, blank), _mm256_cmpeq_epi8(_mm256_min_epu8(control, four), control)));
        bits |= (uint64_t)(uint32_t)_mm256_movemask_epi8(stop) << (32 * (unsigned)half);
    }
    return bits;
}

#define MASKS(form, p) ((form) == avx2 ? masks64_avx2(p) : (form) == sse2 ? masks64_sse2(p) : masks64_portable(p))
#define STOPS(form, p, stop) ((form) == avx2 ? stops64_avx2(p, stop) : (form) == sse2 ? stops64_sse2(p, stop) : stops64_portable(p, stop))
#define SUBSYSTEM_STOPS(form, p) \
    ((form) == avx2 ? subsystem_stops64_avx2(p) : (form) == sse2 ? subsystem_stops64_sse2(p) : subsystem_stops64_portable(p))
#else
#define MASKS(form, p) masks64_portable(p)
#define STOPS(form, p, stop) stops64_portable(p, stop)
#define SUBSYSTEM_STOPS(form, p) subsystem_stops64_portable(p)
#endif

// The searches below take 64 bytes at a time from `from`, and the last fewer than 64 as the
// line's last 64 bytes with the marks before `from` shifted out (the kernel reads only lines
// of 64 bytes or more): a byte at a time, the end of a short message's sender was again a
// branch missed on a log of many apps, whose messages are shorter.

/// The index of the first `stop` or newline at or after `from`, or `count`.
static inline __attribute__((always_inline)) size_t first_of(const uint8_t *line, size_t count, size_t from, uint8_t stop, int form) {
    (void)form;
    for (; count - from >= 64; from += 64) {
        uint64_t stops = STOPS(form, line + from, stop);
        if (stops != 0) return from + (size_t)__builtin_ctzll(stops);
    }
    if (from >= count) return count;
    if (count >= 64) {
        // 0 < from - (count - 64) < 64.
        uint64_t stops = STOPS(form, line + count - 64, stop) >> (from - (count - 64));
        return stops != 0 ? from + (size_t)__builtin_ctzll(stops) : count;
    }
    while (from < count && line[from] != stop && line[from] != '\n') from++;
    return from;
}

/// The index of the first byte at or after `from` that may end a subsystem, or `count`.
static inline __attribute__((always_inline)) size_t subsystem_end(const uint8_t *line, size_t count, size_t from, int form) {
    (void)form;
    for (; count - from >= 64; from += 64) {
        uint64_t stops = SUBSYSTEM_STOPS(form, line + from);
        if (stops != 0) return from + (size_t)__builtin_ctzll(stops);
    }
    if (from >= count) return count;
    if (count >= 64) {
        uint64_t stops = SUBSYSTEM_STOPS(form, line + count - 64) >> (from - (count - 64));
        return stops != 0 ? from + (size_t)__builtin_ctzll(stops) : count;
    }
    while (from < count && !is_subsystem_stop(line[from])) from++;
    return from;
}

/// The first place at or after `at` (below 64) whose bit of `members` is clear; 64 where
/// every one to the window's end is set.
static inline unsigned run_end(uint64_t members, unsigned at) {
    uint64_t others = ~members >> at;
    return others == 0 ? 64 : at + (unsigned)__builtin_ctzll(others);
}

/// `tc_log_default_columns` with the masks of `form` (a constant where it is inlined).
static inline __attribute__((always_inline)) int read_columns(const uint8_t *line, size_t count, size_t stamp_end, tc_log_columns *columns,
                                                              int form) {
    (void)form;
    if (count < stamp_end || count - stamp_end < 64) return 0;
    const uint8_t *window = line + stamp_end;
    column_masks masks = MASKS(form, window);
    // ` +0x2bb1f4 +Default +0x0 +4817 +0 +`: each run at least one byte, ending in the window.
    unsigned at = 0, end;
#define RUN(mask)                                  \
    end = run_end(masks.mask, at);                 \
    if (end == at || end >= 64) return 0;
    RUN(space)
    at = end;
    if (at + 2 >= 64 || window[at] != '0' || window[at + 1] != 'x') return 0;
    unsigned thread = at;
    at += 2;
    RUN(hex)
    columns->thread_start = (int64_t)(stamp_end + thread);
    columns->thread_end = (int64_t)(stamp_end + end);
    at = end;
    RUN(space)
    at = end;
    RUN(letter)
    at = end;
    RUN(space)
    at = end;
    if (at + 2 >= 64 || window[at] != '0' || window[at + 1] != 'x') return 0;
    at += 2;
    RUN(hex)
    at = end;
    RUN(space)
    at = end;
    RUN(digit)
    columns->pid_start = (int64_t)(stamp_end + at);
    columns->pid_end = (int64_t)(stamp_end + end);
    at = end;
    RUN(space)
    at = end;
    RUN(digit)
    at = end;
    RUN(space)
    at = end;
#undef RUN
    // A signpost's `[spid …] ` is left to the slow way.
    if (window[at] == '[') return 0;
    // `Fieldnotes: `, or `Fieldnotes:` at the line's end: the first colon, with no newline before it.
    size_t start = stamp_end + at, colon = first_of(line, count, start, ':', form);
    if (colon >= count || line[colon] != ':' || colon == start) return 0;
    if (colon + 1 < count && line[colon + 1] != ' ') return 0;
    columns->process_start = (int64_t)start;
    columns->process_end = (int64_t)colon;
    size_t cursor = colon + 2 < count ? colon + 2 : count;
    // `(UIKitCore) `: optional, as is the label after it.
    if (cursor < count && line[cursor] == '(') {
        size_t close = first_of(line, count, cursor + 1, ')', form);
        if (close < count && line[close] == ')' && (close + 1 == count || line[close + 1] == ' ')) cursor = close + 2 < count ? close + 2 : count;
    }
    // `[com.apple.runningboard:assertion] `: the subsystem holds no `]`, `:` or space, and is not empty.
    if (cursor < count && line[cursor] == '[') {
        size_t subsystem = cursor + 1, stop = subsystem_end(line, count, subsystem, form);
        if (stop > subsystem && stop < count && line[stop] == ':') {
            size_t close = first_of(line, count, stop + 1, ']', form);
            if (close < count && line[close] == ']' && (close + 1 == count || line[close + 1] == ' ')) cursor = close + 2 < count ? close + 2 : count;
        }
    }
    columns->message_start = (int64_t)cursor;
    return 1;
}

static int read_columns_portable(const uint8_t *line, size_t count, size_t stamp_end, tc_log_columns *columns) {
    return read_columns(line, count, stamp_end, columns, portable);
}

#ifdef TC_X86
static int read_columns_sse2(const uint8_t *line, size_t count, size_t stamp_end, tc_log_columns *columns) {
    return read_columns(line, count, stamp_end, columns, sse2);
}

__attribute__((target("avx2")))
static int read_columns_avx2(const uint8_t *line, size_t count, size_t stamp_end, tc_log_columns *columns) {
    return read_columns(line, count, stamp_end, columns, avx2);
}
#endif

int tc_log_default_columns_in(int form, const uint8_t *line, size_t count, size_t stamp_end, tc_log_columns *columns) {
#ifdef TC_X86
    if (form >= avx2 && __builtin_cpu_supports("avx2")) return read_columns_avx2(line, count, stamp_end, columns);
    if (form >= sse2) return read_columns_sse2(line, count, stamp_end, columns);
#endif
    return read_columns_portable(line, count, stamp_end, columns);
}

int tc_log_default_columns(const uint8_t *line, size_t count, size_t stamp_end, tc_log_columns *columns) {
#ifdef TC_X86
    // Asked of the machine once (it was a tenth of the kernel's instructions, asked each line);
    // threads that race here store the same answer.
    static int machine_form = -1;
    int form = __atomic_load_n(&machine_form, __ATOMIC_RELAXED);
    if (form < 0) {
        form = __builtin_cpu_supports("avx2") ? avx2 : sse2;
        __atomic_store_n(&machine_form, form, __ATOMIC_RELAXED);
    }
    return form == avx2 ? read_columns_avx2(line, count, stamp_end, columns) : read_columns_sse2(line, count, stamp_end, columns);
#else
    return read_columns_portable(line, count, stamp_end, columns);
#endif
}
