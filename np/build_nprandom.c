/* build_nprandom.c — np.random and Python's random module in host code, as Numba has them
 * (numba/np/random/legacy.py, numba/cpython/randomimpl.py).
 *
 * The distributions are jitc's library "nprandom" (np/nprandom.krn: Numba's algorithms,
 * transcribed, each a function of one tuple of parameters); this file binds the names users
 * write (np.random.normal, random.gauss, ...) to them: it matches positional and keyword
 * arguments to Numba's parameters, fills the defaults, checks the parameters' types, and picks
 * the scalar form or, with size= (an int or a tuple of up to four ints), the library's sizedK,
 * which allocates the array and fills it in C order with one draw per element (Numba's
 * `out.flat[i] = draw()` loop). Inside the library, np.random.rt_* names are the raw draws of
 * runtime/nprandom.c (IR_RANDOM): rt_np_double, rt_py_gauss, rt_np_below(n, width), ...
 * The states are the thread's, as Numba's: see runtime/nprandom.c. GPU code has no np.random
 * (numba-cuda has none either): a located error.
 *
 * A np.random.Generator passed in (ty_generator: its PCG64 words' address) has methods of its own
 * (GEN_FNS, generator_call): the library's gen_* functions, whose parameter tuple starts with that
 * address, drawn through rt_gn_* (runtime/generator.c), so they advance the caller's generator.
 * As in Numba, compiled code cannot make one (np.random.default_rng is an error). */
#include "builder/build.h"

#include <string.h>

static const char LIBRARY[] = "nprandom";

typedef enum { P_REAL, P_FLOAT, P_INT } ParamKind; /* int or float, float only, int only */
typedef enum { OUT_F64, OUT_I64 } OutKind;

typedef struct {
    const char *name, *lib; /* what users call; the library's function of the parameter tuple */
    int nparams, required;  /* parameters (size apart); those without a default come first */
    const char *params[4];
    double defaults[4];
    ParamKind kinds[4];
    bool sized; /* takes size= after the parameters */
    OutKind out;
} RandomFn;

#define R P_REAL
#define F P_FLOAT
#define I P_INT

/* np.random's distributions (numba/np/random/legacy.py's overloads). */
static const RandomFn NP_FNS[] = {
    {"random", "random", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"random_sample", "random", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"sample", "random", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"ranf", "random", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"standard_normal", "standard_normal", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"normal", "normal", 2, 0, {"loc", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"uniform", "uniform", 2, 0, {"low", "high"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"exponential", "exponential", 1, 0, {"scale"}, {1.0}, {R}, true, OUT_F64},
    {"standard_exponential", "standard_exponential", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"poisson", "poisson", 1, 0, {"lam"}, {1.0}, {R}, true, OUT_I64},
    {"binomial", "binomial", 2, 2, {"n", "p"}, {0}, {I, R}, true, OUT_I64},
    {"gamma", "gamma", 2, 1, {"shape", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"standard_gamma", "standard_gamma", 1, 1, {"shape"}, {0}, {R}, true, OUT_F64},
    {"beta", "beta", 2, 2, {"a", "b"}, {0}, {R, R}, true, OUT_F64},
    {"chisquare", "chisquare", 1, 1, {"df"}, {0}, {R}, true, OUT_F64},
    {"f", "f", 2, 2, {"dfnum", "dfden"}, {0}, {R, R}, true, OUT_F64},
    {"standard_t", "standard_t", 1, 1, {"df"}, {0}, {R}, true, OUT_F64},
    {"standard_cauchy", "standard_cauchy", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"geometric", "geometric", 1, 1, {"p"}, {0}, {R}, true, OUT_I64},
    {"gumbel", "gumbel", 2, 2, {"loc", "scale"}, {0}, {R, R}, true, OUT_F64},
    {"laplace", "laplace", 2, 0, {"loc", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"logistic", "logistic", 2, 0, {"loc", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"lognormal", "lognormal", 2, 0, {"mean", "sigma"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"logseries", "logseries", 1, 1, {"p"}, {0}, {R}, true, OUT_I64},
    {"pareto", "pareto", 1, 1, {"a"}, {0}, {F}, true, OUT_F64},
    {"power", "power", 1, 1, {"a"}, {0}, {R}, true, OUT_F64},
    {"rayleigh", "rayleigh", 1, 0, {"scale"}, {1.0}, {R}, true, OUT_F64},
    {"triangular", "triangular", 3, 3, {"left", "mode", "right"}, {0}, {R, R, R}, true, OUT_F64},
    {"vonmises", "vonmises", 2, 2, {"mu", "kappa"}, {0}, {F, F}, true, OUT_F64},
    {"wald", "wald", 2, 2, {"mean", "scale"}, {0}, {F, F}, true, OUT_F64},
    {"weibull", "weibull", 1, 1, {"a"}, {0}, {R}, true, OUT_F64},
    {"zipf", "zipf", 1, 1, {"a"}, {0}, {F}, true, OUT_I64},
    {"hypergeometric", "hypergeometric", 3, 3, {"ngood", "nbad", "nsample"}, {0}, {R, R, R}, true, OUT_I64},
    {"negative_binomial", "negative_binomial", 2, 2, {"n", "p"}, {0}, {R, R}, false, OUT_I64},
    {"noncentral_chisquare", "noncentral_chisquare", 2, 2, {"df", "nonc"}, {0}, {R, R}, true, OUT_F64},
};

/* Python's random module (numba/cpython/randomimpl.py's overloads). */
static const RandomFn PY_FNS[] = {
    {"random", "py_random", 0, 0, {0}, {0}, {0}, false, OUT_F64},
    {"uniform", "py_uniform", 2, 2, {"a", "b"}, {0}, {R, R}, false, OUT_F64},
    {"gauss", "py_gauss", 2, 2, {"mu", "sigma"}, {0}, {R, R}, false, OUT_F64},
    {"normalvariate", "py_gauss", 2, 2, {"mu", "sigma"}, {0}, {R, R}, false, OUT_F64},
    {"expovariate", "py_expovariate", 1, 1, {"lambd"}, {0}, {F}, false, OUT_F64},
    {"gammavariate", "py_gammavariate", 2, 2, {"alpha", "beta"}, {0}, {R, R}, false, OUT_F64},
    {"betavariate", "py_betavariate", 2, 2, {"alpha", "beta"}, {0}, {R, R}, false, OUT_F64},
    {"lognormvariate", "py_lognormvariate", 2, 2, {"mu", "sigma"}, {0}, {F, F}, false, OUT_F64},
    {"paretovariate", "py_paretovariate", 1, 1, {"alpha"}, {0}, {F}, false, OUT_F64},
    {"weibullvariate", "py_weibullvariate", 2, 2, {"alpha", "beta"}, {0}, {R, R}, false, OUT_F64},
    {"vonmisesvariate", "py_vonmisesvariate", 2, 2, {"mu", "kappa"}, {0}, {F, F}, false, OUT_F64},
    {"triangular", "py_triangular", 3, 2, {"low", "high", "mode"}, {0}, {R, R, R}, false, OUT_F64},
};

/* A np.random.Generator's methods (numba/np/random/generator_methods.py), the address first in p. */
static const RandomFn GEN_FNS[] = {
    {"random", "gen_random", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"standard_normal", "gen_standard_normal", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"normal", "gen_normal", 2, 0, {"loc", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"uniform", "gen_uniform", 2, 0, {"low", "high"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"standard_exponential", "gen_standard_exponential", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"exponential", "gen_exponential", 1, 0, {"scale"}, {1.0}, {R}, true, OUT_F64},
    {"standard_gamma", "gen_standard_gamma", 1, 1, {"shape"}, {0}, {R}, true, OUT_F64},
    {"gamma", "gen_gamma", 2, 1, {"shape", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"beta", "gen_beta", 2, 2, {"a", "b"}, {0}, {R, R}, true, OUT_F64},
    {"chisquare", "gen_chisquare", 1, 1, {"df"}, {0}, {R}, true, OUT_F64},
    {"f", "gen_f", 2, 2, {"dfnum", "dfden"}, {0}, {R, R}, true, OUT_F64},
    {"standard_cauchy", "gen_standard_cauchy", 0, 0, {0}, {0}, {0}, true, OUT_F64},
    {"pareto", "gen_pareto", 1, 1, {"a"}, {0}, {R}, true, OUT_F64},
    {"weibull", "gen_weibull", 1, 1, {"a"}, {0}, {R}, true, OUT_F64},
    {"power", "gen_power", 1, 1, {"a"}, {0}, {R}, true, OUT_F64},
    {"laplace", "gen_laplace", 2, 0, {"loc", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"logistic", "gen_logistic", 2, 0, {"loc", "scale"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"lognormal", "gen_lognormal", 2, 0, {"mean", "sigma"}, {0.0, 1.0}, {R, R}, true, OUT_F64},
    {"rayleigh", "gen_rayleigh", 1, 0, {"scale"}, {1.0}, {R}, true, OUT_F64},
    {"standard_t", "gen_standard_t", 1, 1, {"df"}, {0}, {R}, true, OUT_F64},
    {"wald", "gen_wald", 2, 2, {"mean", "scale"}, {0}, {R, R}, true, OUT_F64},
    {"geometric", "gen_geometric", 1, 1, {"p"}, {0}, {R}, true, OUT_I64},
    {"triangular", "gen_triangular", 3, 3, {"left", "mode", "right"}, {0}, {R, R, R}, true, OUT_F64},
    {"poisson", "gen_poisson", 1, 1, {"lam"}, {0}, {R}, true, OUT_I64},
    {"negative_binomial", "gen_negative_binomial", 2, 2, {"n", "p"}, {0}, {R, R}, true, OUT_I64},
};

#undef R
#undef F
#undef I

/* The functions with forms of their own (random_call). */
static const char *const NP_SPECIAL[] = {"seed",    "rand",        "randn",     "randint", "choice",
                                         "shuffle", "permutation", "multinomial", "dirichlet", NULL};
static const char *const PY_SPECIAL[] = {"seed", "randint", "randrange", "shuffle", "getrandbits", NULL};

static const RandomFn *find_fn(ModuleId m, const char *name)
{
    const RandomFn *t = m == MOD_NPRANDOM ? NP_FNS : PY_FNS;
    size_t n = m == MOD_NPRANDOM ? sizeof NP_FNS / sizeof NP_FNS[0] : sizeof PY_FNS / sizeof PY_FNS[0];
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

static bool listed(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

static const RandomFn *find_gen_fn(const char *name)
{
    for (size_t i = 0; i < sizeof GEN_FNS / sizeof GEN_FNS[0]; i++)
        if (strcmp(GEN_FNS[i].name, name) == 0)
            return &GEN_FNS[i];
    return NULL;
}

bool bld_generator_method(const char *name)
{
    return find_gen_fn(name) || strcmp(name, "integers") == 0 || strcmp(name, "shuffle") == 0 ||
           strcmp(name, "permutation") == 0;
}

static const char *module_name(ModuleId m) { return m == MOD_NPRANDOM ? "np.random" : "random"; }

static bool in_library(Builder *b)
{
    const char *scope = b->spec->func->scope;
    return scope && strcmp(scope, LIBRARY) == 0;
}

Operand bld_random_member(Builder *b, ModuleId m, const char *name, SrcLoc loc)
{
    bool known = find_fn(m, name) || listed(m == MOD_NPRANDOM ? NP_SPECIAL : PY_SPECIAL, name) ||
                 (in_library(b) && strncmp(name, "rt_", 3) == 0);
    if (!known && m == MOD_NPRANDOM && (strcmp(name, "default_rng") == 0 || strcmp(name, "Generator") == 0)) {
        diag_error(&b->diag, loc, "np.random.%s: compiled code cannot make a Generator (as in Numba): pass "
                   "one in as an argument", name);
        return bld_error_operand(b);
    }
    if (!known) {
        diag_error(&b->diag, loc, "module '%s' has no attribute '%s' (or jitc does not support it)",
                   m == MOD_NPRANDOM ? "numpy.random" : "random", name);
        return bld_error_operand(b);
    }
    if (b->spec->device) {
        diag_error(&b->diag, loc, "%s.%s is not supported in GPU code (use numba.cuda.random)", module_name(m), name);
        return bld_error_operand(b);
    }
    return (Operand){.kind = OPK_BUILTIN, .builtin = BI_RANDOM, .str = name, .module = m};
}

/* ---- arguments ---- */

typedef struct {
    Operand ops[6]; /* by parameter; kind OPK_ERROR with v == IR_NOVALUE: not given */
    bool given[6];
} Bound;

/* Reported already, or of a type still unknown (prog_check): no more to say. */
static bool poisoned(Operand o) { return o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR); }

/* Matches the call's arguments to params (positional, then by keyword), then lowers them in the
 * call's order, as Python evaluates them (an argument may draw numbers too). */
static bool bind_args(Builder *b, const Expr *call, const char *fname, const char *const *params, int n, Bound *out)
{
    memset(out, 0, sizeof *out);
    const Expr *srcs[6];
    const BldParams p = {.name = fname, .names = params, .n = n, .flags = BIND_SAY_GIVEN};
    if (!bld_bind_args(b, call, &p, srcs))
        return false;
    bool ok = true;
    for (int k = 0; k < call->call.nargs + call->call.nkws; k++) {
        const Expr *e = k < call->call.nargs ? call->call.args[k] : call->call.kws[k - call->call.nargs].value;
        int i = 0;
        while (srcs[i] != e)
            i++;
        out->ops[i] = bld_expr(b, e);
        out->given[i] = true;
        ok &= !poisoned(out->ops[i]);
    }
    return ok;
}

static bool is_none(Operand o) { return o.kind == OPK_NONE || (o.kind == OPK_VALUE && o.type->kind == TY_NONE); }

/* A parameter of a distribution: a scalar number of the kind it takes. */
static bool param_ok(Builder *b, Operand o, ParamKind k, const char *fname, const char *pname, SrcLoc loc)
{
    const Type *t = o.kind == OPK_VALUE ? o.type : NULL;
    bool ok = t && !ty_is_bool(t) && (k == P_INT ? ty_is_int(t) : k == P_FLOAT ? ty_is_float(t)
                                                                              : ty_is_int(t) || ty_is_float(t));
    if (!ok)
        diag_error(&b->diag, loc, "%s() takes %s for '%s', not %s", fname,
                   k == P_INT ? "an integer" : k == P_FLOAT ? "a float" : "an integer or a float", pname,
                   o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this");
    return ok;
}

/* ---- calls of the library ---- */

/* Calls the library's `name` with ops: values are passed, functions and types are compile-time. */
static Operand call_library(Builder *b, const char *name, const Operand *ops, int n, SrcLoc loc)
{
    const Global *g = prog_library_function(b->p, LIBRARY, name, loc);
    if (!g) {
        diag_error(&b->diag, loc, "internal error: jitc's %s library has no function '%s'", LIBRARY, name);
        return bld_error_operand(b);
    }
    const Type *types[8];
    IrValue vals[8];
    int nv = 0;
    for (int i = 0; i < n; i++) {
        if (ops[i].kind == OPK_VALUE) {
            types[i] = ops[i].type;
            vals[nv++] = ops[i].v;
        } else if (!(types[i] = bld_comptime_type(b, ops[i], NULL, false))) {
            diag_error(&b->diag, loc, "internal error: jitc's %s library: argument %d of %s()", LIBRARY, i, name);
            return bld_error_operand(b);
        }
    }
    Spec *s = prog_specialize(b->p, g->func, types, n, NULL, false, loc);
    if (!s || s->state == SPEC_FAILED || !s->ret) {
        if (s && s->state == SPEC_FAILED)
            bld_report_callee_errors(b, s, loc);
        else
            diag_error(&b->diag, loc, "internal error: jitc's %s function '%s' did not type", LIBRARY, name);
        return bld_error_operand(b);
    }
    const Type *rt = s->ret->kind == TY_NONE ? NULL : s->ret;
    IrValue r = ir_emit(b->f, IR_CALL, 0, rt, vals, nv, loc);
    ir_last(b->f)->imm.callee = s;
    return rt ? bld_value_operand(bld_own_arrays(b, r, loc), rt) : (Operand){.kind = OPK_NONE};
}

static Operand library_fn(Builder *b, const char *name, SrcLoc loc)
{
    const Global *g = prog_library_function(b->p, LIBRARY, name, loc);
    return g ? (Operand){.kind = OPK_FUNC, .func = g->func} : bld_error_operand(b);
}

static Operand dtype_operand(TypeKind k) { return (Operand){.kind = OPK_TYPE, .tyref = ty_scalar(k)}; }

static Operand tuple_of(Builder *b, const Operand *ops, int n, SrcLoc loc)
{
    IrValue vals[6];
    const Type *types[6];
    for (int i = 0; i < n; i++) {
        vals[i] = ops[i].v;
        types[i] = ops[i].type;
    }
    const Type *t = ty_tuple(&b->p->types, types, n);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, vals, n, loc), t);
}

/* lib(params), or with size an array of such draws (the library's sizedK). */
static Operand draw(Builder *b, const char *lib, const Operand *params, int n, Operand size, bool has_size,
                    TypeKind dtype, SrcLoc loc)
{
    bool sized = has_size && !is_none(size);
    Operand p = tuple_of(b, params, n, loc);
    if (!sized)
        return call_library(b, lib, &p, 1, loc);
    const Type *st = size.kind == OPK_VALUE ? size.type : NULL;
    int k = 0;
    if (st && ty_is_int(st) && !ty_is_bool(st))
        k = 1;
    else if (st && st->kind == TY_TUPLE && st->n >= 1 && st->n <= 4) {
        k = st->n;
        for (int i = 0; i < st->n; i++)
            if (!ty_is_int(st->elems[i]) || ty_is_bool(st->elems[i]))
                k = 0;
    }
    if (!k) {
        diag_error(&b->diag, loc, "size must be None, an integer or a tuple of one to four integers, not %s",
                   st ? bld_type_name(b, st) : "this");
        return bld_error_operand(b);
    }
    if (strcmp(lib, "beta") == 0) /* not inlined in Numba's size= loop (nprandom.krn) */
        lib = "beta_sized";
    static const char *const SIZED[] = {"", "sized1", "sized2", "sized3", "sized4"};
    Operand ops[4] = {size, dtype_operand(dtype), library_fn(b, lib, loc), p};
    if (ops[2].kind == OPK_ERROR)
        return ops[2];
    return call_library(b, SIZED[k], ops, 4, loc);
}

/* ---- the raw draws, inside the library ---- */

/* rt_value_error("message") (or rt_overflow_error): raises ValueError(message) (OverflowError);
 * what follows is unreachable. */
static Operand raw_raise(Builder *b, const Expr *call, IrExc exc)
{
    Operand msg = call->call.nargs == 1 ? bld_expr(b, call->call.args[0]) : bld_error_operand(b);
    if (msg.kind != OPK_STR) {
        diag_error(&b->diag, call->loc, "internal error: rt_value_error takes a message");
        return bld_error_operand(b);
    }
    ir_raise(b->f, exc, msg.str, call->loc);
    ir_set_block(b->f, ir_new_block(b->f));
    return (Operand){.kind = OPK_NONE};
}

/* rt_gn_double(g), rt_gn_normal(g), rt_gn_exponential(g), rt_gn_bounded(g, low, rng),
 * rt_gn_interval(g, max): a draw from the generator at address g (int64), which advances it. */
static Operand raw_generator_draw(Builder *b, const Expr *call, const char *name)
{
    static const struct { const char *name; IrRandom op; int nargs; TypeKind ret; } RAW[] = {
        {"double", RND_GEN_DOUBLE, 1, TY_FLOAT64},
        {"normal", RND_GEN_NORMAL, 1, TY_FLOAT64},
        {"exponential", RND_GEN_EXPONENTIAL, 1, TY_FLOAT64},
        {"bounded", RND_GEN_BOUNDED, 3, TY_INT64},
        {"interval", RND_GEN_INTERVAL, 2, TY_INT64},
    };
    for (size_t i = 0; i < sizeof RAW / sizeof RAW[0]; i++) {
        if (strcmp(name, RAW[i].name) != 0 || call->call.nargs != RAW[i].nargs)
            continue;
        IrValue args[3];
        for (int k = 0; k < RAW[i].nargs; k++) {
            Operand o = bld_expr(b, call->call.args[k]);
            if (o.kind != OPK_VALUE || poisoned(o))
                return bld_error_operand(b);
            args[k] = bld_cast_value(b, o.v, ty_scalar(TY_INT64), call->loc);
        }
        const Type *rt = ty_scalar(RAW[i].ret);
        return bld_value_operand(ir_emit(b->f, IR_RANDOM, RAW[i].op, rt, args, RAW[i].nargs, call->loc), rt);
    }
    diag_error(&b->diag, call->loc, "internal error: no raw draw rt_gn_%s", name);
    return bld_error_operand(b);
}

static Operand raw_draw(Builder *b, const Expr *call, const char *name)
{
    if (strcmp(name, "rt_value_error") == 0 || strcmp(name, "rt_overflow_error") == 0)
        return raw_raise(b, call, name[3] == 'v' ? EXC_VALUE : EXC_OVERFLOW);
    static const struct { const char *name; IrRandom op; int nargs; TypeKind ret; } RAW[] = {
        {"seed", RND_SEED, 1, TY_NONE},     {"double", RND_DOUBLE, 0, TY_FLOAT64},
        {"gauss", RND_GAUSS, 0, TY_FLOAT64}, {"below", RND_BELOW, 2, TY_INT64},
        {"bits", RND_BITS, 1, TY_INT64},     {"poisson_ptrs", RND_POISSON, 1, TY_INT64},
    };
    if (strncmp(name, "rt_gn_", 6) == 0)
        return raw_generator_draw(b, call, name + 6);
    bool py = strncmp(name, "rt_py_", 6) == 0;
    for (size_t i = 0; i < sizeof RAW / sizeof RAW[0]; i++) {
        if (strcmp(name + 6, RAW[i].name) != 0 || call->call.nargs != RAW[i].nargs)
            continue;
        IrValue args[2];
        for (int k = 0; k < RAW[i].nargs; k++) {
            Operand o = bld_expr(b, call->call.args[k]);
            if (o.kind != OPK_VALUE || poisoned(o))
                return bld_error_operand(b);
            const Type *to = ty_scalar(RAW[i].op == RND_POISSON ? TY_FLOAT64 : TY_INT64);
            args[k] = bld_cast_value(b, o.v, to, call->loc);
        }
        const Type *rt = RAW[i].ret == TY_NONE ? NULL : ty_scalar(RAW[i].ret);
        IrValue r = ir_emit(b->f, IR_RANDOM, RAW[i].op, rt, args, RAW[i].nargs, call->loc);
        ir_last(b->f)->imm.index = py ? 1 : 0; /* JITC_RANDOM_PY : JITC_RANDOM_NP */
        return rt ? bld_value_operand(r, rt) : (Operand){.kind = OPK_NONE};
    }
    diag_error(&b->diag, call->loc, "internal error: no raw draw %s", name);
    return bld_error_operand(b);
}

/* ---- the distributions ---- */

/* fn's draw, its parameters bound from the call; gen: a Generator's address, the first
 * parameter of its gen_* function (NULL for np.random's and random's functions). */
static Operand distribution(Builder *b, const Expr *call, const RandomFn *fn, ModuleId m, const Operand *gen)
{
    const char *params[6];
    int n = fn->nparams;
    for (int i = 0; i < n; i++)
        params[i] = fn->params[i];
    if (fn->sized)
        params[n] = "size";
    Bound a;
    if (!bind_args(b, call, fn->name, params, n + fn->sized, &a))
        return bld_error_operand(b);
    Operand given[5], *vals = given + (gen != NULL);
    if (gen)
        given[0] = *gen;
    for (int i = 0; i < n; i++) {
        if (!a.given[i] && i < fn->required) {
            diag_error(&b->diag, call->loc, "%s.%s() missing required argument '%s'", module_name(m), fn->name,
                       fn->params[i]);
            return bld_error_operand(b);
        }
        if (!a.given[i]) {
            if (m == MOD_PYRANDOM && strcmp(fn->name, "triangular") == 0) { /* triangular(low, high) */
                n = i;
                break;
            }
            vals[i] = bld_value_operand(ir_const_float(b->f, ty_scalar(TY_FLOAT64), fn->defaults[i], call->loc),
                                        ty_scalar(TY_FLOAT64));
            continue;
        }
        if (!param_ok(b, a.ops[i], fn->kinds[i], fn->name, fn->params[i], call->loc))
            return bld_error_operand(b);
        vals[i] = a.ops[i];
    }
    const char *lib = fn->lib;
    if (m == MOD_PYRANDOM && strcmp(fn->name, "triangular") == 0 && n == 2)
        lib = "py_triangular2";
    return draw(b, lib, given, n + (gen != NULL), a.ops[fn->nparams], fn->sized && a.given[fn->nparams],
                fn->out == OUT_I64 ? TY_INT64 : TY_FLOAT64, call->loc);
}

/* seed(s): an integer, reduced to 32 bits as Numba's uint32 parameter. */
static Operand seed_call(Builder *b, const Expr *call, ModuleId m)
{
    static const char *const P[] = {"seed"};
    static const char *const PA[] = {"a"};
    Bound a;
    if (!bind_args(b, call, "seed", m == MOD_NPRANDOM ? P : PA, 1, &a))
        return bld_error_operand(b);
    if (!a.given[0] || a.ops[0].kind != OPK_VALUE || !ty_is_int(a.ops[0].type) || ty_is_bool(a.ops[0].type)) {
        diag_error(&b->diag, call->loc, "%s.seed() takes an integer seed in compiled code (as Numba)", module_name(m));
        return bld_error_operand(b);
    }
    IrValue s = bld_cast_value(b, a.ops[0].v, ty_scalar(TY_INT64), call->loc);
    ir_emit(b->f, IR_RANDOM, RND_SEED, NULL, &s, 1, call->loc);
    ir_last(b->f)->imm.index = m == MOD_PYRANDOM;
    return (Operand){.kind = OPK_NONE};
}

/* rand(d0, d1, ...) and randn(...): random() or standard_normal() of size (d0, d1, ...). */
static Operand rand_call(Builder *b, const Expr *call, bool normal)
{
    const char *lib = normal ? "standard_normal" : "random";
    if (call->call.nkws) {
        diag_error(&b->diag, call->call.kws[0].loc, "%s() takes no keyword arguments", normal ? "randn" : "rand");
        return bld_error_operand(b);
    }
    int n = call->call.nargs;
    Operand dims[4];
    if (n > 4) {
        diag_error(&b->diag, call->loc, "jitc's np.random.%s() takes at most four dimensions", normal ? "randn" : "rand");
        return bld_error_operand(b);
    }
    for (int i = 0; i < n; i++) {
        dims[i] = bld_expr(b, call->call.args[i]);
        if (poisoned(dims[i]))
            return bld_error_operand(b);
        if (dims[i].kind != OPK_VALUE || !ty_is_int(dims[i].type) || ty_is_bool(dims[i].type)) {
            if (dims[i].kind != OPK_ERROR)
                diag_error(&b->diag, call->call.args[i]->loc, "the dimensions of np.random.%s() are integers",
                           normal ? "randn" : "rand");
            return bld_error_operand(b);
        }
    }
    if (n == 0)
        return draw(b, lib, NULL, 0, (Operand){.kind = OPK_NONE}, false, TY_FLOAT64, call->loc);
    return draw(b, lib, NULL, 0, tuple_of(b, dims, n, call->loc), true, TY_FLOAT64, call->loc);
}

static bool int_operand(Operand o) { return o.kind == OPK_VALUE && ty_is_int(o.type) && !ty_is_bool(o.type); }

/* The width of an integer type. */
static int int_bits(const Type *t)
{
    static const int BITS[] = {[TY_INT8] = 8, [TY_INT16] = 16, [TY_INT32] = 32, [TY_INT64] = 64,
                               [TY_UINT8] = 8, [TY_UINT16] = 16, [TY_UINT32] = 32, [TY_UINT64] = 64};
    return BITS[t->kind];
}

/* The integer type of Numba's randint/randrange: the widest argument's width, signed if any is. */
static const Type *randint_type(const Operand *ops, int n)
{
    int bits = 0;
    bool is_signed = false;
    for (int i = 0; i < n; i++) {
        int w = int_bits(ops[i].type);
        bits = w > bits ? w : bits;
        is_signed |= ty_is_signed(ops[i].type);
    }
    static const TypeKind S[] = {TY_INT8, TY_INT16, TY_INT32, TY_INT64}, U[] = {TY_UINT8, TY_UINT16, TY_UINT32, TY_UINT64};
    int k = bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3;
    return ty_scalar(is_signed ? S[k] : U[k]);
}

/* np.random.randint(low, high=None, size=None); random.randint(a, b); random.randrange(...). */
static Operand randint_call(Builder *b, const Expr *call, ModuleId m, const char *name)
{
    bool np = m == MOD_NPRANDOM, range = strcmp(name, "randrange") == 0;
    static const char *const NP_P[] = {"low", "high", "size"}, *const PY_P[] = {"a", "b"},
                             *const RANGE_P[] = {"start", "stop", "step"};
    Bound a;
    if (!bind_args(b, call, name, np ? NP_P : range ? RANGE_P : PY_P, np || range ? 3 : 2, &a))
        return bld_error_operand(b);
    int n = 0;
    Operand ints[3];
    for (int i = 0; i < (np ? 2 : range ? 3 : 2); i++) {
        if (!a.given[i] || (np && i == 1 && is_none(a.ops[i])))
            break;
        if (!int_operand(a.ops[i])) {
            diag_error(&b->diag, call->loc, "%s() takes integers, not %s", name,
                       a.ops[i].kind == OPK_VALUE ? bld_type_name(b, a.ops[i].type) : "this");
            return bld_error_operand(b);
        }
        ints[n++] = a.ops[i];
    }
    if (n < (np || range ? 1 : 2)) {
        diag_error(&b->diag, call->loc, "%s() missing required argument", name);
        return bld_error_operand(b);
    }
    if (np && a.given[2] && !is_none(a.ops[2]) && n < 2) { /* Numba's randint(low, high, size) */
        diag_error(&b->diag, call->loc, "np.random.randint() with a size takes both low and high (as Numba)");
        return bld_error_operand(b);
    }
    const Type *t = randint_type(ints, n);
    Operand vals[4];
    const Type *i64 = ty_scalar(TY_INT64);
    Operand zero = bld_value_operand(ir_const_int(b->f, t, 0, call->loc), t), one = bld_value_operand(ir_const_int(b->f, t, 1, call->loc), t);
    /* (start, stop, step, width) in t; a single argument is the stop */
    Operand start = n == 1 ? zero : ints[0], stop = n == 1 ? ints[0] : ints[1], step = n == 3 ? ints[2] : one;
    Operand parts[3] = {start, stop, step};
    for (int i = 0; i < 3; i++)
        vals[i] = bld_value_operand(bld_cast_value(b, parts[i].v, t, call->loc), t);
    if (!np && !range) /* random.randint(a, b): randrange(a, b + 1) */
        vals[1] = bld_binary_op(b, OP_ADD, vals[1], one, call->loc);
    vals[3] = bld_value_operand(ir_const_int(b->f, i64, int_bits(t), call->loc), i64);
    static const TypeKind SIGNED[] = {[TY_INT8] = TY_INT8, [TY_INT16] = TY_INT16, [TY_INT32] = TY_INT32,
                                      [TY_INT64] = TY_INT64, [TY_UINT8] = TY_INT8, [TY_UINT16] = TY_INT16,
                                      [TY_UINT32] = TY_INT32, [TY_UINT64] = TY_INT64};
    bool sized = np && a.given[2] && !is_none(a.ops[2]);
    Operand r = draw(b, np ? "randrange_np" : "randrange_py", vals, 4, a.ops[2], sized, SIGNED[t->kind], call->loc);
    if (sized || r.kind != OPK_VALUE)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, t, call->loc), t);
}

/* choice(a, size=None, replace=True): a an integer or a 1-d array. */
static Operand choice_call(Builder *b, const Expr *call)
{
    static const char *const P[] = {"a", "size", "replace"};
    Bound a;
    if (!bind_args(b, call, "choice", P, 3, &a))
        return bld_error_operand(b);
    Operand pop = a.ops[0];
    bool is_int = int_operand(pop), is_array = pop.kind == OPK_VALUE && pop.type->kind == TY_ARRAY;
    if (!a.given[0] || !(is_int || (is_array && pop.type->ndim == 1))) {
        diag_error(&b->diag, call->loc, "np.random.choice() first argument should be int or a 1-d array, got %s",
                   a.given[0] && pop.kind == OPK_VALUE ? bld_type_name(b, pop.type) : "nothing");
        return bld_error_operand(b);
    }
    if (is_int)
        pop = bld_value_operand(bld_cast_value(b, pop.v, ty_scalar(TY_INT64), call->loc), ty_scalar(TY_INT64));
    if (!a.given[1] || is_none(a.ops[1]))
        return call_library(b, is_int ? "choice_int" : "choice_array", &pop, 1, call->loc);
    Operand replace = a.given[2] ? a.ops[2] : bld_value_operand(ir_const_int(b->f, ty_scalar(TY_BOOL), 1, call->loc), ty_scalar(TY_BOOL));
    if (replace.kind != OPK_VALUE || !ty_is_bool(replace.type)) {
        diag_error(&b->diag, call->loc, "choice()'s replace is a bool");
        return bld_error_operand(b);
    }
    const Type *dtype = is_int ? ty_scalar(TY_INT64) : pop.type->dtype;
    if (is_int) /* the population arange(a): the same draws, the same values as Numba's int form */
        pop = call_library(b, "arange", &pop, 1, call->loc);
    if (pop.kind != OPK_VALUE)
        return pop;
    Operand p = tuple_of(b, (Operand[]){pop, replace}, 2, call->loc);
    Operand size = a.ops[1];
    const Type *st = size.kind == OPK_VALUE ? size.type : NULL;
    int k = st && int_operand(size) ? 1 : st && st->kind == TY_TUPLE && st->n >= 1 && st->n <= 4 ? st->n : 0;
    if (!k) {
        diag_error(&b->diag, call->loc, "size must be None, an integer or a tuple of one to four integers");
        return bld_error_operand(b);
    }
    static const char *const NAMES[] = {"", "choice1", "choice2", "choice3", "choice4"};
    Operand ops[3] = {size, dtype_operand(dtype->kind), p};
    return call_library(b, NAMES[k], ops, 3, call->loc);
}

/* What the x of shuffle(x) and permutation(x) is: an array (an array expression computed first), or
 * for permutation an integer (made int64). */
typedef enum { SHUFFLE_ERROR, SHUFFLE_INT, SHUFFLE_ARRAY } ShuffleOperand;

/* Binds x of OWNER.shuffle(x) or OWNER.permutation(x) and checks it (shuffle's array writable). */
static ShuffleOperand shuffle_operand(Builder *b, const Expr *call, const char *owner, bool permutation, Operand *x)
{
    static const char *const P[] = {"x"};
    const char *name = permutation ? "permutation" : "shuffle";
    Bound a;
    if (!bind_args(b, call, name, P, 1, &a))
        return SHUFFLE_ERROR;
    *x = a.given[0] ? a.ops[0] : (Operand){.kind = OPK_NONE};
    if (x->kind == OPK_ARRAYEXPR) { /* permutation(a * 2.0): computed first */
        IrValue v = bld_array_value(b, *x, call->loc);
        *x = bld_value_operand(v, ir_type(b->f, v));
    }
    if (permutation && int_operand(*x)) {
        *x = bld_value_operand(bld_cast_value(b, x->v, ty_scalar(TY_INT64), call->loc), ty_scalar(TY_INT64));
        return SHUFFLE_INT;
    }
    if (x->kind != OPK_VALUE || x->type->kind != TY_ARRAY) {
        diag_error(&b->diag, call->loc, "%s.%s() takes an array%s", owner, name, permutation ? " or an integer" : "");
        return SHUFFLE_ERROR;
    }
    return permutation || bld_writable(b, x->v, call->loc) ? SHUFFLE_ARRAY : SHUFFLE_ERROR;
}

/* shuffle(x) and permutation(x): arrays, shuffled along their first axis (rows swapped as copies,
 * as Numba's do_shuffle_impl), or an integer for permutation. */
static Operand shuffle_call(Builder *b, const Expr *call, ModuleId m, bool permutation)
{
    Operand x;
    ShuffleOperand k = shuffle_operand(b, call, module_name(m), permutation, &x);
    if (k == SHUFFLE_ERROR)
        return bld_error_operand(b);
    if (k == SHUFFLE_INT)
        return call_library(b, "permutation_int", &x, 1, call->loc);
    static const char *const LIB[2][3] = {{"permutation_array", "shuffle_np", "shuffle_py"},
                                          {"permutation_array_rows", "shuffle_np_rows", "shuffle_py_rows"}};
    const char *lib = LIB[x.type->ndim > 1][permutation ? 0 : m == MOD_NPRANDOM ? 1 : 2];
    return call_library(b, lib, &x, 1, call->loc);
}

/* multinomial(n, pvals, size=None) and dirichlet(alpha, size=None): pvals and alpha 1-d float
 * arrays, size None (a 1-d result) or an integer (one row per draw). */
static Operand vector_draw(Builder *b, const Expr *call, bool multinomial)
{
    static const char *const MP[] = {"n", "pvals", "size"}, *const DP[] = {"alpha", "size"};
    const char *name = multinomial ? "multinomial" : "dirichlet";
    Bound a;
    int nparams = multinomial ? 2 : 1;
    if (!bind_args(b, call, name, multinomial ? MP : DP, nparams + 1, &a))
        return bld_error_operand(b);
    Operand vec = a.ops[nparams - 1], size = a.ops[nparams];
    bool sized = a.given[nparams] && !is_none(size);
    if ((multinomial && (!a.given[0] || !int_operand(a.ops[0]))) || !a.given[nparams - 1] ||
        vec.kind != OPK_VALUE || vec.type->kind != TY_ARRAY || vec.type->ndim != 1 || !ty_is_float(vec.type->dtype) ||
        (sized && !int_operand(size))) {
        diag_error(&b->diag, call->loc, "np.random.%s() takes %s a 1-d float array and a size that is None or an integer in jitc",
                   name, multinomial ? "an integer n," : "");
        return bld_error_operand(b);
    }
    const Type *i64 = ty_scalar(TY_INT64);
    Operand ops[3];
    int n = 0;
    if (multinomial)
        ops[n++] = bld_value_operand(bld_cast_value(b, a.ops[0].v, i64, call->loc), i64);
    ops[n++] = vec;
    if (sized)
        ops[n++] = bld_value_operand(bld_cast_value(b, size.v, i64, call->loc), i64);
    const char *lib = multinomial ? (sized ? "multinomial2" : "multinomial1") : sized ? "dirichlet2" : "dirichlet1";
    return call_library(b, lib, ops, n, call->loc);
}

/* random.getrandbits(k): uint64; OverflowError outside 1..64 (the library checks, as Numba). */
static Operand getrandbits_call(Builder *b, const Expr *call)
{
    static const char *const P[] = {"k"};
    Bound a;
    if (!bind_args(b, call, "getrandbits", P, 1, &a))
        return bld_error_operand(b);
    if (!a.given[0] || !int_operand(a.ops[0])) {
        diag_error(&b->diag, call->loc, "getrandbits() takes an integer");
        return bld_error_operand(b);
    }
    const Type *i64 = ty_scalar(TY_INT64), *u64 = ty_scalar(TY_UINT64);
    /* a uint64 above 2**63 - 1 becomes negative: too large, as Numba's unsigned compare says */
    Operand k = bld_value_operand(bld_cast_value(b, a.ops[0].v, i64, call->loc), i64);
    Operand r = call_library(b, "py_getrandbits", &k, 1, call->loc);
    if (r.kind != OPK_VALUE)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, u64, call->loc), u64);
}

/* ---- a np.random.Generator's methods ---- */

/* g.integers(low, high, size=None, endpoint=False): int64 in [low, high), or [low, high] with
 * endpoint, as Numba's (both bounds required; the default dtype, np.int64). */
static Operand integers_call(Builder *b, const Expr *call, Operand gen)
{
    static const char *const P[] = {"low", "high", "size", "endpoint"};
    Bound a;
    if (!bind_args(b, call, "integers", P, 4, &a))
        return bld_error_operand(b);
    for (int i = 0; i < 2; i++) {
        if (!a.given[i]) {
            diag_error(&b->diag, call->loc, "Generator.integers() missing required argument '%s'", P[i]);
            return bld_error_operand(b);
        }
        if (!param_ok(b, a.ops[i], P_INT, "integers", P[i], call->loc))
            return bld_error_operand(b);
    }
    const Type *i64 = ty_scalar(TY_INT64), *boolean = ty_scalar(TY_BOOL);
    Operand endpoint = a.given[3] ? a.ops[3] : bld_value_operand(ir_const_int(b->f, boolean, 0, call->loc), boolean);
    if (endpoint.kind != OPK_VALUE || !ty_is_bool(endpoint.type)) {
        diag_error(&b->diag, call->loc, "integers() takes a bool for 'endpoint'");
        return bld_error_operand(b);
    }
    Operand vals[4] = {gen, bld_value_operand(bld_cast_value(b, a.ops[0].v, i64, call->loc), i64),
                       bld_value_operand(bld_cast_value(b, a.ops[1].v, i64, call->loc), i64), endpoint};
    return draw(b, "gen_integers", vals, 4, a.ops[2], a.given[2], TY_INT64, call->loc);
}

/* g.shuffle(x), g.permutation(x): an array shuffled in place along its first axis (rows swapped
 * as copies), or a shuffled copy, or for permutation an integer n (a shuffled arange(n)); Numba's
 * Fisher-Yates with random_interval. axis= other than the first is not taken. */
static Operand generator_shuffle(Builder *b, const Expr *call, Operand gen, bool permutation)
{
    Operand ops[2] = {gen};
    ShuffleOperand k = shuffle_operand(b, call, "Generator", permutation, &ops[1]);
    if (k == SHUFFLE_ERROR)
        return bld_error_operand(b);
    if (k == SHUFFLE_INT)
        return call_library(b, "gen_permutation_int", ops, 2, call->loc);
    static const char *const LIB[2][2] = {{"gen_permutation_array", "gen_shuffle"},
                                          {"gen_permutation_array_rows", "gen_shuffle_rows"}};
    return call_library(b, LIB[ops[1].type->ndim > 1][!permutation], ops, 2, call->loc);
}

/* g.NAME(...): f.v is the generator, its address the first parameter of the draw. */
static Operand generator_call(Builder *b, const Expr *call, Operand f)
{
    const Type *u64 = ty_scalar(TY_UINT64);
    IrValue address = ir_emit(b->f, IR_TUPLE_GET, 0, u64, &f.v, 1, call->loc);
    ir_last(b->f)->imm.index = 0;
    Operand gen = bld_value_operand(address, u64);
    if (strcmp(f.str, "integers") == 0)
        return integers_call(b, call, gen);
    if (strcmp(f.str, "shuffle") == 0 || strcmp(f.str, "permutation") == 0)
        return generator_shuffle(b, call, gen, f.str[0] == 'p');
    return distribution(b, call, find_gen_fn(f.str), MOD_NPRANDOM, &gen);
}

Operand bld_random_call(Builder *b, const Expr *call, Operand f)
{
    const char *name = f.str;
    ModuleId m = f.module;
    if (f.type && ty_is_generator(f.type))
        return generator_call(b, call, f);
    if (strncmp(name, "rt_", 3) == 0)
        return raw_draw(b, call, name);
    const RandomFn *fn = find_fn(m, name);
    if (fn)
        return distribution(b, call, fn, m, NULL);
    if (strcmp(name, "seed") == 0)
        return seed_call(b, call, m);
    if (strcmp(name, "rand") == 0 || strcmp(name, "randn") == 0)
        return rand_call(b, call, name[4] == 'n');
    if (strcmp(name, "randint") == 0 || strcmp(name, "randrange") == 0)
        return randint_call(b, call, m, name);
    if (strcmp(name, "choice") == 0)
        return choice_call(b, call);
    if (strcmp(name, "shuffle") == 0 || strcmp(name, "permutation") == 0)
        return shuffle_call(b, call, m, name[0] == 'p');
    if (strcmp(name, "multinomial") == 0 || strcmp(name, "dirichlet") == 0)
        return vector_draw(b, call, name[0] == 'm');
    return getrandbits_call(b, call);
}
