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

#endif
