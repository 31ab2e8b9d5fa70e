/* build_cuda.c — the `cuda` module inside GPU code (language.md, "CUDA inside kernels"):
 * thread and block indices, cuda.grid/gridsize, barriers and fences, shared and local arrays.
 * Typed as Numba types them: the dim3 registers are int32, grid and gridsize int64. */
#include "builder/build.h"

#include <string.h>

/* cuda.atomic's functions as Python names them, in IrAtomic's order */
static const char *const ATOMIC_NAMES[] = {"add", "sub", "max", "min", "exch", "cas", "and_", "or_", "xor",
                                           "inc", "dec", "nanmax", "nanmin"};

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
        {"threadfence", CU_THREADFENCE}, {"threadfence_block", CU_THREADFENCE_BLOCK},
        {"threadfence_system", CU_THREADFENCE_SYSTEM}, {"syncthreads_count", CU_SYNCTHREADS_COUNT},
        {"syncthreads_and", CU_SYNCTHREADS_AND}, {"syncthreads_or", CU_SYNCTHREADS_OR}, {"popc", CU_POPC},
        {"brev", CU_BREV}, {"clz", CU_CLZ}, {"ffs", CU_FFS}, {"selp", CU_SELP}, {"lanemask_lt", CU_LANEMASK_LT},
        {"const", CU_CONST}, {"cg", CU_CG}, {"nanosleep", CU_NANOSLEEP},
        {"is_float16_supported", CU_IS_FLOAT16_SUPPORTED},
    };
    for (size_t i = 0; i < sizeof MEMBERS / sizeof MEMBERS[0]; i++)
        if (strcmp(MEMBERS[i].name, name) == 0)
            return cuda_obj(MEMBERS[i].obj);
    static const char *const WARP[] = {"shfl_sync", "shfl_down_sync", "shfl_up_sync", "shfl_xor_sync",
                                       "all_sync", "any_sync", "ballot_sync", "activemask",
                                       "match_any_sync", "match_all_sync", "eq_sync"}; /* IrWarp's order */
    for (int i = 0; i < (int)(sizeof WARP / sizeof WARP[0]); i++)
        if (strcmp(WARP[i], name) == 0)
            return (Operand){.kind = OPK_CUDA, .cuda = CU_WARP_OP, .warp = (IrWarp)i};
    if (strcmp(name, "atomic") == 0)
        return cuda_obj(CU_ATOMIC);
    if (strcmp(name, "fp16") == 0)
        return cuda_obj(CU_FP16);
    if (strcmp(name, "libdevice") == 0)
        return cuda_obj(CU_LIBDEVICE);
    if (strncmp(name, "libdevice.", 10) == 0) /* `from numba.cuda.libdevice import sinf` */
        return bld_libdevice_member(b, name + 10, loc);
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
        for (int i = 0; i < (int)(sizeof ATOMIC_NAMES / sizeof ATOMIC_NAMES[0]); i++)
            if (strcmp(ATOMIC_NAMES[i], name) == 0)
                return (Operand){.kind = OPK_CUDA, .cuda = CU_ATOMIC_OP, .atomic = (IrAtomic)i};
        if (strcmp(name, "compare_and_swap") == 0)
            return cuda_obj(CU_ATOMIC_COMPARE_AND_SWAP);
    }
    if (base.cuda == CU_CONST && strcmp(name, "array_like") == 0)
        return cuda_obj(CU_CONST_ARRAY_LIKE);
    if (base.cuda == CU_CG && strcmp(name, "this_grid") == 0)
        return cuda_obj(CU_CG_THIS_GRID);
    if (base.cuda == CU_GRID_GROUP && strcmp(name, "sync") == 0)
        return cuda_obj(CU_GRID_GROUP_SYNC);
    if (base.cuda == CU_FP16)
        return bld_fp16_member(b, name, loc);
    if (base.cuda == CU_LIBDEVICE)
        return bld_libdevice_member(b, name, loc);
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

/* ---- constant shapes ---- */

/* How a name is defined in the function: `defs` counts its bindings (parameters, assignments,
 * augmented assignments, loop targets); `value` is the expression of the last plain
 * `name = value` among them. */
typedef struct LocalDef {
    int defs;
    const Expr *value;
} LocalDef;

static void count_target(const Expr *target, const Expr *value, const char *name, LocalDef *d)
{
    if (target->kind == EX_NAME && strcmp(target->name, name) == 0) {
        d->defs++;
        d->value = value;
    } else if (target->kind == EX_TUPLE || target->kind == EX_LIST) {
        for (int i = 0; i < target->seq.n; i++)
            count_target(target->seq.items[i], NULL, name, d); /* unpacked: not a constant */
    }
}

static void find_defs(const Block *body, const char *name, LocalDef *d)
{
    for (int i = 0; i < body->n; i++) {
        const Stmt *st = body->items[i];
        switch (st->kind) {
        case ST_ASSIGN:
            for (int k = 0; k < st->assign.ntargets; k++)
                count_target(st->assign.targets[k], st->assign.value, name, d);
            break;
        case ST_AUGASSIGN: count_target(st->augassign.target, NULL, name, d); break;
        case ST_IF:
            find_defs(&st->if_.body, name, d);
            find_defs(&st->if_.orelse, name, d);
            break;
        case ST_WHILE:
            find_defs(&st->while_.body, name, d);
            find_defs(&st->while_.orelse, name, d);
            break;
        case ST_FOR:
            count_target(st->for_.target, NULL, name, d);
            find_defs(&st->for_.body, name, d);
            find_defs(&st->for_.orelse, name, d);
            break;
        default: break;
        }
    }
}

/* The expression a name stands for where Numba would see a literal: a local assigned once
 * (`N = 100` in the kernel) or, for a name the function never binds, a module-level constant.
 * NULL for anything else (a parameter, a variable assigned twice, unknown names). */
static const Expr *constant_definition(Builder *b, const char *name)
{
    LocalDef d = {0, NULL};
    for (int i = 0; i < b->def->nparams; i++)
        d.defs += strcmp(b->def->params[i].name, name) == 0;
    find_defs(&b->def->body, name, &d);
    if (d.defs)
        return d.defs == 1 ? d.value : NULL;
    const Global *g = prog_global(b->p, name);
    return g && g->kind == G_CONST ? g->expr : NULL;
}

bool bld_local_int_constant(Builder *b, const Expr *e, int64_t *v)
{
    const Expr *def = e->kind == EX_NAME && bld_find_var(b, e->name) ? constant_definition(b, e->name) : NULL;
    bool neg = def && def->kind == EX_UNARY && def->unary.op == OP_NEG;
    const Expr *lit = neg ? def->unary.operand : def;
    if (!lit || lit->kind != EX_INT)
        return false;
    *v = neg ? -lit->ival : lit->ival;
    return true;
}

/* A constant integer expression over literals and constant names (local or module-level),
 * folded with Python's operators: `TPB * 2`, `N + 1`. */
static bool constant_int(Builder *b, const Expr *e, int depth, Operand *out)
{
    if (depth > 16)
        return false;
    const Expr *def = e->kind == EX_NAME ? constant_definition(b, e->name) : NULL;
    if (def)
        return constant_int(b, def, depth + 1, out);
    if (e->kind == EX_BINOP) {
        Operand l, r;
        if (!constant_int(b, e->binop.lhs, depth + 1, &l) || !constant_int(b, e->binop.rhs, depth + 1, &r))
            return false;
        *out = bld_binary_op(b, e->binop.op, l, r, e->loc);
    } else if (e->kind == EX_UNARY && (e->unary.op == OP_NEG || e->unary.op == OP_POS)) {
        Operand v;
        if (!constant_int(b, e->unary.operand, depth + 1, &v))
            return false;
        *out = e->unary.op == OP_POS ? v : bld_const_int_operand(b, v.type, -v.ci, v.weak, e->loc);
    } else {
        *out = bld_expr(b, e);
    }
    return out->kind == OPK_VALUE && out->is_const;
}

/* The items of a shape: a tuple written out, or a name (local or module-level) that stands for
 * one (`SM_SIZE = (10, 20)`); else the expression itself, one axis. */
static int shape_items(Builder *b, const Expr *e, const Expr *const **items)
{
    for (int depth = 0; e->kind == EX_NAME && depth < 16; depth++) {
        const Expr *def = constant_definition(b, e->name);
        if (!def)
            break;
        e = def;
    }
    *items = e->kind == EX_TUPLE ? (const Expr *const *)e->seq.items : NULL;
    return e->kind == EX_TUPLE ? e->seq.n : 1;
}

/* A shape that is not a tuple written out: a constant, or a literal tuple (a parameter that a
 * caller's `(4, 8)` specialized, Numba's Tuple(Literal[int], ...)). */
static int scalar_or_literal_shape(Builder *b, const Expr *e, int64_t *dims)
{
    Operand d = {0};
    if (constant_int(b, e, 0, &d) && d.ci >= 0) {
        dims[0] = d.ci;
        return 1;
    }
    const int64_t *vals = d.kind == OPK_VALUE ? bld_literal_tuple_values(d.lit) : NULL;
    int n = vals ? d.lit->dtype->n : 0;
    if (vals && (n < 1 || n > 8)) {
        diag_error(&b->diag, e->loc, "an array shape has 1 to 8 dimensions");
        return 0;
    }
    for (int i = 0; i < n; i++)
        if ((dims[i] = vals[i]) < 0)
            vals = NULL;
    if (vals)
        return n;
    if (!d.type || d.type->kind != TY_ERROR) /* a poisoned value (an untyped parameter under check) has said enough */
        diag_error(&b->diag, e->loc, "the shape of a shared or local array must be made of constant integers");
    return 0;
}

/* The shape argument of a static array: a constant or a tuple of constants. */
static int constant_shape(Builder *b, const Expr *e, int64_t *dims)
{
    const Expr *const *items;
    int n = shape_items(b, e, &items);
    if (!items)
        return scalar_or_literal_shape(b, e, dims);
    if (n < 1 || n > 8) {
        diag_error(&b->diag, e->loc, "an array shape has 1 to 8 dimensions");
        return 0;
    }
    for (int i = 0; i < n; i++) {
        Operand d = {0};
        if (!constant_int(b, items[i], 0, &d) || d.ci < 0) {
            if (!d.type || d.type->kind != TY_ERROR) /* a poisoned value (an untyped parameter under check) has said enough */
                diag_error(&b->diag, e->kind == EX_TUPLE ? items[i]->loc : e->loc,
                           "the shape of a shared or local array must be made of constant integers");
            return 0;
        }
        dims[i] = d.ci;
    }
    return n;
}

static Operand static_array(Builder *b, const Expr *call, IrArraySpace space)
{
    const Expr *shape = ast_call_arg(call, 0, "shape"), *dtype = ast_call_arg(call, 1, "dtype");
    if (!shape || !dtype || call->call.nargs + call->call.nkws != 2) {
        diag_error(&b->diag, call->loc, "cuda.%s.array() takes a shape and a dtype", space == SPACE_SHARED ? "shared" : "local");
        return bld_error_operand(b);
    }
    int64_t *dims = arena_alloc(b->pass_arena, sizeof *dims * 8);
    int n = constant_shape(b, shape, dims);
    if (!n)
        return bld_error_operand(b);
    Operand dt = bld_expr(b, dtype);
    if (dt.kind == OPK_STR) /* "float32", as numba-cuda takes it */
        dt = (Operand){.kind = OPK_TYPE, .tyref = prog_type_name(dt.str)};
    if (dt.kind != OPK_TYPE || !dt.tyref || !ty_is_scalar(dt.tyref)) {
        if (dt.kind != OPK_ERROR && !(dt.type && dt.type->kind == TY_ERROR))
            diag_error(&b->diag, dtype->loc, "the dtype of an array must be a scalar type such as float32 or \"float32\"");
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

/* The dtypes numba-cuda's cuda.atomic functions take: 32- and 64-bit numbers for the arithmetic
 * ones, integers for the bitwise ones, exch and cas, unsigned integers for inc and dec. */
static bool atomic_takes(IrAtomic op, const Type *dt)
{
    if (!ty_is_real(dt) || ty_is_bool(dt) || ty_bits(dt) < 32)
        return false;
    switch (op) {
    case AT_ADD: case AT_SUB: case AT_MAX: case AT_MIN: case AT_NANMAX: case AT_NANMIN: return true;
    case AT_INC: case AT_DEC: return ty_is_unsigned(dt);
    default: return !ty_is_float(dt);
    }
}

/* cuda.atomic.OP(array, index, value...) on array[index], a the array's value: the old element.
 * vals: the value (cas: old and new), converted to the dtype. */
static Operand atomic_update(Builder *b, const Expr *call, IrAtomic op, const char *name, Expr *array, IrValue a,
                             Expr *index, Expr *const *vals, int nvals)
{
    const Type *at = ir_type(b->f, a);
    if (at->kind != TY_ARRAY) {
        if (at->kind != TY_ERROR)
            diag_error(&b->diag, array->loc, "cuda.atomic needs an array, not %s", bld_type_name(b, at));
        return bld_error_operand(b);
    }
    const Type *dt = at->dtype;
    if (!atomic_takes(op, dt)) {
        diag_error(&b->diag, array->loc, "cuda.atomic.%s does not take arrays of %s", name, bld_type_name(b, dt));
        return bld_error_operand(b);
    }
    /* the index: a tuple for several axes, as an element subscript would take */
    Expr sub = {.kind = EX_SUBSCRIPT, .loc = call->loc};
    sub.subscript.value = array;
    sub.subscript.index = index;
    IrValue args[36];
    int nargs;
    const Type *dtype;
    if (bld_elem_address_args(b, &sub, a, args, &nargs, &dtype) == IR_NOVALUE || !bld_writable(b, a, call->loc))
        return bld_error_operand(b);
    for (int k = 0; k < nvals; k++) {
        IrValue v = bld_value_of(b, bld_expr(b, vals[k]), vals[k]->loc);
        if (ir_type(b->f, v)->kind == TY_ERROR)
            return bld_error_operand(b);
        args[nargs++] = bld_cast_value(b, v, dt, vals[k]->loc);
    }
    return bld_value_operand(ir_emit(b->f, IR_ATOMIC, op, dt, args, nargs, call->loc), dt);
}

/* cuda.atomic.OP(array, index, value) (cas: array, index, old, value). */
static Operand atomic_call(Builder *b, const Expr *call, IrAtomic op)
{
    int nvals = op == AT_CAS ? 2 : 1;
    if (call->call.nargs != 2 + nvals || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.atomic.%s() takes an array, an index and %s", ATOMIC_NAMES[op],
                   op == AT_CAS ? "the old and new values" : "a value");
        return bld_error_operand(b);
    }
    Expr *const *args = call->call.args;
    IrValue a = bld_value_of(b, bld_expr(b, args[0]), args[0]->loc);
    return atomic_update(b, call, op, ATOMIC_NAMES[op], args[0], a, args[1], args + 2, nvals);
}

/* cuda.atomic.compare_and_swap(array, old, value): cas on the first element of a 1-D array. */
static Operand compare_and_swap(Builder *b, const Expr *call)
{
    if (call->call.nargs != 3 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.atomic.compare_and_swap() takes a 1-d array and the old and new values");
        return bld_error_operand(b);
    }
    Expr *const *args = call->call.args;
    IrValue a = bld_value_of(b, bld_expr(b, args[0]), args[0]->loc);
    const Type *at = ir_type(b->f, a);
    if (at->kind == TY_ARRAY && at->ndim != 1) {
        diag_error(&b->diag, args[0]->loc, "cuda.atomic.compare_and_swap() takes a 1-d array, not %s",
                   bld_type_name(b, at));
        return bld_error_operand(b);
    }
    Expr zero = {.kind = EX_INT, .loc = call->loc, .ival = 0};
    return atomic_update(b, call, AT_CAS, "compare_and_swap", args[0], a, &zero, args + 1, 2);
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
    const Type *t = op == WARP_ALL || op == WARP_ANY || op == WARP_EQ ? bt : u32;
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
            if (!ty_is_real(vt) || ty_is_bool(vt) || ty_bits(vt) < 32) {
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

/* The value of argument i of a cuda function named name, which must be a number or a bool
 * (integers only where ints_only); IR_NOVALUE after an error. */
static IrValue scalar_argument(Builder *b, const Expr *call, int i, const char *name, bool ints_only, Operand *o)
{
    const Expr *e = call->call.args[i];
    *o = bld_expr(b, e);
    IrValue v = bld_value_of(b, *o, e->loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return IR_NOVALUE;
    if (!ty_is_real(t) || (ints_only && (ty_is_float(t) || ty_is_bool(t)))) {
        diag_error(&b->diag, e->loc, "cuda.%s() takes %s, not %s", name, ints_only ? "an integer" : "a number or bool",
                   bld_type_name(b, t));
        return IR_NOVALUE;
    }
    return v;
}

static bool check_arity(Builder *b, const Expr *call, const char *name, int want, const char *what)
{
    if (call->call.nargs == want && !call->call.nkws)
        return true;
    diag_error(&b->diag, call->loc, "cuda.%s() takes %s", name, what);
    return false;
}

/* syncthreads_count/and/or(predicate): a barrier that also counts, ands or ors the predicate
 * over the block's threads (int32, as numba-cuda types it; the predicate is its truth). */
static Operand sync_reduce(Builder *b, const Expr *call, IrSync kind)
{
    static const char *const NAMES[] = {"syncthreads_count", "syncthreads_and", "syncthreads_or"};
    const char *name = NAMES[kind - SYNC_THREADS_COUNT];
    Operand o;
    if (!check_arity(b, call, name, 1, "one predicate") || scalar_argument(b, call, 0, name, false, &o) == IR_NOVALUE)
        return bld_error_operand(b);
    const Type *i32 = ty_scalar(TY_INT32);
    IrValue pred = bld_cast_value(b, bld_truth_value(b, o, call->call.args[0]->loc), i32, call->loc);
    return bld_value_operand(ir_emit(b->f, IR_SYNC, kind, i32, &pred, 1, call->loc), i32);
}

/* popc, brev, clz, ffs of an integer. popc and clz keep its type; ffs gives uint32; brev takes
 * uint32 or uint64 (numba-cuda's signatures), so a narrower or signed x is converted first. */
static Operand bit_call(Builder *b, const Expr *call, IrUnOp op)
{
    static const char *const NAMES[] = {"popc", "brev", "clz", "ffs"};
    const char *name = NAMES[op - IU_POPC];
    Operand o;
    IrValue x;
    if (!check_arity(b, call, name, 1, "one integer") || (x = scalar_argument(b, call, 0, name, true, &o)) == IR_NOVALUE)
        return bld_error_operand(b);
    const Type *t = ir_type(b->f, x);
    if (op == IU_BREV) {
        t = ty_scalar(ty_bits(t) == 64 ? TY_UINT64 : TY_UINT32);
        x = bld_cast_value(b, x, t, call->loc);
    }
    const Type *rt = op == IU_FFS ? ty_scalar(TY_UINT32) : t;
    return bld_value_operand(ir_emit(b->f, IR_UNARY, op, rt, &x, 1, call->loc), rt);
}

/* cuda.nanosleep(ns): the thread pauses for about ns nanoseconds (PTX nanosleep, sm_70 and
 * newer; ns converted to uint32, as numba-cuda's signature takes it). */
static Operand nanosleep(Builder *b, const Expr *call)
{
    Operand o;
    IrValue ns;
    if (!check_arity(b, call, "nanosleep", 1, "one integer, the nanoseconds") ||
        (ns = scalar_argument(b, call, 0, "nanosleep", true, &o)) == IR_NOVALUE)
        return bld_error_operand(b);
    ns = bld_cast_value(b, ns, ty_scalar(TY_UINT32), call->loc);
    ir_emit(b->f, IR_SYNC, SYNC_NANOSLEEP, NULL, &ns, 1, call->loc);
    return (Operand){.kind = OPK_NONE};
}

/* cuda.is_float16_supported(): True, as numba-cuda says on every device jitc compiles float16
 * for (sm_53 and newer: older architectures refuse float16 kernels). */
static Operand is_float16_supported(Builder *b, const Expr *call)
{
    if (call->call.nargs || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.is_float16_supported() takes no arguments");
        return bld_error_operand(b);
    }
    return bld_value_operand(ir_const_int(b->f, ty_scalar(TY_BOOL), 1, call->loc), ty_scalar(TY_BOOL));
}

/* i.bit_count() of an integer in GPU code: numba-cuda's cuda.popc(i), of i's type (the bits of
 * its two's complement: a negative i counts its sign bits, where Python counts those of abs(i)).
 * Numba's CPU target has no bit_count. */
static Operand bit_count(Builder *b, const Expr *call, Operand bound)
{
    if (call->call.nargs || call->call.nkws) {
        diag_error(&b->diag, call->loc, "bit_count() takes no arguments");
        return bld_error_operand(b);
    }
    return bld_value_operand(ir_emit(b->f, IR_UNARY, IU_POPC, bound.type, &bound.v, 1, call->loc), bound.type);
}

/* selp(pred, a, b): a if pred else b, without a branch. a and b share one of the types PTX's selp
 * takes (16-, 32- and 64-bit integers, float32, float64); a literal takes the other's type. */
static Operand selp_call(Builder *b, const Expr *call)
{
    if (!check_arity(b, call, "selp", 3, "a predicate and two values"))
        return bld_error_operand(b);
    Operand o[3];
    IrValue v[3];
    for (int i = 0; i < 3; i++)
        if ((v[i] = scalar_argument(b, call, i, "selp", false, &o[i])) == IR_NOVALUE)
            return bld_error_operand(b);
    const Type *ta = ir_type(b->f, v[1]), *tb = ir_type(b->f, v[2]);
    const Type *t = o[1].weak && !o[2].weak ? tb : ta;
    if ((o[1].weak != o[2].weak || ta == tb) && !ty_is_bool(t) && ty_bits(t) >= 16) {
        IrValue args[3] = {bld_truth_value(b, o[0], call->call.args[0]->loc), bld_cast_value(b, v[1], t, call->loc),
                           bld_cast_value(b, v[2], t, call->loc)};
        return bld_value_operand(ir_emit(b->f, IR_SELECT, 0, t, args, 3, call->loc), t);
    }
    diag_error(&b->diag, call->loc, "cuda.selp() takes two values of one type of 16 bits or more, not %s and %s",
               bld_type_name(b, ta), bld_type_name(b, tb));
    return bld_error_operand(b);
}

/* match_any_sync(mask, value): the lanes whose value has the same bits (int32);
 * match_all_sync(mask, value): (that mask or 0, whether all lanes agree). value: an int32,
 * int64, float32 or float64; smaller integers and bools are widened to int32. */
static Operand match_call(Builder *b, const Expr *call, IrWarp op)
{
    const char *name = op == WARP_MATCH_ANY ? "match_any_sync" : "match_all_sync";
    Operand o[2];
    IrValue v[2];
    if (!check_arity(b, call, name, 2, "a mask and a value"))
        return bld_error_operand(b);
    for (int i = 0; i < 2; i++)
        if ((v[i] = scalar_argument(b, call, i, name, false, &o[i])) == IR_NOVALUE)
            return bld_error_operand(b);
    const Type *i32 = ty_scalar(TY_INT32), *vt = ir_type(b->f, v[1]);
    IrValue args[2] = {bld_cast_value(b, v[0], ty_scalar(TY_UINT32), call->loc), v[1]};
    if (!ty_is_float(vt))
        args[1] = bld_cast_value(b, v[1], ty_bits(vt) == 64 ? ty_scalar(TY_INT64) : i32, call->loc);
    const Type *t = i32;
    if (op == WARP_MATCH_ALL)
        t = ty_tuple(&b->p->types, (const Type *[]){i32, ty_scalar(TY_BOOL)}, 2);
    return bld_value_operand(ir_emit(b->f, IR_WARP, op, t, args, 2, call->loc), t);
}

static Operand lanemask_lt(Builder *b, const Expr *call)
{
    if (!check_arity(b, call, "lanemask_lt", 0, "no arguments"))
        return bld_error_operand(b);
    const Type *u32 = ty_scalar(TY_UINT32);
    return bld_value_operand(ir_emit(b->f, IR_SREG, SREG_LANEMASK_LT, u32, NULL, 0, call->loc), u32);
}

/* cuda.const.array_like(A): A, a module-level NumPy array, in constant memory (where the GPU
 * keeps every frozen array). */
static Operand const_array_like(Builder *b, const Expr *call)
{
    const Expr *arg = call->call.nargs == 1 && !call->call.nkws ? call->call.args[0] : NULL;
    const Global *g = arg && arg->kind == EX_NAME && !bld_find_var(b, arg->name) ? prog_global(b->p, arg->name) : NULL;
    if (g && g->kind == G_ARRAY)
        return bld_const_array(b, g->array, call->loc);
    if (!arg)
        diag_error(&b->diag, call->loc, "cuda.const.array_like() takes one argument, a module-level NumPy array");
    else
        diag_error(&b->diag, arg->loc,
                   "cuda.const.array_like() needs a module-level NumPy array that jitc can compute: np.array, "
                   "np.arange, np.zeros/ones/full, np.linspace, .reshape, .astype, .T, and arithmetic on them");
    return bld_error_operand(b);
}

/* cuda.cg.this_grid(): the group of every thread of the launch. It has no run-time value (a
 * compile-time object, as Numba's GridGroup is nothing but a handle); its sync() is the grid
 * barrier that makes the kernel's launches cooperative. */
static Operand this_grid(Builder *b, const Expr *call)
{
    if (call->call.nargs || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.cg.this_grid() takes no arguments");
        return bld_error_operand(b);
    }
    return cuda_obj(CU_GRID_GROUP);
}

Operand bld_cuda_call(Builder *b, const Expr *call, Operand callee)
{
    switch (callee.cuda) {
    case CU_ATOMIC_OP: return atomic_call(b, call, callee.atomic);
    case CU_ATOMIC_COMPARE_AND_SWAP: return compare_and_swap(b, call);
    case CU_WARP_OP:
        return callee.warp == WARP_MATCH_ANY || callee.warp == WARP_MATCH_ALL ? match_call(b, call, callee.warp)
                                                                              : warp_call(b, call, callee.warp);
    case CU_GRID: return grid_index(b, call, false);
    case CU_GRIDSIZE: return grid_index(b, call, true);
    case CU_SYNCTHREADS: return sync(b, call, SYNC_THREADS);
    case CU_SYNCWARP: return sync(b, call, SYNC_WARP);
    case CU_THREADFENCE: return sync(b, call, SYNC_FENCE);
    case CU_THREADFENCE_BLOCK: return sync(b, call, SYNC_FENCE_BLOCK);
    case CU_THREADFENCE_SYSTEM: return sync(b, call, SYNC_FENCE_SYSTEM);
    case CU_SYNCTHREADS_COUNT: return sync_reduce(b, call, SYNC_THREADS_COUNT);
    case CU_SYNCTHREADS_AND: return sync_reduce(b, call, SYNC_THREADS_AND);
    case CU_SYNCTHREADS_OR: return sync_reduce(b, call, SYNC_THREADS_OR);
    case CU_POPC: case CU_BREV: case CU_CLZ: case CU_FFS:
        return bit_call(b, call, (IrUnOp)(IU_POPC + (callee.cuda - CU_POPC)));
    case CU_SELP: return selp_call(b, call);
    case CU_LANEMASK_LT: return lanemask_lt(b, call);
    case CU_SHARED_ARRAY: return static_array(b, call, SPACE_SHARED);
    case CU_LOCAL_ARRAY: return static_array(b, call, SPACE_LOCAL);
    case CU_CONST_ARRAY_LIKE: return const_array_like(b, call);
    case CU_CG_THIS_GRID: return this_grid(b, call);
    case CU_BIT_COUNT: return bit_count(b, call, callee);
    case CU_NANOSLEEP: return nanosleep(b, call);
    case CU_IS_FLOAT16_SUPPORTED: return is_float16_supported(b, call);
    case CU_GRID_GROUP_SYNC: return sync(b, call, SYNC_GRID);
    case CU_FP16_OP: return bld_fp16_call(b, call, callee);
    case CU_LIBDEVICE_FN: return bld_libdevice_call(b, call, callee);
    default:
        diag_error(&b->diag, call->loc, "this cuda object is not callable");
        return bld_error_operand(b);
    }
}
