#ifndef LOADMARK_WASM_RUNTIME_H
#define LOADMARK_WASM_RUNTIME_H

// The C symbols Embedded Swift needs on wasm32-unknown-none-wasm, which has no
// libc. Compiled only for wasm; on other targets this module is empty.

#include <stddef.h>

#if defined(__wasm__)
/// Bytes currently handed out by the allocator, for leak tests.
size_t loadmark_heap_in_use(void);
#endif

#endif
