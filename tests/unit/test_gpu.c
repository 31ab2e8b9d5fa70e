/* test_gpu.c — the GPU through the C API: launching a kernel on device arrays and on host
 * arrays, device memory, device memory shared with a second process (CUDA IPC: this program run
 * again with --ipc-child), a context per device (PTX shared between contexts, arrays of another
 * device refused), and the error when there is no driver or device. Where there is no GPU (CI),
 * the launching tests skip with a one-line reason and the no-device path is tested. */
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"
#include "runtime/half.h"

static const char SRC[] = "from numba import cuda\n"
                          "@cuda.jit\n"
                          "def add(x, y, out):\n"
                          "    i = cuda.grid(1)\n"
                          "    if i < x.shape[0]:\n"
                          "        out[i] = x[i] + y[i]\n"
                          "@cuda.jit\n" /* four neighbours per thread: vector loads where aligned */
                          "def add4(x, y, out):\n"
                          "    i = cuda.grid(1) * 4\n"
                          "    n = x.shape[0]\n"
                          "    if i + 3 < n:\n"
                          "        x0, x1, x2, x3 = x[i], x[i + 1], x[i + 2], x[i + 3]\n"
                          "        y0, y1, y2, y3 = y[i], y[i + 1], y[i + 2], y[i + 3]\n"
                          "        out[i], out[i + 1], out[i + 2], out[i + 3] = x0 + y0, x1 + y1, x2 + y2, x3 + y3\n"
                          "    else:\n"
                          "        for k in range(i, n):\n"
                          "            out[k] = x[k] + y[k]\n";

/* Kernels whose second entry (jitcrt.h) would go wrong were it launched outside its conditions:
 * past 2^21 blocks blockIdx.x * 1024 wraps in int32, and a negative stride is no zero-extended
 * int32. */
static const char ENTRY_SRC[] = "from numba import cuda\n"
                                "@cuda.jit\n"
                                "def wrapped(flag):\n"
                                "    i = cuda.blockIdx.x * 1024 + cuda.threadIdx.x\n"
                                "    if i < 0:\n"
                                "        flag[0] = i\n"
                                "@cuda.jit\n"
                                "def copy(x, out):\n"
                                "    i = cuda.blockIdx.x * 32 + cuda.threadIdx.x\n"
                                "    if i < x.shape[0]:\n"
                                "        out[i] = x[i]\n";

static const char UFUNC_SRC[] = "from numba import cuda, vectorize\n"
                                "@vectorize(['float32(float32, float32)'], target='cuda')\n"
                                "def axpy(x, y):\n"
                                "    return 2 * x + y\n"
                                "@cuda.reduce\n"
                                "def total(a, b):\n"
                                "    return a + b\n";

/* numba-cuda's grid-sync example (docs, cooperative groups): row by row, each thread reads what
 * its "opposite" thread of another block wrote before the last grid barrier. */
static const char CG_SRC[] = "from numba import cuda\n"
                             "@cuda.jit\n"
                             "def sequential_rows(M):\n"
                             "    col = cuda.grid(1)\n"
                             "    g = cuda.cg.this_grid()\n"
                             "    rows = M.shape[0]\n"
                             "    cols = M.shape[1]\n"
                             "    for row in range(1, rows):\n"
                             "        opposite = cols - col - 1\n"
                             "        M[row, col] = M[row - 1, opposite] + 1\n"
                             "        g.sync()\n";

static const char HALF_SRC[] = "from numba import cuda\n"
                               "@cuda.jit\n"
                               "def axpy16(a, x, y):\n"
                               "    i = cuda.grid(1)\n"
                               "    if i < x.shape[0]:\n"
                               "        y[i] = cuda.fp16.hfma(a, x[i], y[i])\n"
                               "@cuda.jit('void(float16, float16[::1], float16[::1])')\n"
                               "def scale16(a, x, y):\n"
                               "    i = cuda.grid(1)\n"
                               "    if i < x.shape[0]:\n"
                               "        y[i] = a * x[i]\n";

static bool have_gpu(void)
{
    int n;
    char why[256] = "";
    if (jitc_device_count(&n, why, sizeof why) == JITC_OK && n > 0)
        return true;
    printf("skipped: %s\n", why);
    return false;
}

static void test_no_device_is_an_error_not_a_crash(void **state)
{
    (void)state;
    int n;
    char why[256] = "";
    if (jitc_device_count(&n, why, sizeof why) == JITC_OK)
        skip(); /* a GPU is present: the other tests cover it */
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "k.krn", SRC);
    fn = function_or_fail(m, "add");
    float x[4] = {1, 2, 3, 4};
    int64_t shape[1] = {4};
    DLTensor t = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    jitc_value args[3] = {jitc_array(&t), jitc_array(&t), jitc_array(&t)};
    jitc_launch_config cfg = {{1, 1, 1}, {4, 1, 1}, 0, NULL};
    jitc_module *um;
    jitc_function *ufn, *rfn;
    jitc_result r;
    um = compile_or_fail(ctx, "u.krn", UFUNC_SRC);
    ufn = function_or_fail(um, "axpy");
    rfn = function_or_fail(um, "total");
    assert_int_equal(jitc_ufunc_call(ufn, args, 2, &t, &r), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_reduce(rfn, &args[0], NULL, &r), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_launch(fn, &cfg, args, 3, &r), JITC_ERR_NO_DEVICE);
    assert_true(strlen(r.message) > 0);
    assert_int_equal(jitc_launch_forall(fn, 4, NULL, args, 3, &r), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_launch_forall(fn, 0, NULL, args, 3, &r), JITC_OK); /* no tasks: nothing to do */
    assert_int_equal(jitc_launch_forall(fn, -1, NULL, args, 3, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "negative task count"));
    int64_t blocks = -1;
    assert_int_equal(jitc_max_cooperative_grid_blocks(fn, &cfg, args, 3, &blocks, &r), JITC_ERR_NO_DEVICE);
    assert_int_equal(blocks, 0);
    assert_int_equal(jitc_max_cooperative_grid_blocks(fn, &cfg, args, 3, NULL, &r), JITC_ERR_ARGUMENT);
    void *p;
    assert_int_equal(jitc_device_alloc(ctx, 16, &p), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_stream_create(ctx, &p), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_event_create(ctx, &p), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_host_alloc(ctx, 16, JITC_HOST_MAPPED, &p), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_host_alloc(ctx, 16, 0, NULL), JITC_ERR_ARGUMENT);
    char bytes[16];
    assert_int_equal(jitc_host_register(ctx, bytes, sizeof bytes, 0), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_host_register(ctx, bytes, 0, 0), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_copy_async(ctx, JITC_COPY_TO_HOST, bytes, bytes, sizeof bytes, NULL), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_copy_async(NULL, JITC_COPY_TO_HOST, bytes, bytes, sizeof bytes, NULL), JITC_ERR_ARGUMENT);
    jitc_ipc_handle handle = {{0}};
    assert_int_equal(jitc_ipc_export(ctx, bytes, &handle), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_ipc_open(ctx, &handle, &p), JITC_ERR_NO_DEVICE);
    assert_int_equal(jitc_ipc_close(ctx, bytes), JITC_ERR_NO_DEVICE);
    /* calling a kernel on the host is refused with a reason */
    assert_int_equal(jitc_call(fn, args, 3, &r), JITC_ERR_UNSUPPORTED);
    assert_non_null(strstr(r.message, "launch it"));
    jitc_context_destroy(ctx);
}

/* What stderr receives while fn(ud) runs, in buf (size n). */
static void capture_stderr(void (*fn)(void *), void *ud, char *buf, size_t n)
{
    char path[] = "/tmp/jitc-test-stderr-XXXXXX";
    int fd = mkstemp(path), saved = dup(2);
    assert_true(fd >= 0 && saved >= 0);
    fflush(stderr);
    dup2(fd, 2);
    fn(ud);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    ssize_t got = pread(fd, buf, n - 1, 0);
    buf[got > 0 ? got : 0] = '\0';
    close(fd);
    unlink(path);
}

typedef struct TwoContexts {
    jitc_context *ctx[2];
    const char *ptx[2];
} TwoContexts;

/* The PTX of kernel add, emitted by each of the two contexts (no GPU needed). */
static void emit_in_both(void *ud)
{
    TwoContexts *t = ud;
    for (int i = 0; i < 2; i++) {
        jitc_module *m;
        jitc_function *fn;
        m = compile_or_fail(t->ctx[i], "k.krn", SRC);
        fn = function_or_fail(m, "add");
        assert_int_equal(jitc_function_emit(fn, "void(float32[::1], float32[::1], float32[::1])", JITC_EMIT_PTX,
                                            &t->ptx[i]), JITC_OK);
    }
}

/* A context per device: it tells its device; the second context of a process finds the PTX
 * the first made (JITC_DEBUG_CACHE says "shared"), with the same entry name in both; a device
 * array of another device is refused by launches, ufuncs and reductions, before any GPU work
 * (so this runs without a GPU too). */
static void test_a_context_per_device(void **state)
{
    (void)state;
    assert_int_equal(jitc_context_device(NULL), -1);
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_device = -1;
    jitc_context *bad = (jitc_context *)1;
    assert_int_equal(jitc_context_create(&opts, &bad), JITC_ERR_ARGUMENT);
    assert_null(bad);
    TwoContexts t;
    for (int i = 0; i < 2; i++) {
        opts.gpu_device = i;
        assert_int_equal(jitc_context_create(&opts, &t.ctx[i]), JITC_OK);
        assert_int_equal(jitc_context_device(t.ctx[i]), i);
    }
    char log[4096];
    setenv("JITC_DEBUG_CACHE", "1", 1);
    capture_stderr(emit_in_both, &t, log, sizeof log);
    unsetenv("JITC_DEBUG_CACHE");
    assert_non_null(strstr(log, "jitc cache: shared ptx add(float32[::1], float32[::1], float32[::1])"));
    assert_string_equal(t.ptx[0], t.ptx[1]);
    assert_non_null(strstr(t.ptx[1], ".entry krn_add_a1Cf32_a1Cf32_a1Cf32("));

    /* context 0, arrays of device 1 */
    jitc_module *m, *um;
    jitc_function *fn, *ufn, *rfn;
    m = compile_or_fail(t.ctx[0], "k.krn", SRC);
    fn = function_or_fail(m, "add");
    um = compile_or_fail(t.ctx[0], "u.krn", UFUNC_SRC);
    ufn = function_or_fail(um, "axpy");
    rfn = function_or_fail(um, "total");
    int64_t shape[1] = {4};
    float host[4] = {0};
    DLTensor h = {.data = host, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor d1 = h;
    d1.data = (void *)(uintptr_t)0x1000; /* never touched: refused first */
    d1.device = (DLDevice){kDLCUDA, 1};
    jitc_value args[3] = {jitc_array(&h), jitc_array(&d1), jitc_array(&h)};
    jitc_launch_config cfg = {{1, 1, 1}, {4, 1, 1}, 0, NULL};
    jitc_result r;
    assert_int_equal(jitc_launch(fn, &cfg, args, 3, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "argument 2 is on CUDA device 1, but this context uses device 0"));
    assert_int_equal(jitc_ufunc_call(ufn, args, 2, &h, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "operand 2 is on CUDA device 1, but this context uses device 0"));
    assert_int_equal(jitc_reduce(rfn, &args[1], NULL, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "the array is on CUDA device 1, but this context uses device 0"));
    for (int i = 0; i < 2; i++)
        jitc_context_destroy(t.ctx[i]);
}

static const char FMA_SRC[] = "import math\n"
                             "from numba import cuda\n"
                             "@cuda.jit\n"
                             "def mul_add(x, y, out):\n"
                             "    i = cuda.grid(1)\n"
                             "    if i < out.shape[0]:\n"
                             "        out[i] = x[i] * y[i] + out[i] / y[i]\n"
                             "@cuda.jit(fastmath=True)\n"
                             "def fast(x, y, out):\n"
                             "    i = cuda.grid(1)\n"
                             "    if i < out.shape[0]:\n"
                             "        out[i] = x[i] * y[i] + out[i] / y[i] + math.sin(x[i])\n";

/* The PTX of kernel `name` of FMA_SRC in a context with gpu_fma = fma (no GPU needed). */
static char *fma_ptx(int fma, const char *name)
{
    jitc_options opts;
    jitc_options_init(&opts);
    assert_int_equal(opts.gpu_fma, 1); /* the default, as numba-cuda */
    opts.gpu_fma = fma;
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    const char *ptx;
    assert_int_equal(jitc_context_create(&opts, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "f.krn", FMA_SRC);
    assert_int_equal(jitc_module_function(m, name, &fn), JITC_OK);
    assert_int_equal(jitc_function_emit(fn, "void(float32[::1], float32[::1], float32[::1])", JITC_EMIT_PTX, &ptx),
                     JITC_OK);
    char *copy = strdup(ptx);
    jitc_context_destroy(ctx);
    return copy;
}

/* jitc_options.gpu_fma: by default x * y + z is one fma.rn, with 0 a rounded multiply and add;
 * fastmath=True adds numba-cuda's approximations (division, sin) and fuses with gpu_fma = 0 too. */
static void test_gpu_fma_option_and_fastmath(void **state)
{
    (void)state;
    char *fused = fma_ptx(1, "mul_add"), *exact = fma_ptx(0, "mul_add"), *fast = fma_ptx(0, "fast");
    assert_non_null(strstr(fused, "fma.rn.f32"));
    assert_null(strstr(fused, "mul.rn.f32"));
    assert_non_null(strstr(fused, "div.rn.f32"));
    assert_null(strstr(exact, "fma.rn.f32"));
    assert_non_null(strstr(exact, "mul.rn.f32"));
    assert_non_null(strstr(exact, "add.rn.f32"));
    assert_non_null(strstr(fast, "fma.rn.ftz.f32"));
    assert_non_null(strstr(fast, "div.approx.ftz.f32"));
    assert_non_null(strstr(fast, "sin.approx.ftz.f32"));
    free(fused), free(exact), free(fast);
}

/* Two contexts on the one GPU of the machine, as a program using several GPUs makes them
 * (a context per device): each allocates, launches and copies back on its own. */
static void test_two_contexts_launch_on_their_device(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    enum { N = 4096 };
    static float x[N], out[2][N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    jitc_context *ctx[2];
    jitc_function *fn[2];
    void *dx[2], *dout[2];
    int64_t shape[1] = {N};
    jitc_launch_config cfg = {{N / 128, 1, 1}, {128, 1, 1}, 0, NULL};
    for (int k = 0; k < 2; k++) { /* both launched before either is read back */
        jitc_module *m;
        assert_int_equal(jitc_context_create(NULL, &ctx[k]), JITC_OK);
        m = compile_or_fail(ctx[k], "k.krn", SRC);
        assert_int_equal(jitc_module_function(m, "add", &fn[k]), JITC_OK);
        assert_int_equal(jitc_device_alloc(ctx[k], sizeof x, &dx[k]), JITC_OK);
        assert_int_equal(jitc_device_alloc(ctx[k], sizeof x, &dout[k]), JITC_OK);
        assert_int_equal(jitc_copy_to_device(ctx[k], dx[k], x, sizeof x), JITC_OK);
        DLTensor gx = {.data = dx[k], .device = {kDLCUDA, jitc_context_device(ctx[k])}, .ndim = 1,
                       .dtype = {kDLFloat, 32, 1}, .shape = shape};
        DLTensor go = gx;
        go.data = dout[k];
        jitc_value args[3] = {jitc_array(&gx), jitc_array(&gx), jitc_array(&go)};
        jitc_result r;
        assert_int_equal(jitc_launch(fn[k], &cfg, args, 3, &r), JITC_OK);
    }
    for (int k = 0; k < 2; k++) {
        assert_int_equal(jitc_copy_to_host(ctx[k], out[k], dout[k], sizeof x), JITC_OK);
        for (int i = 0; i < N; i++)
            assert_true(out[k][i] == 2 * x[i]);
        jitc_device_free(ctx[k], dx[k]);
        jitc_device_free(ctx[k], dout[k]);
        jitc_context_destroy(ctx[k]);
    }
}

/* float16 tensors (DLPack kDLFloat, 16 bits) type as float16 arrays; a float64 value passed
 * for a float16 parameter of an explicit signature is rounded to float16. Exact results: every
 * value here is a small integer or half, exact in float16. */
static void test_float16_tensors(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *scale;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "h.krn", HALF_SRC);
    scale = function_or_fail(m, "scale16");
    enum { N = 300 };
    uint16_t x[N], y[N]; /* IEEE binary16 bits */
    for (int i = 0; i < N; i++)
        x[i] = (uint16_t)(0x3C00 + (i % 64) * 0x10), y[i] = 0; /* 1.0, 1.015625, ... */
    int64_t shape[1] = {N};
    DLTensor tx = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 16, 1}, .shape = shape};
    DLTensor ty = tx;
    ty.data = y;
    jitc_value args[3] = {jitc_f64(2.0), jitc_array(&tx), jitc_array(&ty)};
    jitc_launch_config cfg = {{(N + 127) / 128, 1, 1}, {128, 1, 1}, 0, NULL};
    jitc_result r;
    assert_int_equal(jitc_launch(scale, &cfg, args, 3, &r), JITC_OK);
    for (int i = 0; i < N; i++) /* times 2: the exponent field grows by one */
        assert_int_equal(y[i], x[i] + 0x0400);
    jitc_function *axpy = function_or_fail(m, "axpy16");
    /* without a signature a float32 scalar stays float32 and hfma converts it */
    args[0] = jitc_f32(0.5f);
    assert_int_equal(jitc_launch(axpy, &cfg, args, 3, &r), JITC_OK);
    for (int i = 0; i < N; i++) /* 0.5 * x + 2 * x = 2.5 * x, exact for these x */
        assert_int_equal(y[i], jitc_double_to_half(2.5 * jitc_half_to_double(x[i])));
    jitc_context_destroy(ctx);
}

static void test_launch_on_host_and_device_arrays(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "k.krn", SRC);
    fn = function_or_fail(m, "add");
    enum { N = 1000 };
    float x[N], y[N], out[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i, y[i] = 0.5f, out[i] = 0;
    int64_t shape[1] = {N};
    DLTensor tx = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor ty = tx, to = tx;
    ty.data = y;
    to.data = out;
    jitc_value args[3] = {jitc_array(&tx), jitc_array(&ty), jitc_array(&to)};
    jitc_launch_config cfg = {{(N + 127) / 128, 1, 1}, {128, 1, 1}, 0, NULL};
    jitc_result r;
    assert_int_equal(jitc_launch(fn, &cfg, args, 3, &r), JITC_OK);
    for (int i = 0; i < N; i++)
        assert_true(out[i] == x[i] + 0.5f);
    /* numba-cuda's add.forall(N)(x, y, out): the block size is the occupancy calculator's */
    memset(out, 0, sizeof out);
    assert_int_equal(jitc_launch_forall(fn, N, NULL, args, 3, &r), JITC_OK);
    for (int i = 0; i < N; i++)
        assert_true(out[i] == x[i] + 0.5f);
    /* the same through device memory */
    void *dx, *dout;
    assert_int_equal(jitc_device_alloc(ctx, sizeof x, &dx), JITC_OK);
    assert_int_equal(jitc_device_alloc(ctx, sizeof out, &dout), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, dx, x, sizeof x), JITC_OK);
    DLTensor gx = tx, gout = tx;
    gx.data = dx;
    gx.device = (DLDevice){kDLCUDA, 0};
    gout.data = dout;
    gout.device = (DLDevice){kDLCUDA, 0};
    jitc_value dargs[3] = {jitc_array(&gx), jitc_array(&gx), jitc_array(&gout)};
    assert_int_equal(jitc_launch(fn, &cfg, dargs, 3, &r), JITC_OK);
    assert_int_equal(jitc_synchronize(ctx, &r), JITC_OK);
    assert_int_equal(jitc_copy_to_host(ctx, out, dout, sizeof out), JITC_OK);
    for (int i = 0; i < N; i++)
        assert_true(out[i] == 2 * x[i]);
    /* on a stream of its own, timed by events */
    void *stream, *start, *end;
    assert_int_equal(jitc_stream_create(ctx, &stream), JITC_OK);
    assert_int_equal(jitc_event_create(ctx, &start), JITC_OK);
    assert_int_equal(jitc_event_create(ctx, &end), JITC_OK);
    jitc_launch_config scfg = cfg;
    scfg.stream = stream;
    assert_int_equal(jitc_event_record(ctx, start, stream), JITC_OK);
    assert_int_equal(jitc_launch(fn, &scfg, dargs, 3, &r), JITC_OK);
    assert_int_equal(jitc_event_record(ctx, end, stream), JITC_OK);
    float ms = -1;
    assert_int_equal(jitc_event_elapsed_ms(ctx, start, end, &ms), JITC_OK);
    assert_true(ms >= 0 && ms < 1000);
    assert_int_equal(jitc_stream_synchronize(ctx, stream), JITC_OK);
    jitc_event_destroy(ctx, start);
    jitc_event_destroy(ctx, end);
    jitc_stream_destroy(ctx, stream);
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dout);
    jitc_context_destroy(ctx);
}

/* Host memory the driver has not page-locked. */
static void *unlocked_bytes(void)
{
    static char bytes[64];
    return bytes;
}

/* Page-locked host memory: copies queued on a stream from and to it, and mapped memory that a
 * kernel reads and writes in place through its device address (allocated, then registered). */
static void test_page_locked_and_mapped_host_memory(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    jitc_module *m = compile_or_fail(ctx, "k.krn", SRC);
    jitc_function *fn = function_or_fail(m, "add");
    enum { N = 4096 };
    float *pinned, *mapped;
    void *dx, *stream, *dmapped;
    assert_int_equal(jitc_host_alloc(ctx, N * sizeof(float), 0, (void **)&pinned), JITC_OK);
    assert_int_equal(jitc_host_alloc(ctx, N * sizeof(float), JITC_HOST_MAPPED, (void **)&mapped), JITC_OK);
    assert_int_equal(jitc_host_device_pointer(ctx, mapped, &dmapped), JITC_OK);
    assert_int_equal(jitc_host_device_pointer(ctx, unlocked_bytes(), &dx), JITC_ERR_ARGUMENT); /* not locked */
    assert_int_equal(jitc_device_alloc(ctx, N * sizeof(float), &dx), JITC_OK);
    assert_int_equal(jitc_stream_create(ctx, &stream), JITC_OK);
    for (int i = 0; i < N; i++)
        pinned[i] = (float)i, mapped[i] = 0;
    assert_int_equal(jitc_copy_async(ctx, JITC_COPY_TO_DEVICE, dx, pinned, N * sizeof(float), stream), JITC_OK);
    int64_t shape[1] = {N};
    DLTensor tx = {.data = dx, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor tout = tx;
    tout.data = dmapped;
    jitc_value args[3] = {jitc_array(&tx), jitc_array(&tx), jitc_array(&tout)};
    jitc_launch_config cfg = {{N / 128, 1, 1}, {128, 1, 1}, 0, stream};
    jitc_result r;
    assert_int_equal(jitc_launch(fn, &cfg, args, 3, &r), JITC_OK); /* writes the host memory itself */
    assert_int_equal(jitc_copy_async(ctx, JITC_COPY_ON_DEVICE, dx, dmapped, N * sizeof(float), stream), JITC_OK);
    assert_int_equal(jitc_copy_async(ctx, JITC_COPY_TO_HOST, pinned, dx, N * sizeof(float), stream), JITC_OK);
    assert_int_equal(jitc_copy_async(ctx, (jitc_copy_kind)7, pinned, dx, 4, stream), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_stream_synchronize(ctx, stream), JITC_OK);
    for (int i = 0; i < N; i++)
        assert_true(mapped[i] == 2.0f * (float)i && pinned[i] == 2.0f * (float)i);
    /* memory of the caller's, locked in place: registered twice is refused */
    float *own = calloc(N, sizeof(float));
    assert_int_equal(jitc_host_register(ctx, own, N * sizeof(float), JITC_HOST_MAPPED), JITC_OK);
    assert_int_equal(jitc_host_register(ctx, own, N * sizeof(float), 0), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_host_device_pointer(ctx, own, &dmapped), JITC_OK);
    assert_int_equal(jitc_copy_on_device(ctx, dmapped, dx, N * sizeof(float)), JITC_OK);
    assert_true(own[N - 1] == 2.0f * (N - 1));
    assert_int_equal(jitc_host_unregister(ctx, own), JITC_OK);
    free(own);
    jitc_stream_destroy(ctx, stream);
    jitc_device_free(ctx, dx);
    assert_int_equal(jitc_host_free(ctx, pinned), JITC_OK);
    assert_int_equal(jitc_host_free(ctx, mapped), JITC_OK);
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
}

/* The kernel's two entries: device arrays 16-byte aligned take the vectorized one, views that
 * start 4 bytes in take the other; both give the same result. */
/* A CUDA ufunc on device arrays (no copies; the allocated output lives on the device too), and
 * a reduction over an aligned array (vector loads) and over a view offset by 4 bytes. */
static void test_cuda_ufunc_and_reduce_on_device_arrays(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    enum { N = 100003 };
    static float x[N], y[N], out[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)(i % 1000), y[i] = 0.5f;
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *axpy, *total;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "u.krn", UFUNC_SRC);
    axpy = function_or_fail(m, "axpy");
    total = function_or_fail(m, "total");
    void *dx, *dy;
    assert_int_equal(jitc_device_alloc(ctx, sizeof x, &dx), JITC_OK);
    assert_int_equal(jitc_device_alloc(ctx, sizeof y, &dy), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, dx, x, sizeof x), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, dy, y, sizeof y), JITC_OK);
    int64_t shape[1] = {N};
    DLTensor tx = {.data = dx, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor ty = tx;
    ty.data = dy;
    jitc_value in[2] = {jitc_array(&tx), jitc_array(&ty)};
    DLManagedTensor *res = NULL;
    jitc_result r;
    assert_int_equal(jitc_ufunc_alloc(axpy, in, 2, &res, &r), JITC_OK);
    assert_int_equal(res->dl_tensor.device.device_type, kDLCUDA);
    assert_int_equal(jitc_copy_to_host(ctx, out, res->dl_tensor.data, sizeof out), JITC_OK);
    for (int i = 0; i < N; i++)
        assert_float_equal(out[i], 2 * x[i] + 0.5f, 0);
    double want = 0;
    for (int i = 0; i < N; i++)
        want += 2 * x[i] + 0.5f;
    jitc_value sum_of = jitc_array(&res->dl_tensor);
    assert_int_equal(jitc_reduce(total, &sum_of, NULL, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_FLOAT32);
    assert_float_equal(r.value.f32, want, want * 1e-5);
    DLTensor offset = res->dl_tensor; /* elements 1.. : 4 bytes off the allocation's alignment */
    int64_t less[1] = {N - 1};
    offset.shape = less;
    offset.byte_offset = 4;
    jitc_value view = jitc_array(&offset), init = jitc_f32(1.0f);
    assert_int_equal(jitc_reduce(total, &view, &init, &r), JITC_OK);
    assert_float_equal(r.value.f32, want - out[0] + 1, want * 1e-5);
    res->deleter(res);
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dy);
    jitc_context_destroy(ctx);
}

static void test_cooperative_grid_sync(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "cg.krn", CG_SRC);
    fn = function_or_fail(m, "sequential_rows");
    enum { N = 256 };
    static int32_t a[N][N];
    int64_t shape[2] = {N, N};
    DLTensor t = {.data = a, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLInt, 32, 1}, .shape = shape};
    jitc_value arg = jitc_array(&t);
    jitc_launch_config cfg = {{N / 32, 1, 1}, {32, 1, 1}, 0, NULL};
    jitc_result r;
    int64_t most = 0, most2d = 0;
    assert_int_equal(jitc_max_cooperative_grid_blocks(fn, &cfg, &arg, 1, &most, &r), JITC_OK);
    jitc_launch_config square = {{1, 1, 1}, {4, 8, 1}, 0, NULL}; /* the same threads per block */
    assert_int_equal(jitc_max_cooperative_grid_blocks(fn, &square, &arg, 1, &most2d, &r), JITC_OK);
    assert_true(most >= N / 32);
    assert_int_equal(most, most2d);
    assert_int_equal(jitc_launch(fn, &cfg, &arg, 1, &r), JITC_OK);
    for (int row = 0; row < N; row++)
        for (int col = 0; col < N; col++)
            assert_int_equal(a[row][col], row);
    /* a grid larger than the device holds at once is refused, as numba-cuda refuses it */
    jitc_launch_config too_big = {{(unsigned)most + 1, 1, 1}, {32, 1, 1}, 0, NULL};
    assert_int_equal(jitc_launch(fn, &too_big, &arg, 1, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "exceeds the limit"));
    jitc_context_destroy(ctx);
}

static void test_aligned_and_offset_views(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "k.krn", SRC);
    fn = function_or_fail(m, "add4");
    enum { N = 1003 };
    float x[N + 1], out[N + 1];
    for (int i = 0; i <= N; i++)
        x[i] = (float)i;
    void *dx, *dout;
    assert_int_equal(jitc_device_alloc(ctx, sizeof x, &dx), JITC_OK);
    assert_int_equal(jitc_device_alloc(ctx, sizeof out, &dout), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, dx, x, sizeof x), JITC_OK);
    for (int offset = 0; offset <= 1; offset++) {
        int64_t shape[1] = {N};
        DLTensor gx = {.data = dx, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape,
                       .byte_offset = (uint64_t)offset * sizeof(float)};
        DLTensor gout = gx;
        gout.data = dout;
        jitc_value args[3] = {jitc_array(&gx), jitc_array(&gx), jitc_array(&gout)};
        jitc_launch_config cfg = {{(N / 4 + 64) / 64, 1, 1}, {64, 1, 1}, 0, NULL};
        jitc_result r;
        assert_int_equal(jitc_launch(fn, &cfg, args, 3, &r), JITC_OK);
        assert_int_equal(jitc_synchronize(ctx, &r), JITC_OK);
        assert_int_equal(jitc_copy_to_host(ctx, out, dout, sizeof out), JITC_OK);
        for (int i = 0; i < N; i++)
            assert_true(out[offset + i] == 2 * x[offset + i]);
    }
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dout);
    jitc_context_destroy(ctx);
}

/* The second entry runs only where the grid and the arrays meet its conditions: a grid of 2^21 + 1
 * blocks, whose last block's blockIdx.x * 1024 wraps to -2^31, and a reversed view (stride -1),
 * go through the first entry and give jitc's results. */
static void test_second_entry_only_where_its_assumptions_hold(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    jitc_module *m = compile_or_fail(ctx, "entries.krn", ENTRY_SRC);
    enum { N = 1000 };
    int32_t flag = 0;
    float x[N], out[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    void *dflag, *dx, *dout;
    assert_int_equal(jitc_device_alloc(ctx, sizeof flag, &dflag), JITC_OK);
    assert_int_equal(jitc_device_alloc(ctx, sizeof x, &dx), JITC_OK);
    assert_int_equal(jitc_device_alloc(ctx, sizeof out, &dout), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, dflag, &flag, sizeof flag), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, dx, x, sizeof x), JITC_OK);
    int64_t one = 1, n = N, back = -1;
    DLTensor gflag = {.data = dflag, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLInt, 32, 1}, .shape = &one};
    DLTensor greversed = {.data = dx, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = &n,
                          .strides = &back, .byte_offset = (N - 1) * sizeof(float)};
    DLTensor gout = {.data = dout, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = &n};
    jitc_result r;
    jitc_value flag_arg = jitc_array(&gflag), copy_args[2] = {jitc_array(&greversed), jitc_array(&gout)};
    jitc_launch_config wide = {{(1u << 21) + 1, 1, 1}, {1, 1, 1}, 0, NULL}, narrow = {{(N + 31) / 32, 1, 1}, {32, 1, 1}, 0, NULL};
    assert_int_equal(jitc_launch(function_or_fail(m, "wrapped"), &wide, &flag_arg, 1, &r), JITC_OK);
    assert_int_equal(jitc_launch(function_or_fail(m, "copy"), &narrow, copy_args, 2, &r), JITC_OK);
    assert_int_equal(jitc_synchronize(ctx, &r), JITC_OK);
    assert_int_equal(jitc_copy_to_host(ctx, &flag, dflag, sizeof flag), JITC_OK);
    assert_int_equal(jitc_copy_to_host(ctx, out, dout, sizeof out), JITC_OK);
    assert_int_equal(flag, INT32_MIN);
    for (int i = 0; i < N; i++)
        assert_true(out[i] == x[N - 1 - i]);
    jitc_device_free(ctx, dflag);
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dout);
    jitc_context_destroy(ctx);
}

/* ---- device memory shared between processes (CUDA IPC) ---- */

enum { IPC_N = 4096, IPC_CHILD_REFUSED = 77 };

/* The value the exporter writes at i, and the one the child writes back. */
static float ipc_value(int i, bool back) { return back ? -0.5f * (float)i : (float)i + 0.25f; }

static void ipc_to_hex(const jitc_ipc_handle *h, char *hex)
{
    for (size_t i = 0; i < sizeof h->bytes; i++)
        sprintf(hex + 2 * i, "%02x", h->bytes[i]);
}

static bool ipc_from_hex(const char *hex, jitc_ipc_handle *h)
{
    if (strlen(hex) != 2 * sizeof h->bytes)
        return false;
    for (size_t i = 0; i < sizeof h->bytes; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return false;
        h->bytes[i] = (unsigned char)v;
    }
    return true;
}

/* The child: opens the handle in a context of `device`, checks the exporter's values through a
 * copy into its own memory, writes ipc_value(i, true) into the second half through the mapping
 * (a copy queued on the default stream, then waited for), and closes it. Exit status 0, or
 * IPC_CHILD_REFUSED where the driver does not open the handle, or 1 with the reason on stderr. */
static int ipc_child(const char *hex, int device)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_device = device;
    jitc_context *ctx;
    jitc_ipc_handle h;
    void *mapped = NULL, *own = NULL;
    static float host[IPC_N];
    size_t bytes = sizeof host, half = bytes / 2;
    if (!ipc_from_hex(hex, &h) || jitc_context_create(&opts, &ctx) != JITC_OK)
        return fprintf(stderr, "ipc child: bad handle or no context\n"), 1;
    jitc_status st = jitc_ipc_open(ctx, &h, &mapped);
    if (st != JITC_OK) {
        printf("skipped: the driver does not open a CUDA IPC handle here (jitc_ipc_open: %s)\n",
               jitc_status_string(st));
        jitc_context_destroy(ctx);
        return st == JITC_ERR_RUNTIME ? IPC_CHILD_REFUSED : 1;
    }
    int bad = jitc_device_alloc(ctx, bytes, &own) != JITC_OK ||
              jitc_copy_on_device(ctx, own, mapped, bytes) != JITC_OK || /* from the exporter's GPU */
              jitc_copy_to_host(ctx, host, own, bytes) != JITC_OK;
    for (int i = 0; i < IPC_N && !bad; i++)
        bad = host[i] != ipc_value(i, false);
    for (int i = IPC_N / 2; i < IPC_N; i++)
        host[i] = ipc_value(i, true);
    bad = bad || jitc_copy_to_device(ctx, own, host, bytes) != JITC_OK ||
          jitc_copy_async(ctx, JITC_COPY_ON_DEVICE, (char *)mapped + half, (char *)own + half, half, NULL) != JITC_OK ||
          jitc_stream_synchronize(ctx, NULL) != JITC_OK || jitc_ipc_close(ctx, mapped) != JITC_OK;
    if (bad)
        fprintf(stderr, "ipc child: the values through the mapping are wrong, or a copy or the close failed\n");
    if (own)
        jitc_device_free(ctx, own);
    jitc_context_destroy(ctx);
    return bad;
}

/* Runs this program again as the IPC child; its exit status. */
static int run_ipc_child(const jitc_ipc_handle *h, int device)
{
    extern char **environ;
    char hex[2 * sizeof h->bytes + 1], dev[16];
    ipc_to_hex(h, hex);
    snprintf(dev, sizeof dev, "%d", device);
    char *argv[] = {"test_gpu", "--ipc-child", hex, dev, NULL};
    pid_t pid;
    int status = 0;
    fflush(stdout);
    assert_int_equal(posix_spawn(&pid, "/proc/self/exe", NULL, NULL, argv, environ), 0);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* A device buffer exported here is opened by a second process (the driver opens no process's own
 * handles), on device 1 where there are two GPUs (memory of a peer device), else on device 0:
 * the child reads the values through the mapping and writes others back, which this process
 * reads. Where the driver refuses CUDA IPC (some sandboxes), the test skips with the reason. */
static void test_ipc_between_processes(void **state)
{
    (void)state;
    if (!have_gpu())
        skip();
    int count = 0;
    assert_int_equal(jitc_device_count(&count, NULL, 0), JITC_OK);
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    static float host[IPC_N];
    void *d;
    for (int i = 0; i < IPC_N; i++)
        host[i] = ipc_value(i, false);
    assert_int_equal(jitc_device_alloc(ctx, sizeof host, &d), JITC_OK);
    assert_int_equal(jitc_copy_to_device(ctx, d, host, sizeof host), JITC_OK);
    jitc_ipc_handle h;
    assert_int_equal(jitc_ipc_export(ctx, d, NULL), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_open(ctx, NULL, &d), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_close(ctx, NULL), JITC_ERR_ARGUMENT);
    jitc_status st = jitc_ipc_export(ctx, d, &h);
    int child = st == JITC_OK ? run_ipc_child(&h, count >= 2 ? 1 : 0) : -1;
    if (st == JITC_ERR_RUNTIME)
        printf("skipped: the driver does not export CUDA IPC handles here (jitc_ipc_export: %s)\n",
               jitc_status_string(st));
    if (st == JITC_OK && child == 0) {
        memset(host, 0, sizeof host);
        assert_int_equal(jitc_copy_to_host(ctx, host, d, sizeof host), JITC_OK);
        for (int i = 0; i < IPC_N; i++)
            assert_true(host[i] == ipc_value(i, i >= IPC_N / 2));
    }
    jitc_device_free(ctx, d);
    jitc_context_destroy(ctx);
    if (st == JITC_ERR_RUNTIME || child == IPC_CHILD_REFUSED)
        skip();
    assert_int_equal(st, JITC_OK);
    assert_int_equal(child, 0);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--ipc-child") == 0)
        return ipc_child(argv[2], atoi(argv[3]));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_device_is_an_error_not_a_crash),
        cmocka_unit_test(test_a_context_per_device),
        cmocka_unit_test(test_gpu_fma_option_and_fastmath),
        cmocka_unit_test(test_two_contexts_launch_on_their_device),
        cmocka_unit_test(test_launch_on_host_and_device_arrays),
        cmocka_unit_test(test_page_locked_and_mapped_host_memory),
        cmocka_unit_test(test_aligned_and_offset_views),
        cmocka_unit_test(test_second_entry_only_where_its_assumptions_hold),
        cmocka_unit_test(test_cooperative_grid_sync),
        cmocka_unit_test(test_cuda_ufunc_and_reduce_on_device_arrays),
        cmocka_unit_test(test_float16_tensors),
        cmocka_unit_test(test_ipc_between_processes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
