/* cuda.h — the CUDA Driver API, loaded at run time with dlopen("libcuda.so.1"), so that jitc
 * builds and runs its CPU path on machines without a driver. Only the types and entry points
 * jitc uses are declared here (the toolkit's cuda.h is not needed to build). */
#ifndef JITC_RT_CUDA_H
#define JITC_RT_CUDA_H

#include <stdbool.h>
#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

enum {
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
    CU_MEMHOSTALLOC_PORTABLE = 1, /* also CU_MEMHOSTREGISTER_PORTABLE */
    CU_MEMHOSTALLOC_DEVICEMAP = 2, /* also CU_MEMHOSTREGISTER_DEVICEMAP */
    CU_MEMHOSTALLOC_WRITECOMBINED = 4,
    CU_JIT_ERROR_LOG_BUFFER = 5,
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    CU_IPC_HANDLE_SIZE = 64,
    CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 1,
};

/* A device allocation exported for other processes (CUDA IPC): opaque bytes, passed by value. */
typedef struct CUipcMemHandle {
    char reserved[CU_IPC_HANDLE_SIZE];
} CUipcMemHandle;

typedef struct CudaDriver {
    CUresult (*cuInit)(unsigned);
    CUresult (*cuDeviceGetCount)(int *);
    CUresult (*cuDeviceGet)(CUdevice *, int);
    CUresult (*cuDeviceGetName)(char *, int, CUdevice);
    CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
    CUresult (*cuDeviceTotalMem_v2)(size_t *, CUdevice);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
    CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice);
    CUresult (*cuCtxSetCurrent)(CUcontext);
    CUresult (*cuCtxSynchronize)(void);
    CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
    CUresult (*cuModuleUnload)(CUmodule);
    CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
    CUresult (*cuMemAlloc_v2)(CUdeviceptr *, size_t);
    CUresult (*cuMemFree_v2)(CUdeviceptr);
    CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr, const void *, size_t);
    CUresult (*cuMemcpyDtoH_v2)(void *, CUdeviceptr, size_t);
    CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                               CUstream, void **, void **);
    CUresult (*cuGetErrorString)(CUresult, const char **);
    CUresult (*cuMemcpyDtoD_v2)(CUdeviceptr, CUdeviceptr, size_t);
    CUresult (*cuStreamCreate)(CUstream *, unsigned);
    CUresult (*cuStreamDestroy_v2)(CUstream);
    CUresult (*cuStreamSynchronize)(CUstream);
    CUresult (*cuEventCreate)(CUevent *, unsigned);
    CUresult (*cuEventRecord)(CUevent, CUstream);
    CUresult (*cuEventSynchronize)(CUevent);
    CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
    CUresult (*cuEventDestroy_v2)(CUevent);
    CUresult (*cuMemsetD8_v2)(CUdeviceptr, unsigned char, size_t);
    CUresult (*cuCtxGetCurrent)(CUcontext *);
    CUresult (*cuCtxGetDevice)(CUdevice *);
    /* the block size of highest occupancy (numba-cuda's forall): (minGrid, block, f, NULL, dynamic
     * shared bytes, block limit) */
    CUresult (*cuOccupancyMaxPotentialBlockSize)(int *, int *, CUfunction, void *, size_t, int);
    CUresult (*cuModuleGetGlobal_v2)(CUdeviceptr *, size_t *, CUmodule, const char *);
    /* kernels with a grid barrier (cuda.cg): every block resident at once */
    CUresult (*cuLaunchCooperativeKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                          unsigned, CUstream, void **);
    CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction, int, size_t);
    /* the context a stream belongs to: a launch refuses a stream of another device */
    CUresult (*cuStreamGetCtx)(CUstream, CUcontext *);
    CUresult (*cuMemGetInfo_v2)(size_t *, size_t *); /* the current context's device: free and total bytes */
    /* page-locked host memory: allocated, or registered in place; mapped into the device's
     * address space with CU_MEMHOSTALLOC_DEVICEMAP */
    CUresult (*cuMemHostAlloc)(void **, size_t, unsigned);
    CUresult (*cuMemFreeHost)(void *);
    CUresult (*cuMemHostRegister_v2)(void *, size_t, unsigned);
    CUresult (*cuMemHostUnregister)(void *);
    CUresult (*cuMemHostGetDevicePointer_v2)(CUdeviceptr *, void *, unsigned);
    /* copies queued on a stream */
    CUresult (*cuMemcpyHtoDAsync_v2)(CUdeviceptr, const void *, size_t, CUstream);
    CUresult (*cuMemcpyDtoHAsync_v2)(void *, CUdeviceptr, size_t, CUstream);
    CUresult (*cuMemcpyDtoDAsync_v2)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
    /* CUDA IPC: a device allocation exported by one process and mapped into another's context
     * (of the same device or, with CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS, of a peer device) */
    CUresult (*cuIpcGetMemHandle)(CUipcMemHandle *, CUdeviceptr);
    CUresult (*cuIpcOpenMemHandle_v2)(CUdeviceptr *, CUipcMemHandle, unsigned);
    CUresult (*cuIpcCloseMemHandle)(CUdeviceptr);
} CudaDriver;

/* The driver, loaded and initialised once per process; NULL with the reason in err. */
const CudaDriver *rt_cuda(char *err, size_t n);
/* "an illegal memory access was encountered" for a CUresult. */
const char *rt_cuda_error(const CudaDriver *d, CUresult r);

#endif
