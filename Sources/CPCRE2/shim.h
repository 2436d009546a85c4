#ifndef TRACECHECK_CPCRE2_SHIM_H
#define TRACECHECK_CPCRE2_SHIM_H
// pcre2.h refuses to compile unless the code unit width is chosen first, and a
// system library target has no cSettings, so the choice lives here.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
