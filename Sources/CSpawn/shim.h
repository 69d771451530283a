#ifndef WATERFALL_CSPAWN_SHIM_H
#define WATERFALL_CSPAWN_SHIM_H

#include <fcntl.h>
#include <spawn.h>
#include <sys/statfs.h>

/// `pipe2(2)`, for a child's standard input with close-on-exec set atomically. glibc declares it, and the spawn
/// action below, only under `_GNU_SOURCE`, which Swift's Glibc module is not built with: the declarations are local
/// to these wrappers, and Swift sees only the wrappers.
static inline int waterfall_spawn_pipe2(int descriptors[2], int flags) {
    extern int pipe2(int descriptors[2], int flags);
    return pipe2(descriptors, flags);
}

/// `posix_spawn_file_actions_addclosefrom_np(3)` (glibc 2.34): the child closes every descriptor from `from` up,
/// whatever other threads opened without close-on-exec.
static inline int waterfall_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// The process's environment (`environ`, which unistd.h declares only under `_GNU_SOURCE`): what the decoder worker
/// is started with.
static inline char **waterfall_spawn_environment(void) {
    extern char **environ;
    return environ;
}

/// `renameat2(2)` with `RENAME_NOREPLACE`: renames `from` to `to` unless `to` exists (then fails with `EEXIST`), in one
/// step, so a file action never overwrites a file that appeared meanwhile. glibc (2.28) declares it only under
/// `_GNU_SOURCE`, as the calls above.
static inline int waterfall_rename_noreplace(const char *from, const char *to) {
    extern int renameat2(int, const char *, int, const char *, unsigned int);
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE, <linux/fs.h> */);
}

/// The type of the file system `path` is on (`statfs(2)`'s `f_type`, a magic number of linux/magic.h), in `*type`;
/// returns 0, or -1 with `errno` set. sys/statfs.h is no part of Swift's Glibc module.
static inline int waterfall_file_system_type(const char *path, unsigned long *type) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    *type = (unsigned long)info.f_type;
    return 0;
}

/// The number of cores this thread may run on (`sched_getaffinity(2)`: what `taskset`, a container's cpuset or `nproc`
/// allow), 0 when it cannot be read. glibc declares it only under `_GNU_SOURCE`, and its CPU_COUNT is a macro.
static inline int waterfall_available_cores(void) {
    extern int sched_getaffinity(int pid, unsigned long size, void *mask);
    unsigned long mask[16] = {0};
    if (sched_getaffinity(0, sizeof mask, mask) != 0) return 0;
    int count = 0;
    for (int word = 0; word < 16; word++) count += __builtin_popcountl(mask[word]);
    return count;
}

#endif
