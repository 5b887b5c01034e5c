#ifndef LOADMARK_CWEBP_SHIM_H
#define LOADMARK_CWEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
