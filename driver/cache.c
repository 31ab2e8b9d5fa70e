/* cache.c — the JIT's on-disk cache: host code (an object file per specialization, with
 * everything it calls inside) and PTX, kept under $JITC_CACHE_DIR (diskcache.h) for
 * functions decorated with cache=True, or for all with JITC_CACHE=1.
 *
 * The key is the SHA-256 of the LLVM IR jitc generated for the specialization and everything it
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
#include "sha256.h"

const char *api_cache_dir(const Spec *s, char *buf, size_t n)
{
    if (!s->func->opts.cache && !dcache_env_enabled())
        return NULL;
    return dcache_dir(buf, n);
}

/* The key of code whose LLVM IR is text (with every `strip` removed: the module's symbol
 * prefix, which differs between processes) for `target`. */
static void cache_key(const char *text, const char *strip, const char *target, char hex[65])
{
    Sha256 h;
    sha256_init(&h);
    size_t skip = strip ? strlen(strip) : 0;
    for (const char *p = text, *q; *p; p = q + skip) {
        q = skip ? strstr(p, strip) : NULL;
        if (!q) {
            sha256_update(&h, p, strlen(p));
            break;
        }
        sha256_update(&h, p, (size_t)(q - p));
    }
    unsigned major, minor, patch;
    LLVMGetVersion(&major, &minor, &patch);
    char versions[128];
    int len = snprintf(versions, sizeof versions, "jitc %s llvm %u.%u.%u", JITC_VERSION, major, minor, patch);
    sha256_update(&h, "", 1); /* the NULs keep the parts apart */
    sha256_update(&h, target, strlen(target) + 1);
    sha256_update(&h, versions, (size_t)len);
    uint8_t digest[32];
    sha256_final(&h, digest);
    sha256_hex(digest, hex);
}

/* JITC_DEBUG_CACHE=1 (as NUMBA_DEBUG_CACHE): one line per lookup on stderr. */
static void trace(const char *event, const char *what, const char *key)
{
    const char *env = getenv("JITC_DEBUG_CACHE");
    if (env && *env && strcmp(env, "0") != 0)
        fprintf(stderr, "jitc cache: %s %s [%.16s]\n", event, what, key);
}

static const char *describe(Arena *a, const char *what, const Spec *s, const char *target)
{
    return arena_printf(a, "%s %s%s %s", what, s->func->def->name, api_types_text(a, s->params, s->nparams), target);
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

jitc_status api_compile_cached(jitc_module *mod, Spec *s, const char *dir, char *msg, size_t n)
{
    CgJit *j = mod->ctx->jit;
    Spec **list = NULL;
    int count = 0, cap = 0;
    api_collect_reachable(s, false, &list, &count, &cap); /* all of them: the object stands alone */
    CgModule *m = cg_module_new(j, s->symbol);
    for (int i = 0; i < count; i++)
        cg_lower_spec(m, list[i]);
    free(list);
    Arena *a = arena_new(NULL, NULL);
    char *text = cg_llvm_text(m), key[65];
    const char *cpu_name;
    const char *target = host_target(a, j, &cpu_name);
    cache_key(text, arena_printf(a, "%s.", mod->prog->symbol_prefix), target, key);
    free(text);
    const char *prefix = arena_printf(a, "jitc.%.32s", key);
    cg_isolate_spec(m, s, prefix);
    size_t len = 0;
    void *object = dcache_get(dir, key, &len);
    bool ok = object != NULL;
    const char *what = describe(a, "host", s, cpu_name);
    trace(ok ? "hit" : "miss", what, key);
    if (!ok && cg_optimize(m, msg, n) && cg_object_bytes(m, &object, &len, msg, n)) {
        ok = true;
        if (dcache_put(dir, key, what, object, len)) /* a failing cache is no error */
            trace("stored", what, key);
    }
    ok = ok && cg_jit_add_object(j, object, len, prefix, s, msg, n);
    free(object);
    cg_module_dispose(m);
    arena_free(a);
    return ok ? JITC_OK : JITC_ERR_BACKEND;
}

/* ---- PTX ---- */

static const char *gpu_target(Arena *a, const char *arch, const char *libdevice)
{
    struct stat st;
    long long size = *libdevice && stat(libdevice, &st) == 0 ? (long long)st.st_size : -1;
    return arena_printf(a, "%s libdevice %s %lld", arch, *libdevice ? libdevice : "none", size);
}

char *api_cached_ptx(CgGpuJob *job, const Spec *s, const char *arch, const char *dir, char *msg, size_t n)
{
    Arena *a = arena_new(NULL, NULL);
    char *text = cg_llvm_text(job->m), key[65];
    const char *target = gpu_target(a, arch, job->libdevice);
    cache_key(text, NULL, target, key); /* PTX entry names hold the module's prefix: kept */
    free(text);
    size_t len = 0;
    char *ptx = dcache_get(dir, key, &len);
    const char *what = describe(a, "ptx", s, arch);
    trace(ptx ? "hit" : "miss", what, key);
    if (ptx) {
        char *z = realloc(ptx, len + 1);
        if (z)
            z[len] = 0;
        ptx = z;
        cg_gpu_discard(job);
    } else if ((ptx = cg_gpu_finish(job, msg, n)) && dcache_put(dir, key, what, ptx, strlen(ptx))) {
        trace("stored", what, key);
    }
    arena_free(a);
    return ptx;
}
