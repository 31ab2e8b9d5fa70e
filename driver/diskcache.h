/* diskcache.h — the compile cache's files: one file per entry, <dir>/<key>.jce, where key is
 * the caller's hash as 64 lowercase hex digits. An entry is
 *
 *   "JITCENT1"  uint32 what_len  uint32 reserved (0)  uint64 payload_len  uint8 sha256[32]
 *   what (what_len bytes, a one-line description, no NUL)  payload (payload_len bytes)
 *
 * with the integers little-endian and the digest taken over what followed by payload. An entry
 * is valid only when its size, magic, reserved field and digest all agree: content decides,
 * never timestamps. Entries are written to a temporary file and renamed into place, so readers
 * and concurrent writers (threads or processes) only ever see whole entries. A failing cache
 * must never break compilation: nothing here prints, failures are return values. */
#ifndef JITC_DISKCACHE_H
#define JITC_DISKCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/arena.h"

/* The cache directory: $JITC_CACHE_DIR, else $XDG_CACHE_HOME/jitc, else $HOME/.cache/jitc
 * (a variable set to "" counts as unset), written into buf (size n) and returned; NULL when
 * none is set or the path does not fit. */
const char *dcache_dir(char *buf, size_t n);
/* Whether $JITC_CACHE is set to something other than "" or "0". */
bool dcache_env_enabled(void);

/* The payload of entry key (in arena a, NUL-terminated beyond *len, never NULL for a valid entry,
 * even an empty one), or NULL when there is none, it is invalid or a has no room (no jump). An
 * invalid entry is removed first, so the caller recompiles and writes it anew. */
void *dcache_get(const char *dir, const char *key, Arena *a, size_t *len);
/* Writes entry key atomically, creating dir and its parents (mode 0755) as needed: a temporary
 * file ".tmp.<pid>.<counter>.<key>" in dir, fsynced, renamed over <key>.jce, then dir fsynced.
 * what may be NULL (stored as ""), payload may be NULL when len is 0. Returns false on any
 * failure, leaving no temporary file behind. */
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
