/* diskcache.c — the compile cache's entry files: reading and checking them, writing them
 * atomically, listing and clearing a cache directory; see diskcache.h for the format. */
#include "diskcache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t on the stack */
#include <xxhash.h>

enum { KEY_LEN = DCACHE_KEY_LEN, KEY_BYTES = DCACHE_KEY_LEN / 2, DIGEST_BYTES = 16, HEADER_SIZE = DCACHE_HEADER_SIZE };
enum { TEMP_NAME_TRIES = 8 };
static const char MAGIC[] = "JITCENT3"; /* the first 8 bytes of every entry */
static const char SUFFIX[] = ".jce";
static const char TEMP_PREFIX[] = ".tmp."; /* a dot file: never taken for an entry */

typedef struct EntryHeader {
    uint32_t what_len, reserved;
    uint64_t payload_len;
    uint8_t key[KEY_BYTES]; /* the key the entry was stored under */
    uint8_t digest[DIGEST_BYTES]; /* XXH3-128 of key, what and payload, canonical (big-endian) */
} EntryHeader;

/* Entries are opened this way only: a link is not followed and a FIFO does not block. */
enum { ENTRY_OPEN_FLAGS = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK };

/* Invalid entries are removed, unreadable ones (an I/O error, no memory) are left alone. */
typedef enum { ENTRY_VALID, ENTRY_INVALID, ENTRY_UNREADABLE } EntryState;

/* ---- environment ---- */

static const char *env_nonempty(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

const char *dcache_dir(char *buf, size_t n)
{
    const char *v;
    int w;
    if ((v = env_nonempty("JITC_CACHE_DIR")))
        w = snprintf(buf, n, "%s", v);
    else if ((v = env_nonempty("XDG_CACHE_HOME")) && v[0] == '/') /* the XDG spec ignores relative paths */
        w = snprintf(buf, n, "%s/jitc", v);
    else if ((v = env_nonempty("HOME")))
        w = snprintf(buf, n, "%s/.cache/jitc", v);
    else
        return NULL;
    return w >= 0 && (size_t)w < n ? buf : NULL;
}

bool dcache_env_enabled(void)
{
    const char *v = getenv("JITC_CACHE");
    return v && *v && strcmp(v, "0") != 0;
}

/* ---- names ---- */

/* Whether s starts with a key's KEY_LEN lowercase hex digits. */
static bool starts_with_key(const char *s)
{
    for (int i = 0; i < KEY_LEN; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false; /* also stops at the NUL of a shorter string */
    return true;
}

static bool key_is_valid(const char *key) { return key && starts_with_key(key) && key[KEY_LEN] == '\0'; }

/* A valid key's hex digits as its bytes. */
static void key_bytes(const char *key, uint8_t out[KEY_BYTES])
{
    for (int i = 0; i < KEY_BYTES; i++) {
        int hi = key[2 * i], lo = key[2 * i + 1];
        hi = hi <= '9' ? hi - '0' : hi - 'a' + 10;
        lo = lo <= '9' ? lo - '0' : lo - 'a' + 10;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
}

static bool is_entry_name(const char *name) { return starts_with_key(name) && strcmp(name + KEY_LEN, SUFFIX) == 0; }

/* ".tmp.<pid>.<counter>.<key>", as make_temp_file names them */
static bool is_temp_name(const char *name)
{
    size_t n = strlen(name);
    return n > sizeof TEMP_PREFIX + KEY_LEN && strncmp(name, TEMP_PREFIX, sizeof TEMP_PREFIX - 1) == 0 &&
           name[n - KEY_LEN - 1] == '.' && key_is_valid(name + n - KEY_LEN);
}

static bool entry_path(char path[PATH_MAX], const char *dir, const char *key)
{
    int w = snprintf(path, PATH_MAX, "%s/%s%s", dir, key, SUFFIX);
    return w > 0 && w < PATH_MAX;
}

/* ---- I/O that survives EINTR and short transfers ---- */

static bool read_all(int fd, void *buf, size_t n)
{
    for (char *p = buf; n > 0;) {
        ssize_t got = read(fd, p, n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false; /* an error, or the file ended early */
        p += got, n -= (size_t)got;
    }
    return true;
}

static bool write_all(int fd, const void *buf, size_t n)
{
    for (const char *p = buf; n > 0;) {
        ssize_t put = write(fd, p, n);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return false;
        p += put, n -= (size_t)put;
    }
    return true;
}

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static uint64_t get_le(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* ---- the header ---- */

static void encode_header(uint8_t raw[HEADER_SIZE], const EntryHeader *h)
{
    memcpy(raw, MAGIC, 8);
    put_le(raw + 8, h->what_len, 4);
    put_le(raw + 12, h->reserved, 4);
    put_le(raw + 16, h->payload_len, 8);
    memcpy(raw + 24, h->key, KEY_BYTES);
    memcpy(raw + 24 + KEY_BYTES, h->digest, DIGEST_BYTES);
}

static bool decode_header(const uint8_t raw[HEADER_SIZE], EntryHeader *h)
{
    h->what_len = (uint32_t)get_le(raw + 8, 4);
    h->reserved = (uint32_t)get_le(raw + 12, 4);
    h->payload_len = get_le(raw + 16, 8);
    memcpy(h->key, raw + 24, KEY_BYTES);
    memcpy(h->digest, raw + 24 + KEY_BYTES, DIGEST_BYTES);
    return memcmp(raw, MAGIC, 8) == 0 && h->reserved == 0;
}

/* ---- the digest: XXH3-128 (libxxhash) over key, what and payload ---- */

static void start_digest(XXH3_state_t *s, const uint8_t key[KEY_BYTES])
{
    XXH3_INITSTATE(s);
    XXH3_128bits_reset(s);
    XXH3_128bits_update(s, key, KEY_BYTES);
}

static void finish_digest(XXH3_state_t *s, uint8_t digest[DIGEST_BYTES])
{
    XXH128_canonical_t c;
    XXH128_canonicalFromHash(&c, XXH3_128bits_digest(s));
    memcpy(digest, c.digest, DIGEST_BYTES);
}

/* ---- reading an entry ---- */

/* Hashes the next n bytes of fd without keeping them (dcache_list checks entries it does not load). */
static bool hash_from_fd(int fd, XXH3_state_t *s, uint64_t n)
{
    char buf[16384];
    while (n > 0) {
        size_t take = n < sizeof buf ? (size_t)n : sizeof buf;
        if (!read_all(fd, buf, take))
            return false;
        XXH3_128bits_update(s, buf, take);
        n -= take;
    }
    return true;
}

/* Reads the entry of key open at fd: *what (NUL-terminated, set whenever it could be read, even
 * for an invalid entry), and, when payload is not NULL, *payload (set only for a valid entry),
 * both in arena a (allocations that fail make the entry unreadable, never jump); *size is the
 * file's size. The file's type and size decide before anything is read or allocated. */
static EntryState read_entry(int fd, const char *key, Arena *a, char **what, void **payload, uint64_t *payload_len,
                             uint64_t *size)
{
    *what = NULL;
    struct stat st;
    if (fstat(fd, &st) != 0)
        return ENTRY_UNREADABLE;
    *size = (uint64_t)st.st_size;
    if (!S_ISREG(st.st_mode) || *size < HEADER_SIZE || *size > DCACHE_MAX_ENTRY)
        return ENTRY_INVALID;
    uint8_t raw[HEADER_SIZE], stored_under[KEY_BYTES];
    EntryHeader h;
    if (!read_all(fd, raw, HEADER_SIZE))
        return ENTRY_UNREADABLE;
    uint64_t body = *size - HEADER_SIZE;
    key_bytes(key, stored_under);
    if (!decode_header(raw, &h) || h.what_len > body || h.payload_len != body - h.what_len ||
        memcmp(h.key, stored_under, KEY_BYTES) != 0)
        return ENTRY_INVALID;
    XXH3_state_t s;
    start_digest(&s, h.key);
    if (!(*what = arena_try_alloc(a, (size_t)h.what_len + 1)) || !read_all(fd, *what, h.what_len))
        return ENTRY_UNREADABLE;
    (*what)[h.what_len] = '\0';
    XXH3_128bits_update(&s, *what, h.what_len);
    if (payload) {
        *payload = arena_try_alloc(a, (size_t)h.payload_len + 1); /* + 1: NUL-terminated, never NULL */
        if (!*payload || !read_all(fd, *payload, (size_t)h.payload_len)) {
            *payload = NULL;
            return ENTRY_UNREADABLE;
        }
        XXH3_128bits_update(&s, *payload, (size_t)h.payload_len);
    } else if (!hash_from_fd(fd, &s, h.payload_len)) {
        return ENTRY_UNREADABLE;
    }
    uint8_t digest[DIGEST_BYTES];
    finish_digest(&s, digest);
    *payload_len = h.payload_len;
    if (memcmp(digest, h.digest, DIGEST_BYTES) == 0)
        return ENTRY_VALID;
    if (payload)
        *payload = NULL;
    return ENTRY_INVALID;
}

/* Removes whatever is at path, a directory too when it is empty. */
static bool remove_path(const char *path)
{
    return unlink(path) == 0 || (errno == EISDIR && rmdir(path) == 0) || errno == ENOENT;
}

/* Removes the invalid file open at fd, unless a writer has meanwhile renamed a new entry over
 * its name (that one is left alone; the window left between the check and the unlink costs at
 * worst a recompilation). */
static void remove_if_still_there(const char *path, int fd)
{
    struct stat open_st, path_st;
    if (fstat(fd, &open_st) == 0 && lstat(path, &path_st) == 0 && open_st.st_dev == path_st.st_dev &&
        open_st.st_ino == path_st.st_ino)
        remove_path(path);
}

/* Opens the entry at path; a name that cannot be opened as an entry (a symbolic link, a
 * socket) is removed. -1 when there is no entry to read. */
static int open_entry(const char *path)
{
    int fd = open(path, ENTRY_OPEN_FLAGS);
    if (fd < 0 && (errno == ELOOP || errno == ENXIO))
        remove_path(path);
    return fd;
}

void *dcache_get(const char *dir, const char *key, Arena *a, size_t *len)
{
    char path[PATH_MAX], why[PATH_MAX + 128];
    if (!dir || !key_is_valid(key) || !entry_path(path, dir, key) || dcache_dir_problem(dir, why, sizeof why))
        return NULL;
    int fd = open_entry(path);
    if (fd < 0)
        return NULL;
    char *what;
    void *payload = NULL;
    uint64_t payload_len = 0, size;
    EntryState state = read_entry(fd, key, a, &what, &payload, &payload_len, &size);
    if (state == ENTRY_INVALID)
        remove_if_still_there(path, fd);
    close(fd);
    if (state != ENTRY_VALID)
        return NULL;
    *len = (size_t)payload_len;
    return payload;
}

bool dcache_remove(const char *dir, const char *key)
{
    char path[PATH_MAX];
    return dir && key_is_valid(key) && entry_path(path, dir, key) && remove_path(path);
}

/* ---- the directory's safety ---- */

const char *dcache_dir_problem(const char *dir, char *buf, size_t n)
{
    struct stat st;
    if (!dir || stat(dir, &st) != 0)
        return NULL; /* missing: made private when first written */
    if (!S_ISDIR(st.st_mode))
        snprintf(buf, n, "the cache directory %s is not a directory", dir);
    else if (st.st_uid != geteuid())
        snprintf(buf, n, "the cache directory %s belongs to another user (uid %ld): jitc does not use it", dir,
                 (long)st.st_uid);
    else if (st.st_mode & (S_IWGRP | S_IWOTH))
        snprintf(buf, n, "the cache directory %s can be written by other users (mode %04o): jitc does not use it; "
                 "make it private with chmod 700 %s", dir, (unsigned)(st.st_mode & 07777), dir);
    else
        return NULL;
    return buf;
}

/* ---- writing an entry ---- */

/* mkdir -p, dir itself private to the user: the common case (dir exists) costs one mkdir. */
static bool make_dirs(const char *dir)
{
    if (mkdir(dir, 0700) == 0 || errno == EEXIST)
        return true;
    if (errno != ENOENT)
        return false;
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf)
        return false;
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return false;
        *p = '/';
    }
    return mkdir(buf, 0700) == 0 || errno == EEXIST;
}

/* Creates a fresh temporary file in dir. pid and counter make the name unique among live
 * writers; O_EXCL and a few tries cover a stale file of a crashed process whose pid came back,
 * or writers in other pid namespaces sharing the directory. */
static int make_temp_file(char tmp[PATH_MAX], const char *dir, const char *key)
{
    static atomic_ulong counter;
    for (int i = 0; i < TEMP_NAME_TRIES; i++) {
        unsigned long n = atomic_fetch_add(&counter, 1);
        int w = snprintf(tmp, PATH_MAX, "%s/%s%ld.%lu.%s", dir, TEMP_PREFIX, (long)getpid(), n, key);
        if (w <= 0 || w >= PATH_MAX)
            return -1;
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

static bool write_entry(int fd, const char *key, const char *what, size_t what_len, const void *payload, size_t len)
{
    EntryHeader h = {.what_len = (uint32_t)what_len, .payload_len = len};
    key_bytes(key, h.key);
    XXH3_state_t s;
    start_digest(&s, h.key);
    XXH3_128bits_update(&s, what, what_len);
    XXH3_128bits_update(&s, payload, len);
    finish_digest(&s, h.digest);
    uint8_t raw[HEADER_SIZE];
    encode_header(raw, &h);
    return write_all(fd, raw, sizeof raw) && write_all(fd, what, what_len) && write_all(fd, payload, len);
}

/* Makes the rename itself durable. */
static bool fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0;
    close(fd);
    return ok;
}

bool dcache_put(const char *dir, const char *key, const char *what, const void *payload, size_t len)
{
    char path[PATH_MAX], tmp[PATH_MAX], why[PATH_MAX + 128];
    if (!what)
        what = "";
    size_t what_len = strlen(what);
    if (!dir || !key_is_valid(key) || (!payload && len) || len > DCACHE_MAX_ENTRY - HEADER_SIZE ||
        what_len > DCACHE_MAX_ENTRY - HEADER_SIZE - len || !entry_path(path, dir, key) || !make_dirs(dir) ||
        dcache_dir_problem(dir, why, sizeof why))
        return false;
    int fd = make_temp_file(tmp, dir, key);
    if (fd < 0)
        return false;
    bool ok = write_entry(fd, key, what, what_len, payload ? payload : "", len) && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return false;
    }
    return fsync_dir(dir);
}

/* ---- the directory ---- */

static int select_entries(const struct dirent *d) { return is_entry_name(d->d_name); }
static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

/* Checks one listed entry and reports it; false when it vanished since the directory was read. */
static bool report_entry(const char *dir, const char *name, dcache_entry_fn fn, void *ud)
{
    char key[KEY_LEN + 1], path[PATH_MAX];
    memcpy(key, name, KEY_LEN);
    key[KEY_LEN] = '\0';
    if (!entry_path(path, dir, key))
        return false;
    int fd = open(path, ENTRY_OPEN_FLAGS);
    if (fd < 0 && errno == ENOENT)
        return false;
    char *what = NULL;
    uint64_t payload_len, size = 0;
    Heap heap; /* the listing belongs to no context: the C heap */
    heap_init(&heap, NULL, NULL);
    HeapGuard g;
    heap_guard_begin(&heap, &g);
    if (setjmp(g.jump)) { /* no memory for the arena: the entry is reported unreadable */
        heap_guard_unwind(&heap, &g);
        if (fd >= 0)
            close(fd);
        if (fn)
            fn(ud, key, "", 0, false);
        return true;
    }
    Arena *a = arena_scratch(&heap);
    EntryState state = fd >= 0 ? read_entry(fd, key, a, &what, NULL, &payload_len, &size) : ENTRY_UNREADABLE;
    if (fd >= 0)
        close(fd);
    if (fn)
        fn(ud, key, what ? what : "", size, state == ENTRY_VALID);
    arena_free(a);
    heap_guard_end(&heap, &g);
    return true;
}

int dcache_list(const char *dir, dcache_entry_fn fn, void *ud)
{
    struct dirent **names;
    int n = dir ? scandir(dir, &names, select_entries, by_name) : -1;
    if (n < 0)
        return dir && errno == ENOENT ? 0 : -1;
    int reported = 0;
    for (int i = 0; i < n; i++) {
        reported += report_entry(dir, names[i]->d_name, fn, ud);
        free(names[i]);
    }
    free(names);
    return reported;
}

int dcache_clear(const char *dir)
{
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d)
        return dir && errno == ENOENT ? 0 : -1;
    int removed = 0;
    for (struct dirent *e; (e = readdir(d));)
        if ((is_entry_name(e->d_name) || is_temp_name(e->d_name)) && unlinkat(dirfd(d), e->d_name, 0) == 0)
            removed++;
    closedir(d);
    return removed;
}
