#ifndef TRACECHECK_CZLIB_SHIM_H
#define TRACECHECK_CZLIB_SHIM_H
// zlib reads .gz captures (gzread also handles concatenated members).
#include <zlib.h>
#endif
