/* linalg.c — lowers IR_LINALG (np.dot, @, np.vdot, np.outer, np.linalg.*) into one call of the
 * runtime's jitc_rt_linalg (runtime/linalg.c): the array operands as JitcArgs, one JitcArg per
 * result (the elements of a tuple result, or the result alone) with room for its shape and
 * strides, then the result value built from what the runtime wrote: new arrays with the JitcMem
 * reference they came with (the builder hands it to a hidden local), scalars converted from the
 * double the runtime stores (a complex scalar: two doubles, real then imaginary). */
#include "lower.h"

#include "runtime/arrays.h"
#include "runtime/linalg.h"

_Static_assert((int)LA_DOT == (int)RT_LA_DOT && (int)LA_NORM_NONE == (int)RT_LA_NORM_NONE &&
               (int)LA_EIGVALS == (int)RT_LA_EIGVALS, "IrLinalg and RtLinalgOp list the same operations");

enum { MAX_RESULTS = 4 };

static LLVMValueRef i64c(Lower *L, long long v) { return LLVMConstInt(L->m->i64, (unsigned long long)v, 1); }

static LLVMValueRef arg_slot(Lower *L, LLVMValueRef args, int n, int k)
{
    LLVMValueRef idx[2] = {i64c(L, 0), i64c(L, k)};
    return LLVMBuildGEP2(L->b, LLVMArrayType2(L->m->arg_type, (uint64_t)n), args, idx, 2, "");
}

static void set_field(Lower *L, LLVMValueRef arg, unsigned field, LLVMValueRef v)
{
    LLVMBuildStore(L->b, v, LLVMBuildStructGEP2(L->b, L->m->arg_type, arg, field, ""));
}

/* An array operand's JitcArg: its data, and its shape and strides from a copy of the value. */
static void operand(Lower *L, LLVMValueRef arg, LLVMValueRef v, const Type *t)
{
    LLVMTypeRef at = cg_type(L->m, t);
    LLVMValueRef slot = cg_entry_alloca(L->m, L->fn, at, "linalg.operand");
    LLVMBuildStore(L->b, v, slot);
    set_field(L, arg, RT_ARG_data, lw_array_field(L, v, 0, 0));
    set_field(L, arg, RT_ARG_shape, LLVMBuildStructGEP2(L->b, at, slot, 1, ""));
    set_field(L, arg, RT_ARG_strides, LLVMBuildStructGEP2(L->b, at, slot, 2, ""));
    set_field(L, arg, RT_ARG_ndim, i64c(L, t->ndim));
}

typedef struct Result {
    const Type *t;
    LLVMValueRef shape, strides, scalar; /* allocas */
} Result;

static void result_slot(Lower *L, LLVMValueRef arg, Result *r)
{
    CgModule *m = L->m;
    if (r->t->kind == TY_ARRAY) {
        LLVMTypeRef dims = LLVMArrayType2(m->i64, (uint64_t)r->t->ndim);
        r->shape = cg_entry_alloca(m, L->fn, dims, "linalg.shape");
        r->strides = cg_entry_alloca(m, L->fn, dims, "linalg.strides");
        set_field(L, arg, RT_ARG_data, LLVMConstNull(m->ptr));
        set_field(L, arg, RT_ARG_shape, r->shape);
        set_field(L, arg, RT_ARG_strides, r->strides);
        set_field(L, arg, RT_ARG_ndim, i64c(L, r->t->ndim));
    } else {
        r->scalar = cg_entry_alloca(m, L->fn, LLVMArrayType2(m->f64, 2), "linalg.scalar"); /* re, im */
        set_field(L, arg, RT_ARG_data, r->scalar);
        set_field(L, arg, RT_ARG_shape, LLVMConstNull(m->ptr));
        set_field(L, arg, RT_ARG_strides, LLVMConstNull(m->ptr));
        set_field(L, arg, RT_ARG_ndim, i64c(L, 0));
    }
}

/* A complex scalar result: the two doubles the runtime stored, in the result's precision. */
static LLVMValueRef complex_scalar(Lower *L, const Result *r)
{
    CgModule *m = L->m;
    LLVMTypeRef part = cg_type(m, ty_complex_part(r->t));
    LLVMValueRef z = LLVMGetUndef(cg_type(m, r->t));
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef idx[2] = {i64c(L, 0), i64c(L, k)};
        LLVMValueRef p = LLVMBuildGEP2(L->b, LLVMArrayType2(m->f64, 2), r->scalar, idx, 2, "");
        LLVMValueRef d = LLVMBuildLoad2(L->b, m->f64, p, "");
        if (r->t->kind == TY_COMPLEX64)
            d = LLVMBuildFPTrunc(L->b, d, part, "");
        z = LLVMBuildInsertValue(L->b, z, d, k, "");
    }
    return z;
}

/* The operands' dtype as the runtime numbers it (RtLinalgDtype). */
static int dtype_code(const Type *dt)
{
    switch (dt->kind) {
    case TY_FLOAT64: return RT_LA_FLOAT64;
    case TY_COMPLEX64: return RT_LA_COMPLEX64;
    case TY_COMPLEX128: return RT_LA_COMPLEX128;
    default: return RT_LA_FLOAT32;
    }
}

static LLVMValueRef result_value(Lower *L, LLVMValueRef outs, int nout, int k, LLVMValueRef mems, const Result *r)
{
    CgModule *m = L->m;
    if (ty_is_complex(r->t))
        return complex_scalar(L, r);
    if (r->t->kind != TY_ARRAY) {
        LLVMValueRef d = LLVMBuildLoad2(L->b, m->f64, r->scalar, "");
        if (ty_is_float(r->t))
            return r->t->kind == TY_FLOAT64 ? d : LLVMBuildFPTrunc(L->b, d, cg_type(m, r->t), "");
        return LLVMBuildFPToSI(L->b, d, cg_type(m, r->t), "");
    }
    LLVMTypeRef dims = LLVMArrayType2(m->i64, (uint64_t)r->t->ndim);
    LLVMValueRef arg = arg_slot(L, outs, nout, k);
    LLVMValueRef data = LLVMBuildLoad2(L->b, m->ptr, LLVMBuildStructGEP2(L->b, m->arg_type, arg, RT_ARG_data, ""), "");
    LLVMValueRef idx[2] = {i64c(L, 0), i64c(L, k)};
    LLVMValueRef mem = LLVMBuildLoad2(L->b, m->ptr, LLVMBuildGEP2(L->b, LLVMArrayType2(m->ptr, MAX_RESULTS), mems,
                                                                   idx, 2, ""), "mem");
    LLVMValueRef v = LLVMBuildInsertValue(L->b, LLVMGetUndef(cg_type(m, r->t)), data, 0, "");
    v = LLVMBuildInsertValue(L->b, v, LLVMBuildLoad2(L->b, dims, r->shape, ""), 1, "");
    v = LLVMBuildInsertValue(L->b, v, LLVMBuildLoad2(L->b, dims, r->strides, ""), 2, "");
    return LLVMBuildInsertValue(L->b, v, mem, 3, "");
}

LLVMValueRef lw_linalg(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    int nin = in->nargs - 1;
    const Type *first = ir_type(L->f, in->args[0]);
    LLVMValueRef ins = cg_entry_alloca(m, L->fn, LLVMArrayType2(m->arg_type, (uint64_t)nin), "linalg.in");
    for (int k = 0; k < nin; k++)
        operand(L, arg_slot(L, ins, nin, k), L->vals[in->args[k]], ir_type(L->f, in->args[k]));
    const Type *dt = ir_type(L->f, in->dst);
    bool tuple = dt->kind == TY_TUPLE;
    int nout = tuple ? dt->n : 1;
    Result res[MAX_RESULTS] = {{0}};
    LLVMValueRef outs = cg_entry_alloca(m, L->fn, LLVMArrayType2(m->arg_type, (uint64_t)nout), "linalg.out");
    LLVMValueRef mems = cg_entry_alloca(m, L->fn, LLVMArrayType2(m->ptr, MAX_RESULTS), "linalg.mems");
    for (int k = 0; k < nout; k++) {
        res[k].t = tuple ? dt->elems[k] : dt;
        result_slot(L, arg_slot(L, outs, nout, k), &res[k]);
    }
    LLVMValueRef args[10] = {
        LLVMConstInt(m->i32, (unsigned long long)in->sub, 0),
        LLVMConstInt(m->i32, (unsigned long long)dtype_code(first->dtype), 0),
        ins, i64c(L, nin), outs, i64c(L, nout), mems, L->vals[in->args[nin]],
        lw_string(L, lw_where(L, in->loc)), L->err,
    };
    lw_call(L, cg_runtime(m, RT_FN_jitc_rt_linalg), args, 10, "");
    lw_propagate(L);
    if (!tuple)
        return result_value(L, outs, nout, 0, mems, &res[0]);
    LLVMValueRef v = LLVMGetUndef(cg_type(m, dt));
    for (int k = 0; k < nout; k++)
        v = LLVMBuildInsertValue(L->b, v, result_value(L, outs, nout, k, mems, &res[k]), (unsigned)k, "");
    return v;
}
