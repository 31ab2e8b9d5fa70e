/* build_cuda.c — the `cuda` module inside GPU code (language.md, "CUDA inside kernels"):
 * thread and block indices, cuda.grid/gridsize, barriers and fences, shared and local arrays.
 * Typed as Numba types them: the dim3 registers are int32, grid and gridsize int64. */
#include "build.h"

#include <string.h>

static Operand cuda_obj(CudaObj o) { return (Operand){.kind = OPK_CUDA, .cuda = o}; }

static Operand sreg(Builder *b, IrSreg r, SrcLoc loc)
{
    const Type *i32 = ty_scalar(TY_INT32);
    return bld_value_operand(ir_emit(b->f, IR_SREG, r, i32, NULL, 0, loc), i32);
}

static Operand module_member(Builder *b, const char *name, SrcLoc loc)
{
    static const struct { const char *name; CudaObj obj; } MEMBERS[] = {
        {"threadIdx", CU_THREADIDX}, {"blockIdx", CU_BLOCKIDX}, {"blockDim", CU_BLOCKDIM},
        {"gridDim", CU_GRIDDIM}, {"shared", CU_SHARED}, {"local", CU_LOCAL}, {"grid", CU_GRID},
        {"gridsize", CU_GRIDSIZE}, {"syncthreads", CU_SYNCTHREADS}, {"syncwarp", CU_SYNCWARP},
        {"threadfence", CU_THREADFENCE},
    };
    for (size_t i = 0; i < sizeof MEMBERS / sizeof MEMBERS[0]; i++)
        if (strcmp(MEMBERS[i].name, name) == 0)
            return cuda_obj(MEMBERS[i].obj);
    static const char *const WARP[] = {"shfl_sync", "shfl_down_sync", "shfl_up_sync", "shfl_xor_sync",
                                       "all_sync", "any_sync", "ballot_sync", "activemask"};
    for (int i = 0; i < (int)(sizeof WARP / sizeof WARP[0]); i++)
        if (strcmp(WARP[i], name) == 0)
            return (Operand){.kind = OPK_CUDA, .cuda = CU_WARP_OP, .warp = (IrWarp)i};
    if (strcmp(name, "atomic") == 0)
        return cuda_obj(CU_ATOMIC);
    if (strcmp(name, "fma") == 0 || strcmp(name, "cbrt") == 0) /* math functions of numba-cuda's cuda module */
        return (Operand){.kind = OPK_MATHFN, .mathfn = name[0] == 'f' ? IM_FMA : IM_CBRT};
    if (strcmp(name, "laneid") == 0)
        return sreg(b, SREG_LANEID, loc);
    if (strcmp(name, "warpsize") == 0)
        return sreg(b, SREG_WARPSIZE, loc);
    diag_error(&b->diag, loc, "cuda.%s is not supported by jitc yet", name);
    return bld_error_operand(b);
}

Operand bld_cuda_attr(Builder *b, Operand base, const char *name, SrcLoc loc)
{
    if (base.kind == OPK_MODULE)
        return module_member(b, name, loc);
    if (base.cuda <= CU_GRIDDIM) {
        int axis = strcmp(name, "x") == 0 ? 0 : strcmp(name, "y") == 0 ? 1 : strcmp(name, "z") == 0 ? 2 : -1;
        if (axis < 0) {
            diag_error(&b->diag, loc, "a dim3 has x, y and z, not '%s'", name);
            return bld_error_operand(b);
        }
        static const IrSreg FIRST[] = {SREG_TID_X, SREG_CTAID_X, SREG_NTID_X, SREG_NCTAID_X};
        return sreg(b, (IrSreg)(FIRST[base.cuda] + axis), loc);
    }
    if ((base.cuda == CU_SHARED || base.cuda == CU_LOCAL) && strcmp(name, "array") == 0)
        return cuda_obj(base.cuda == CU_SHARED ? CU_SHARED_ARRAY : CU_LOCAL_ARRAY);
    if (base.cuda == CU_ATOMIC) {
        static const char *const OPS[] = {"add", "sub", "max", "min", "exch", "cas", "and_", "or_", "xor"};
        for (int i = 0; i < (int)(sizeof OPS / sizeof OPS[0]); i++)
            if (strcmp(OPS[i], name) == 0)
                return (Operand){.kind = OPK_CUDA, .cuda = CU_ATOMIC_OP, .atomic = (IrAtomic)i};
    }
    diag_error(&b->diag, loc, "no attribute '%s' here", name);
    return bld_error_operand(b);
}

/* The constant axis count of grid(n) / gridsize(n). */
static int axis_count(Builder *b, const Expr *call, const char *what)
{
    if (call->call.nargs != 1 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.%s() takes the number of dimensions, 1, 2 or 3", what);
        return 0;
    }
    Operand n = bld_expr(b, call->call.args[0]);
    if (!n.is_const || n.ci < 1 || n.ci > 3) {
        diag_error(&b->diag, call->call.args[0]->loc, "cuda.%s() takes a constant 1, 2 or 3", what);
        return 0;
    }
    return (int)n.ci;
}

/* grid(n): the global thread index per axis, threadIdx + blockIdx * blockDim; gridsize(n):
 * the number of threads per axis, blockDim * gridDim. int64 values, as Numba types them, but
 * computed in 32 bits where that provably fits: on the y and z axes blockIdx < 65535 and
 * blockDim <= 1024, so the result stays below 2^27. On x, blockIdx reaches 2^31 - 1 and the
 * product needs 64 bits (a widening 32x32 multiply). Nothing here can overflow: nsw, nuw. */
static Operand grid_index(Builder *b, const Expr *call, bool size)
{
    int n = axis_count(b, call, size ? "gridsize" : "grid");
    if (!n)
        return bld_error_operand(b);
    const Type *i64 = ty_scalar(TY_INT64), *types[3] = {i64, i64, i64};
    IrValue axes[3];
    for (int k = 0; k < n; k++) {
        const Type *t = k == 0 ? i64 : ty_scalar(TY_INT32);
        IrValue ntid = bld_cast_value(b, sreg(b, (IrSreg)(SREG_NTID_X + k), call->loc).v, t, call->loc);
        IrValue other = bld_cast_value(b, sreg(b, (IrSreg)((size ? SREG_NCTAID_X : SREG_CTAID_X) + k), call->loc).v, t, call->loc);
        IrValue m[2] = {other, ntid};
        IrValue axis = ir_emit(b->f, IR_BIN, IB_MUL, t, m, 2, call->loc);
        ir_last(b->f)->flags |= IRF_NSW | IRF_NUW;
        if (!size) {
            IrValue tid = bld_cast_value(b, sreg(b, (IrSreg)(SREG_TID_X + k), call->loc).v, t, call->loc);
            IrValue a[2] = {tid, axis};
            axis = ir_emit(b->f, IR_BIN, IB_ADD, t, a, 2, call->loc);
            ir_last(b->f)->flags |= IRF_NSW | IRF_NUW;
        }
        axes[k] = bld_cast_value(b, axis, i64, call->loc);
    }
    if (n == 1)
        return bld_value_operand(axes[0], i64);
    const Type *t = ty_tuple(&b->p->types, types, n);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, axes, n, call->loc), t);
}

static Operand sync(Builder *b, const Expr *call, IrSync kind)
{
    if (call->call.nargs > (kind == SYNC_WARP ? 1 : 0) || call->call.nkws) {
        diag_error(&b->diag, call->loc, "this cuda function takes no arguments%s", kind == SYNC_WARP ? " but a mask" : "");
        return bld_error_operand(b);
    }
    if (call->call.nargs) /* the mask is evaluated; all lanes of the warp synchronize */
        bld_expr(b, call->call.args[0]);
    ir_emit(b->f, IR_SYNC, kind, NULL, NULL, 0, call->loc);
    return (Operand){.kind = OPK_NONE};
}

/* The shape argument of a static array: a constant or a tuple of constants. */
static int constant_shape(Builder *b, const Expr *e, int64_t *dims)
{
    const Expr *const *items = e->kind == EX_TUPLE ? (const Expr *const *)e->seq.items : &e;
    int n = e->kind == EX_TUPLE ? e->seq.n : 1;
    if (n < 1 || n > 8) {
        diag_error(&b->diag, e->loc, "an array shape has 1 to 8 dimensions");
        return 0;
    }
    for (int i = 0; i < n; i++) {
        Operand d = bld_expr(b, items[i]);
        if (!d.is_const || d.ci < 0) {
            diag_error(&b->diag, items[i]->loc, "the shape of a shared or local array must be made of constant integers");
            return 0;
        }
        dims[i] = d.ci;
    }
    return n;
}

/* Finds argument `name` given by position pos or by keyword. */
static const Expr *argument(const Expr *call, int pos, const char *name)
{
    for (int i = 0; i < call->call.nkws; i++)
        if (strcmp(call->call.kws[i].name, name) == 0)
            return call->call.kws[i].value;
    return pos < call->call.nargs ? call->call.args[pos] : NULL;
}

static Operand static_array(Builder *b, const Expr *call, IrArraySpace space)
{
    const Expr *shape = argument(call, 0, "shape"), *dtype = argument(call, 1, "dtype");
    if (!shape || !dtype || call->call.nargs + call->call.nkws != 2) {
        diag_error(&b->diag, call->loc, "cuda.%s.array() takes a shape and a dtype", space == SPACE_SHARED ? "shared" : "local");
        return bld_error_operand(b);
    }
    int64_t *dims = arena_alloc(b->pass_arena, sizeof *dims * 8);
    int n = constant_shape(b, shape, dims);
    if (!n)
        return bld_error_operand(b);
    Operand dt = bld_expr(b, dtype);
    if (dt.kind != OPK_TYPE || !ty_is_scalar(dt.tyref)) {
        diag_error(&b->diag, dtype->loc, "the dtype of an array must be a scalar type such as float32");
        return bld_error_operand(b);
    }
    for (int i = 0; i < n; i++)
        if (dims[i] == 0 && (space != SPACE_SHARED || n != 1)) {
            diag_error(&b->diag, shape->loc, "only a 1-d shared array can be dynamic (shape 0)");
            return bld_error_operand(b);
        }
    const Type *t = ty_array(&b->p->types, dt.tyref, n, 'C');
    IrValue v = ir_emit(b->f, IR_STATIC_ARRAY, space, t, NULL, 0, call->loc);
    ir_last(b->f)->imm.dims = dims;
    return bld_value_operand(v, t);
}

/* cuda.atomic.OP(array, index, value) (cas: array, index, old, value): the old element. */
static Operand atomic_call(Builder *b, const Expr *call, IrAtomic op)
{
    int nvals = op == AT_CAS ? 2 : 1;
    if (call->call.nargs != 2 + nvals || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.atomic functions take an array, an index and %s",
                   op == AT_CAS ? "the old and new values" : "a value");
        return bld_error_operand(b);
    }
    IrValue a = bld_value_of(b, bld_expr(b, call->call.args[0]), call->call.args[0]->loc);
    const Type *at = ir_type(b->f, a);
    if (at->kind != TY_ARRAY) {
        if (at->kind != TY_ERROR)
            diag_error(&b->diag, call->call.args[0]->loc, "cuda.atomic needs an array, not %s", bld_type_name(b, at));
        return bld_error_operand(b);
    }
    bool bitwise = op == AT_AND || op == AT_OR || op == AT_XOR || op == AT_CAS;
    const Type *dt = at->dtype;
    if (ty_is_bool(dt) || ty_bits(dt) < 32 || (bitwise && ty_is_float(dt))) {
        diag_error(&b->diag, call->call.args[0]->loc, "cuda.atomic.%s does not take arrays of %s",
                   (const char *[]){"add", "sub", "max", "min", "exch", "cas", "and_", "or_", "xor"}[op], bld_type_name(b, dt));
        return bld_error_operand(b);
    }
    /* the index: a tuple for several axes, as an element subscript would take */
    Expr sub = {.kind = EX_SUBSCRIPT, .loc = call->loc};
    sub.subscript.value = call->call.args[0];
    sub.subscript.index = call->call.args[1];
    IrValue args[36];
    int nargs;
    const Type *dtype;
    if (bld_elem_address_args(b, &sub, a, args, &nargs, &dtype) == IR_NOVALUE)
        return bld_error_operand(b);
    for (int k = 0; k < nvals; k++) {
        IrValue v = bld_value_of(b, bld_expr(b, call->call.args[2 + k]), call->call.args[2 + k]->loc);
        args[nargs++] = bld_cast_value(b, v, dt, call->call.args[2 + k]->loc);
    }
    return bld_value_operand(ir_emit(b->f, IR_ATOMIC, op, dt, args, nargs, call->loc), dt);
}

/* Warp shuffles (mask, value, lane or delta) and votes (mask, predicate); activemask(). */
static Operand warp_call(Builder *b, const Expr *call, IrWarp op)
{
    int want = op == WARP_ACTIVEMASK ? 0 : op >= WARP_ALL ? 2 : 3;
    if (call->call.nargs != want || call->call.nkws) {
        diag_error(&b->diag, call->loc, "this warp function takes %d argument%s", want, want == 1 ? "" : "s");
        return bld_error_operand(b);
    }
    const Type *u32 = ty_scalar(TY_UINT32), *i32 = ty_scalar(TY_INT32), *bt = ty_scalar(TY_BOOL);
    IrValue args[3];
    const Type *t = op == WARP_ALL || op == WARP_ANY ? bt : u32;
    for (int i = 0; i < want; i++) {
        Operand o = bld_expr(b, call->call.args[i]);
        IrValue v = bld_value_of(b, o, call->call.args[i]->loc);
        const Type *vt = ir_type(b->f, v);
        if (vt->kind == TY_ERROR)
            return bld_error_operand(b);
        if (i == 0) { /* the mask */
            args[i] = bld_cast_value(b, v, u32, call->loc);
        } else if (op >= WARP_ALL) { /* the predicate */
            args[i] = bld_truth_value(b, o, call->call.args[i]->loc);
        } else if (i == 1) { /* the value shuffled */
            if (!ty_is_scalar(vt) || ty_is_bool(vt) || ty_bits(vt) < 32) {
                diag_error(&b->diag, call->call.args[i]->loc, "warp shuffles take 32- or 64-bit numbers, not %s", bld_type_name(b, vt));
                return bld_error_operand(b);
            }
            args[i] = v;
            t = vt;
        } else { /* lane or delta */
            args[i] = bld_cast_value(b, v, i32, call->loc);
        }
    }
    return bld_value_operand(ir_emit(b->f, IR_WARP, op, t, args, want, call->loc), t);
}

Operand bld_cuda_call(Builder *b, const Expr *call, Operand callee)
{
    switch (callee.cuda) {
    case CU_ATOMIC_OP: return atomic_call(b, call, callee.atomic);
    case CU_WARP_OP: return warp_call(b, call, callee.warp);
    case CU_GRID: return grid_index(b, call, false);
    case CU_GRIDSIZE: return grid_index(b, call, true);
    case CU_SYNCTHREADS: return sync(b, call, SYNC_THREADS);
    case CU_SYNCWARP: return sync(b, call, SYNC_WARP);
    case CU_THREADFENCE: return sync(b, call, SYNC_FENCE);
    case CU_SHARED_ARRAY: return static_array(b, call, SPACE_SHARED);
    case CU_LOCAL_ARRAY: return static_array(b, call, SPACE_LOCAL);
    default:
        diag_error(&b->diag, call->loc, "this cuda object is not callable");
        return bld_error_operand(b);
    }
}
