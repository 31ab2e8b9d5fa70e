/* test_diskcache.c — the compile cache's files (driver/diskcache.h): where the cache lives,
 * round trips, every kind of damage detected (in large entries read piece by piece too) and
 * the damaged file removed, bad keys refused, entries stored under another key, FIFOs, links,
 * directories and oversized files in an entry's place refused and removed, directories others
 * can write refused, listing and clearing, and several processes
 * writing one key while another reads it without anyone seeing a partial entry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver/diskcache.h"

static const char KEY_A[] = "00112233445566778899aabbccddeeff";
static const char KEY_B[] = "11111111111111111111111111111111";
static const char KEY_C[] = "ffffffffffffffffffffffffffffffff";

/* ---- helpers ---- */

/* The fixture of the tests that touch files: a fresh directory under /tmp as *state, removed
 * with everything in it afterwards, whether the test passed or not. */
static int make_temp_dir(void **state)
{
    char *dir = strdup("/tmp/jitc-dcache-XXXXXX");
    if (!dir || !mkdtemp(dir)) {
        free(dir);
        return -1;
    }
    *state = dir;
    return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static int remove_temp_dir(void **state)
{
    int rc = nftw(*state, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    free(*state);
    return rc;
}

static void entry_file(char *path, size_t n, const char *dir, const char *key)
{
    snprintf(path, n, "%s/%s.jce", dir, key);
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static size_t read_file(const char *path, uint8_t *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, cap, f);
    assert_int_equal(fclose(f), 0);
    return n;
}

/* dcache_get, its payload copied to malloc'd memory (NULL for none) so that tests free it. */
static void *cache_get(const char *dir, const char *key, size_t *len)
{
    static Heap heap = {.alloc = arena_default_alloc};
    Arena *a = arena_new(&heap);
    void *payload = dcache_get(dir, key, a, len), *copy = NULL;
    if (payload) {
        copy = malloc(*len + 1);
        memcpy(copy, payload, *len);
    }
    arena_free(a);
    return copy;
}

/* Asserts that key's payload is exactly data[0..n). */
static void assert_payload(const char *dir, const char *key, const void *data, size_t n)
{
    size_t len = (size_t)-1;
    void *got = cache_get(dir, key, &len);
    assert_non_null(got);
    assert_int_equal(len, n);
    assert_memory_equal(got, data, n);
    free(got);
}

static int count_temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strncmp(e->d_name, ".tmp.", 5) == 0;
    closedir(d);
    return n;
}

/* ---- the environment ---- */

typedef struct SavedEnv {
    char *values[5];
} SavedEnv;
static const char *const ENV_NAMES[5] = {"JITC_CACHE_DIR", "XDG_CACHE_HOME", "HOME", "JITC_CACHE", NULL};

static void save_env(SavedEnv *s)
{
    for (int i = 0; ENV_NAMES[i]; i++) {
        const char *v = getenv(ENV_NAMES[i]);
        s->values[i] = v ? strdup(v) : NULL;
    }
}

static void restore_env(SavedEnv *s)
{
    for (int i = 0; ENV_NAMES[i]; i++) {
        if (s->values[i])
            setenv(ENV_NAMES[i], s->values[i], 1);
        else
            unsetenv(ENV_NAMES[i]);
        free(s->values[i]);
    }
}

static void test_cache_dir_precedence(void **state)
{
    (void)state;
    SavedEnv saved;
    save_env(&saved);
    char buf[256];
    setenv("JITC_CACHE_DIR", "/c/jitc-dir", 1);
    setenv("XDG_CACHE_HOME", "/x", 1);
    setenv("HOME", "/h", 1);
    assert_string_equal(dcache_dir(buf, sizeof buf), "/c/jitc-dir");
    unsetenv("JITC_CACHE_DIR");
    assert_string_equal(dcache_dir(buf, sizeof buf), "/x/jitc");
    setenv("JITC_CACHE_DIR", "", 1); /* empty counts as unset */
    assert_string_equal(dcache_dir(buf, sizeof buf), "/x/jitc");
    unsetenv("XDG_CACHE_HOME");
    assert_string_equal(dcache_dir(buf, sizeof buf), "/h/.cache/jitc");
    setenv("XDG_CACHE_HOME", "relative", 1); /* ignored, as the XDG spec says */
    assert_string_equal(dcache_dir(buf, sizeof buf), "/h/.cache/jitc");
    assert_null(dcache_dir(buf, 5)); /* does not fit */
    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
    assert_null(dcache_dir(buf, sizeof buf));
    restore_env(&saved);
}

static void test_env_enabled(void **state)
{
    (void)state;
    SavedEnv saved;
    save_env(&saved);
    unsetenv("JITC_CACHE");
    assert_false(dcache_env_enabled());
    setenv("JITC_CACHE", "", 1);
    assert_false(dcache_env_enabled());
    setenv("JITC_CACHE", "0", 1);
    assert_false(dcache_env_enabled());
    setenv("JITC_CACHE", "1", 1);
    assert_true(dcache_env_enabled());
    setenv("JITC_CACHE", "yes", 1);
    assert_true(dcache_env_enabled());
    restore_env(&saved);
}

/* ---- round trips ---- */

static void test_put_then_get(void **state)
{
    const char *tmp = *state;
    char dir[256];
    snprintf(dir, sizeof dir, "%s/a/b/c", tmp); /* parents missing */
    size_t len = 0;
    assert_null(cache_get(dir, KEY_A, &len)); /* nothing yet, not even the directory */

    uint8_t payload[3000];
    for (size_t i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)(i * 31 + 7);
    assert_true(dcache_put(dir, KEY_A, "host f(int64) x86-64", payload, sizeof payload));
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700); /* private to the user */
    assert_payload(dir, KEY_A, payload, sizeof payload);
    assert_payload(dir, KEY_A, payload, sizeof payload); /* reading does not consume */

    const char replacement[] = "a shorter payload";
    assert_true(dcache_put(dir, KEY_A, "host f(int64) x86-64", replacement, sizeof replacement));
    assert_payload(dir, KEY_A, replacement, sizeof replacement);

    assert_true(dcache_put(dir, KEY_B, NULL, NULL, 0)); /* empty payload, no description */
    assert_payload(dir, KEY_B, "", 0);
    assert_true(dcache_put(tmp, KEY_C, "top", "x", 1)); /* a directory that exists */
    assert_payload(tmp, KEY_C, "x", 1);
    assert_int_equal(count_temp_files(dir), 0);
}

static void test_put_fails_cleanly(void **state)
{
    const char *tmp = *state;
    char file[256], dir[256];
    snprintf(file, sizeof file, "%s/plain-file", tmp);
    write_file(file, "x", 1);
    snprintf(dir, sizeof dir, "%s/plain-file/sub", tmp); /* a parent is not a directory */
    assert_false(dcache_put(file, KEY_A, "w", "p", 1));
    assert_false(dcache_put(dir, KEY_A, "w", "p", 1));
    assert_false(dcache_put(tmp, KEY_A, "w", NULL, 5)); /* no payload but a length */
    assert_int_equal(count_temp_files(tmp), 0);
    assert_int_equal(dcache_list(tmp, NULL, NULL), 0);
}

/* ---- damage ---- */

/* Spoils the entry file at path, of size bytes, in a way arg tells. */
typedef void (*Damage)(const char *path, size_t size, size_t arg);

/* Writes a good entry, lets damage() spoil its file, then checks that get refuses it and removes it. */
static void check_damage_detected(const char *dir, Damage damage, size_t arg)
{
    uint8_t payload[1000];
    memset(payload, 0x5a, sizeof payload);
    payload[17] = 1;
    assert_true(dcache_put(dir, KEY_A, "host g(float64) x86-64 znver3", payload, sizeof payload));
    char path[256];
    entry_file(path, sizeof path, dir, KEY_A);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_size, DCACHE_HEADER_SIZE + strlen("host g(float64) x86-64 znver3") + sizeof payload);
    damage(path, (size_t)st.st_size, arg);
    size_t len = 12345;
    assert_null(cache_get(dir, KEY_A, &len));
    assert_int_equal(len, 12345);
    assert_false(file_exists(path));
}

static void truncate_to(const char *path, size_t size, size_t keep)
{
    (void)size;
    assert_int_equal(truncate(path, (off_t)keep), 0);
}

static void truncate_by(const char *path, size_t size, size_t cut) { truncate_to(path, size, size - cut); }

static void flip_byte(const char *path, size_t size, size_t at)
{
    static uint8_t buf[4096];
    assert_int_equal(read_file(path, buf, sizeof buf), size);
    buf[at < size ? at : size - 1 - (at - size)] ^= 0x01; /* at >= size counts back from the end */
    write_file(path, buf, size);
}

static void append_byte(const char *path, size_t size, size_t arg)
{
    (void)size, (void)arg;
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    assert_int_equal(fputc(0, f), 0);
    assert_int_equal(fclose(f), 0);
}

static void test_damage_is_detected_and_removed(void **state)
{
    const char *dir = *state;
    check_damage_detected(dir, truncate_by, 1);
    check_damage_detected(dir, truncate_by, 500);
    check_damage_detected(dir, truncate_to, 0);
    check_damage_detected(dir, truncate_to, 30); /* inside the header */
    check_damage_detected(dir, append_byte, 0);
    for (size_t at = 0; at < DCACHE_HEADER_SIZE; at++) /* every header byte: magic, lengths, reserved, key, digest */
        check_damage_detected(dir, flip_byte, at);
    check_damage_detected(dir, flip_byte, DCACHE_HEADER_SIZE + 4); /* the description */
    size_t size = DCACHE_HEADER_SIZE + strlen("host g(float64) x86-64 znver3") + 1000;
    check_damage_detected(dir, flip_byte, size);      /* the last payload byte */
    check_damage_detected(dir, flip_byte, size + 500); /* one in the middle */
}

/* ---- keys ---- */

static void test_bad_keys_are_refused(void **state)
{
    const char *dir = *state;
    char upper[DCACHE_KEY_LEN + 1], short_key[DCACHE_KEY_LEN], long_key[DCACHE_KEY_LEN + 2], slash[DCACHE_KEY_LEN + 1];
    strcpy(upper, KEY_A);
    upper[10] = 'A';
    memcpy(short_key, KEY_A, DCACHE_KEY_LEN - 1), short_key[DCACHE_KEY_LEN - 1] = '\0';
    strcpy(long_key, KEY_A), strcat(long_key, "0");
    strcpy(slash, KEY_A);
    slash[0] = '.', slash[1] = '.', slash[2] = '/';
    const char *not_hex = "g0000000000000000000000000000000";
    const char *bad[] = {NULL, "", upper, short_key, long_key, slash, not_hex};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t len;
        assert_false(dcache_put(dir, bad[i], "w", "p", 1));
        assert_null(cache_get(dir, bad[i], &len));
    }
    assert_int_equal(dcache_list(dir, NULL, NULL), 0);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));)
        files += e->d_name[0] != '.' || strlen(e->d_name) > 2;
    closedir(d);
    assert_int_equal(files, 0);
}

/* ---- listing and clearing ---- */

typedef struct Listed {
    int n;
    char keys[4][DCACHE_KEY_LEN + 1], whats[4][64];
    uint64_t bytes[4];
    bool valid[4];
} Listed;

static void collect(void *ud, const char *key, const char *what, uint64_t bytes, bool valid)
{
    Listed *l = ud;
    assert_true(l->n < 4);
    snprintf(l->keys[l->n], sizeof l->keys[0], "%s", key);
    snprintf(l->whats[l->n], sizeof l->whats[0], "%s", what);
    l->bytes[l->n] = bytes;
    l->valid[l->n++] = valid;
}

static void test_list_and_clear(void **state)
{
    const char *dir = *state;
    char path[256];
    assert_true(dcache_put(dir, KEY_C, "third", "333", 3)); /* written out of order */
    assert_true(dcache_put(dir, KEY_A, "first", "1", 1));
    assert_true(dcache_put(dir, KEY_B, "second", "22", 2));
    entry_file(path, sizeof path, dir, KEY_B);
    flip_byte(path, DCACHE_HEADER_SIZE + 6 + 2, DCACHE_HEADER_SIZE + 6); /* the payload of the second */
    snprintf(path, sizeof path, "%s/.tmp.999.0.%s", dir, KEY_A); /* left by a crashed writer */
    write_file(path, "partial", 7);
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    write_file(path, "mine", 4);
    snprintf(path, sizeof path, "%s/%.31s.jce", dir, KEY_A); /* not a key */
    write_file(path, "mine", 4);

    Listed l = {0};
    assert_int_equal(dcache_list(dir, collect, &l), 3);
    assert_int_equal(l.n, 3);
    assert_string_equal(l.keys[0], KEY_A);
    assert_string_equal(l.keys[1], KEY_B);
    assert_string_equal(l.keys[2], KEY_C);
    assert_string_equal(l.whats[0], "first");
    assert_string_equal(l.whats[1], "second");
    assert_string_equal(l.whats[2], "third");
    assert_true(l.valid[0]);
    assert_false(l.valid[1]);
    assert_true(l.valid[2]);
    assert_int_equal(l.bytes[0], DCACHE_HEADER_SIZE + 5 + 1);
    assert_int_equal(l.bytes[2], DCACHE_HEADER_SIZE + 5 + 3);
    entry_file(path, sizeof path, dir, KEY_B);
    assert_true(file_exists(path)); /* listing reports, it does not remove */

    assert_int_equal(dcache_clear(dir), 4);
    assert_int_equal(dcache_list(dir, collect, &l), 0);
    assert_int_equal(count_temp_files(dir), 0);
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    assert_true(file_exists(path));
    snprintf(path, sizeof path, "%s/%.31s.jce", dir, KEY_A);
    assert_true(file_exists(path));
    assert_int_equal(dcache_clear(dir), 0);

    char missing[128];
    snprintf(missing, sizeof missing, "%s/missing", dir);
    assert_int_equal(dcache_list(missing, collect, &l), 0);
    assert_int_equal(dcache_clear(missing), 0);
    snprintf(path, sizeof path, "%s/notes.txt", dir); /* not a directory: cannot be read */
    assert_int_equal(dcache_list(path, collect, &l), -1);
    assert_int_equal(dcache_clear(path), -1);
}

/* ---- what is not an entry ---- */

/* An entry copied into another key's slot is whole and its digest agrees, but it was stored
 * under another key: refused and removed, the original left alone. */
/* A payload of several of the reader's 16 KiB pieces, of no round size: the digest dcache_list
 * takes piece by piece from the file agrees with the one dcache_put took whole, and a flipped
 * bit deep inside is seen by both. */
static void test_large_entry_is_checked_in_pieces(void **state)
{
    const char *dir = *state;
    enum { N = 5 * 16384 + 123 };
    static uint8_t payload[N];
    for (size_t i = 0; i < N; i++)
        payload[i] = (uint8_t)(i * 31 + (i >> 9));
    assert_true(dcache_put(dir, KEY_A, "big", payload, N));
    Listed l = {0};
    assert_int_equal(dcache_list(dir, collect, &l), 1);
    assert_true(l.valid[0]);
    assert_payload(dir, KEY_A, payload, N);

    char path[256];
    entry_file(path, sizeof path, dir, KEY_A);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    size_t at = DCACHE_HEADER_SIZE + strlen("big") + 3 * 16384 + 7;
    assert_int_equal(fseek(f, (long)at, SEEK_SET), 0);
    assert_int_equal(fputc(payload[3 * 16384 + 7] ^ 0x40, f), payload[3 * 16384 + 7] ^ 0x40);
    assert_int_equal(fclose(f), 0);
    l = (Listed){0};
    assert_int_equal(dcache_list(dir, collect, &l), 1);
    assert_false(l.valid[0]);
    size_t len;
    assert_null(cache_get(dir, KEY_A, &len));
    assert_false(file_exists(path)); /* removed, to be rebuilt */
}

static void test_entry_under_another_key_is_refused(void **state)
{
    const char *dir = *state;
    char from[256], to[256];
    static const char payload[] = "code of g";
    assert_true(dcache_put(dir, KEY_A, "ptx g sm_90", payload, sizeof payload));
    entry_file(from, sizeof from, dir, KEY_A);
    entry_file(to, sizeof to, dir, KEY_B);
    uint8_t buf[512];
    size_t n = read_file(from, buf, sizeof buf);
    write_file(to, buf, n);
    Listed l = {0};
    assert_int_equal(dcache_list(dir, collect, &l), 2);
    assert_true(l.valid[0]);
    assert_false(l.valid[1]); /* the copy, listed under its name */
    size_t len;
    assert_null(cache_get(dir, KEY_B, &len));
    assert_false(file_exists(to));
    assert_payload(dir, KEY_A, payload, sizeof payload);
}

/* A FIFO, a symbolic link and a directory in an entry's place: none is read (the FIFO does not
 * block), each is removed, so the next compilation writes a real entry there. */
static void test_non_regular_files_are_removed(void **state)
{
    const char *dir = *state;
    char fifo[256], link[256], sub[256], target[256];
    assert_true(dcache_put(dir, KEY_C, "real", "x", 1));
    entry_file(fifo, sizeof fifo, dir, KEY_A);
    entry_file(link, sizeof link, dir, KEY_B);
    entry_file(target, sizeof target, dir, KEY_C);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(symlink(target, link), 0);
    Listed l = {0};
    assert_int_equal(dcache_list(dir, collect, &l), 3); /* listing does not block on the FIFO either */
    assert_false(l.valid[0]);
    assert_false(l.valid[1]);
    assert_true(l.valid[2]);
    size_t len;
    assert_null(cache_get(dir, KEY_A, &len));
    assert_false(file_exists(fifo));
    assert_null(cache_get(dir, KEY_B, &len));
    struct stat st;
    assert_int_not_equal(lstat(link, &st), 0);
    assert_payload(dir, KEY_C, "x", 1); /* the link's target is untouched */
    entry_file(sub, sizeof sub, dir, KEY_A);
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_null(cache_get(dir, KEY_A, &len));
    assert_false(file_exists(sub));
    assert_true(dcache_put(dir, KEY_A, "rebuilt", "y", 1));
    assert_payload(dir, KEY_A, "y", 1);
}

/* A file over the size cap is refused from its size alone, before anything is allocated (a sparse
 * file: this costs no disk); an entry over the cap is never written. */
static void test_oversized_entries_are_refused(void **state)
{
    const char *dir = *state;
    char path[256];
    assert_true(dcache_put(dir, KEY_A, "w", "p", 1));
    entry_file(path, sizeof path, dir, KEY_A);
    assert_int_equal(truncate(path, (off_t)DCACHE_MAX_ENTRY + 1), 0);
    size_t len;
    assert_null(cache_get(dir, KEY_A, &len));
    assert_false(file_exists(path));
    static const char big[1] = {0};
    assert_false(dcache_put(dir, KEY_B, "w", big, (size_t)DCACHE_MAX_ENTRY));
    assert_int_equal(count_temp_files(dir), 0);
}

/* A directory others can write to is never used; a new one is made private. */
static void test_unsafe_directories_are_refused(void **state)
{
    const char *tmp = *state;
    char dir[256], why[512], file[256];
    snprintf(dir, sizeof dir, "%s/cache", tmp);
    assert_null(dcache_dir_problem(dir, why, sizeof why)); /* missing: made when first written */
    assert_true(dcache_put(dir, KEY_A, "w", "p", 1));
    assert_null(dcache_dir_problem(dir, why, sizeof why));
    assert_int_equal(chmod(dir, 0777), 0);
    assert_non_null(dcache_dir_problem(dir, why, sizeof why));
    assert_non_null(strstr(why, "can be written by other users (mode 0777)"));
    assert_non_null(strstr(why, "chmod 700"));
    size_t len;
    assert_null(cache_get(dir, KEY_A, &len)); /* a valid entry, but not trusted */
    assert_false(dcache_put(dir, KEY_B, "w", "p", 1));
    assert_int_equal(chmod(dir, 0720), 0); /* the group can write: refused too */
    assert_non_null(dcache_dir_problem(dir, why, sizeof why));
    assert_int_equal(chmod(dir, 0755), 0); /* others may read: fine */
    assert_null(dcache_dir_problem(dir, why, sizeof why));
    assert_payload(dir, KEY_A, "p", 1);
    snprintf(file, sizeof file, "%s/file", tmp);
    write_file(file, "x", 1);
    assert_non_null(dcache_dir_problem(file, why, sizeof why));
    assert_non_null(strstr(why, "is not a directory"));
}

/* ---- concurrency ---- */

enum { WRITERS = 4, PUTS_PER_WRITER = 200, BIG = 64 * 1024 };

/* A child: puts its own self-describing payload (every byte its number) over and over. */
static void writer_process(const char *dir, int number)
{
    static uint8_t payload[BIG];
    memset(payload, 'A' + number, sizeof payload);
    int failures = 0;
    for (int i = 0; i < PUTS_PER_WRITER; i++)
        failures += !dcache_put(dir, KEY_A, "contended", payload, sizeof payload);
    _exit(failures ? 1 : 0);
}

/* Whether p is one writer's whole payload. */
static bool is_one_writers_payload(const uint8_t *p, size_t len)
{
    if (len != BIG || p[0] < 'A' || p[0] >= 'A' + WRITERS)
        return false;
    for (size_t i = 1; i < len; i++)
        if (p[i] != p[0])
            return false;
    return true;
}

static void test_concurrent_writers_and_reader(void **state)
{
    const char *tmp = *state;
    char dir[128];
    snprintf(dir, sizeof dir, "%s/cache", tmp); /* the writers race to create it too */
    pid_t pids[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        pids[w] = fork();
        assert_true(pids[w] >= 0);
        if (pids[w] == 0)
            writer_process(dir, w);
    }
    /* counted, not asserted, until every writer has exited: they must not outlive the fixture */
    int running = WRITERS, hits = 0, misses = 0, partial = 0, missing_after_hit = 0, statuses[WRITERS];
    bool seen[WRITERS] = {0};
    while (running > 0) {
        size_t len = 0;
        uint8_t *p = cache_get(dir, KEY_A, &len);
        if (p && is_one_writers_payload(p, len))
            seen[p[0] - 'A'] = true, hits++;
        else if (p)
            partial++;
        else if (hits > 0)
            missing_after_hit++; /* rename replaces atomically: once there, never missing */
        else
            misses++;
        free(p);
        for (int w = 0; w < WRITERS; w++)
            if (pids[w] > 0 && waitpid(pids[w], &statuses[w], WNOHANG) == pids[w])
                pids[w] = 0, running--;
    }
    assert_int_equal(partial, 0);
    assert_int_equal(missing_after_hit, 0);
    for (int w = 0; w < WRITERS; w++)
        assert_true(WIFEXITED(statuses[w]) && WEXITSTATUS(statuses[w]) == 0);
    size_t len = 0;
    uint8_t *p = cache_get(dir, KEY_A, &len);
    assert_non_null(p);
    assert_true(is_one_writers_payload(p, len));
    free(p);
    assert_int_equal(count_temp_files(dir), 0);
    Listed l = {0};
    assert_int_equal(dcache_list(dir, collect, &l), 1);
    assert_true(l.valid[0]);
    print_message("reader: %d whole payloads, %d before the first entry; writers seen:%s%s%s%s\n", hits, misses,
                  seen[0] ? " A" : "", seen[1] ? " B" : "", seen[2] ? " C" : "", seen[3] ? " D" : "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_dir_precedence),
        cmocka_unit_test(test_env_enabled),
        cmocka_unit_test_setup_teardown(test_put_then_get, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_put_fails_cleanly, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_damage_is_detected_and_removed, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_bad_keys_are_refused, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_list_and_clear, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_large_entry_is_checked_in_pieces, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_entry_under_another_key_is_refused, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_non_regular_files_are_removed, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_oversized_entries_are_refused, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_unsafe_directories_are_refused, make_temp_dir, remove_temp_dir),
        cmocka_unit_test_setup_teardown(test_concurrent_writers_and_reader, make_temp_dir, remove_temp_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
