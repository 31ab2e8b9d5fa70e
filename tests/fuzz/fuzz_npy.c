/* fuzz_npy.c — libFuzzer harness of the .npy reader (cli/npy.c), the CLI's array arguments:
 * any bytes as a file; an error message is fine, a crash, a sanitizer report or a leak is a
 * finding. The file is an in-memory one (memfd), read through its /proc path as the CLI reads
 * a path. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("fuzz.npy", 0);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size)
        abort();
    char path[64], err[512];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    NpyArray a;
    if (npy_read(path, &a, err, sizeof err) == 0)
        npy_free(&a);
    close(fd);
    return 0;
}
