#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>

#include "LoadmarkSystem.h"

int loadmark_open_unnamed(int directory, unsigned int mode) {
#ifdef O_TMPFILE
  return openat(directory, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
#else
  errno = EOPNOTSUPP;
  return -1;
#endif
}
