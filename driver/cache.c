/* cache.c — the JIT's on-disk cache: host code (an object file per specialization, with
 * everything it calls inside) and PTX, kept under $JITC_CACHE_DIR (diskcache.h) for
 * functions decorated with cache=True, or for all with JITC_CACHE=1.
 *
 * The key is the XXH3-128 (libxxhash) of the LLVM IR jitc generated for the specialization and everything it
 * calls, before optimization (so: the source of those functions as compiled, their types, the
 * options, the locations in their error messages), of the target (CPU name and features and
 * the optimization level, or sm_XX and libdevice), and of the jitc and LLVM versions. A second
 * process still parses, types and lowers, which takes a few milliseconds, and then skips LLVM's
 * optimization and code generation, the costly part. Host symbols inside an object are named
 * from the key, so the object does not depend on the process that made it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "driver.h"
#include "diskcache.h"

#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t on the stack */
#include <xxhash.h>

const char *drv_cache_dir(jitc_module *mod, const Spec *s, char *buf, size_t n)
{
    if (!s->func->opts.cache && !dcache_env_enabled())
        return NULL;
    if (drv_spec_has_objmode(mod, (Spec *)s)) { /* its code holds the address of the block's description */
        if (s->func->opts.cache)
            diag_report(&mod->diag, DIAG_WARNING, s->func->def->loc, "cannot cache compiled function \"%s\" as it "
                        "has a 'with objmode' block", s->func->def->name);
        return NULL;
    }
    char why[4200];
    const char *dir = dcache_dir(buf, n), *problem = dir ? dcache_dir_problem(dir, why, sizeof why) : NULL;
    if (!problem)
        return dir;
    if (!mod->cache_refused) /* said once per module; the code is compiled without the cache */
        diag_report(&mod->diag, DIAG_WARNING, (SrcLoc){0}, "%s", problem);
    mod->cache_refused = true;
    return NULL;
}

/* The key of code whose LLVM IR is text (with every `strip` removed: the module's symbol
 * prefix, which differs between processes) for `target`. */
static void cache_key(const char *text, const char *strip, const char *target, char hex[DCACHE_KEY_LEN + 1])
{
    XXH3_state_t h;
    XXH3_INITSTATE(&h);
    XXH3_128bits_reset(&h);
    size_t skip = strip ? strlen(strip) : 0;
    for (const char *p = text, *q; *p; p = q + skip) {
        q = skip ? strstr(p, strip) : NULL;
        if (!q) {
            XXH3_128bits_update(&h, p, strlen(p));
            break;
        }
        XXH3_128bits_update(&h, p, (size_t)(q - p));
    }
    unsigned major, minor, patch;
    LLVMGetVersion(&major, &minor, &patch);
    char versions[128];
    int len = snprintf(versions, sizeof versions, "jitc %s llvm %u.%u.%u", JITC_VERSION, major, minor, patch);
    XXH3_128bits_update(&h, "", 1); /* the NULs keep the parts apart */
    XXH3_128bits_update(&h, target, strlen(target) + 1);
    XXH3_128bits_update(&h, versions, (size_t)len);
    XXH128_canonical_t digest;
    XXH128_canonicalFromHash(&digest, XXH3_128bits_digest(&h));
    for (int i = 0; i < DCACHE_KEY_LEN / 2; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest.digest[i]);
}

void drv_cache_trace(const char *event, const CacheKey *k)
{
    const char *env = getenv("JITC_DEBUG_CACHE");
    if (env && *env && strcmp(env, "0") != 0)
        fprintf(stderr, "jitc cache: %s %s [%.16s]\n", event, k->what, k->hex);
}

static const char *describe(Arena *a, const char *what, const Spec *s, const char *target)
{
    return arena_printf(a, "%s %s%s %s", what, s->func->def->name, drv_types_text(a, s->params, s->nparams), target);
}

void *drv_cache_get(const char *dir, const CacheKey *k, Arena *a, size_t *len)
{
    void *bytes = dcache_get(dir, k->hex, a, len);
    drv_cache_trace(bytes ? "hit" : "miss", k);
    return bytes;
}

void drv_cache_put(const char *dir, const CacheKey *k, const void *bytes, size_t len)
{
    if (dcache_put(dir, k->hex, k->what, bytes, len))
        drv_cache_trace("stored", k);
}

/* ---- host code ---- */

/* The target as the key takes it (name and features of the CPU) and, in *cpu_name, as the
 * listing shows it. */
static const char *host_target(Arena *a, const CgJit *j, const char **cpu_name)
{
    char *cpu = LLVMGetTargetMachineCPU(j->tm), *features = LLVMGetTargetMachineFeatureString(j->tm);
    const char *t = arena_printf(a, "%s %s opt=%d %s", j->triple, cpu, j->opt_level, features);
    *cpu_name = arena_printf(a, "%s -O%d", cpu, j->opt_level);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    return t;
}

CacheKey drv_cache_key_host(jitc_module *mod, CgModule *m, const Spec *s, Arena *a)
{
    CacheKey k;
    const char *cpu_name, *target = host_target(a, mod->ctx->jit, &cpu_name);
    cache_key(cg_llvm_text(m, a), arena_printf(a, "%s.", mod->prog->symbol_prefix), target, k.hex);
    k.what = describe(a, "host", s, cpu_name);
    return k;
}

/* ---- PTX ---- */

static const char *gpu_target(Arena *a, const char *arch, const char *libdevice)
{
    struct stat st;
    long long size = *libdevice && stat(libdevice, &st) == 0 ? (long long)st.st_size : -1;
    return arena_printf(a, "%s libdevice %s %lld", arch, *libdevice ? libdevice : "none", size);
}

CacheKey drv_cache_key_ptx(const CgGpuJob *job, const Spec *s, const char *arch, Arena *a)
{
    CacheKey k;
    /* GPU code is named without the module's prefix (codegen/ptx.c): nothing to strip */
    cache_key(cg_llvm_text(job->m, a), NULL, gpu_target(a, arch, job->libdevice), k.hex);
    k.what = describe(a, "ptx", s, arch);
    return k;
}
