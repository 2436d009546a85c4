#include "words.h"
#include <string.h>

static inline uint8_t folded(uint8_t byte) { return (uint8_t)(byte - 65) < 26 ? (uint8_t)(byte | 0x20) : byte; }

/// Eight bytes as a little-endian word, whatever the machine.
static inline uint64_t load64(const uint8_t *bytes) {
    uint64_t word;
    memcpy(&word, bytes, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

static int has_word(const uint8_t *word, size_t length, const uint8_t *text, size_t start) {
    for (size_t index = 0; index < length; index++) {
        if (folded(text[start + index]) != word[index]) return 0;
    }
    return 1;
}

/// Whether `entry`'s word stands at `place` minus its offset, wholly inside lo..<hi; its start in *start.
static inline int entry_matches(const tc_word_set *set, const tc_word_entry *entry, const uint8_t *text, size_t count, size_t place,
                                size_t lo, size_t hi, size_t *start) {
    size_t offset = (size_t)entry->offset, length = (size_t)entry->length;
    if (place < offset) return 0;
    *start = place - offset;
    if (*start < lo || length > hi - *start) return 0;
    if (*start + 8 <= count) {
        if (((load64(text + *start) | entry->head_fold) & entry->head_mask) != entry->head) return 0;
        if (length <= 8) return 1;
        // Words that begin alike (`application(`, `application:`) differ by their last bytes.
        if ((load64(text + *start + length - 8) | entry->tail_fold) != entry->tail) return 0;
        if (length <= 16) return 1;
    }
    return has_word(set->words + entry->word, length, text, *start);
}

/// Whether one of the words of bucket `bucket` stands at `place` minus its offset, wholly inside lo..<hi.
static int bucket_matches(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t bucket, size_t lo, size_t hi) {
    size_t start;
    for (int64_t index = set->bucket_starts[bucket]; index < set->bucket_starts[bucket + 1]; index++) {
        if (entry_matches(set, &set->entries[index], text, count, place, lo, hi, &start)) return 1;
    }
    return 0;
}

/// The words of bucket `bucket` that stand at `place` minus their offset: the one that begins
/// first, then the longest, kept in *best_start and *best_length if it comes before them.
static void bucket_leftmost(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t bucket, size_t lo, size_t hi,
                            size_t *best_start, size_t *best_length) {
    size_t start;
    for (int64_t index = set->bucket_starts[bucket]; index < set->bucket_starts[bucket + 1]; index++) {
        const tc_word_entry *entry = &set->entries[index];
        if (!entry_matches(set, entry, text, count, place, lo, hi, &start)) continue;
        if (start < *best_start || (start == *best_start && (size_t)entry->length > *best_length)) {
            *best_start = start;
            *best_length = (size_t)entry->length;
        }
    }
}

/// The places of the last `available` bytes at `text` (fewer than TC_TEDDY_REACH) that may
/// begin a fingerprint, searched in a zero-padded copy: places whose pair reaches the
/// padding hold no word.
static uint32_t last_block(const tc_word_set *set, const uint8_t *text, size_t available) {
    uint8_t padded[TC_TEDDY_REACH];
    uint32_t found = 0;
    memset(padded, 0, sizeof padded);
    memcpy(padded, text, available);
    tc_teddy_next_block(set->level, set->tables, padded, TC_TEDDY_REACH, 0, &found);
    return found & (uint32_t)((UINT64_C(1) << (available - 1)) - 1);
}

/// The slot of the pair at `place`: 0, or 1 + its fingerprint group. Slots are keyed by bytes
/// with bit 5 set, as Teddy compares them (`CaselessWordSet.pairKey`).
static inline unsigned slot_at(const tc_word_set *set, const uint8_t *text, size_t place) {
    return set->slots[(unsigned)(text[place] | 0x20) << 8 | (unsigned)(text[place + 1] | 0x20)];
}

/// `words_match_at` past its first test: the words with no byte at the key place, then those
/// with the text's byte there (`keyed`: the byte is inside lo..<hi and passed the group's bits).
__attribute__((noinline))
static int words_compare_at(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t lo, size_t hi,
                            unsigned group, int keyed) {
    size_t first = 257 * (size_t)group;
    if (set->groups[group].unkeyed != 0 && bucket_matches(set, text, count, place, first, lo, hi)) return 1;
    if (!keyed) return 0;
    size_t key = (size_t)((int64_t)place + set->groups[group].key_offset);
    return bucket_matches(set, text, count, place, first + 1 + folded(text[key]), lo, hi);
}

/// Whether one of the words whose fingerprint begins with the pair at `place` stands there,
/// wholly inside lo..<hi. Inlined where Teddy's marks are walked: most marks are turned away
/// by the pair's slot or the group's key byte, before any word is compared.
static inline int words_match_at(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t lo, size_t hi) {
    unsigned slot = slot_at(set, text, place);
    if (slot == 0) return 0;
    const tc_word_group *group = &set->groups[slot - 1];
    // A word wholly inside lo..<hi has its key byte inside it too.
    int64_t key = (int64_t)place + group->key_offset;
    int keyed = 0;
    if (key >= (int64_t)lo && key < (int64_t)hi) {
        uint8_t byte = text[key] | 0x20;
        keyed = (int)(group->keys[byte >> 6] >> (byte & 63) & 1);
    }
    if (!keyed && group->unkeyed == 0) return 0;
    return words_compare_at(set, text, count, place, lo, hi, slot - 1, keyed);
}

int tc_words_match_at(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t lo, size_t hi) {
    return words_match_at(set, text, count, place, lo, hi);
}

/// `bucket_leftmost` over the buckets the pair at `place` may have words in (as `tc_words_match_at`).
static void words_leftmost_at(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t lo, size_t hi,
                              size_t *best_start, size_t *best_length) {
    unsigned slot = slot_at(set, text, place);
    if (slot == 0) return;
    size_t group = 257 * (size_t)(slot - 1);
    bucket_leftmost(set, text, count, place, group, lo, hi, best_start, best_length);
    int64_t key = (int64_t)place + set->groups[slot - 1].key_offset;
    if (key < (int64_t)lo || key >= (int64_t)hi) return;
    bucket_leftmost(set, text, count, place, group + 1 + folded(text[key]), lo, hi, best_start, best_length);
}

/// The places of block `block` of lo..<hi (32 from `block`) where a fingerprint may begin, by
/// Teddy: the last block from a zero-padded copy (`set->level` > 0).
static uint32_t block_places(const tc_word_set *set, const uint8_t *text, size_t block, size_t hi) {
    uint32_t found = 0;
    if (block + TC_TEDDY_REACH <= hi) {
        tc_teddy_next_block(set->level, set->tables, text + block, TC_TEDDY_REACH, 0, &found);
        return found;
    }
    return last_block(set, text + block, hi - block);
}

int tc_words_leftmost(const tc_word_set *set, const uint8_t *text, size_t count, size_t lo, size_t hi, size_t *start, size_t *length) {
    size_t best_start = SIZE_MAX, best_length = 0;
    if (set->level == 0) {
        for (size_t place = lo; place + 1 < hi; place++) words_leftmost_at(set, text, count, place, lo, hi, &best_start, &best_length);
    } else {
        // Every place Teddy marks, as in `tc_words_contain`: a word found later may begin earlier.
        for (size_t block = lo; block + 1 < hi; block += 32) {
            for (uint32_t found = block_places(set, text, block, hi); found != 0; found &= found - 1) {
                words_leftmost_at(set, text, count, block + (size_t)__builtin_ctz(found), lo, hi, &best_start, &best_length);
            }
        }
    }
    if (best_start == SIZE_MAX) return 0;
    *start = best_start;
    *length = best_length;
    return 1;
}

int tc_words_contain(const tc_word_set *set, const uint8_t *text, size_t count, size_t lo, size_t hi) {
    if (set->level == 0) {
        for (size_t place = lo; place + 1 < hi; place++) {
            if (words_match_at(set, text, count, place, lo, hi)) return 1;
        }
        return 0;
    }
    if (hi >= TC_TEDDY_REACH) {
        // A message searched alone (`CaselessWordSet.containsAny`, a record at a time): its
        // blocks in one call, the last read from its last bytes, not copied into a padded one.
        uint32_t masks[8];
        for (size_t block = lo; block + 1 < hi;) {
            size_t filled = tc_teddy_span(set->level, set->tables, text, hi, block, masks, 8);
            if (filled == 0) break;
            for (size_t k = 0; k < filled; k++, block += 32) {
                for (uint32_t found = masks[k]; found != 0; found &= found - 1) {
                    if (words_match_at(set, text, count, block + (size_t)__builtin_ctz(found), lo, hi)) return 1;
                }
            }
        }
        // The pair at hi - 2, whose third byte would be past the range (pairs' tables pass any).
        return hi >= lo + 2 && words_match_at(set, text, count, hi - 2, lo, hi);
    }
    // Teddy over the range, 32 places at a time: only the places it marks can begin a fingerprint.
    for (size_t block = lo; block + 1 < hi; block += 32) {
        for (uint32_t found = block_places(set, text, block, hi); found != 0; found &= found - 1) {
            if (words_match_at(set, text, count, block + (size_t)__builtin_ctz(found), lo, hi)) return 1;
        }
    }
    return 0;
}

/// Searches the window of places from `from` (< count): whole blocks while the text has
/// TC_TEDDY_REACH bytes for them, then the last places from a zero-padded copy.
static void fill_window(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text, size_t count, size_t from) {
    size_t wanted = cursor->blocks == 0 || cursor->blocks > TC_WINDOW_BLOCKS ? 8 : cursor->blocks;
    cursor->blocks = wanted * 2 < TC_WINDOW_BLOCKS ? wanted * 2 : TC_WINDOW_BLOCKS;
    int special;
    size_t blocks = tc_teddy_fill(set->level, set->tables, text, count, from, cursor->masks, cursor->newlines, &special, wanted);
    size_t end = from + 32 * blocks;
    if (blocks < wanted) {
        // Fewer than TC_TEDDY_REACH bytes are left: the text's last places, up to a block's
        // 32 (a 33rd byte begins no pair, but may be a newline: a window from it holds it).
        size_t last = count - end < 32 ? count : end + 32;
        cursor->masks[blocks] = end + 1 < count ? last_block(set, text + end, count - end) : 0;
        uint32_t newlines = 0;
        for (size_t place = end; place < last; place++) {
            newlines |= (uint32_t)(text[place] == '\n') << (place - end);
            special |= (text[place] == 27 || text[place] == 0 ? TC_SPECIAL_APART : 0) | (text[place] == 9 ? TC_SPECIAL_TAB : 0);
        }
        cursor->newlines[blocks] = newlines;
        end = last;
    }
    // The block after the window's last: none, for `find_line_end`'s pairs of blocks.
    size_t filled = (end - from + 31) / 32;
    cursor->masks[filled] = 0;
    cursor->newlines[filled] = 0;
    cursor->start = from;
    cursor->end = end;
    cursor->special = special;
}

/// Blocks `index` and `index + 1` of a window's bits as one word, the first block's in its low half.
static inline uint64_t pair_of(const uint32_t *bits, size_t index) {
    return (uint64_t)bits[index] | (uint64_t)bits[index + 1] << 32;
}

/// Whether one of the words begins at one of the places `from..<stop`, all in the cursor's
/// window (`from < stop <= cursor->end`), and lies in `lo..<hi`: the window's marks walked 64
/// places a step (the block after the window's last has no marks).
static inline __attribute__((always_inline)) int window_walk(const tc_word_set *set, const tc_word_cursor *cursor, const uint8_t *text,
                                                             size_t count, size_t from, size_t stop, size_t lo, size_t hi) {
    size_t index = (from - cursor->start) / 32, block = cursor->start + 32 * index;
    uint64_t found = pair_of(cursor->masks, index) & (UINT64_MAX << (from - block));
    for (;;) {
        int final = stop - block <= 64;
        if (final) found &= stop - block == 64 ? UINT64_MAX : (UINT64_C(1) << (stop - block)) - 1;
        for (; found != 0; found &= found - 1) {
            if (words_match_at(set, text, count, block + (size_t)__builtin_ctzll(found), lo, hi)) return 1;
        }
        if (final) return 0;
        index += 2;
        block += 64;
        found = pair_of(cursor->masks, index);
    }
}

/// `tc_cursor_contains` for any range: the windows it needs are searched as it goes, and each
/// walked as `window_contains` walks one.
__attribute__((noinline))
static int cursor_search(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text, size_t count, size_t lo, size_t hi) {
    // The places whose pair fits in the range, window by window.
    size_t place = lo, last = hi - 1;
    while (place < last) {
        if (place < cursor->start || place >= cursor->end) fill_window(set, cursor, text, count, place);
        size_t stop = last < cursor->end ? last : cursor->end;
        if (window_walk(set, cursor, text, count, place, stop, lo, hi)) return 1;
        place = stop;
    }
    return 0;
}

/// `tc_cursor_newline`, and whether a fingerprint may begin at some place from `from` up to
/// the newline (*places != 0; not 0 also where the line is longer than a window, unknown then):
/// a line with none holds no word, and its message is not searched again. *special: the
/// special bytes (`tc_word_cursor.special`) of the windows the line was found in, anywhere.
static inline __attribute__((always_inline)) size_t find_line_end(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text,
                                                                  size_t count, size_t from, uint32_t *places, int *special) {
    const size_t line = from;
    uint32_t seen = 0;
    int specials = 0;
    while (from < count) {
        if (from < cursor->start || from >= cursor->end) {
            // A window from the line's first byte, so that its message is in it too (one from
            // `from` would be searched again from the message); a line longer than a window
            // goes on from where the last one ended.
            if (from > line) {
                seen = UINT32_MAX;
                specials |= cursor->special;
            }
            fill_window(set, cursor, text, count, line > cursor->start && line < from ? line : from);
        }
        // A window from the line's first byte may end before `from`, near the text's end (its
        // last 33 bytes are one block of 32): then the next is from `from`.
        if (from < cursor->end) {
            // The blocks of `from` and the next from it on, then pairs of whole blocks (most
            // of a line's hold no newline) up to the window's last, whose bits stop at its end
            // (and the block after it has none): two blocks to a step, since an app's lines
            // are about a hundred bytes, and each step's test of a line's end is a branch
            // that goes either way.
            size_t index = (from - cursor->start) / 32, blocks = (cursor->end - cursor->start + 31) / 32;
            uint64_t after = UINT64_MAX << ((from - cursor->start) % 32);
            uint64_t found = pair_of(cursor->newlines, index) & after, marks = pair_of(cursor->masks, index) & after;
            while (found == 0 && (index += 2) < blocks) {
                seen |= marks != 0;
                found = pair_of(cursor->newlines, index);
                marks = pair_of(cursor->masks, index);
            }
            if (found != 0) {
                // Whether a place comes before the newline, which is the lowest bit found.
                *places = seen | ((marks & ((found & (0 - found)) - 1)) != 0);
                *special = specials | cursor->special;
                return cursor->start + 32 * index + (size_t)__builtin_ctzll(found);
            }
            seen |= marks != 0;
        }
        from = cursor->end;
    }
    *places = UINT32_MAX;
    *special = specials | cursor->special;
    return count;
}

size_t tc_cursor_newline(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text, size_t count, size_t from) {
    uint32_t places;
    int special;
    return find_line_end(set, cursor, text, count, from, &places, &special);
}

/// `tc_cursor_contains` where the range's places lie in the cursor's window, as a line's
/// message does when `find_line_end` has just found its newline there: its marks are walked
/// 64 places at a time, without a call (about half the lines of an app's console hold a
/// fingerprint, most of them in a near miss such as `viewDidAppear(_:)`).
static inline __attribute__((always_inline)) int window_contains(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text,
                                                                 size_t count, size_t lo, size_t hi) {
    if (hi < lo + 2) return 0;
    size_t last = hi - 1;
    if (lo < cursor->start || last > cursor->end) return cursor_search(set, cursor, text, count, lo, hi);
    return window_walk(set, cursor, text, count, lo, last, lo, hi);
}

int tc_cursor_contains(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text, size_t count, size_t lo, size_t hi) {
    return window_contains(set, cursor, text, count, lo, hi);
}

/// Whether lo..<hi is a candidate: one of the words, or a short one in a short range.
/// `places`: 0 when no fingerprint of the words begins in the line (`find_line_end`).
static inline __attribute__((always_inline)) int is_candidate(tc_quiet *quiet, size_t lo, size_t hi, uint32_t places) {
    return (places != 0 && window_contains(quiet->words, quiet->cursor, quiet->text, quiet->count, lo, hi))
        || (hi - lo <= quiet->short_limit && (places != 0 || !quiet->short_words_hold_fingerprints)
            && tc_words_contain(quiet->short_words, quiet->text, quiet->count, lo, hi));
}

/// The bytes of `word` that are ASCII digits, as their bit 7 (SWAR: no byte borrows from the
/// next, since each is subtracted from after its bit 7 is set; bytes from 0x80 up are none).
static inline uint64_t digit_bits(uint64_t word) {
    const uint64_t high = UINT64_C(0x8080808080808080);
    uint64_t at_least_0 = (word | high) - UINT64_C(0x3030303030303030);
    uint64_t at_least_colon = (word | high) - UINT64_C(0x3A3A3A3A3A3A3A3A);
    return at_least_0 & ~at_least_colon & ~word & high;
}

/// The bytes of `word` that are not zero, as their bit 7.
static inline uint64_t nonzero_bits(uint64_t word) {
    const uint64_t low = UINT64_C(0x7F7F7F7F7F7F7F7F);
    return (((word & low) + low) | word) & ~low;
}

/// Whether, in the eight bytes at `line` and `before`, `line` has a digit wherever `before`
/// has one and the same byte wherever `before` has none.
static inline int same_shape8(const uint8_t *line, const uint8_t *before) {
    uint64_t now = load64(line), then = load64(before);
    uint64_t then_digits = digit_bits(then), now_digits = digit_bits(now);
    return ((then_digits & ~now_digits) | (~then_digits & nonzero_bits(now ^ then))) == 0;
}

/// Whether `line` begins with a timestamp of the same shape as `before` and not earlier
/// (`tc_prefix_message_start`). Once the first differing byte is found, the shape of the rest
/// is tested eight bytes at a time: on an app's console that byte is in the fraction of a
/// second, with the rest of the fraction and the zone after it.
static int same_shape_not_earlier(const uint8_t *line, const uint8_t *before, size_t length) {
    size_t index = 0;
    while (index + 8 <= length) {
        uint64_t difference = load64(line + index) ^ load64(before + index);
        if (difference != 0) {
            index += (size_t)__builtin_ctzll(difference) / 8;
            break;
        }
        index += 8;
    }
    while (index < length && line[index] == before[index]) index++;
    if (index == length) return 1;
    uint8_t now = line[index], then = before[index];
    if ((uint8_t)(then - 48) >= 10 || (uint8_t)(now - 48) >= 10 || now <= then) return 0;
    index++;
    if (length >= 8) {
        // Eight at a time, the last eight overlapping bytes already tested: those before the
        // differing byte are equal, and it is a digit in both.
        for (; index + 8 <= length; index += 8) {
            if (!same_shape8(line + index, before + index)) return 0;
        }
        return index == length || same_shape8(line + length - 8, before + length - 8);
    }
    for (; index < length; index++) {
        if ((uint8_t)(before[index] - 48) < 10) {
            if ((uint8_t)(line[index] - 48) >= 10) return 0;
        } else if (line[index] != before[index]) {
            return 0;
        }
    }
    return 1;
}

/// Whether the `length` bytes at `a` and `b` are equal: eight at a time, the last eight
/// overlapping the word before. A prefix's tail (`Fieldnotes[4817:2863604] `) is compared on
/// nearly every line of an app's console, where a call of `memcmp` cost more than the compare.
static inline int bytes_equal(const uint8_t *a, const uint8_t *b, size_t length) {
    if (length < 8) {
        for (size_t index = 0; index < length; index++) {
            if (a[index] != b[index]) return 0;
        }
        return 1;
    }
    for (size_t index = 0; index + 8 < length; index += 8) {
        if (load64(a + index) != load64(b + index)) return 0;
    }
    return load64(a + length - 8) == load64(b + length - 8);
}

int64_t tc_prefix_message_start(const uint8_t *line, size_t length, const uint8_t *stamp, size_t stamp_length,
                                const uint8_t *tail, size_t tail_length) {
    if (stamp_length == 0 || length < stamp_length + tail_length) return -1;
    if (!bytes_equal(line + stamp_length, tail, tail_length) || !same_shape_not_earlier(line, stamp, stamp_length)) return -1;
    return (int64_t)(stamp_length + tail_length);
}

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>

/// The bytes of the 64 at `p` that equal those at `q`, one bit each (SSE2, which every x86-64 has).
static inline uint64_t equal64(const uint8_t *p, const uint8_t *q) {
    uint64_t bits = 0;
    for (int part = 0; part < 4; part++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(p + 16 * part)), b = _mm_loadu_si128((const __m128i *)(q + 16 * part));
        bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) << (16 * part);
    }
    return bits;
}

uint64_t tc_digits64(const uint8_t *bytes) {
    const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
    uint64_t bits = 0;
    for (int part = 0; part < 4; part++) {
        // A digit less '0' is 0 to 9; every other byte wraps above 9.
        __m128i offset = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(bytes + 16 * part)), zero);
        bits |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(offset, nine), offset)) << (16 * part);
    }
    return bits;
}

int tc_prefix_is_wide(void) { return 1; }

#else

static inline uint64_t equal64(const uint8_t *p, const uint8_t *q) {
    uint64_t bits = 0;
    for (int index = 0; index < 64; index++) bits |= (uint64_t)(p[index] == q[index]) << index;
    return bits;
}

uint64_t tc_digits64(const uint8_t *bytes) {
    uint64_t bits = 0;
    for (int index = 0; index < 64; index++) bits |= (uint64_t)((uint8_t)(bytes[index] - 48) < 10) << index;
    return bits;
}

int tc_prefix_is_wide(void) { return 0; }

#endif

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include "avx2_masks.h"

/// `equal64` and `tc_digits64` with 32 bytes to a comparison (AVX2), for the quiet read's check
/// of nearly every line of an app's console: 2.5 million instructions fewer on 16 MB of one
/// than with 16 bytes to a comparison (of the read's 36.8 million).
__attribute__((target("avx2")))
static inline uint64_t equal64_avx2(const uint8_t *p, const uint8_t *q) {
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)p), _mm256_loadu_si256((const __m256i *)q)))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + 32)),
                                                                     _mm256_loadu_si256((const __m256i *)(q + 32)))) << 32;
}

#else
static inline uint64_t equal64_avx2(const uint8_t *p, const uint8_t *q) { return equal64(p, q); }
static inline uint64_t digits64_avx2(const uint8_t *bytes) { return tc_digits64(bytes); }
#endif

/// `tc_prefix_message_start64`, its 64-byte comparisons with AVX2 where `avx2` (a constant
/// where it is inlined: the quiet read compiled for AVX2, and the exported forms).
static inline __attribute__((always_inline)) int64_t prefix_start64(const uint8_t *line, size_t length, const uint8_t *expected,
                                                                    uint64_t expected_digits, size_t stamp_length, size_t tail_length,
                                                                    int avx2) {
    size_t prefix = stamp_length + tail_length;
    if (stamp_length == 0 || prefix > 64 || length < prefix) return -1;
    uint64_t in_prefix = prefix == 64 ? UINT64_MAX : (UINT64_C(1) << prefix) - 1;
    uint64_t in_stamp = stamp_length == 64 ? UINT64_MAX : (UINT64_C(1) << stamp_length) - 1;
    uint64_t equal = avx2 ? equal64_avx2(line, expected) : equal64(line, expected), differ = ~equal & in_prefix;
    if (differ == 0) return (int64_t)prefix;
    if (differ & ~in_stamp) return -1;
    unsigned first = (unsigned)__builtin_ctzll(differ);
    uint8_t now = line[first], then = expected[first];
    if ((uint8_t)(then - 48) >= 10 || (uint8_t)(now - 48) >= 10 || now <= then) return -1;
    // After the first difference: digits where `expected` has digits, its very bytes elsewhere
    // (2 << 63 wraps to 0: nothing after the 64th byte).
    uint64_t digits = avx2 ? digits64_avx2(line) : tc_digits64(line), after = in_stamp & ~((UINT64_C(2) << first) - 1);
    if (after & ((expected_digits & ~digits) | (~expected_digits & ~equal))) return -1;
    return (int64_t)prefix;
}

int64_t tc_prefix_message_start64(const uint8_t *line, size_t length, const uint8_t *expected, uint64_t expected_digits,
                                  size_t stamp_length, size_t tail_length) {
    return prefix_start64(line, length, expected, expected_digits, stamp_length, tail_length, 0);
}

#if defined(__x86_64__) || defined(_M_X64)
__attribute__((target("avx2")))
#endif
int64_t tc_prefix_message_start64_avx2(const uint8_t *line, size_t length, const uint8_t *expected, uint64_t expected_digits,
                                       size_t stamp_length, size_t tail_length) {
    return prefix_start64(line, length, expected, expected_digits, stamp_length, tail_length, 1);
}

void tc_message_signature(const uint8_t *message, size_t length, uint64_t *head, uint64_t *tail) {
    *head = 0;
    *tail = 0;
    if (length >= 8) {
        *head = load64(message);
        *tail = load64(message + length - 8);
    } else {
        for (size_t index = 0; index < length; index++) *head = *head << 8 | message[index];
    }
}

static int shape_fits(const tc_line_shape *shape, const uint8_t *line, size_t length) {
    uint8_t first = line[0];
    if (!(shape->first[first >> 6] >> (first & 63) & 1) || length < shape->minimum) return 0;
    for (size_t place = 0; place < shape->places && place < 6; place++) {
        size_t offset = shape->offsets[place];
        if (offset >= length || line[offset] != shape->bytes[place]) return 0;
    }
    return 1;
}

/// Whether a reader's gate admits the line (`LineGate`): by its first bytes, or by a tab in
/// it, searched for only where the line's windows hold one (`special`).
static int gate_admits(const tc_quiet *quiet, const uint8_t *line, size_t length, int special) {
    if (length == 0) return 0;
    uint8_t first = line[0];
    if (quiet->gate[first >> 6] >> (first & 63) & 1) {
        if (quiet->gate_plain[first >> 6] >> (first & 63) & 1) return 1;
        for (size_t index = 0; index < quiet->shape_count; index++) {
            if (shape_fits(&quiet->shapes[index], line, length)) return 1;
        }
    }
    return quiet->gate_or_tab && (special & TC_SPECIAL_TAB) && memchr(line, 9, length) != NULL;
}

/// `tc_quiet_read`, its prefix check with AVX2 where `avx2` (a constant where it is inlined).
static inline __attribute__((always_inline)) tc_quiet_stop quiet_read(tc_quiet *quiet, int avx2) {
    const uint8_t *text = quiet->text;
    const size_t stamp_length = quiet->timestamp_length, prefix = stamp_length + quiet->prefix_tail_length;
    // The prefix compared 64 bytes at a time (`tc_prefix_message_start64`) while 64 bytes can
    // be read at the line: first against a copy of the last record's timestamp and the tail,
    // then against the last record read here, which begins with both and has the same digits.
    uint8_t copy[64];
    const uint8_t *expected = copy;
    uint64_t expected_digits = 0;
    int wide = tc_prefix_is_wide() && stamp_length > 0 && prefix <= 64 && quiet->stamp != NULL;
    if (wide) {
        memset(copy, 0, sizeof copy);
        memcpy(copy, quiet->stamp, stamp_length);
        if (quiet->prefix_tail_length > 0) memcpy(copy + stamp_length, quiet->prefix_tail, quiet->prefix_tail_length);
        expected_digits = tc_digits64(copy);
    }
    // The counts and the offset in registers while lines are read, stored at each stop: the
    // stores of the fields every line changes would otherwise make the cursor's be read again
    // (both are `size_t`s, which may alias).
    const size_t count = quiet->count;
    tc_word_cursor *const cursor = quiet->cursor;
    size_t offset = quiet->offset, lines = quiet->lines, records = quiet->records, crlf_lines = quiet->crlf_lines;
#define TC_QUIET_STOP(stop) do { \
        quiet->offset = offset; \
        quiet->lines = lines; \
        quiet->records = records; \
        quiet->crlf_lines = crlf_lines; \
        return (stop); \
    } while (0)
    for (;;) {
        size_t start = offset;
        if (start >= count) TC_QUIET_STOP(TC_QUIET_END);
        uint32_t places;
        int special;
        size_t end = find_line_end(quiet->words, cursor, text, count, start, &places, &special);
        if (end == count) TC_QUIET_STOP(TC_QUIET_END);
        int crlf = end > start && text[end - 1] == '\r';
        size_t line_end = crlf ? end - 1 : end, length = line_end - start;
        quiet->newline = end;
        if (end - start > quiet->longest_line) TC_QUIET_STOP(TC_QUIET_LINE);
        // A line with a colour escape is read without it, by the caller, and one with a NUL
        // byte is given one by one, for the reader to note the first.
        if ((special & TC_SPECIAL_APART) && tc_reads_apart(text + start, end - start)) TC_QUIET_STOP(TC_QUIET_LINE);
        int repeats;
        if (wide && count - start >= 64) {
            repeats = prefix_start64(text + start, length, expected, expected_digits, stamp_length, quiet->prefix_tail_length, avx2) >= 0;
        } else {
            // Near the end of the text: the lines after this one are nearer still.
            wide = 0;
            repeats = tc_prefix_message_start(text + start, length, quiet->stamp, stamp_length, quiet->prefix_tail,
                                              quiet->prefix_tail_length) >= 0;
        }
        if (repeats) {
            size_t message = start + prefix, message_length = line_end - message;
            int64_t signature_length = (int64_t)message_length;
            uint64_t head, tail;
            tc_message_signature(text + message, message_length, &head, &tail);
            // A message repeats the last one as the caller's `MessageSignature.continuesRun` says.
            int repeated = signature_length > 0 && signature_length == quiet->signature_length
                && head == quiet->signature_head && tail == quiet->signature_tail;
            if (!repeated && quiet->repeats == 1 && quiet->double_count == TC_QUIET_DOUBLES) TC_QUIET_STOP(TC_QUIET_LINE);
            // A candidate is handed over once the record is read, or left to the caller.
            int taken = 0;
            if (quiet->selected && is_candidate(quiet, message, line_end, places)) {
                if (quiet->take_candidate == NULL) TC_QUIET_STOP(TC_QUIET_LINE);
                taken = 1;
            }
            if (repeated) {
                if (quiet->repeats == 0) quiet->repeat_first = quiet->first_number + (int64_t)lines;
                quiet->repeats++;
            } else {
                if (quiet->repeats == 1) quiet->doubles[quiet->double_count++] = quiet->repeat_first;
                quiet->repeats = 0;
                quiet->signature_length = signature_length;
                quiet->signature_head = head;
                quiet->signature_tail = tail;
            }
            quiet->stamp = text + start;
            expected = text + start;
            records++;
            if (taken) {
                lines++;
                if (crlf) crlf_lines++;
                offset = end + 1;
                if (quiet->take_candidate(quiet->take_context, text + start, length, prefix, quiet->first_number + (int64_t)lines - 1)) {
                    TC_QUIET_STOP(TC_QUIET_TAKEN);
                }
                continue;
            }
        } else {
            if (quiet->unprefixed == 0 || gate_admits(quiet, text + start, length, special)) TC_QUIET_STOP(TC_QUIET_LINE);
            if (quiet->unprefixed == 2 && is_candidate(quiet, start, line_end, places)) TC_QUIET_STOP(TC_QUIET_CANDIDATE_LINE);
        }
        lines++;
        if (crlf) crlf_lines++;
        offset = end + 1;
    }
#undef TC_QUIET_STOP
}

#if defined(__x86_64__) || defined(_M_X64)
__attribute__((target("avx2")))
static tc_quiet_stop quiet_read_avx2(tc_quiet *quiet) { return quiet_read(quiet, 1); }
#endif

tc_quiet_stop tc_quiet_read(tc_quiet *quiet) {
#if defined(__x86_64__) || defined(_M_X64)
    // The words' search is AVX2 (level 2, or 3 with AVX-512) only where the machine has it.
    if (quiet->words->level >= 2) return quiet_read_avx2(quiet);
#endif
    return quiet_read(quiet, 0);
}
