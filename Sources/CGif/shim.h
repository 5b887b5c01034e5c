#ifndef LOADMARK_CGIF_SHIM_H
#define LOADMARK_CGIF_SHIM_H

#include <gif_lib.h>

#endif
