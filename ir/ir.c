/* ir.c — building and printing the typed IR (ir.h).
 *
 * Text form (`jitc emit --ir`), one instruction per line; types as in signatures:
 *   func f.a1Cf64.f64(float64[::1], float64) -> float64
 *     local s: float64
 *   b0:
 *     v16: float64 = elem.load v14, v15 !wrap
 *     v17: float64 = bin.add v13, v16
 *     store s, v17
 *     cbr v11, b2, b4
 */
#include "ir.h"

#include <string.h>

IrFunc *ir_func_new(Arena *a, const char *name, const Type **params, int nparams)
{
    IrFunc *f = arena_alloc(a, sizeof *f);
    f->arena = a;
    f->name = name;
    f->params = params;
    f->nparams = nparams;
    f->ret = ty_scalar(TY_NONE);
    ir_set_block(f, ir_new_block(f));
    return f;
}

int ir_new_block(IrFunc *f)
{
    IrBlock *b = arena_alloc(f->arena, sizeof *b);
    b->id = f->nblocks;
    b->cond = b->retval = IR_NOVALUE;
    b->handler = f->catch_block;
    ARR_PUSH(f->arena, f->blocks, f->nblocks, f->capblocks, b);
    return b->id;
}

void ir_set_block(IrFunc *f, int block) { f->cur = block; }

bool ir_terminated(const IrFunc *f) { return f->blocks[f->cur]->term != IT_NONE; }

int ir_new_local(IrFunc *f, const char *name, const Type *type)
{
    IrLocal l = {.name = name, .type = type};
    ARR_PUSH(f->arena, f->locals, f->nlocals, f->caplocals, l);
    return f->nlocals - 1;
}

IrValue ir_emit(IrFunc *f, IrOpcode op, int sub, const Type *type, const IrValue *args, int nargs,
                SrcLoc loc)
{
    IrBlock *b = f->blocks[f->cur];
    IrInstr in = {.op = op, .sub = sub, .dst = IR_NOVALUE, .nargs = nargs, .loc = loc};
    if (nargs) {
        in.args = arena_alloc(f->arena, sizeof *args * (size_t)nargs);
        memcpy(in.args, args, sizeof *args * (size_t)nargs);
    }
    if (type) {
        ARR_PUSH(f->arena, f->values, f->nvalues, f->capvalues, type);
        in.dst = f->nvalues - 1;
    }
    ARR_PUSH(f->arena, b->instrs, b->n, b->cap, in);
    return in.dst;
}

IrInstr *ir_last(IrFunc *f)
{
    IrBlock *b = f->blocks[f->cur];
    return &b->instrs[b->n - 1];
}

/* A constant of a complex type: the real part v, the imaginary part 0. */
static IrValue const_complex(IrFunc *f, const Type *t, double v, SrcLoc loc)
{
    IrValue parts[2] = {ir_const_float(f, ty_complex_part(t), v, loc), ir_const_float(f, ty_complex_part(t), 0.0, loc)};
    return ir_emit(f, IR_COMPLEX, 0, t, parts, 2, loc);
}

IrValue ir_const_int(IrFunc *f, const Type *t, int64_t v, SrcLoc loc)
{
    if (ty_is_complex(t))
        return const_complex(f, t, (double)v, loc);
    IrValue r = ir_emit(f, IR_CONST, 0, t, NULL, 0, loc);
    ir_last(f)->imm.i = v;
    return r;
}

IrValue ir_const_float(IrFunc *f, const Type *t, double v, SrcLoc loc)
{
    if (ty_is_complex(t))
        return const_complex(f, t, v, loc);
    IrValue r = ir_emit(f, IR_CONST, 0, t, NULL, 0, loc);
    ir_last(f)->imm.f = v;
    return r;
}

IrValue ir_const_zero(IrFunc *f, const Type *t, SrcLoc loc)
{
    return ty_is_float(t) || ty_is_complex(t) ? ir_const_float(f, t, 0.0, loc) : ir_const_int(f, t, 0, loc);
}

IrValue ir_load(IrFunc *f, int local, SrcLoc loc)
{
    IrValue v = ir_emit(f, IR_LOAD, 0, f->locals[local].type, NULL, 0, loc);
    ir_last(f)->imm.index = local;
    return v;
}

void ir_store(IrFunc *f, int local, IrValue v, SrcLoc loc)
{
    ir_emit(f, IR_STORE, 0, NULL, &v, 1, loc);
    ir_last(f)->imm.index = local;
}

static IrBlock *open_block(IrFunc *f)
{
    IrBlock *b = f->blocks[f->cur];
    return b->term == IT_NONE ? b : NULL;
}

void ir_br(IrFunc *f, int target)
{
    IrBlock *b = open_block(f);
    if (b) {
        b->term = IT_BR;
        b->then = target;
    }
}

void ir_cbr(IrFunc *f, IrValue cond, int then, int els)
{
    IrBlock *b = open_block(f);
    if (b) {
        b->term = IT_CBR;
        b->cond = cond;
        b->then = then;
        b->els = els;
    }
}

void ir_ret(IrFunc *f, IrValue v, SrcLoc loc)
{
    IrBlock *b = open_block(f);
    if (b) {
        b->term = IT_RET;
        b->retval = v;
        b->loc = loc;
    }
}

void ir_raise(IrFunc *f, IrExc exc, const char *msg, SrcLoc loc)
{
    IrBlock *b = open_block(f);
    if (b) {
        b->term = IT_RAISE;
        b->exc = exc;
        b->exc_msg = msg;
        b->loc = loc;
    }
}

void ir_raise_values(IrFunc *f, IrExc exc, const char *msg, IrValue *args, int nargs, SrcLoc loc)
{
    IrBlock *b = open_block(f);
    if (b) {
        ir_raise(f, exc, msg, loc);
        b->exc_args = args;
        b->nexc_args = nargs;
    }
}

const Type *ir_type(const IrFunc *f, IrValue v) { return f->values[v]; }

static const char *const MATH_NAMES[] = {
#define MATH_FN(id, name, nargs) name,
#include "mathfns.def"
#undef MATH_FN
};

static const int MATH_NARGS[] = {
#define MATH_FN(id, name, nargs) nargs,
#include "mathfns.def"
#undef MATH_FN
};

int ir_callees(const IrInstr *in, struct Spec **out)
{
    switch (in->op) {
    case IR_CALL:
    case IR_ARRAY_MAP: out[0] = in->imm.callee; return 1;
    case IR_PARALLEL_FOR: {
        int n = 0;
        out[n++] = in->imm.par->callee;
        for (int r = 0; r < in->imm.par->nred; r++)
            if (in->imm.par->folds[r])
                out[n++] = in->imm.par->folds[r];
        return n;
    }
    default: return 0;
    }
}

const char *ir_math_name(IrMathFn fn) { return MATH_NAMES[fn]; }

static const IrLibdeviceFn LIBDEVICE_FNS[] = {
#define LIBDEVICE(name, ret, args) {#name, ret, args},
#include "libdevice.def"
#undef LIBDEVICE
};

int ir_libdevice_find(const char *name)
{
    for (int i = 0; i < (int)(sizeof LIBDEVICE_FNS / sizeof LIBDEVICE_FNS[0]); i++)
        if (strcmp(LIBDEVICE_FNS[i].name, name) == 0)
            return i;
    return -1;
}

const IrLibdeviceFn *ir_libdevice_fn(int row) { return &LIBDEVICE_FNS[row]; }
int ir_math_nargs(IrMathFn fn) { return MATH_NARGS[fn]; }

static const struct { const char *name; bool raisable; } EXCEPTIONS[EXC_COUNT_] = {
#define RT_EXC(kind, name, raisable) {name, raisable},
#include "runtime/rtabi.def"
};

IrExc ir_exc_by_name(const char *name)
{
    for (int e = EXC_NONE + 1; e < EXC_COUNT_; e++)
        if (EXCEPTIONS[e].raisable && strcmp(EXCEPTIONS[e].name, name) == 0)
            return (IrExc)e;
    return EXC_NONE;
}

const char *ir_exc_name(IrExc e) { return EXCEPTIONS[e].name; }

/* ---- printing ---- */

static const char *const OPCODE_NAMES[IR_OPCODE_COUNT] = {
#define IR_OP(opcode, name) name,
#include "opcodes.def"
#undef IR_OP
};
static const char *const STR_NAMES[] = {"const", "len", "compare", "concat", "repeat", "of_int", "getitem", "slice", "chr", "ord", "contains", "method"};
static const char *const HASH_NAMES[] = {
#define IR_HASH_NAME(op, name) name,
    IR_HASH_OPS(IR_HASH_NAME)
#undef IR_HASH_NAME
};
static const char *const LIST_NAMES[] = {"new",    "len",       "get",     "set",        "insert", "delete",
                                         "retype", "to_array",  "allocated", "is_mutable", "set_mutable"};
static const char *const LINALG_NAMES[] = {"dot", "vdot", "outer", "norm", "norm_none", "solve", "inv", "det",
                                           "lstsq", "eigh", "svd", "cholesky", "qr"};
static const char *const FP16_NAMES[] = {"rcp", "rsqrt", "exp10", "max", "min"};
static const char *const RANDOM_NAMES[] = {"seed", "double", "gauss", "below", "bits", "poisson_ptrs",
                                           "gen_double", "gen_normal", "gen_exponential", "gen_bounded", "gen_interval"};
static const char *const ATOMIC_NAMES[] = {"add", "sub", "max", "min", "exch", "cas", "and", "or", "xor",
                                           "inc", "dec", "nanmax", "nanmin"};
static const char *const WARP_NAMES[] = {"shfl", "shfl_down", "shfl_up", "shfl_xor", "all", "any", "ballot",
                                         "activemask", "match_any", "match_all", "eq"};
static const char *const SREG_NAMES[] = {
    "tid.x", "tid.y", "tid.z", "ntid.x", "ntid.y", "ntid.z", "ctaid.x", "ctaid.y", "ctaid.z",
    "nctaid.x", "nctaid.y", "nctaid.z", "laneid", "warpsize", "lanemask_lt",
};
static const char *const SYNC_NAMES[] = {"threads", "warp", "fence", "fence_block", "fence_system",
                                         "threads_count", "threads_and", "threads_or", "grid", "nanosleep"};
static const char *const BIN_NAMES[] = {
    "add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
    "and", "or", "xor", "shl", "shr", "min", "max", "minimum", "maximum", "fmin", "fmax",
};
static const char *const UN_NAMES[] = {"neg", "not", "invert", "abs", "popc", "brev", "clz", "ffs",
                                       "real", "imag", "conj"};
/* IRF_WRAP (bit 0) to IRF_BUFFERED (bit 8), in ir.h's order */
static const char *const FLAG_NAMES[] = {"wrap", "boundscheck", "fast", "nsw", "nuw", "move", "into", "parallel",
                                         "buffered"};


static void dump_opname(StrBuf *o, const IrInstr *in)
{
    sb_puts(o, OPCODE_NAMES[in->op]);
    if (in->op == IR_BIN)
        sb_printf(o, ".%s", BIN_NAMES[in->sub]);
    else if (in->op == IR_UNARY)
        sb_printf(o, ".%s", UN_NAMES[in->sub]);
    else if (in->op == IR_CMP)
        sb_printf(o, " %s", ast_op_text((AstOp)in->sub));
    else if (in->op == IR_MATH)
        sb_printf(o, ".%s", MATH_NAMES[in->sub]);
    else if (in->op == IR_SREG)
        sb_printf(o, ".%s", SREG_NAMES[in->sub]);
    else if (in->op == IR_SYNC)
        sb_printf(o, ".%s", SYNC_NAMES[in->sub]);
    else if (in->op == IR_ATOMIC)
        sb_printf(o, ".%s", ATOMIC_NAMES[in->sub]);
    else if (in->op == IR_WARP)
        sb_printf(o, ".%s", WARP_NAMES[in->sub]);
    else if (in->op == IR_FP16)
        sb_printf(o, ".%s", FP16_NAMES[in->sub]);
    else if (in->op == IR_LIBDEVICE)
        sb_printf(o, ".%s", LIBDEVICE_FNS[in->sub].name);
    else if (in->op == IR_RANDOM)
        sb_printf(o, ".%s%s", RANDOM_NAMES[in->sub],
                  ir_random_from_generator((IrRandom)in->sub) ? "" : in->imm.index ? ".py" : ".np");
    else if (in->op == IR_STATIC_ARRAY)
        sb_printf(o, ".%s", in->sub == SPACE_SHARED ? "shared" : "local");
    else if (in->op == IR_LINALG)
        sb_printf(o, ".%s", LINALG_NAMES[in->sub]);
    else if (in->op == IR_LIST)
        sb_printf(o, ".%s", LIST_NAMES[in->sub]);
    else if (in->op == IR_STR)
        sb_printf(o, ".%s", STR_NAMES[in->sub]);
    else if (in->op == IR_HASH)
        sb_printf(o, ".%s", HASH_NAMES[in->sub]);
}

static void dump_immediate(StrBuf *o, const IrFunc *f, const IrInstr *in);

static void dump_instr(StrBuf *o, const IrFunc *f, const IrInstr *in)
{
    sb_puts(o, "  ");
    if (in->dst != IR_NOVALUE)
        sb_printf(o, "v%d: %s = ", in->dst, ty_name(o->arena, f->values[in->dst]));
    dump_opname(o, in);
    dump_immediate(o, f, in);
    for (int i = 0; i < in->nargs; i++) {
        if (in->op == IR_PRINT && in->imm.strs && in->imm.strs[i])
            sb_printf(o, "%s\"%s\"", i ? ", " : " ", in->imm.strs[i]);
        else
            sb_printf(o, "%sv%d", i ? ", " : " ", in->args[i]);
    }
    for (size_t k = 0; k < sizeof FLAG_NAMES / sizeof FLAG_NAMES[0]; k++)
        if (in->flags & (1u << k))
            sb_printf(o, " !%s", FLAG_NAMES[k]);
    sb_puts(o, "\n");
}

static void dump_immediate(StrBuf *o, const IrFunc *f, const IrInstr *in)
{
    switch (in->op) {
    case IR_CONST:
        if (ty_is_float(f->values[in->dst]))
            sb_printf(o, " %.17g", in->imm.f);
        else
            sb_printf(o, " %lld", (long long)in->imm.i);
        break;
    case IR_PARAM:
        sb_printf(o, " %d", in->imm.index);
        break;
    case IR_LOAD:
    case IR_STORE:
        sb_printf(o, " %s%s", f->locals[in->imm.index].name, in->op == IR_STORE ? "," : "");
        break;
    case IR_SHAPE:
        sb_printf(o, " %s[%d]", in->sub ? "strides" : "", in->imm.index);
        break;
    case IR_TUPLE_GET:
        sb_printf(o, " [%d]", in->imm.index);
        break;
    case IR_CALL:
    case IR_ARRAY_MAP:
        sb_printf(o, " @%s", ir_spec_symbol(in->imm.callee));
        break;
    case IR_ALLOC:
        sb_puts(o, in->sub == ALLOC_ZEROS ? " zeros" : " empty");
        break;
    case IR_PARALLEL_FOR: {
        static const char *const OPS[] = {[IB_ADD] = "+", [IB_MUL] = "*", [IB_MIN] = "min", [IB_MAX] = "max"};
        sb_printf(o, " @%s", ir_spec_symbol(in->imm.par->callee));
        for (int i = 0; i < in->imm.par->nred; i++)
            sb_printf(o, "%s%s", i ? " " : " reduce ", OPS[in->imm.par->ops[i]]);
        break;
    }
    case IR_CONST_ARRAY: sb_printf(o, " @%s", ir_const_array_name(in->imm.carray)); break;
    case IR_STR: /* the constant in quotes; bytes outside printable ASCII, `"` and `\` as \xNN */
        if (in->sub == STR_CONST) {
            sb_puts(o, " \"");
            for (const unsigned char *c = (const unsigned char *)in->imm.str; *c; c++)
                sb_printf(o, *c < 0x20 || *c == '"' || *c == '\\' || *c >= 0x7f ? "\\x%02x" : "%c", *c);
            sb_puts(o, "\"");
        }
        break;
    case IR_STATIC_ARRAY:
        for (int i = 0; i < f->values[in->dst]->ndim; i++)
            sb_printf(o, "%s%lld", i ? "x" : " ", (long long)in->imm.dims[i]);
        break;
    default:
        break;
    }
}

static void dump_terminator(StrBuf *o, const IrBlock *b)
{
    switch (b->term) {
    case IT_NONE: sb_puts(o, "  <unterminated>\n"); break;
    case IT_BR: sb_printf(o, "  br b%d\n", b->then); break;
    case IT_CBR: sb_printf(o, "  cbr v%d, b%d, b%d\n", b->cond, b->then, b->els); break;
    case IT_RET:
        if (b->retval == IR_NOVALUE)
            sb_puts(o, "  ret\n");
        else
            sb_printf(o, "  ret v%d\n", b->retval);
        break;
    case IT_RAISE:
        if (b->exc_class) /* class MyError(ValueError): "raise MyError(ValueError) ..." */
            sb_printf(o, "  raise %s(%s) \"", b->exc_class, ir_exc_name(b->exc));
        else
            sb_printf(o, "  raise %s \"", ir_exc_name(b->exc));
        for (const char *c = b->exc_msg; *c; c++) { /* a run-time value's place shows as {i}, {f}, ... */
            if (*c == IR_EXC_ARG_MARK && c[1])
                sb_printf(o, "{%c}", *++c);
            else
                sb_printf(o, "%c", *c);
        }
        sb_puts(o, "\"");
        for (int i = 0; i < b->nexc_args; i++)
            sb_printf(o, "%sv%d", i ? ", " : " ", b->exc_args[i]);
        sb_puts(o, "\n");
        break;
    case IT_UNREACHABLE: sb_puts(o, "  unreachable\n"); break;
    }
}

char *ir_dump(Arena *a, const IrFunc *f)
{
    StrBuf o = {.arena = a};
    sb_printf(&o, "func %s(", f->name);
    for (int i = 0; i < f->nparams; i++)
        sb_printf(&o, "%s%s", i ? ", " : "", ty_name(a, f->params[i]));
    sb_printf(&o, ") -> %s\n", ty_name(a, f->ret));
    for (int i = 0; i < f->nlocals; i++)
        sb_printf(&o, "  local %s: %s\n", f->locals[i].name, ty_name(a, f->locals[i].type));
    for (int i = 0; i < f->nblocks; i++) {
        const IrBlock *b = f->blocks[i];
        sb_printf(&o, "b%d", b->id);
        if (b->handler) /* inside a try body: exceptions go to the handler */
            sb_printf(&o, " except b%d", b->handler);
        sb_puts(&o, b->catches ? " catches:\n" : ":\n");
        for (int k = 0; k < b->n; k++)
            dump_instr(&o, f, &b->instrs[k]);
        dump_terminator(&o, b);
    }
    return sb_text(&o);
}
