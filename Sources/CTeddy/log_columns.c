// log's default style pads its columns with spaces to widths that each record's fields then
// only partly fill: the thread id, type, activity id, pid and process name of a device log of
// many apps each have their own length from line to line. Read a byte at a time, each column's
// end was a branch the processor missed; here each column ends where a bit mask of its class
// of bytes over 64 bytes does, found without a branch on the bytes, and the timestamp before
// them is checked from one mask of digits. AVX2 only: elsewhere the caller's byte readers read
// every line, as they did before (a byte-at-a-time form of the masks would cost more than
// those readers save).
#include "log_columns.h"
#include "avx2_masks.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>

/// The classes of bytes the columns are made of, and bit i of each mask: whether byte i of 64
/// is of that class.
enum { space, hex, letter, digit, classes };
typedef struct { uint64_t of[classes]; } column_masks;

/// The runs from the timestamp to the process, ` +0x2bb1f4 +Default +0x0 +4817 +0 +`: each of
/// one class, at least one byte long, a hex number after `0x`.
static const struct { uint8_t class, after_0x; } runs[] = {
    {space, 0}, {hex, 1}, {space, 0}, {letter, 0}, {space, 0}, {hex, 1}, {space, 0}, {digit, 0}, {space, 0}, {digit, 0}, {space, 0},
};
/// Which of `runs` are the thread and the pid.
enum { thread_run = 1, pid_run = 7, run_count = sizeof runs / sizeof runs[0] };

// A byte less a class's first byte is at most the class's span exactly for the class's bytes
// (the others wrap above it): min(x, span) == x.
__attribute__((target("avx2")))
static inline column_masks masks64(const uint8_t *p) {
    column_masks masks = {{0, 0, 0, 0}};
    const __m256i blank = _mm256_set1_epi8(' '), zero = _mm256_set1_epi8('0'), a = _mm256_set1_epi8('a'), fold = _mm256_set1_epi8(0x20);
    const __m256i nine = _mm256_set1_epi8(9), five = _mm256_set1_epi8(5), twenty_five = _mm256_set1_epi8(25);
    for (int half = 0; half < 2; half++) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(p + 32 * half));
        __m256i digits = _mm256_sub_epi8(bytes, zero), letters = _mm256_sub_epi8(_mm256_or_si256(bytes, fold), a);
        __m256i is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(digits, nine), digits);
        __m256i is_letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letters, twenty_five), letters);
        __m256i hex_letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letters, five), letters);
        unsigned shift = 32 * (unsigned)half;
        masks.of[space] |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, blank)) << shift;
        masks.of[digit] |= (uint64_t)(uint32_t)_mm256_movemask_epi8(is_digit) << shift;
        masks.of[letter] |= (uint64_t)(uint32_t)_mm256_movemask_epi8(is_letter) << shift;
        masks.of[hex] |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(is_digit, hex_letter)) << shift;
    }
    return masks;
}

/// Bit i: whether byte i of `p` (64 bytes) is `stop` or a newline.
__attribute__((target("avx2")))
static inline uint64_t stops64(const uint8_t *p, uint8_t stop) {
    const __m256i wanted = _mm256_set1_epi8((char)stop), newline = _mm256_set1_epi8('\n');
    __m256i low = _mm256_loadu_si256((const __m256i *)p), high = _mm256_loadu_si256((const __m256i *)(p + 32));
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(low, wanted), _mm256_cmpeq_epi8(low, newline)))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(_mm256_cmpeq_epi8(high, wanted), _mm256_cmpeq_epi8(high, newline))) << 32;
}

/// Bit i: whether byte i of `p` (64 bytes) may end a subsystem: `]`, `:`, a space, a tab to a
/// carriage return (the pattern's `\s`). The second argument is `stops64`'s stop, not needed.
__attribute__((target("avx2")))
static inline uint64_t subsystem_stops64(const uint8_t *p, uint8_t unused) {
    (void)unused;
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

// The searches below take 64 bytes at a time from `from`, and the last fewer than 64 as the
// line's last 64 with the marks before `from` shifted out (the kernel reads only lines of 64
// bytes or more): a byte at a time, the end of a short message's sender was again a branch
// missed on a log of many apps, whose messages are shorter.

/// The index of the first byte at or after `from` that `marks` (of 64 bytes, given `stop`)
/// marks, or `count`. Inlined, `marks` is a constant: a call of it, not through a pointer.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) size_t first_marked(const uint8_t *line, size_t count, size_t from,
                                                                 uint64_t (*marks)(const uint8_t *, uint8_t), uint8_t stop) {
    for (; count - from >= 64; from += 64) {
        uint64_t marked = marks(line + from, stop);
        if (marked != 0) return from + (size_t)__builtin_ctzll(marked);
    }
    if (from >= count) return count;
    // 0 < from - (count - 64) < 64.
    uint64_t marked = marks(line + count - 64, stop) >> (from - (count - 64));
    return marked != 0 ? from + (size_t)__builtin_ctzll(marked) : count;
}

/// The index of the first `stop` or newline at or after `from`, or `count`.
__attribute__((target("avx2")))
static inline size_t first_of(const uint8_t *line, size_t count, size_t from, uint8_t stop) {
    return first_marked(line, count, from, stops64, stop);
}

/// The index of the first byte at or after `from` that may end a subsystem, or `count`.
__attribute__((target("avx2")))
static inline size_t subsystem_end(const uint8_t *line, size_t count, size_t from) {
    return first_marked(line, count, from, subsystem_stops64, 0);
}

/// The first place at or after `at` (below 64) whose bit of `members` is clear; 64 where
/// every one to the window's end is set.
static inline unsigned run_end(uint64_t members, unsigned at) {
    uint64_t others = ~members >> at;
    return others == 0 ? 64 : at + (unsigned)__builtin_ctzll(others);
}

/// Where the timestamp at the start of `line` (64 bytes or more) ends, as `Bytes.dateTimeEnd`
/// finds it: `2026-03-14 09:27:12`, 1 to 9 digits of a fraction after a dot, a zone (`+0100`,
/// `-07:00`), then a space, whose index is returned; 0 for anything else (the caller's reader
/// then decides).
__attribute__((target("avx2")))
static inline size_t stamp_end_of(const uint8_t *line) {
    // The digits of `YYYY-MM-DD HH:MM:SS`: bits 0-3, 5-6, 8-9, 11-12, 14-15, 17-18.
    const uint64_t date_time_digits = 0x6DB6FULL;
    uint64_t digits = digits64_avx2(line);
    if ((digits & date_time_digits) != date_time_digits || line[4] != '-' || line[7] != '-' || line[10] != ' ' || line[13] != ':'
        || line[16] != ':') return 0;
    unsigned at = 19;
    if (line[at] == '.') {
        unsigned end = run_end(digits, at + 1);
        if (end - (at + 1) < 1 || end - (at + 1) > 9) return 0;
        at = end;
    }
    if (line[at] == '+' || line[at] == '-') {
        if (((digits >> (at + 1)) & 3) != 3) return 0;
        at += 3;
        if (line[at] == ':') at++;
        if (((digits >> at) & 3) != 3) return 0;
        at += 2;
    }
    return line[at] == ' ' ? at : 0;
}

__attribute__((target("avx2")))
static int read_columns(const uint8_t *line, size_t count, tc_log_columns *columns) {
    if (count < 64) return 0;
    size_t stamp_end = stamp_end_of(line);
    if (stamp_end == 0 || count - stamp_end < 64) return 0;
    columns->stamp_end = (int64_t)stamp_end;
    const uint8_t *window = line + stamp_end;
    column_masks masks = masks64(window);
    // Each run ends in the window, where its class's mask has its first clear bit.
    unsigned at = 0;
    // Unrolled, each run's class and place are constants (looped, the kernel cost 42 % more).
#pragma clang loop unroll(full)
    for (unsigned index = 0; index < run_count; index++) {
        unsigned start = at;
        if (runs[index].after_0x) {
            if (at + 2 >= 64 || window[at] != '0' || window[at + 1] != 'x') return 0;
            at += 2;
        }
        unsigned end = run_end(masks.of[runs[index].class], at);
        if (end == at || end >= 64) return 0;
        if (index == thread_run) {
            columns->thread_start = (int64_t)(stamp_end + start);
            columns->thread_end = (int64_t)(stamp_end + end);
        } else if (index == pid_run) {
            columns->pid_start = (int64_t)(stamp_end + start);
            columns->pid_end = (int64_t)(stamp_end + end);
        }
        at = end;
    }
    // A signpost's `[spid …] ` is left to the slow way.
    if (window[at] == '[') return 0;
    // `Fieldnotes: `, or `Fieldnotes:` at the line's end: the first colon, with no newline before it.
    size_t start = stamp_end + at, colon = first_of(line, count, start, ':');
    if (colon >= count || line[colon] != ':' || colon == start) return 0;
    if (colon + 1 < count && line[colon + 1] != ' ') return 0;
    columns->process_start = (int64_t)start;
    columns->process_end = (int64_t)colon;
    size_t cursor = colon + 2 < count ? colon + 2 : count;
    // `(UIKitCore) `: optional, as is the label after it.
    if (cursor < count && line[cursor] == '(') {
        size_t close = first_of(line, count, cursor + 1, ')');
        if (close < count && line[close] == ')' && (close + 1 == count || line[close + 1] == ' ')) cursor = close + 2 < count ? close + 2 : count;
    }
    // `[com.apple.runningboard:assertion] `: the subsystem holds no `]`, `:` or space, and is not empty.
    if (cursor < count && line[cursor] == '[') {
        size_t subsystem = cursor + 1, stop = subsystem_end(line, count, subsystem);
        if (stop > subsystem && stop < count && line[stop] == ':') {
            size_t close = first_of(line, count, stop + 1, ']');
            if (close < count && line[close] == ']' && (close + 1 == count || line[close + 1] == ' ')) cursor = close + 2 < count ? close + 2 : count;
        }
    }
    columns->message_start = (int64_t)cursor;
    return 1;
}

int tc_log_default_columns_available(void) { return machine_has_avx2(); }

int tc_log_default_columns(const uint8_t *line, size_t count, tc_log_columns *columns) {
    return tc_log_default_columns_available() ? read_columns(line, count, columns) : 0;
}
#else
int tc_log_default_columns_available(void) { return 0; }

int tc_log_default_columns(const uint8_t *line, size_t count, tc_log_columns *columns) {
    (void)line, (void)count, (void)columns;
    return 0;
}
#endif
