#ifndef LOADMARK_CJANSSON_SHIM_H
#define LOADMARK_CJANSSON_SHIM_H

#include <jansson.h>

/// `JSON_REAL_PRECISION(n)` is a function-like macro, which Swift cannot
/// import; this inline function is its exact equivalent.
static inline size_t loadmark_json_real_precision(int digits) {
  return JSON_REAL_PRECISION(digits);
}

#endif
