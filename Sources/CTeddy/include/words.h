#ifndef TRACECHECK_WORDS_H
#define TRACECHECK_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "teddy.h"
// Not needed by this header: included so that a build whose cached CTeddy module predates
// log_columns.h builds the module again (a header new in the umbrella directory alone did not).
#include "log_columns.h"

/// A word as compared at a candidate place: its first and last eight bytes as little-endian
/// words, with bit 5 set where the word has a letter (case folds there only), so that a
/// place that holds no word is rejected by one or two comparisons, not a byte loop.
typedef struct {
    int64_t length;
    /// Where the fingerprint stands in the word.
    int64_t offset;
    uint64_t head, head_fold, head_mask;
    /// The last eight bytes; for words longer than eight.
    uint64_t tail, tail_fold;
    /// Where the word's lowercase bytes begin in `tc_word_set.words`.
    int64_t word;
} tc_word_entry;

/// What a fingerprint group's words need at a place before any is compared: most places
/// Teddy marks are common words that hold the fingerprint (`viewDidAppear`, `background
/// tasks`), and the byte at the key place turns some of them away (every `background tasks`
/// on the bench's app console; near misses such as `didFinishLoading` pass) from a few bits
/// that stay in the first level of cache, before a bucket's bounds and entries are read.
typedef struct {
    /// Where, from where the fingerprint begins, the byte the words are bucketed by stands
    /// (before the fingerprint or after it).
    int64_t key_offset;
    /// How many of the words have no byte at the key place (bucket 0): compared wherever the
    /// group's fingerprint is marked.
    int64_t unkeyed;
    /// The bytes some word has at the key place, with bit 5 set as Teddy compares them (a
    /// byte that is no letter passes with its twin, `[` with `{`): bit b & 63 of keys[b >> 6].
    uint64_t keys[4];
} tc_word_group;

/// A set of words searched caselessly (the Swift `CaselessWordSet` builds and owns it).
/// The words of fingerprint group g sit in 257 buckets by their byte at `groups[g].key_offset`
/// from where the fingerprint begins: those that have none there (it lies outside the word),
/// then those whose byte there is b; bucket k is entries[bucket_starts[257 g + k]] up to
/// entries[bucket_starts[257 g + k + 1]].
typedef struct {
    const tc_teddy *tables;
    /// `tc_teddy_level()`, or 0 for the portable search.
    int level;
    /// Fingerprints' length: 3, or 2.
    int width;
    /// By pair `(first | 0x20) << 8 | (second | 0x20)`: 0, or 1 + the fingerprint group.
    const uint8_t *slots;
    const int64_t *bucket_starts;
    const tc_word_entry *entries;
    const uint8_t *words;
    /// By group: its key place and what passes there.
    const tc_word_group *groups;
} tc_word_set;

/// Whether one of the words whose fingerprint begins with the pair at `place` stands there,
/// wholly inside lo..<hi (place + 1 < hi <= count).
int tc_words_match_at(const tc_word_set *set, const uint8_t *text, size_t count, size_t place, size_t lo, size_t hi);

/// The most blocks of 32 places the cursor's kernel searches in one call (a window): far
/// enough to pass many short lines with the tables loaded once, short of a whole batch
/// that stops early.
#define TC_WINDOW_BLOCKS 128

/// A forward search of one text for the words inside ranges taken in increasing order: the
/// places a window of the text may begin a fingerprint at, searched by the kernel in one call
/// with its tables loaded once, then looked at range by range. Zero-initialised, it holds no
/// window.
typedef struct {
    /// The window: places start..<end, those of block k (from start + 32 k) as the bits of
    /// masks[k], and the block's newlines as those of newlines[k] (none at `end` or past it;
    /// the block after the last is all zeros, for a search 64 places at a time).
    size_t start, end;
    /// Which bytes the window holds (`tc_teddy_fill`): TC_SPECIAL_APART an escape (27) or a
    /// NUL, then its lines are searched for one; TC_SPECIAL_TAB a tab, then a line no reader
    /// takes by its first bytes is searched for one.
    int special;
    /// How many blocks the next window holds: from 8 (0), doubled each time up to
    /// TC_WINDOW_BLOCKS, since a batch often stops at its first lifecycle line, before a
    /// whole window would be used.
    size_t blocks;
    uint32_t masks[TC_WINDOW_BLOCKS + 1];
    uint32_t newlines[TC_WINDOW_BLOCKS + 1];
} tc_word_cursor;

/// Whether lo..<hi of the text holds one of the words (`set->level` > 0). Ranges must not go
/// back: places before `lo` are forgotten.
int tc_cursor_contains(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text, size_t count, size_t lo, size_t hi);

/// The first newline of the text at `from` or after it, or `count` where there is none
/// (`set->level` > 0), from the cursor's window: places before `from` are forgotten, as by
/// `tc_cursor_contains`.
size_t tc_cursor_newline(const tc_word_set *set, tc_word_cursor *cursor, const uint8_t *text, size_t count, size_t from);

/// Whether lo..<hi holds one of the words: Teddy over the range, then the words at the places it marks
/// (place by place without the vector kernel). For short ranges; the cursor serves long texts.
int tc_words_contain(const tc_word_set *set, const uint8_t *text, size_t count, size_t lo, size_t hi);

/// The first of the words in lo..<hi, as the caseless alternation of the words, longest
/// first, finds it: the one that begins first, and of those the longest. 1 with its start and
/// length, or 0 where lo..<hi holds none.
int tc_words_leftmost(const tc_word_set *set, const uint8_t *text, size_t count, size_t lo, size_t hi, size_t *start, size_t *length);

/// What a line must show for a format's own test of its first bytes to pass (a necessary
/// condition, such as a timestamp's separators at their places): its first byte among
/// `first`, at least `minimum` bytes, and byte `bytes[k]` at `offsets[k]` for k < `places`.
typedef struct {
    uint64_t first[4];
    size_t minimum;
    size_t places;
    uint16_t offsets[6];
    uint8_t bytes[6];
} tc_line_shape;

/// How many ended runs of one repeat (`tc_quiet.doubles`) a quiet read holds before it stops.
#define TC_QUIET_DOUBLES 32

/// The quiet reading of a batch of lines (the Swift `ScanSession.readQuietly(lines:firstNumber:longestLine:)`),
/// for the lines that change nothing but counts: records that repeat the armed prefix
/// (counting runs of one message repeated; those whose message is a candidate handed to
/// `take_candidate` as they are read), and lines no reader takes that are no candidate. Reads
/// them from `offset` and stops before any other line, saying why: a line with a colour escape
/// or a NUL byte is the caller's too.
typedef struct {
    // The text, and the search of its candidates.
    const uint8_t *text;
    size_t count;
    const tc_word_set *words;
    tc_word_cursor *cursor;
    /// Words that count only in messages of up to `short_limit` bytes.
    const tc_word_set *short_words;
    size_t short_limit;
    /// Each of `short_words` holds one of `words`' fingerprints: a line where none may begin
    /// holds no short word either.
    int short_words_hold_fingerprints;
    // The armed prefix: the timestamp's length and the bytes after it, up to the message.
    size_t timestamp_length;
    const uint8_t *prefix_tail;
    size_t prefix_tail_length;
    /// Whether records' messages are searched for candidates (their process is selected).
    int selected;
    /// The line number of the line at `offset` when the read begins: the lines read are
    /// counted from it, for the runs of repeats.
    int64_t first_number;
    /// Lines longer than this (before their newline) are the caller's: the line reader cuts them.
    size_t longest_line;
    /// Lines no reader takes: 0 not read here, 1 read whatever they hold, 2 read unless candidates.
    int unprefixed;
    /// The first bytes that some reader takes, as four words of bits, or any line with a tab.
    uint64_t gate[4];
    int gate_or_tab;
    /// Of those, the first bytes a reader takes whatever follows; a line beginning with any
    /// other of `gate` is taken only where it shows one of `shapes` (with that first byte).
    uint64_t gate_plain[4];
    const tc_line_shape *shapes;
    size_t shape_count;

    // State, updated as lines are read.
    size_t offset;
    /// The last record's timestamp (timestamp_length bytes).
    const uint8_t *stamp;
    /// The last record's message signature: its length, first and last eight bytes.
    int64_t signature_length;
    uint64_t signature_head, signature_tail;
    size_t lines, records, crlf_lines;
    /// The run of one message repeated that the last record is in, as the caller counts it
    /// (`repeats` records repeated the message before them, the first at line `repeat_first`);
    /// no run while `repeats` is 0.
    int64_t repeat_first, repeats;
    /// The runs of one repeat that ended, by their first line (rows copied twice), in order;
    /// when `doubles` is full, the record that would end one more is left to the caller.
    int64_t doubles[TC_QUIET_DOUBLES];
    size_t double_count;

    /// A candidate record is handed to `take_candidate` (its line from the first byte, `length`
    /// bytes without a carriage return, where its message begins, and its number), then read
    /// on as any other record; a nonzero answer stops the read after that line
    /// (`TC_QUIET_TAKEN`). (A stop at each, for the caller to take, cost it about a thousand
    /// instructions of its own per lifecycle line.) Without it, the read stops before a
    /// candidate record as before any line it leaves to the caller.
    int (*take_candidate)(void *context, const uint8_t *line, size_t length, size_t message_start, int64_t number);
    void *take_context;

    // Out, at a stop: the line's newline.
    size_t newline;
} tc_quiet;

typedef enum {
    /// No complete line before `count`.
    TC_QUIET_END = 0,
    /// The next line is for the caller to read (one with a colour escape or a NUL among them,
    /// or longer than `longest_line`); nothing about it was searched.
    TC_QUIET_LINE = 1,
    /// The next line is one no reader takes that is a candidate.
    TC_QUIET_CANDIDATE_LINE = 3,
    /// `take_candidate` asked to stop after the candidate record it was given: the read
    /// stopped after that line.
    TC_QUIET_TAKEN = 4,
} tc_quiet_stop;

tc_quiet_stop tc_quiet_read(tc_quiet *quiet);

/// Whether a line is one that no quiet read takes, left to be read one by one: it holds a
/// colour escape (27; read without it) or a NUL byte (the line reader names the first). The
/// C read asks it where the pass that found the newlines flagged such a byte; the scanner's
/// batch loop asks it of each line it reads itself.
static inline int tc_reads_apart(const uint8_t *line, size_t count) {
    return memchr(line, 27, count) != NULL || memchr(line, 0, count) != NULL;
}

/// Where the message of the `length` bytes at `line` begins (`stamp_length` + `tail_length`)
/// when they repeat a record's prefix: a timestamp of the same shape as the `stamp_length`
/// bytes at `stamp` and not earlier (equal bytes up to the first that differs, which is a
/// larger digit, then digits where `stamp` has digits and its bytes elsewhere), then the
/// `tail_length` bytes at `tail`; -1 for any other line.
int64_t tc_prefix_message_start(const uint8_t *line, size_t length, const uint8_t *stamp, size_t stamp_length,
                                const uint8_t *tail, size_t tail_length);

/// The bytes of the 64 at `bytes` that are ASCII digits, one bit each (bit i for byte i).
uint64_t tc_digits64(const uint8_t *bytes);

/// `tc_prefix_message_start` compared 64 bytes at a time: 64 bytes can be read at `line` and at
/// `expected`, which holds a record's timestamp (`stamp_length` bytes) then the tail
/// (`tail_length` bytes, the two at most 64), and `expected_digits` is `tc_digits64(expected)`
/// (only its first `stamp_length` bits are read). Returns what `tc_prefix_message_start`
/// returns for the same line, stamp and tail. A line it takes has digits where `expected` has
/// them, and only there, so the digits serve for the next line compared with this one.
int64_t tc_prefix_message_start64(const uint8_t *line, size_t length, const uint8_t *expected, uint64_t expected_digits,
                                  size_t stamp_length, size_t tail_length);

/// `tc_prefix_message_start64` with AVX2, as the quiet read checks a line where the machine has
/// it (`tc_teddy_level()` is 2; only then may it be called): held to the other by a test.
int64_t tc_prefix_message_start64_avx2(const uint8_t *line, size_t length, const uint8_t *expected, uint64_t expected_digits,
                                       size_t stamp_length, size_t tail_length);

/// Whether `tc_prefix_message_start64` compares with vector instructions here, where
/// `tc_quiet_read` uses it; elsewhere it falls back to `tc_prefix_message_start`.
int tc_prefix_is_wide(void);

/// Enough of a message to tell a row repeated verbatim from the next (with its length): its
/// first and last eight bytes as little-endian words, or, shorter than eight, its bytes
/// shifted in one by one and a tail of 0.
void tc_message_signature(const uint8_t *message, size_t length, uint64_t *head, uint64_t *tail);

#endif
