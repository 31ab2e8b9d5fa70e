/* diskcache.h — the compile cache's files: one file per entry, <dir>/<key>.jce, where key is
 * the caller's 128-bit hash as 32 lowercase hex digits. An entry is
 *
 *   "JITCENT3"  uint32 what_len  uint32 reserved (0)  uint64 payload_len  uint8 key[16]
 *   uint8 xxh3_128[16]  what (what_len bytes, a one-line description, no NUL)
 *   payload (payload_len bytes)
 *
 * with the integers little-endian, key the 16 bytes the entry was stored under, and the digest
 * XXH3-128 (libxxhash, canonical byte order) taken over key, what and payload: it detects
 * damage, not forgery, which the private directory below is for. An entry is valid only when it is a regular file of at most
 * DCACHE_MAX_ENTRY bytes whose size, magic, reserved field, key (the one its name says) and
 * digest all agree: content decides, never a file's place or timestamps, so an entry copied into
 * another key's slot is refused. A bad entry of any kind (also a link, a FIFO, a directory) is
 * removed when read, so the next compilation rebuilds it. Entries are opened without following
 * links and without blocking, and written to a temporary file renamed into place, so readers and
 * concurrent writers (threads or processes) only ever see whole entries.
 *
 * The directory is created private to the user (0700). A directory that is not the user's, or
 * that others can write to, is refused (dcache_dir_problem says why): whoever can write there
 * could make jitc run code it did not compile. A failing cache must never break compilation:
 * nothing here prints, failures are return values. */
#ifndef JITC_DISKCACHE_H
#define JITC_DISKCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/arena.h"

enum {
    DCACHE_KEY_LEN = 32,               /* hex digits of a key: a 128-bit hash */
    DCACHE_HEADER_SIZE = 56,           /* the fixed part of an entry, before what and payload */
    DCACHE_MAX_ENTRY = 256 << 20,      /* bytes: a larger file is not an entry (and is never read) */
};

/* The cache directory: $JITC_CACHE_DIR, else $XDG_CACHE_HOME/jitc, else $HOME/.cache/jitc
 * (a variable set to "" counts as unset), written into buf (size n) and returned; NULL when
 * none is set or the path does not fit. */
const char *dcache_dir(char *buf, size_t n);
/* Whether $JITC_CACHE is set to something other than "" or "0". */
bool dcache_env_enabled(void);
/* Why dir cannot be the cache (a sentence naming it, in buf of size n), or NULL when it can:
 * it exists but is not a directory, belongs to another user, or is writable by group or others.
 * A directory that does not exist yet is fine (dcache_put creates it private). */
const char *dcache_dir_problem(const char *dir, char *buf, size_t n);

/* The payload of entry key (in arena a, NUL-terminated beyond *len, never NULL for a valid entry,
 * even an empty one), or NULL when there is none, it is invalid, dir is refused or a has no room
 * (no jump). An invalid entry is removed first, so the caller recompiles and writes it anew. */
void *dcache_get(const char *dir, const char *key, Arena *a, size_t *len);
/* Removes entry key (one whose payload the caller found unusable); true when it is gone. */
bool dcache_remove(const char *dir, const char *key);
/* Writes entry key atomically, creating dir (mode 0700) and its parents (0755) as needed: a temporary
 * file ".tmp.<pid>.<counter>.<key>" in dir, fsynced, renamed over <key>.jce, then dir fsynced.
 * what may be NULL (stored as ""), payload may be NULL when len is 0. Returns false on any
 * failure (dir refused by dcache_dir_problem, an entry over DCACHE_MAX_ENTRY), leaving no
 * temporary file behind. */
bool dcache_put(const char *dir, const char *key, const char *what, const void *payload, size_t len);

/* Calls fn (when not NULL) for every entry in dir, valid or not, in sorted key order: what is
 * the stored description ("" when it cannot be read), bytes the file's size on disk. Returns
 * how many entries, 0 when dir does not exist, -1 when it cannot be read. */
typedef void (*dcache_entry_fn)(void *ud, const char *key, const char *what, uint64_t bytes, bool valid);
int dcache_list(const char *dir, dcache_entry_fn fn, void *ud);
/* Removes every entry and leftover temporary file in dir, nothing else. Returns how many files
 * were removed, 0 when dir does not exist, -1 when it cannot be read. */
int dcache_clear(const char *dir);

#endif
