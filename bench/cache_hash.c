/* cache_hash.c — what the cache's content hash costs on large entries: dcache_put (hash, write,
 * fsync, rename) and dcache_get (read, check the key and the digest) of payloads from 64 KiB
 * (a PTX module) to 64 MiB, against memcpy of the same bytes measured in the same run (the
 * floor any read pays). The entries live in a directory under /dev/shm where there is one, so
 * the disk does not hide the hash. Best of REPEATS each.
 *   build/bench/cache_hash [DIR]        (make bench runs it) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/clock.h"
#include "driver/diskcache.h"

enum { REPEATS = 7 };

static const char KEY[] = "0123456789abcdef0123456789abcdef";

/* Milliseconds of the fastest of REPEATS runs of one put or get of n bytes (what: "put", "get"). */
static double best_ms(const char *dir, const char *what, const void *data, size_t n)
{
    static Heap heap = {.alloc = arena_default_alloc};
    double best = 1e300;
    for (int r = 0; r < REPEATS; r++) {
        double t0 = now_ms();
        bool ok;
        if (strcmp(what, "put") == 0) {
            ok = dcache_put(dir, KEY, "bench", data, n);
        } else {
            Arena *a = arena_new(&heap);
            size_t len = 0;
            ok = dcache_get(dir, KEY, a, &len) != NULL && len == n;
            arena_free(a);
        }
        double t = now_ms() - t0;
        if (!ok) {
            fprintf(stderr, "cache_hash: %s of %zu bytes failed in %s\n", what, n, dir);
            exit(1);
        }
        best = t < best ? t : best;
    }
    return best;
}

static double memcpy_ms(void *dst, const void *src, size_t n)
{
    double best = 1e300;
    for (int r = 0; r < REPEATS; r++) {
        double t0 = now_ms();
        memcpy(dst, src, n);
        __asm__ volatile("" : : "r"(dst) : "memory"); /* the copy is not optimized away */
        double t = now_ms() - t0;
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    char dir[4096];
    const char *base = argc > 1 ? argv[1] : access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/jitc-cache-hash-%ld", base, (long)getpid());
    printf("cache entry write and read against memcpy of the same bytes (best of %d, in %s)\n", REPEATS, dir);
    printf("  %10s %10s %10s %10s %12s %12s\n", "bytes", "put ms", "get ms", "memcpy ms", "get MB/s", "get/memcpy");
    for (size_t n = 64 << 10; n <= (size_t)128 << 20; n <<= 2) {
        char *data = malloc(n), *copy = malloc(n);
        if (!data || !copy) {
            fprintf(stderr, "cache_hash: no memory for %zu bytes\n", n);
            return 1;
        }
        for (size_t i = 0; i < n; i++)
            data[i] = (char)(i * 2654435761u >> 13);
        double put = best_ms(dir, "put", data, n), get = best_ms(dir, "get", data, n);
        double copy_ms = memcpy_ms(copy, data, n);
        printf("  %10zu %10.3f %10.3f %10.3f %12.0f %12.1f\n", n, put, get, copy_ms, n / get / 1e3, get / copy_ms);
        free(data);
        free(copy);
    }
    dcache_clear(dir);
    rmdir(dir);
    return 0;
}
