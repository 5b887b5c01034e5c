#ifndef LOADMARK_SYSTEM_H
#define LOADMARK_SYSTEM_H

/// Opens an unnamed regular file for writing in the directory `directory`
/// (`openat` with `O_TMPFILE | O_WRONLY | O_CLOEXEC`), which `linkat` can
/// later give a name. Returns the descriptor, or -1 with errno set:
/// EOPNOTSUPP where the system or file system has no `O_TMPFILE`.
///
/// In C because Swift's Glibc module is built without `_GNU_SOURCE`, which
/// `O_TMPFILE` needs.
int loadmark_open_unnamed(int directory, unsigned int mode);

/// The width in columns of the terminal open on `descriptor`
/// (`ioctl` with `TIOCGWINSZ`), or -1 with errno set when it is not a
/// terminal or has no size.
///
/// In C because `ioctl` takes variable arguments, which Swift cannot call.
int loadmark_terminal_columns(int descriptor);

#endif
