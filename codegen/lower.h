/* lower.h — the state of lowering one specialization (lower.c), shared with the file that
 * lowers its array operations and reference counting (arrays.c). Private to codegen/. */
#ifndef JITC_LOWER_H
#define JITC_LOWER_H

#include "cg.h"

typedef struct Lower {
    CgModule *m;
    LLVMBasicBlockRef entry; /* where allocas go */
    const Spec *spec;
    const IrFunc *f;
    LLVMValueRef fn, err;
    LLVMBuilderRef b;
    LLVMValueRef *vals;
    LLVMValueRef *locals;
    LLVMBasicBlockRef *blocks;
    LLVMBasicBlockRef unwind; /* releases the locals' arrays and returns zero (after a raise) */
    LLVMBasicBlockRef catch_to; /* the block being lowered is in a try body: its except clause */
    Arena *arena;
    /* Numba's "numpy" error model: division by zero raises nothing (x // 0 and x % 0 are 0 for
     * integers, IEEE results for floats). GPU code, ufunc loops and prange bodies under
     * parallel=True use it, as in Numba. */
    bool numpy_errors;
    /* a function in a call cycle (recursion.c): the parameter after the IR's, the thread's stack
     * floor, which its calls into cycles check and pass along; NULL elsewhere */
    LLVMValueRef floor;
    LLVMValueRef jmpbuf; /* and, in jump mode, the entry's jmp_buf (the last parameter); NULL otherwise */
} Lower;

/* lower.c */
LLVMValueRef lw_call(Lower *L, LLVMValueRef fn, LLVMValueRef *args, int n, const char *name);
const char *lw_where(Lower *L, SrcLoc loc);    /* "file:line:col" */
LLVMValueRef lw_string(Lower *L, const char *s); /* a pointer to a constant C string */
void lw_propagate(Lower *L);                    /* if *err holds an exception, unwind */
/* field 0: data; 1: shape[axis]; 2: strides[axis] (bytes); 3: the JitcMem (or null) */
LLVMValueRef lw_array_field(Lower *L, LLVMValueRef arr, unsigned field, unsigned axis);
/* Raises ZeroDivisionError(msg) where is_zero holds, unless under NumPy's error model. */
void lw_check_zero_division(Lower *L, LLVMValueRef is_zero, const char *msg, SrcLoc loc);

/* recursion.c: RecursionError, for functions in a call cycle (host code) */
typedef enum { CG_CYCLE_NONE = 1, CG_CYCLE_ERR, CG_CYCLE_JUMP } CgCycle; /* how it raises (recursion.c) */
#define CG_RECURSION_MESSAGE "maximum recursion depth exceeded"
CgCycle cg_cycle_mode(CgModule *m, const Spec *s);       /* NONE: in no call cycle */
LLVMValueRef cg_cycle_body(CgModule *m, const Spec *s);  /* SYMBOL.rec: the body, taking the floor */
void cg_cycle_entry(CgModule *m, const Spec *s);         /* SYMBOL: asks the floor, runs SYMBOL.rec */
/* At the builder: jumps to the entry that set buf (jump mode), raising there from where. */
void cg_cycle_jump(CgModule *m, LLVMValueRef buf, LLVMValueRef where);

/* complex.c: complex numbers */
LLVMValueRef lw_complex_make(Lower *L, const IrInstr *in);  /* IR_COMPLEX */
LLVMValueRef lw_complex_bin(Lower *L, const IrInstr *in);   /* IR_BIN of complex numbers */
LLVMValueRef lw_complex_unary(Lower *L, const IrInstr *in); /* IR_UNARY of a complex number */
LLVMValueRef lw_complex_cmp(Lower *L, const IrInstr *in);   /* IR_CMP ==, != of complex numbers */
LLVMValueRef lw_complex_convert(Lower *L, LLVMValueRef v, const Type *from, const Type *to,
                                LLVMValueRef (*real_convert)(Lower *, LLVMValueRef, const Type *, const Type *));
void lw_complex_print(Lower *L, LLVMValueRef v, const Type *t);

/* fp16.c: float16 in GPU code, as numba-cuda computes it (cuda_fp16.hpp) */
LLVMValueRef lw_fp16_div(Lower *L, LLVMValueRef a, LLVMValueRef b); /* __hdiv */
LLVMValueRef lw_fp16_math(Lower *L, const IrInstr *in);            /* IR_MATH of float16 */
LLVMValueRef lw_fp16(Lower *L, const IrInstr *in);                 /* IR_FP16 */

/* arrays.c */
void lw_init_locals(Lower *L);                  /* every local starts out zero (in the entry block) */
void lw_release_locals(Lower *L);               /* drops every array local's reference */
void lw_retain(Lower *L, LLVMValueRef v, const Type *t); /* a new reference to each array in v */
void lw_release(Lower *L, LLVMValueRef v, const Type *t); /* drops a reference to each array in v */
void lw_store(Lower *L, const IrInstr *in);     /* IR_STORE */
LLVMValueRef lw_alloc(Lower *L, const IrInstr *in);
void lw_fill(Lower *L, const IrInstr *in);
LLVMValueRef lw_array_map(Lower *L, const IrInstr *in);
LLVMValueRef lw_view(Lower *L, const IrInstr *in);

/* linalg.c: np.dot, @ and np.linalg through runtime/linalg.c */
LLVMValueRef lw_linalg(Lower *L, const IrInstr *in); /* IR_LINALG */

/* objmode.c: a `with objmode(...)` block, run by the embedder's interpreter (IR_OBJMODE) */
LLVMValueRef lw_objmode(Lower *L, const IrInstr *in);

/* nprandom.c: np.random's and Python's random module's raw draws (IR_RANDOM) */
LLVMValueRef lw_random(Lower *L, const IrInstr *in);
/* list.c: lists */
LLVMValueRef lw_list(Lower *L, const IrInstr *in);           /* IR_LIST */
void lw_list_refs(Lower *L, LLVMValueRef list, bool acquire); /* a reference taken or dropped */
/* An item as lists and dicts store it: its size, where it holds the reference it owns
 * (JITC_LIST_ITEM_*, runtime/list.h), and its load and store (a bool is one byte) */
long long cg_item_size(CgModule *m, const Type *item);
long long cg_item_memoff(CgModule *m, const Type *item);
LLVMValueRef lw_load_item(Lower *L, LLVMValueRef p, const Type *item);
void lw_store_item(Lower *L, LLVMValueRef v, const Type *item, LLVMValueRef p);
/* hash.c: dicts and sets */
LLVMValueRef lw_hash(Lower *L, const IrInstr *in);            /* IR_HASH */
void lw_hash_refs(Lower *L, LLVMValueRef table, bool acquire); /* a reference taken or dropped */
void lw_str_refs(Lower *L, LLVMValueRef s, bool acquire);       /* a reference taken or dropped (str.c) */
/* str.c: strings whose values are constants of the source */
LLVMValueRef lw_str(Lower *L, const IrInstr *in);             /* IR_STR */
void lw_str_print(Lower *L, LLVMValueRef v, bool repr);       /* print() of one, or its repr */


#endif
