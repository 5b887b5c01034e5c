// What Embedded Swift links against on wasm32-unknown-none-wasm, where there
// is no libc: an allocator (posix_memalign, free), the memory primitives the
// compiler emits calls to, and `round`, which `Double.rounded()` lowers to
// (WebAssembly has floor, ceil, trunc and nearest-even, but no
// round-half-away-from-zero instruction). Host builds compile nothing here.
#if defined(__wasm__)

#include <stddef.h>
#include <stdint.h>
#include "LoadmarkWasmRuntime.h"

// ---- Allocator ------------------------------------------------------------
// Blocks in address order over pages taken with memory.grow. Each starts with
// a 16-byte header (its payload size, the block before it, whether it is
// free); free() merges a block with free neighbours and allocation splits
// large free blocks, so a player that samples for hours keeps a heap as large
// as its live data instead of growing without bound.
//
// Free blocks are kept in lists by size (segregated fits): one list per size
// up to 1 KiB, in steps of 16 bytes, and four per power of two above. An
// allocation looks at one list, then takes the first block of the next
// non-empty one: its cost does not depend on how many blocks are live. (A single first-fit walk over every
// block made compiling a scene of a few thousand items quadratic: 2,000 arcs
// took 11 s in the scene compiler, against 0.03 s natively.)

typedef struct Block {
  size_t size;         // payload bytes, a multiple of kAlign
  struct Block *prev;  // previous block in address order
  uint32_t free;
  uint32_t unused;
} Block;

// A free block's payload (at least kAlign bytes) holds its list's links.
typedef struct Links {
  Block *next;
  Block *previous;
} Links;

enum { kAlign = 16, kHeader = 16, kPage = 65536, kExact = 64, kBins = kExact + 22 * 4 };
_Static_assert(sizeof(Block) == kHeader, "header must keep payloads aligned");
_Static_assert(sizeof(Links) <= kAlign, "a free block's links fit its smallest payload");

extern unsigned char __heap_base;
static Block *last;    // highest block
static size_t in_use;
static Block *bins[kBins];

static size_t align_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

static Links *links(Block *b) { return (Links *)((unsigned char *)b + kHeader); }

static Block *next_block(Block *b) {
  return b == last ? NULL : (Block *)((unsigned char *)b + kHeader + b->size);
}

static unsigned char *heap_end(void) {
  return (unsigned char *)(__builtin_wasm_memory_size(0) * kPage);
}

// The list of free blocks of `size` bytes: exact up to 1 KiB, then four per
// power of two (list i ≥ kExact holds sizes from its lower bound up to the
// next list's), so that a block of a later list always fits.
static unsigned bin_of(size_t size) {
  size_t units = size / kAlign;
  if (units <= kExact) return (unsigned)units - 1;
  unsigned log = 31 - __builtin_clz((unsigned)size);
  return kExact + (log - 10) * 4 + (unsigned)((size >> (log - 2)) & 3);
}

static void insert(Block *b) {
  unsigned i = bin_of(b->size);
  b->free = 1;
  links(b)->previous = NULL;
  links(b)->next = bins[i];
  if (bins[i]) links(bins[i])->previous = b;
  bins[i] = b;
}

static void unlink(Block *b) {
  unsigned i = bin_of(b->size);
  Links *l = links(b);
  if (l->previous) links(l->previous)->next = l->next; else bins[i] = l->next;
  if (l->next) links(l->next)->previous = l->previous;
  b->free = 0;
}

// Appends a block of `size` payload bytes at the top of the heap.
static Block *extend(size_t size) {
  unsigned char *top = last ? (unsigned char *)last + kHeader + last->size
                            : (unsigned char *)align_up((uintptr_t)&__heap_base, kAlign);
  unsigned char *end = top + kHeader + size;
  if (end > heap_end()) {
    size_t pages = (size_t)(end - heap_end() + kPage - 1) / kPage;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
  }
  Block *block = (Block *)top;
  block->size = size;
  block->prev = last;
  block->free = 0;
  last = block;
  return block;
}

// Splits `block` so that it keeps `size` bytes when the rest can hold a free
// block, and lists the rest.
static void split(Block *block, size_t size) {
  if (block->size < size + kHeader + kAlign) return;
  Block *rest = (Block *)((unsigned char *)block + kHeader + size);
  rest->size = block->size - size - kHeader;
  rest->prev = block;
  Block *after = next_block(block);
  if (after) after->prev = rest; else last = rest;
  block->size = size;
  insert(rest);
}

// A free block of at least `size` bytes, taken off its list, or NULL.
static Block *take(size_t size) {
  unsigned i = bin_of(size);
  if (i >= kExact) {
    // A power-of-two list holds smaller blocks too: the first that fits.
    for (Block *b = bins[i]; b; b = links(b)->next) {
      if (b->size >= size) { unlink(b); return b; }
    }
    i++;
  }
  // Every block of a later list fits.
  for (; i < kBins; i++) {
    if (bins[i]) {
      Block *b = bins[i];
      unlink(b);
      return b;
    }
  }
  return NULL;
}

// Payloads are aligned to 16 bytes, the most any Swift type these modules
// allocate needs (Embedded Swift asks posix_memalign for the type's own
// alignment); a larger alignment is refused as out of memory rather than
// carried as code that never runs.
static void *allocate(size_t alignment, size_t bytes) {
  if (alignment > kAlign) return NULL;
  size_t size = align_up(bytes ? bytes : 1, kAlign);
  Block *b = take(size);
  if (b) {
    split(b, size);
  } else {
    b = extend(size);
    if (!b) return NULL;
  }
  in_use += b->size;
  return (unsigned char *)b + kHeader;
}

int posix_memalign(void **result, size_t alignment, size_t bytes) {
  void *p = allocate(alignment, bytes);
  if (!p) return 12;  // ENOMEM
  *result = p;
  return 0;
}

void *malloc(size_t bytes) { return allocate(kAlign, bytes); }

void free(void *pointer) {
  if (!pointer) return;
  Block *block = (Block *)((unsigned char *)pointer - kHeader);
  in_use -= block->size;
  Block *after = next_block(block);
  if (after && after->free) {
    unlink(after);
    block->size += kHeader + after->size;
    Block *next = next_block(after);
    if (next) next->prev = block; else last = block;
  }
  Block *before = block->prev;
  if (before && before->free) {
    unlink(before);
    before->size += kHeader + block->size;
    Block *next = next_block(block);
    if (next) next->prev = before; else last = before;
    block = before;
  }
  insert(block);
}

size_t loadmark_heap_in_use(void) { return in_use; }

// ---- Memory primitives ----------------------------------------------------

void *memcpy(void *destination, const void *source, size_t count) {
  unsigned char *d = destination;
  const unsigned char *s = source;
  while (count--) *d++ = *s++;
  return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
  unsigned char *d = destination;
  const unsigned char *s = source;
  if (d < s) {
    while (count--) *d++ = *s++;
  } else {
    d += count;
    s += count;
    while (count--) *--d = *--s;
  }
  return destination;
}

void *memset(void *destination, int value, size_t count) {
  unsigned char *d = destination;
  while (count--) *d++ = (unsigned char)value;
  return destination;
}

int memcmp(const void *a, const void *b, size_t count) {
  const unsigned char *x = a, *y = b;
  for (; count; count--, x++, y++) {
    if (*x != *y) return *x - *y;
  }
  return 0;
}

// ---- Math -----------------------------------------------------------------

// The low 128 bits of a 128-bit product, which the compiler calls for the
// multiply-high that divides a 64-bit integer by a constant (the decimal
// digits of scene numbers). Built from 32-bit halves so that it needs no
// 128-bit multiply itself.
typedef union {
  __int128 whole;
  struct { unsigned long long low, high; } parts;
} Wide;

static unsigned long long multiply_high(unsigned long long a, unsigned long long b, unsigned long long *low) {
  unsigned long long a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  unsigned long long middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  *low = (middle << 32) | (p00 & 0xFFFFFFFFu);
  return p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
}

__int128 __multi3(__int128 a, __int128 b) {
  Wide x = {.whole = a}, y = {.whole = b}, result;
  unsigned long long low;
  unsigned long long high = multiply_high(x.parts.low, y.parts.low, &low);
  result.parts.low = low;
  result.parts.high = high + x.parts.high * y.parts.low + x.parts.low * y.parts.high;
  return result.whole;
}

// Round half away from zero, exactly: x − trunc(x) is exact for every double,
// so comparing it with 0.5 decides the rounding without error.
double round(double x) {
  double t = __builtin_trunc(x);
  if (__builtin_fabs(x - t) >= 0.5) t += __builtin_copysign(1.0, x);
  return t;
}

#endif
