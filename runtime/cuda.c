/* cuda.c — loading the CUDA driver with dlopen; see cuda.h. */
#include "cuda.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static CudaDriver driver;
static char load_error[256];
static bool loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "no CUDA driver (libcuda.so.1 not found)");
        return;
    }
#define BIND(name)                                                                            \
    if (!(*(void **)&driver.name = dlsym(lib, #name))) {                                      \
        snprintf(load_error, sizeof load_error, "the CUDA driver lacks %s: too old", #name);  \
        return;                                                                               \
    }
    BIND(cuInit) BIND(cuDeviceGetCount) BIND(cuDeviceGet) BIND(cuDeviceGetName)
    BIND(cuDeviceGetAttribute) BIND(cuDeviceTotalMem_v2) BIND(cuDevicePrimaryCtxRetain)
    BIND(cuDevicePrimaryCtxRelease_v2) BIND(cuCtxSetCurrent) BIND(cuCtxSynchronize)
    BIND(cuModuleLoadDataEx) BIND(cuModuleUnload) BIND(cuModuleGetFunction) BIND(cuMemAlloc_v2)
    BIND(cuMemFree_v2) BIND(cuMemcpyHtoD_v2) BIND(cuMemcpyDtoH_v2) BIND(cuLaunchKernel)
    BIND(cuGetErrorString) BIND(cuMemcpyDtoD_v2) BIND(cuStreamCreate) BIND(cuStreamDestroy_v2)
    BIND(cuStreamSynchronize) BIND(cuEventCreate) BIND(cuEventRecord) BIND(cuEventSynchronize)
    BIND(cuEventElapsedTime) BIND(cuEventDestroy_v2) BIND(cuMemsetD8_v2)
    BIND(cuCtxGetCurrent) BIND(cuCtxGetDevice) BIND(cuOccupancyMaxPotentialBlockSize)
    BIND(cuModuleGetGlobal_v2) BIND(cuLaunchCooperativeKernel) BIND(cuOccupancyMaxActiveBlocksPerMultiprocessor)
    BIND(cuStreamGetCtx) BIND(cuMemGetInfo_v2) BIND(cuMemHostAlloc) BIND(cuMemFreeHost)
    BIND(cuMemHostRegister_v2) BIND(cuMemHostUnregister) BIND(cuMemHostGetDevicePointer_v2)
    BIND(cuMemcpyHtoDAsync_v2) BIND(cuMemcpyDtoHAsync_v2) BIND(cuMemcpyDtoDAsync_v2)
    BIND(cuIpcGetMemHandle) BIND(cuIpcOpenMemHandle_v2) BIND(cuIpcCloseMemHandle)
#undef BIND
    CUresult r = driver.cuInit(0);
    int count = 0;
    if (r == 0)
        r = driver.cuDeviceGetCount(&count);
    if (r != 0 || count == 0) {
        snprintf(load_error, sizeof load_error, "no CUDA device (%s)", r ? rt_cuda_error(&driver, r) : "none found");
        return;
    }
    loaded = true;
}

const CudaDriver *rt_cuda(char *err, size_t n)
{
    pthread_once(&once, load);
    if (!loaded)
        snprintf(err, n, "%s", load_error);
    return loaded ? &driver : NULL;
}

const char *rt_cuda_error(const CudaDriver *d, CUresult r)
{
    const char *s = NULL;
    if (d->cuGetErrorString && d->cuGetErrorString(r, &s) == 0 && s)
        return s;
    return "unknown CUDA error";
}
