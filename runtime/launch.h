/* launch.h — a kernel launch's arguments as the CUDA driver takes them, shared by jitc_launch
 * (driver/gpu.c) and the launchers of `jitc build` objects (aot.c, in libjitcrt).
 *
 * A krn kernel takes each scalar in one 8-byte parameter and each array flattened: its data,
 * then its shape, then its strides in bytes, one parameter each (codegen/ptx.c). Arrays in host
 * memory get a device copy for the launch, copied back and freed by rt_launch_finish. */
#ifndef JITC_RT_LAUNCH_H
#define JITC_RT_LAUNCH_H

#include <stdbool.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#include "cuda.h"
#include "jitcrt.h"

typedef struct RtLaunch {
    uint64_t words[512];
    void *params[512]; /* what cuLaunchKernel takes: params[i] points at words[i] */
    int n;
    CUdeviceptr copies[64];
    const DLTensor *hosts[64];
    size_t sizes[64];
    int ncopies;
    bool general; /* some array breaks an assumption of a kernel's second entry (jitcrt.h) */
} RtLaunch;

/* Appends one parameter word. */
void rt_launch_word(RtLaunch *l, uint64_t w);
/* Statuses are jitcrt.h's (the same numbers as jitc_status). */

/* Appends array t (elements of item bytes), copying it to the device when it lies in host
 * memory; JITCRT_ERR_NOMEM with msg when that copy cannot be made. */
int rt_launch_array(RtLaunch *l, const CudaDriver *d, const DLTensor *t, size_t item, char *msg, size_t n);
/* The entry to launch: fast (the second, NULL when there is none) when the arrays and the grid
 * meet jitcrt.h's conditions for it, else general. */
CUfunction rt_launch_entry(const RtLaunch *l, CUfunction general, CUfunction fast, const unsigned grid[3]);
/* After the launch: when there were host copies, waits for the kernel, copies them back (if
 * copy_back) and frees them. JITCRT_ERR_RUNTIME with msg when the kernel failed. */
int rt_launch_finish(RtLaunch *l, const CudaDriver *d, bool copy_back, const char *kernel, char *msg, size_t n);

/* GPU bounds checks (boundscheck=True): compiled code records the first index out of range of a
 * launch in its module's global RT_GPU_ERROR, laid out as RtGpuFault (codegen/lower.c builds
 * the same struct: CG_GPU_ERR_* are its fields' indexes); a module without bounds checks has no
 * such global. */
#define RT_GPU_ERROR "jitc_gpu_error"
typedef struct RtGpuFault {
    int32_t code, line, col; /* IrExc (EXC_INDEX), the index's location in the kernel's file */
    int64_t index, axis, size;
    int32_t thread[3], block[3]; /* threadIdx, blockIdx of the thread that faulted */
} RtGpuFault;
/* The record of module cm, or 0 when its code has no bounds checks. */
CUdeviceptr rt_gpu_fault_record(const CudaDriver *d, CUmodule cm);
/* After a launch of kernel `kernel` (from source file `file`) whose module has the record:
 * waits for the stream and, when the kernel recorded a fault, clears the record and says in
 * msg, as Python's IndexError located at file:line:col, with the thread and block that met it:
 * JITCRT_ERR_RUNTIME. JITCRT_ERR_RUNTIME also when the kernel failed otherwise. */
int rt_gpu_fault(const CudaDriver *d, CUdeviceptr record, CUstream stream, const char *kernel, const char *file,
                 char *msg, size_t n);

/* Whether the kernels of module cm need a cooperative launch: it defines the counter of the
 * grid barrier (codegen's CG_GRID_BARRIER, what cuda.cg.this_grid().sync() uses). */
#define RT_GRID_BARRIER "jitc_grid_barrier"
bool rt_module_cooperative(const CudaDriver *d, CUmodule cm);
/* The most blocks of `threads` threads (with `shared` dynamic shared bytes) that can be resident
 * at once on the current device: numba-cuda's max_cooperative_grid_blocks. */
CUresult rt_max_cooperative_blocks(const CudaDriver *d, CUfunction f, unsigned threads, size_t shared, int64_t *blocks);
/* Launches f over grid g of blocks b. A cooperative kernel goes through
 * cuLaunchCooperativeKernel, after the check numba-cuda makes (through cuda.core) that the
 * grid fits on the device: JITCRT_ERR_ARGUMENT with msg when it does not, JITCRT_ERR_RUNTIME
 * with msg when the driver refuses the launch. */
int rt_launch_kernel(const CudaDriver *d, CUfunction f, bool cooperative, const unsigned g[3], const unsigned b[3],
                     size_t shared, CUstream stream, void **params, char *msg, size_t n);

#endif
