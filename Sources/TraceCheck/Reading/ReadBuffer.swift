#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line reader's one buffer.
///
/// A large input's buffer is asked for in 2 MiB pages where Linux offers them (transparent
/// huge pages in `madvise` mode, the usual default): its first fill then takes one page fault
/// and clears one page, where 4 KiB pages took 512 faults, about 0.7 ms of a 50 ms run on a
/// 64 MB console (each fault 1.2 to 9 µs on a VM), and about 1 ms of the 10 to 12 of a run on 2
/// to 4 MB of one. A small input's buffer is not: a huge page is cleared whole on its first
/// touch, where a capture of a few lines touches a few pages of its buffer, and a directory of
/// 100,000 small captures reads each with a buffer of its own.
enum ReadBuffer {
    /// The huge page size of x86_64 and of arm64 with 4 KiB pages.
    static let hugePageBytes = 2 << 20
    /// Inputs at least this large get huge pages: from half of one on, clearing it whole costs
    /// no more than the faults of the small pages it replaces (a 1 MB console ran as fast
    /// either way; 2 and 4 MB ones ran in 9.2 and 10.6 ms with a huge page, 10.2 and 11.8 ms
    /// without).
    static let hugeInputBytes = hugePageBytes / 2

    /// A buffer of at least `byteCount` bytes, for an input of `inputBytes` (0: not known);
    /// freed with `deallocate()`.
    static func allocate(byteCount: Int, inputBytes: Int) -> UnsafeMutableRawBufferPointer {
        #if os(Linux)
        if inputBytes >= hugeInputBytes, byteCount <= Int.max - hugePageBytes {
            // Whole huge pages, aligned to one: a part of a page at either end would be 4 KiB pages.
            let rounded = (byteCount + hugePageBytes - 1) / hugePageBytes * hugePageBytes
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: rounded, alignment: hugePageBytes)
            // Advice only: where the kernel has no huge pages for it, the buffer is as before.
            if let base = buffer.baseAddress { _ = madvise(base, rounded, MADV_HUGEPAGE) }
            return buffer
        }
        #endif
        return UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
    }
}
