/* cpu_names.c — whether LLVM knows a CPU name (jitc_options.cpu, `jitc build --cpu`) or a GPU
 * architecture (gpu_arch, `--arch`). LLVM's C API has no such query, and LLVM only warns on
 * stderr when a target machine is made for a name it does not know, so the names come from
 * tables made at build time from this LLVM's `llc -mcpu=help` ($(BUILD)/gen/cpu_names.h,
 * written by codegen/cpu_names.sh): constant data, no target machine, no file descriptor. */
#include <string.h>

#include "cg.h"
#include "cpu_names.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool listed(const char *const *names, size_t count, const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

bool cg_cpu_known(const char *cpu) { return cpu && listed(CG_HOST_CPU_NAMES, COUNT(CG_HOST_CPU_NAMES), cpu); }

bool cg_gpu_arch_known(const char *arch)
{
    return arch && listed(CG_NVPTX_ARCH_NAMES, COUNT(CG_NVPTX_ARCH_NAMES), arch);
}
