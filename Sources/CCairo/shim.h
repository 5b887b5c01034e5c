#ifndef LOADMARK_CCAIRO_SHIM_H
#define LOADMARK_CCAIRO_SHIM_H

#include <cairo.h>

#endif
