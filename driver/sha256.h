/* sha256.h — SHA-256 (FIPS 180-4), incremental: the digest that names and checks the
 * compile cache's entries (diskcache.h). */
#ifndef JITC_SHA256_H
#define JITC_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct Sha256 {
    uint32_t h[8];      /* the chaining state */
    uint64_t bytes;     /* bytes hashed so far */
    uint8_t block[64];  /* the current, partly filled block */
    size_t used;        /* bytes of block in use */
} Sha256;

void sha256_init(Sha256 *s);
void sha256_update(Sha256 *s, const void *data, size_t n);
void sha256_final(Sha256 *s, uint8_t digest[32]);        /* s must be re-initialised after */
void sha256_hex(const uint8_t digest[32], char hex[65]);  /* lowercase, NUL-terminated */

#endif
