// Masks of 64 bytes with AVX2, for the C files of this target that need the same ones.
#ifndef TRACECHECK_AVX2_MASKS_H
#define TRACECHECK_AVX2_MASKS_H

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#include <stdint.h>

/// Whether this machine has AVX2, asked of it once per file that asks (asked at each line,
/// the question was about a twelfth of a kernel's instructions); threads that race here store
/// the same answer.
static inline int machine_has_avx2(void) {
    static int answer = -1;
    int known = __atomic_load_n(&answer, __ATOMIC_RELAXED);
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&answer, known, __ATOMIC_RELAXED);
    }
    return known;
}

/// Bit i: whether byte i of `bytes` (64 of them) is a digit. A digit less '0' is 0 to 9;
/// every other byte wraps above 9 (as `tc_digits64`).
__attribute__((target("avx2")))
static inline uint64_t digits64_avx2(const uint8_t *bytes) {
    const __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
    __m256i low = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)bytes), zero);
    __m256i high = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)(bytes + 32)), zero);
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(low, nine), low))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(high, nine), high)) << 32;
}
#endif

#endif
