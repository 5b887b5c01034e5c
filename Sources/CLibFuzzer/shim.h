#ifndef LOADMARK_LIBFUZZER_SHIM_H
#define LOADMARK_LIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own main: runs the
/// fuzzer on `callback` with the command line in `argc` and `argv`. Linked
/// only by builds with `-sanitize=fuzzer`; declared here, not defined, so
/// that other builds compile without it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
