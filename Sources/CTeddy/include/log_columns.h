#ifndef TRACECHECK_LOG_COLUMNS_H
#define TRACECHECK_LOG_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

/// A record of `log`'s default style to its message: the timestamp, then the columns
/// ` 0x2bb1f4   Default     0x0                  4817   0    Fieldnotes: (UIKitCore) [sub:cat] `.
/// Offsets into the line.
typedef struct {
    /// The space after the timestamp.
    int64_t stamp_end;
    int64_t thread_start, thread_end;
    int64_t pid_start, pid_end;
    int64_t process_start, process_end;
    /// Where the message begins: past the process's colon, the sender and the label, each
    /// with the space after it (or at the line's end).
    int64_t message_start;
} tc_log_columns;

/// Reads the timestamp at the start of `line` and those columns after it as the format's pattern
/// does: 1 when read, into `columns`. 0 where they are not the common case, whatever the line
/// holds: no timestamp of the usual shape, a column to the TTL ending past the first 64 bytes
/// after the timestamp (or fewer are left), a signpost bracket, a newline before the process's
/// colon; and on a machine without AVX2. The caller then reads the line the slow way, which
/// decides it.
int tc_log_default_columns(const uint8_t *line, size_t count, tc_log_columns *columns);

/// Whether this machine reads the columns so (AVX2): 1, or 0.
int tc_log_default_columns_available(void);

#endif
