/* ir.h — jitc's typed, target-independent IR: a control-flow graph of typed instructions.
 *
 * A function has parameters, named locals (Python variables and hidden temporaries, stored
 * and loaded explicitly; LLVM's mem2reg turns them into SSA), values (each defined by exactly
 * one instruction, of one type), and basic blocks that each end in one terminator. Operands
 * of arithmetic already have the operation's type: all implicit conversions are explicit
 * IR_CAST instructions. Python's semantics (floor division, modulo sign, power, negative
 * indices, division by zero) are carried by the opcodes and expanded by the code generator.
 * ir_dump prints the stable text that `jitc emit --ir` shows and the golden tests compare. */
#ifndef JITC_IR_H
#define JITC_IR_H

#include "frontend/ast.h"
#include "types.h"

typedef int IrValue; /* index into IrFunc.values; IR_NOVALUE for none */
#define IR_NOVALUE (-1)

/* The instructions, from opcodes.def (what each does and takes is written there). */
typedef enum {
#define IR_OP(opcode, name) opcode,
#include "opcodes.def"
#undef IR_OP
} IrOpcode;
/* How many (not a member of IrOpcode, so that switches over an opcode need no case for it) */
enum {
    IR_OPCODE_COUNT = 0
#define IR_OP(opcode, name) +1
#include "opcodes.def"
#undef IR_OP
};

/* IR_STR's operations on TY_STR values (runtime/str.h). Those that make a string (concat, repeat,
 * of_int, getitem, slice, chr) give a new one with one reference (the builder hands it to a
 * local), as new arrays do; a constant is static.
 * STR_CONST: dst the string imm.str (UTF-8, NUL-terminated); STR_LEN: args[0], dst int64, its
 * length in code points; STR_COMPARE: args a, b, dst int64 <0, 0 or >0 as a is before, equal
 * to or after b (code point order, which is UTF-8's byte order); STR_CONCAT: a + b;
 * STR_REPEAT: s * n (n int64); STR_OF_INT: str(n) of an int64 or uint64; STR_GETITEM: s[i]
 * (i int64, IndexError out of range); STR_SLICE: s[start:stop:step] (int64s; imm.index: bit 0
 * start given, bit 1 stop given); STR_CHR: chr(i); STR_ORD: ord(s), int64; STR_CONTAINS: whether
 * args[1] is a substring of args[0], bool; STR_METHOD: imm.index a method of
 * runtime/str_methods.def, args s, a, b (strings, or int64 0 where absent), i, j (int64,
 * INT64_MIN where absent), dst its result (a new string or list of strings, an int64, a bool). */
typedef enum {
    STR_CONST, STR_LEN, STR_COMPARE, STR_CONCAT, STR_REPEAT, STR_OF_INT, STR_GETITEM, STR_SLICE, STR_CHR, STR_ORD,
    STR_CONTAINS, STR_METHOD
} IrStr;

/* IR_LIST's operations. Indexes are int64 and already checked by the builder.
 * LST_NEW: dst a new empty list of dst's type (one reference: the builder hands it to a local);
 * LST_LEN: args[0] list, dst int64; LST_GET: args list, i: dst item i (borrowed from the list);
 * LST_SET: args list, i, v: item i := v (the list takes a reference to v, drops the old item's);
 * LST_INSERT: args list, i (0..len), v: v inserted before item i; LST_DELETE: args list, from, to:
 * items [from, to) removed; LST_RETYPE: args[0] a list of undefined items (`[]`), dst the same list
 * typed with the item type its appends gave it; LST_TO_ARRAY: args[0] a list of scalars, dst a new
 * 1-d C-contiguous array of its items (owned as IR_ALLOC's). LST_NEW may take args[0], the
 * capacity to allocate (int64). numba.typed.List's introspection: LST_ALLOCATED: args[0] list, dst
 * int64 its capacity; LST_MUTABLE: args[0] list, dst bool; LST_SET_MUTABLE: args list, flag (int64). */
typedef enum {
    LST_NEW, LST_LEN, LST_GET, LST_SET, LST_INSERT, LST_DELETE, LST_RETYPE, LST_TO_ARRAY,
    LST_ALLOCATED, LST_MUTABLE, LST_SET_MUTABLE,
} IrList;

/* IR_HASH's operations on dicts and sets (TY_DICT, TY_SET). A position (int64) is where an entry
 * is: a dict's in insertion order, a set's in Numba's slot order (runtime/hash.c); keys are hashed
 * by the builder (Python's hash()). HSH_NEW: dst a new empty dict or set of dst's type (args[0], if
 * given: the items expected, int64); HSH_LEN: args[0], dst int64; HSH_FIND: args table, key, hash:
 * dst the key's position, or -1; HSH_PUT: args table, key, hash, and a dict's value: the entry
 * stored (the table takes a reference to the value, drops the old one's); HSH_NEXT: args table, pos:
 * dst the first position >= pos with an entry, or -1; HSH_KEY, HSH_VALUE: args table, pos: dst the
 * entry's key, value (borrowed); HSH_REMOVE: args table, pos, and drop (int64: bit 0 drops the
 * value's references, bit 1 the key's; a clear bit hands them to the builder); HSH_POP_POS: args[0] (not empty), dst the position
 * set.pop() or dict.popitem() takes; HSH_CLEAR: args[0] emptied; HSH_COPY: args[0], dst a new table
 * of its entries; HSH_RETYPE: args[0] a table of unknown types (`{}`, `set()`), dst the same table
 * typed as its stores gave it; HSH_HASH: args[0] a number, a tuple of numbers or a string, dst
 * int64 Python's hash() of it as Numba computes it (a string's: 0, the runtime hashes its text). */
#define IR_HASH_OPS(X) X(HSH_NEW, "new") X(HSH_LEN, "len") X(HSH_FIND, "find") X(HSH_PUT, "put") \
    X(HSH_NEXT, "next") X(HSH_KEY, "key") X(HSH_VALUE, "value") X(HSH_REMOVE, "remove")            \
    X(HSH_POP_POS, "pop_pos") X(HSH_CLEAR, "clear") X(HSH_COPY, "copy") X(HSH_RETYPE, "retype") \
    X(HSH_HASH, "hash")
typedef enum {
#define IR_HASH_ENUM(op, name) op,
    IR_HASH_OPS(IR_HASH_ENUM)
#undef IR_HASH_ENUM
} IrHash;

/* IR_LINALG's operations, in runtime/linalg.h's RtLinalgOp order */
typedef enum { LA_DOT, LA_VDOT, LA_OUTER, LA_NORM, LA_NORM_NONE, LA_SOLVE, LA_INV, LA_DET, LA_LSTSQ, LA_EIGH,
               LA_SVD, LA_CHOLESKY, LA_QR, LA_SLOGDET, LA_EIGVALSH, LA_EIG, LA_EIGVALS } IrLinalg;

/* cuda.fp16 functions with no other IR form (build_fp16.c, codegen/fp16.c): hrcp, hrsqrt,
 * hexp10 (approximate, as cuda_fp16.hpp computes them), hmax and hmin (a NaN operand loses) */
typedef enum { FP16_RCP, FP16_RSQRT, FP16_EXP10, FP16_MAX, FP16_MIN } IrFp16;

typedef enum { ALLOC_EMPTY, ALLOC_ZEROS } IrAlloc;

/* IR_RANDOM's draws: seed(int64) (no dst), double, gauss (float64), below(n, width) and
 * bits(k) (int64), poisson_ptrs(lam) (int64); from a np.random.Generator, its address (int64)
 * first: gen_double, gen_normal, gen_exponential (float64), gen_bounded(low, rng), gen_interval(max) (int64) */
typedef enum {
    RND_SEED, RND_DOUBLE, RND_GAUSS, RND_BELOW, RND_BITS, RND_POISSON,
    RND_GEN_DOUBLE, RND_GEN_NORMAL, RND_GEN_EXPONENTIAL, RND_GEN_BOUNDED, RND_GEN_INTERVAL,
} IrRandom;
static inline bool ir_random_from_generator(IrRandom r) { return r >= RND_GEN_DOUBLE; }

typedef enum { AT_ADD, AT_SUB, AT_MAX, AT_MIN, AT_EXCH, AT_CAS, AT_AND, AT_OR, AT_XOR, AT_INC, AT_DEC, AT_NANMAX,
               AT_NANMIN } IrAtomic;
typedef enum { WARP_SHFL, WARP_SHFL_DOWN, WARP_SHFL_UP, WARP_SHFL_XOR, WARP_ALL, WARP_ANY, WARP_BALLOT,
               WARP_ACTIVEMASK, WARP_MATCH_ANY, WARP_MATCH_ALL, WARP_EQ } IrWarp;

typedef enum {
    SREG_TID_X, SREG_TID_Y, SREG_TID_Z, SREG_NTID_X, SREG_NTID_Y, SREG_NTID_Z,
    SREG_CTAID_X, SREG_CTAID_Y, SREG_CTAID_Z, SREG_NCTAID_X, SREG_NCTAID_Y, SREG_NCTAID_Z,
    SREG_LANEID, SREG_WARPSIZE, SREG_LANEMASK_LT, /* lanemask_lt: uint32 */
} IrSreg;

typedef enum { SYNC_THREADS, SYNC_WARP, SYNC_FENCE, SYNC_FENCE_BLOCK, SYNC_FENCE_SYSTEM, SYNC_THREADS_COUNT,
               SYNC_THREADS_AND, SYNC_THREADS_OR, SYNC_GRID,
               SYNC_NANOSLEEP /* args[0]: uint32 nanoseconds; the thread pauses about that long */ } IrSync;
typedef enum { SPACE_SHARED, SPACE_LOCAL } IrArraySpace;

typedef enum {
    IB_ADD, IB_SUB, IB_MUL, IB_TRUEDIV, IB_FLOORDIV, IB_MOD, IB_POW,
    IB_AND, IB_OR, IB_XOR, IB_SHL, IB_SHR,
    IB_MIN, IB_MAX,         /* Python's: b < a ? b : a (max: b > a ? b : a) */
    IB_MINIMUM, IB_MAXIMUM, /* NumPy's: a NaN operand wins; else a <= b ? a : b (max: >=) */
    IB_FMIN, IB_FMAX,       /* NumPy's: a NaN operand loses; else as minimum/maximum */
} IrBinOp;

/* IU_POPC, IU_CLZ: of the argument's type; IU_BREV: uint32/uint64; IU_FFS: dst uint32 (cuda.*).
 * IU_REAL, IU_IMAG: a complex argument's part (dst its float type); IU_CONJ: the conjugate.
 * IU_NEG of a complex negates both parts. */
typedef enum { IU_NEG, IU_NOT, IU_INVERT, IU_ABS, IU_POPC, IU_BREV, IU_CLZ, IU_FFS,
               IU_REAL, IU_IMAG, IU_CONJ } IrUnOp;

typedef enum {
#define MATH_FN(id, name, nargs) id,
#include "mathfns.def"
#undef MATH_FN
    IM_COUNT_
} IrMathFn;

typedef enum {
    IT_NONE,    /* block not yet terminated */
    IT_BR,      /* goto then */
    IT_CBR,     /* if cond goto then else els */
    IT_RET,     /* return value (IR_NOVALUE for none) */
    IT_RAISE,   /* raise exception exc with message exc_msg */
    IT_UNREACHABLE, /* no path reaches the end of this block */
} IrTermKind;

/* Exceptions that compiled code can raise, reported through the API: the runtime's list
 * (runtime/rtabi.def, RT_EXC), so an IrExc is the code JitcErr carries. */
typedef enum {
#define RT_EXC(kind, name, raisable) EXC_##kind,
#include "runtime/rtabi.def"
    EXC_COUNT_
} IrExc;

typedef struct IrInstr {
    IrOpcode op;
    int sub;
    IrValue dst;
    IrValue *args;
    int nargs;
    unsigned flags; /* IRF_* */
    union {
        int64_t i;
        double f;
        int index;
        struct Spec *callee;
        const char **strs; /* IR_PRINT: strs[k] non-NULL where argument k is a string */
        const char *str;   /* IR_STR STR_CONST: the string */
        const int64_t *dims; /* IR_STATIC_ARRAY: the shape, one constant per axis */
        const struct ConstArray *carray; /* IR_CONST_ARRAY (program.h) */
        const struct IrParallel *par; /* IR_PARALLEL_FOR */
        const struct IrObjmode *objmode; /* IR_OBJMODE */
    } imm;
    SrcLoc loc;
} IrInstr;

enum {
    IRF_WRAP = 1,       /* IR_ELEM_*: negative indices count from the end */
    IRF_BOUNDSCHECK = 2,/* IR_ELEM_*: out of range raises IndexError */
    IRF_FASTMATH = 4,   /* float arithmetic may reassociate */
    IRF_NSW = 8,        /* integer add/sub/mul: signed overflow cannot happen (it would be poison) */
    IRF_NUW = 16,       /* integer add/sub/mul: unsigned overflow cannot happen */
    IRF_MOVE = 32,      /* IR_STORE of an array: the value's reference passes to the local (a value
                           the function just made: IR_ALLOC, IR_ARRAY_MAP, a call's result) */
    IRF_INTO = 64,      /* IR_ARRAY_MAP: writes into args[0] */
    IRF_PARALLEL = 128, /* IR_ARRAY_MAP: on threads */
    IRF_BUFFERED = 256, /* IR_ARRAY_MAP with IRF_INTO: if args[0] overlaps an input in memory (other
                           than element for element), the results go through a temporary, so
                           every input is read before any is written (NumPy's a[1:] = a[:-1]) */
};

/* A `with objmode(...)` block (IR_OBJMODE): the function's variables it reads (`in`: a tuple of
 * their types) and the ones it sets (`out`: a tuple of their declared types), by name, and where
 * it is. The compiled code hands this description to the runtime with the values, and the driver
 * hands it to whoever embeds jitc and can run Python (jitc_options.objmode). */
typedef struct IrObjmode {
    const char *function;          /* the Python function the block is in */
    SrcLoc loc;                    /* its `with` */
    int last_line;                 /* the block's last line */
    const char **inputs, **outputs;
    const char **output_types;     /* as written: 'float64', 'int64[:]' */
    const Type *in, *out;          /* tuples */
    const void *host;              /* the driver's module (Program.host) */
} IrObjmode;

/* An outlined prange loop: the function that runs a share [lo, hi) of its iterations, and how
 * each reduction's partial results combine (IB_ADD, IB_MUL, IB_MIN or IB_MAX); an array
 * reduction's partial result is a private array, which folds[r] (acc += part, or *=) folds in. */
typedef struct IrParallel {
    struct Spec *callee;
    int nred;
    const IrBinOp *ops;
    struct Spec **folds; /* per reduction: NULL for a scalar */
} IrParallel;

typedef struct IrBlock {
    int id;
    IrInstr *instrs;
    int n, cap;
    IrTermKind term;
    IrValue cond, retval;
    int then, els;
    IrExc exc;
    const char *exc_msg;
    const char *exc_class; /* IT_RAISE: a class the module defines (class MyError(ValueError)), named
                              in the message instead of exc's, else NULL */
    SrcLoc loc; /* of the terminator */
    IrValue *exc_args; /* IT_RAISE: run-time values of the message (int64, uint64, float64, bool, str), */
    int nexc_args;     /* each where exc_msg holds IR_EXC_ARG_MARK (rt.c: jitc_rt_raise_format) */
    int handler;  /* inside a try body: the block an exception raised here goes to (0: none) */
    bool catches; /* an except clause's first block: entering it clears the exception */
} IrBlock;

typedef struct IrLocal {
    const char *name; /* "$..." for temporaries */
    const Type *type;
} IrLocal;

typedef struct IrFunc {
    Arena *arena;
    const char *name;
    const Type **params;
    int nparams;
    const Type *ret;
    IrLocal *locals;
    int nlocals, caplocals;
    const Type **values; /* type of each value */
    int nvalues, capvalues;
    IrBlock **blocks;
    int nblocks, capblocks;
    int cur; /* block receiving instructions */
    int catch_block; /* the handler of the try body being built (0: none), given to new blocks */
} IrFunc;

IrFunc *ir_func_new(Arena *a, const char *name, const Type **params, int nparams);
int ir_new_block(IrFunc *f);
void ir_set_block(IrFunc *f, int block);
bool ir_terminated(const IrFunc *f); /* the current block already ends */
int ir_new_local(IrFunc *f, const char *name, const Type *type);

/* Instruction builders: each appends to the current block and returns the new value. */
IrValue ir_emit(IrFunc *f, IrOpcode op, int sub, const Type *type, const IrValue *args, int nargs,
                SrcLoc loc);
IrInstr *ir_last(IrFunc *f); /* the instruction just emitted, to set imm/flags */
IrValue ir_const_int(IrFunc *f, const Type *t, int64_t v, SrcLoc loc);
IrValue ir_const_float(IrFunc *f, const Type *t, double v, SrcLoc loc);
IrValue ir_const_zero(IrFunc *f, const Type *t, SrcLoc loc); /* 0, 0.0 or 0j of a scalar type */
IrValue ir_load(IrFunc *f, int local, SrcLoc loc);           /* the local's value, of its type */
void ir_store(IrFunc *f, int local, IrValue v, SrcLoc loc);
void ir_br(IrFunc *f, int target);
void ir_cbr(IrFunc *f, IrValue cond, int then, int els);
void ir_ret(IrFunc *f, IrValue v, SrcLoc loc);
void ir_raise(IrFunc *f, IrExc exc, const char *msg, SrcLoc loc);
/* A raise whose message has run-time values: msg holds IR_EXC_ARG_MARK where each goes, then
 * its kind: 'i' int64, 'u' uint64, 'f' float64, 'b' bool, 's' a string's text, 'r' its repr
 * (runtime/rt.c jitc_rt_raise_format). */
#define IR_EXC_ARG_MARK '\x01'
void ir_raise_values(IrFunc *f, IrExc exc, const char *msg, IrValue *args, int nargs, SrcLoc loc);

const Type *ir_type(const IrFunc *f, IrValue v);
/* The functions an instruction runs, into out[0..return) (at most 1 + MAX reductions, 17): IR_CALL's
 * callee, IR_ARRAY_MAP's element function, IR_PARALLEL_FOR's outlined body and its array
 * reductions' folds; none for other instructions. */
enum { IR_MAX_CALLEES = 17 };
int ir_callees(const IrInstr *in, struct Spec **out);
/* Names of what the builder defines (builder/program.c), for the printer: the IR holds them opaque. */
const char *ir_spec_symbol(const struct Spec *s);
const char *ir_const_array_name(const struct ConstArray *a);
const char *ir_math_name(IrMathFn fn);
int ir_math_nargs(IrMathFn fn);

/* numba.cuda.libdevice's functions (libdevice.def), the row IR_LIBDEVICE's sub names: ret and
 * each character of args one type letter (f d h i l, v: void), upper case an out-argument. */
typedef struct IrLibdeviceFn {
    const char *name;
    char ret;
    const char *args;
} IrLibdeviceFn;
int ir_libdevice_find(const char *name); /* the row of that name, or -1 */
const IrLibdeviceFn *ir_libdevice_fn(int row);
const char *ir_exc_name(IrExc e);
/* The class a `raise NAME` of the source names: "ValueError" -> EXC_VALUE; EXC_NONE if none. */
IrExc ir_exc_by_name(const char *name);

/* The stable text form (see ir.c for the grammar). */
char *ir_dump(Arena *a, const IrFunc *f);

#endif
