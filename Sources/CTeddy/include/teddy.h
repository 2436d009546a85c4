#ifndef TRACECHECK_TEDDY_H
#define TRACECHECK_TEDDY_H

#include <stddef.h>
#include <stdint.h>

/// Nibble tables of up to eight buckets of byte triples (Teddy's fingerprints, as Hyperscan and
/// Rust's aho-corasick use them): bit b of lo1[x & 15] & hi1[x >> 4] & lo2[y & 15] & hi2[y >> 4]
/// & lo3[z & 15] & hi3[z >> 4] is set when a fingerprint of bucket b may be (x, y, z). Pairs
/// set every bit of lo3 and hi3. Bytes are compared with bit 5 set (ASCII case folded): the
/// tables hold folded bytes, and a high nibble's table passes it with and without its bit 1
/// (a byte's bit 5), so that the text is read as it is. Each table is 16 entries, repeated
/// for both lanes.
typedef struct {
    uint8_t lo1[32];
    uint8_t hi1[32];
    uint8_t lo2[32];
    uint8_t hi2[32];
    uint8_t lo3[32];
    uint8_t hi3[32];
} tc_teddy;

/// The bytes a block of 32 positions reads: its fingerprints' last bytes are two further on.
#define TC_TEDDY_REACH 34

/// The vector kernel this machine runs: 3 AVX2 with AVX-512 for `tc_teddy_fill` (where
/// AVX-512 does not slow the core: VBMI2 too), 2 AVX2, 1 SSSE3 (x86_64), 0 none (then the
/// caller searches another way). Ask once and pass it to every search; a lower level the
/// machine has may be passed too (the tests hold each to the portable search).
int tc_teddy_level(void);

/// Searches the 32-byte blocks at `start`, `start + 32`, … that have TC_TEDDY_REACH readable
/// bytes for positions i with a candidate at (text[i], text[i + 1], text[i + 2]). Returns the first such
/// block's offset with one bit per position in *mask; or, when none has one (or `level` is
/// 0), *mask = 0 and the offset of the first block not searched (where a byte-wise tail
/// search goes on).
size_t tc_teddy_next_block(int level, const tc_teddy *tables, const uint8_t *text, size_t count, size_t start, uint32_t *mask);

/// Fills masks[k] with the candidates of the block at `start + 32 k` (one bit per position,
/// as `tc_teddy_next_block` gives them) and newlines[k] with its newlines, for up to
/// `blocks` blocks that have TC_TEDDY_REACH readable bytes; returns how many it filled (0
/// when `level` is 0). One call, the tables loaded once, for a window of blocks a search
/// then walks bit by bit. *special: which bytes the blocks filled hold, tested while they
/// are in registers: TC_SPECIAL_APART a byte a line is read apart for (an escape, 27, which
/// begins a colour escape, or a NUL), TC_SPECIAL_TAB a tab.
size_t tc_teddy_fill(int level, const tc_teddy *tables, const uint8_t *text, size_t count, size_t start, uint32_t *masks,
                     uint32_t *newlines, int *special, size_t blocks);

/// Fills masks[k] with the candidates of the 32 places from `start + 32 k`, for up to `blocks`
/// blocks, until the places run out at count - 2 (the last two bytes begin no triple; a pair
/// at count - 2 is the caller's to look at). The text's last block is read from its last
/// TC_TEDDY_REACH bytes and its marks shifted into place, so a text needs no bytes after it
/// and nothing is copied; a text shorter than TC_TEDDY_REACH gives none (returns 0, as does
/// level 0). Returns how many it filled. For one message searched alone: the tables loaded
/// once, where `tc_teddy_next_block` loads them for every block.
size_t tc_teddy_span(int level, const tc_teddy *tables, const uint8_t *text, size_t count, size_t start, uint32_t *masks, size_t blocks);

/// The offset of the first newline in text[0..<count] (count where there is none), and in
/// *seen which bytes come before it (TC_LINE_ESCAPE, TC_LINE_NUL): the line reader's cut of a
/// line read alone, which learns in the same pass whether the line holds a NUL byte (a
/// binary file's sign) and needs its colour escapes stripped, where each was a search of its
/// own. 64 bytes a step with AVX2, the C library's searches without it.
size_t tc_line_end(const uint8_t *text, size_t count, int *seen);

/// `tc_line_end`'s bytes seen before the newline, as bits: an ESC (27, which begins a colour
/// escape), a NUL.
#define TC_LINE_ESCAPE 1
#define TC_LINE_NUL 2

/// `tc_teddy_fill`'s special bytes, as bits.
#define TC_SPECIAL_APART 1
#define TC_SPECIAL_TAB 2

#endif
