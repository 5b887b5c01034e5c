#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>

#include "LoadmarkSystem.h"

int loadmark_open_unnamed(int directory, unsigned int mode) {
#ifdef O_TMPFILE
  return openat(directory, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, (mode_t)mode);
#else
  errno = EOPNOTSUPP;
  return -1;
#endif
}

int loadmark_terminal_columns(int descriptor) {
  struct winsize size;
  if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return -1;
  if (size.ws_col == 0) {
    errno = ENOTTY;
    return -1;
  }
  return size.ws_col;
}
