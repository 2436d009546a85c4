#include "teddy.h"
#include <string.h>

/// `tc_line_end` with the C library's searches: the newline, then each byte before it.
static size_t line_end_portable(const uint8_t *text, size_t count, int *seen) {
    const uint8_t *newline = memchr(text, '\n', count);
    size_t offset = newline != NULL ? (size_t)(newline - text) : count;
    *seen = (memchr(text, 27, offset) != NULL ? TC_LINE_ESCAPE : 0) | (memchr(text, 0, offset) != NULL ? TC_LINE_NUL : 0);
    return offset;
}

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include "avx2_masks.h"

/// The bucket bits of the 32 positions at `at`, for one byte of the fingerprints (`lo`, `hi`).
/// Case is folded by the tables, not by an instruction per byte. (The low nibble is masked: a
/// shuffle gives 0 for a byte with bit 7 set, and a team's own words may hold such bytes.)
#define TC_MATCH256(lo, hi, at) ({ \
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(text + (at))); \
        _mm256_and_si256(_mm256_shuffle_epi8(lo, _mm256_and_si256(bytes, nibble)), \
                         _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble))); })

__attribute__((target("avx2")))
static size_t next_block_avx2(const tc_teddy *t, const uint8_t *text, size_t count, size_t offset, uint32_t *mask) {
    const __m256i lo1 = _mm256_loadu_si256((const __m256i *)t->lo1), hi1 = _mm256_loadu_si256((const __m256i *)t->hi1);
    const __m256i lo2 = _mm256_loadu_si256((const __m256i *)t->lo2), hi2 = _mm256_loadu_si256((const __m256i *)t->hi2);
    const __m256i lo3 = _mm256_loadu_si256((const __m256i *)t->lo3), hi3 = _mm256_loadu_si256((const __m256i *)t->hi3);
    const __m256i nibble = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
    for (; offset + TC_TEDDY_REACH <= count; offset += 32) {
        __m256i all = _mm256_and_si256(_mm256_and_si256(TC_MATCH256(lo1, hi1, offset), TC_MATCH256(lo2, hi2, offset + 1)),
                                       TC_MATCH256(lo3, hi3, offset + 2));
        uint32_t bits = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(all, zero));
        if (bits) {
            *mask = bits;
            return offset;
        }
    }
    *mask = 0;
    return offset;
}

__attribute__((target("avx2")))
static size_t fill_avx2(const tc_teddy *t, const uint8_t *text, size_t count, size_t offset, uint32_t *masks, uint32_t *newlines,
                        int *special, size_t blocks) {
    const __m256i lo1 = _mm256_loadu_si256((const __m256i *)t->lo1), hi1 = _mm256_loadu_si256((const __m256i *)t->hi1);
    const __m256i lo2 = _mm256_loadu_si256((const __m256i *)t->lo2), hi2 = _mm256_loadu_si256((const __m256i *)t->hi2);
    const __m256i lo3 = _mm256_loadu_si256((const __m256i *)t->lo3), hi3 = _mm256_loadu_si256((const __m256i *)t->hi3);
    const __m256i nibble = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
    const __m256i newline = _mm256_set1_epi8('\n'), escapes = _mm256_set1_epi8(27), tab = _mm256_set1_epi8(9);
    __m256i apart = zero, tabs = zero;
    size_t filled = 0;
    for (; filled < blocks && offset + TC_TEDDY_REACH <= count; filled++, offset += 32) {
        __m256i all = _mm256_and_si256(_mm256_and_si256(TC_MATCH256(lo1, hi1, offset), TC_MATCH256(lo2, hi2, offset + 1)),
                                       TC_MATCH256(lo3, hi3, offset + 2));
        masks[filled] = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(all, zero));
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(text + offset));
        newlines[filled] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, newline));
        apart = _mm256_or_si256(apart, _mm256_or_si256(_mm256_cmpeq_epi8(bytes, escapes), _mm256_cmpeq_epi8(bytes, zero)));
        tabs = _mm256_or_si256(tabs, _mm256_cmpeq_epi8(bytes, tab));
    }
    *special = (_mm256_movemask_epi8(apart) != 0 ? TC_SPECIAL_APART : 0) | (_mm256_movemask_epi8(tabs) != 0 ? TC_SPECIAL_TAB : 0);
    return filled;
}

/// `tc_teddy_span` with AVX2: the tables loaded once for every block of a message.
__attribute__((target("avx2")))
static size_t span_avx2(const tc_teddy *t, const uint8_t *text, size_t count, size_t offset, uint32_t *masks, size_t blocks) {
    const __m256i lo1 = _mm256_loadu_si256((const __m256i *)t->lo1), hi1 = _mm256_loadu_si256((const __m256i *)t->hi1);
    const __m256i lo2 = _mm256_loadu_si256((const __m256i *)t->lo2), hi2 = _mm256_loadu_si256((const __m256i *)t->hi2);
    const __m256i lo3 = _mm256_loadu_si256((const __m256i *)t->lo3), hi3 = _mm256_loadu_si256((const __m256i *)t->hi3);
    const __m256i nibble = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
#define TC_SPAN_BLOCK(at) (~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(_mm256_and_si256( \
        TC_MATCH256(lo1, hi1, (at)), TC_MATCH256(lo2, hi2, (at) + 1)), TC_MATCH256(lo3, hi3, (at) + 2)), zero)))
    size_t filled = 0;
    for (; filled < blocks && offset + TC_TEDDY_REACH <= count; filled++, offset += 32) masks[filled] = TC_SPAN_BLOCK(offset);
    if (filled < blocks && offset + 2 < count) {
        // The last places, from the text's last TC_TEDDY_REACH bytes (they begin before
        // `offset`): shifted down, the places past count - 3 come in as zeros.
        size_t at = count - TC_TEDDY_REACH;
        masks[filled++] = TC_SPAN_BLOCK(at) >> (offset - at);
    }
#undef TC_SPAN_BLOCK
    return filled;
}

#undef TC_MATCH256

/// `TC_MATCH256` for 64 positions: the 16-byte tables repeated in each of the four lanes.
#define TC_MATCH512(lo, hi, at) ({ \
        __m512i bytes = _mm512_loadu_si512((const void *)(text + (at))); \
        _mm512_and_si512(_mm512_shuffle_epi8(lo, _mm512_and_si512(bytes, nibble)), \
                         _mm512_shuffle_epi8(hi, _mm512_and_si512(_mm512_srli_epi16(bytes, 4), nibble))); })

/// How far ahead of the blocks it searches `fill_avx512` asks for the text.
#define TC_PREFETCH_DISTANCE 2048

/// `fill_avx2` two blocks at a time, 64 bytes to a register, then the last block with AVX2.
/// On 64 MB of an app's console the blocks take 2.5 ms, where AVX2 takes 3.8 (a Zen 5 core).
__attribute__((target("avx512f,avx512bw,avx2")))
static size_t fill_avx512(const tc_teddy *t, const uint8_t *text, size_t count, size_t offset, uint32_t *masks, uint32_t *newlines,
                          int *special, size_t blocks) {
#define TC_LANES(table) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)t->table))
    const __m512i lo1 = TC_LANES(lo1), hi1 = TC_LANES(hi1), lo2 = TC_LANES(lo2), hi2 = TC_LANES(hi2), lo3 = TC_LANES(lo3), hi3 = TC_LANES(hi3);
#undef TC_LANES
    const __m512i nibble = _mm512_set1_epi8(0x0F), newline = _mm512_set1_epi8('\n'), escapes = _mm512_set1_epi8(27);
    const __m512i tab = _mm512_set1_epi8(9);
    __mmask64 apart = 0, tabs = 0;
    size_t filled = 0;
    // Two blocks whose second has its TC_TEDDY_REACH bytes.
    for (; filled + 2 <= blocks && offset + 32 + TC_TEDDY_REACH <= count; filled += 2, offset += 64) {
        __m512i all = _mm512_and_si512(_mm512_and_si512(TC_MATCH512(lo1, hi1, offset), TC_MATCH512(lo2, hi2, offset + 1)),
                                       TC_MATCH512(lo3, hi3, offset + 2));
        uint64_t found = _mm512_test_epi8_mask(all, all);
        __m512i bytes = _mm512_loadu_si512((const void *)(text + offset));
        // A file read through a mapping (`LineReader.readMapped`) is not in the cache the way a
        // buffer the kernel has just copied it into is: asked for 2 KiB ahead, an app's 64 MB
        // console took 43.4 ms with two threads where it took 46.8 without (another series:
        // 1, 2, 4 and 8 KiB ahead 46.4, 45.2, 44.7 and 47.0 ms). Read from a buffer, no change.
        _mm_prefetch((const char *)(text + offset + TC_PREFETCH_DISTANCE), _MM_HINT_T0);
        uint64_t ends = _mm512_cmpeq_epi8_mask(bytes, newline);
        apart |= _mm512_cmpeq_epi8_mask(bytes, escapes) | _mm512_testn_epi8_mask(bytes, bytes);
        tabs |= _mm512_cmpeq_epi8_mask(bytes, tab);
        masks[filled] = (uint32_t)found;
        masks[filled + 1] = (uint32_t)(found >> 32);
        newlines[filled] = (uint32_t)ends;
        newlines[filled + 1] = (uint32_t)(ends >> 32);
    }
    size_t rest = fill_avx2(t, text, count, offset, masks + filled, newlines + filled, special, blocks - filled);
    *special |= (apart != 0 ? TC_SPECIAL_APART : 0) | (tabs != 0 ? TC_SPECIAL_TAB : 0);
    return filled + rest;
}
#undef TC_MATCH512

__attribute__((target("ssse3")))
static uint32_t block_ssse3(const tc_teddy *t, const uint8_t *p) {
    const __m128i lo1 = _mm_loadu_si128((const __m128i *)t->lo1), hi1 = _mm_loadu_si128((const __m128i *)t->hi1);
    const __m128i lo2 = _mm_loadu_si128((const __m128i *)t->lo2), hi2 = _mm_loadu_si128((const __m128i *)t->hi2);
    const __m128i lo3 = _mm_loadu_si128((const __m128i *)t->lo3), hi3 = _mm_loadu_si128((const __m128i *)t->hi3);
    const __m128i nibble = _mm_set1_epi8(0x0F), zero = _mm_setzero_si128();
#define TC_MATCH128(lo, hi, at) ({ \
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + (at))); \
        _mm_and_si128(_mm_shuffle_epi8(lo, _mm_and_si128(bytes, nibble)), \
                      _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble))); })
    uint32_t bits = 0;
    for (int half = 0; half < 2; half++) {
        __m128i all = _mm_and_si128(_mm_and_si128(TC_MATCH128(lo1, hi1, 16 * half), TC_MATCH128(lo2, hi2, 16 * half + 1)),
                                    TC_MATCH128(lo3, hi3, 16 * half + 2));
        uint32_t half_bits = (uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(all, zero));
        bits |= half_bits << (16 * half);
    }
#undef TC_MATCH128
    return bits;
}

static size_t next_block_ssse3(const tc_teddy *t, const uint8_t *text, size_t count, size_t offset, uint32_t *mask) {
    for (; offset + TC_TEDDY_REACH <= count; offset += 32) {
        uint32_t bits = block_ssse3(t, text + offset);
        if (bits) {
            *mask = bits;
            return offset;
        }
    }
    *mask = 0;
    return offset;
}

size_t tc_teddy_fill(int level, const tc_teddy *t, const uint8_t *text, size_t count, size_t start, uint32_t *masks,
                     uint32_t *newlines, int *special, size_t blocks) {
    *special = 0;
    switch (level) {
    case 3: return fill_avx512(t, text, count, start, masks, newlines, special, blocks);
    case 2: return fill_avx2(t, text, count, start, masks, newlines, special, blocks);
    case 1: {
        size_t filled = 0;
        const __m128i newline = _mm_set1_epi8('\n'), escapes = _mm_set1_epi8(27), zero = _mm_setzero_si128(), tab = _mm_set1_epi8(9);
        __m128i apart = zero, tabs = zero;
        for (; filled < blocks && start + TC_TEDDY_REACH <= count; filled++, start += 32) {
            masks[filled] = block_ssse3(t, text + start);
            __m128i low = _mm_loadu_si128((const __m128i *)(text + start)), high = _mm_loadu_si128((const __m128i *)(text + start + 16));
            newlines[filled] = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(low, newline))
                | (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(high, newline)) << 16;
            apart = _mm_or_si128(apart, _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(low, escapes), _mm_cmpeq_epi8(high, escapes)),
                                                     _mm_or_si128(_mm_cmpeq_epi8(low, zero), _mm_cmpeq_epi8(high, zero))));
            tabs = _mm_or_si128(tabs, _mm_or_si128(_mm_cmpeq_epi8(low, tab), _mm_cmpeq_epi8(high, tab)));
        }
        *special = (_mm_movemask_epi8(apart) != 0 ? TC_SPECIAL_APART : 0) | (_mm_movemask_epi8(tabs) != 0 ? TC_SPECIAL_TAB : 0);
        return filled;
    }
    default: return 0;
    }
}

size_t tc_teddy_span(int level, const tc_teddy *t, const uint8_t *text, size_t count, size_t start, uint32_t *masks, size_t blocks) {
    if (count < TC_TEDDY_REACH) return 0;
    switch (level) {
    case 3:
    case 2: return span_avx2(t, text, count, start, masks, blocks);
    case 1: {
        size_t filled = 0;
        for (; filled < blocks && start + TC_TEDDY_REACH <= count; filled++, start += 32) masks[filled] = block_ssse3(t, text + start);
        if (filled < blocks && start + 2 < count) {
            size_t at = count - TC_TEDDY_REACH;
            masks[filled++] = block_ssse3(t, text + at) >> (start - at);
        }
        return filled;
    }
    default: return 0;
    }
}

int tc_teddy_level(void) {
    __builtin_cpu_init();
    // AVX-512 only where it does not slow the core down (Ice Lake, Zen 4 and later; VBMI2
    // tells them from Skylake-X, as simdjson's choice of its kernel does).
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vbmi2")) return 3;
    return __builtin_cpu_supports("avx2") ? 2 : (__builtin_cpu_supports("ssse3") ? 1 : 0);
}

size_t tc_teddy_next_block(int level, const tc_teddy *t, const uint8_t *text, size_t count, size_t start, uint32_t *mask) {
    switch (level) {
    case 3:
    case 2: return next_block_avx2(t, text, count, start, mask);
    case 1: return next_block_ssse3(t, text, count, start, mask);
    default:
        *mask = 0;
        return start;
    }
}

/// The bytes `tc_line_end` looks for among the 32 at `at`: where the first newline is
/// (at + 32 where there is none), with what `seen` held added to *seen from the bytes before it.
__attribute__((target("avx2")))
static inline size_t line_end_in_block(const uint8_t *text, size_t at, int seen_before, int *seen) {
    __m256i bytes = _mm256_loadu_si256((const __m256i *)(text + at));
    uint32_t ends = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\n')));
    uint32_t escapes = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(27)));
    uint32_t nuls = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_setzero_si256()));
    // The bits below the first newline's (all of them where there is none).
    uint32_t before = (ends & (0u - ends)) - 1;
    *seen = seen_before | ((escapes & before) != 0 ? TC_LINE_ESCAPE : 0) | ((nuls & before) != 0 ? TC_LINE_NUL : 0);
    return ends != 0 ? at + (size_t)__builtin_ctz(ends) : at + 32;
}

/// 64 bytes a step, the escapes and NULs gathered in registers until the step that holds the
/// newline, which is taken apart from the registers it was found in.
__attribute__((target("avx2")))
static size_t line_end_avx2(const uint8_t *text, size_t count, int *seen) {
    const __m256i newline = _mm256_set1_epi8('\n'), esc = _mm256_set1_epi8(27), zero = _mm256_setzero_si256();
    __m256i escapes = zero, nuls = zero;
    size_t offset = 0;
    for (; offset + 64 <= count; offset += 64) {
        __m256i first = _mm256_loadu_si256((const __m256i *)(text + offset)), second = _mm256_loadu_si256((const __m256i *)(text + offset + 32));
        __m256i first_ends = _mm256_cmpeq_epi8(first, newline), second_ends = _mm256_cmpeq_epi8(second, newline);
        __m256i first_escapes = _mm256_cmpeq_epi8(first, esc), second_escapes = _mm256_cmpeq_epi8(second, esc);
        __m256i first_nuls = _mm256_cmpeq_epi8(first, zero), second_nuls = _mm256_cmpeq_epi8(second, zero);
        __m256i ends = _mm256_or_si256(first_ends, second_ends);
        if (!_mm256_testz_si256(ends, ends)) {
            uint64_t end_bits = (uint32_t)_mm256_movemask_epi8(first_ends) | (uint64_t)(uint32_t)_mm256_movemask_epi8(second_ends) << 32;
            uint64_t escape_bits = (uint32_t)_mm256_movemask_epi8(first_escapes) | (uint64_t)(uint32_t)_mm256_movemask_epi8(second_escapes) << 32;
            uint64_t nul_bits = (uint32_t)_mm256_movemask_epi8(first_nuls) | (uint64_t)(uint32_t)_mm256_movemask_epi8(second_nuls) << 32;
            // The bits below the first newline's.
            uint64_t before = (end_bits & (0 - end_bits)) - 1;
            *seen = (!_mm256_testz_si256(escapes, escapes) || (escape_bits & before) != 0 ? TC_LINE_ESCAPE : 0)
                | (!_mm256_testz_si256(nuls, nuls) || (nul_bits & before) != 0 ? TC_LINE_NUL : 0);
            return offset + (size_t)__builtin_ctzll(end_bits);
        }
        escapes = _mm256_or_si256(escapes, _mm256_or_si256(first_escapes, second_escapes));
        nuls = _mm256_or_si256(nuls, _mm256_or_si256(first_nuls, second_nuls));
    }
    int before = (_mm256_testz_si256(escapes, escapes) ? 0 : TC_LINE_ESCAPE) | (_mm256_testz_si256(nuls, nuls) ? 0 : TC_LINE_NUL);
    // The last bytes: a block while 32 are left, then byte by byte.
    if (offset + 32 <= count) {
        size_t end = line_end_in_block(text, offset, before, &before);
        if (end < offset + 32) {
            *seen = before;
            return end;
        }
        offset += 32;
    }
    for (; offset < count && text[offset] != '\n'; offset++) {
        before |= (text[offset] == 27 ? TC_LINE_ESCAPE : 0) | (text[offset] == 0 ? TC_LINE_NUL : 0);
    }
    *seen = before;
    return offset;
}

size_t tc_line_end(const uint8_t *text, size_t count, int *seen) {
    return machine_has_avx2() ? line_end_avx2(text, count, seen) : line_end_portable(text, count, seen);
}

#else

size_t tc_line_end(const uint8_t *text, size_t count, int *seen) { return line_end_portable(text, count, seen); }

int tc_teddy_level(void) { return 0; }

size_t tc_teddy_next_block(int level, const tc_teddy *t, const uint8_t *text, size_t count, size_t start, uint32_t *mask) {
    (void)level; (void)t; (void)text; (void)count;
    *mask = 0;
    return start;
}

size_t tc_teddy_span(int level, const tc_teddy *t, const uint8_t *text, size_t count, size_t start, uint32_t *masks, size_t blocks) {
    (void)level; (void)t; (void)text; (void)count; (void)start; (void)masks; (void)blocks;
    return 0;
}

size_t tc_teddy_fill(int level, const tc_teddy *t, const uint8_t *text, size_t count, size_t start, uint32_t *masks,
                     uint32_t *newlines, int *special, size_t blocks) {
    (void)level; (void)t; (void)text; (void)count; (void)start; (void)masks; (void)newlines; (void)blocks;
    *special = 0;
    return 0;
}

#endif
