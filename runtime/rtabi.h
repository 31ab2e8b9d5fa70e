/* rtabi.h — the type vocabulary of rtabi.def and the macros that read it. Each type word W
 * has two meanings: RT_C_W, its C type, which the runtime's prototypes and structs use, and
 * RT_K_W, its machine kind, from which codegen makes the LLVM type (every pointer is one kind,
 * LLVM's opaque ptr). A word missing either is a compile error where it is used; a kind whose
 * size differs from its C type's is one here. */
#ifndef JITC_RTABI_H
#define JITC_RTABI_H

#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#include "jitcrt.h"

/* The machine kinds; RT_KIND_VOID is 0, so a zero-filled parameter list ends at the first unused
 * entry (codegen/rtabi.c). */
typedef enum RtKind {
    RT_KIND_VOID, RT_KIND_I8, RT_KIND_I32, RT_KIND_I64, RT_KIND_F32, RT_KIND_F64, RT_KIND_PTR,
} RtKind;
#define RT_KIND_BYTES(k)                                                                                   \
    ((k) == RT_KIND_VOID ? 0 : (k) == RT_KIND_I8 ? 1 : (k) == RT_KIND_I32 || (k) == RT_KIND_F32 ? 4 : 8)

typedef struct JitcErr JitcErr;
typedef struct JitcMem JitcMem;
typedef struct JitcArg JitcArg;
typedef struct JitcList JitcList; /* list.h */
typedef struct JitcHash JitcHash; /* hash.h */
/* jitc_rt_parallel_for's callbacks, which codegen/parallel.c makes (see rtabi.def) */
typedef void (*RtChunkFn)(void *frame, int64_t lo, int64_t hi, void *partial, JitcErr *err);
typedef void (*RtCombineFn)(void *frame, void *partial);

/* The vocabulary: scalars */
#define RT_C_void    void
#define RT_K_void    RT_KIND_VOID
#define RT_C_int     int
#define RT_K_int     RT_KIND_I32
#define RT_C_i8      int8_t
#define RT_K_i8      RT_KIND_I8
#define RT_C_i32     int32_t
#define RT_K_i32     RT_KIND_I32
#define RT_C_i64     int64_t
#define RT_K_i64     RT_KIND_I64
#define RT_C_u64     uint64_t
#define RT_K_u64     RT_KIND_I64
#define RT_C_size    size_t
#define RT_K_size    RT_KIND_I64
#define RT_C_f32     float
#define RT_K_f32     RT_KIND_F32
#define RT_C_f64     double
#define RT_K_f64     RT_KIND_F64
/* pointers */
#define RT_C_ptr     void *
#define RT_K_ptr     RT_KIND_PTR
#define RT_C_bytes   char *
#define RT_K_bytes   RT_KIND_PTR
#define RT_C_str     const char *
#define RT_K_str     RT_KIND_PTR
#define RT_C_i64s    const int64_t *
#define RT_K_i64s    RT_KIND_PTR
#define RT_C_err     JitcErr *
#define RT_K_err     RT_KIND_PTR
#define RT_C_cerr    const JitcErr *
#define RT_K_cerr    RT_KIND_PTR
#define RT_C_mem     JitcMem *
#define RT_K_mem     RT_KIND_PTR
#define RT_C_arg     JitcArg *
#define RT_K_arg     RT_KIND_PTR
#define RT_C_cargs   const JitcArg *
#define RT_K_cargs   RT_KIND_PTR
#define RT_C_list    JitcList *
#define RT_K_list    RT_KIND_PTR
#define RT_C_clist   const JitcList *
#define RT_K_clist   RT_KIND_PTR
#define RT_C_hash    JitcHash *
#define RT_K_hash    RT_KIND_PTR
#define RT_C_chash   const JitcHash *
#define RT_K_chash   RT_KIND_PTR
#define RT_C_dlm     DLManagedTensor *
#define RT_K_dlm     RT_KIND_PTR
#define RT_C_chunk   RtChunkFn
#define RT_K_chunk   RT_KIND_PTR
#define RT_C_combine RtCombineFn
#define RT_K_combine RT_KIND_PTR
#define RT_C_kernel  const jitcrt_kernel *
#define RT_K_kernel  RT_KIND_PTR
#define RT_C_dim3    const unsigned[3] /* a parameter: a pointer, as jitcrt.h declares it */
#define RT_K_dim3    RT_KIND_PTR
#define RT_C_ptrs    void *const *
#define RT_K_ptrs    RT_KIND_PTR
#define RT_C_ufunc   const jitcrt_ufunc *
#define RT_K_ufunc   RT_KIND_PTR
#define RT_C_tensors DLTensor *const *
#define RT_K_tensors RT_KIND_PTR

/* jitc_rt_linalg's results' blocks (linalg.c) */
#define RT_C_mems    JitcMem **
#define RT_K_mems    RT_KIND_PTR
#define RT_C(word) RT_C_##word
#define RT_K(word) RT_K_##word

/* Each word but void and dim3 (a parameter of array type, passed as a pointer): its kind has its
 * C type's size. */
#define RT_CHECK_WORD(word) \
    _Static_assert(sizeof(RT_C(word)) == RT_KIND_BYTES(RT_K(word)), "rtabi.h: the kind of " #word);
RT_CHECK_WORD(int) RT_CHECK_WORD(i8) RT_CHECK_WORD(i32) RT_CHECK_WORD(i64) RT_CHECK_WORD(u64) RT_CHECK_WORD(size)
RT_CHECK_WORD(f32) RT_CHECK_WORD(f64) RT_CHECK_WORD(ptr) RT_CHECK_WORD(bytes) RT_CHECK_WORD(str) RT_CHECK_WORD(i64s)
RT_CHECK_WORD(err) RT_CHECK_WORD(cerr) RT_CHECK_WORD(mem) RT_CHECK_WORD(arg) RT_CHECK_WORD(cargs) RT_CHECK_WORD(dlm)
RT_CHECK_WORD(chunk) RT_CHECK_WORD(combine) RT_CHECK_WORD(kernel) RT_CHECK_WORD(ptrs)
RT_CHECK_WORD(ufunc) RT_CHECK_WORD(tensors) RT_CHECK_WORD(mems) RT_CHECK_WORD(hash) RT_CHECK_WORD(chash)
#undef RT_CHECK_WORD

/* RT_MAP(f, a, b, ...) is f(a), f(b), ...: at most 12 arguments (an RT_FN's parameters). */
#define RT_MAP(f, ...)                                                                                     \
    RT_MAP_PICK(__VA_ARGS__, RT_MAP12, RT_MAP11, RT_MAP10, RT_MAP9, RT_MAP8, RT_MAP7, RT_MAP6, RT_MAP5,    \
                RT_MAP4, RT_MAP3, RT_MAP2, RT_MAP1, )(f, __VA_ARGS__)
#define RT_MAP_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, name, ...) name
#define RT_MAP1(f, a) f(a)
#define RT_MAP2(f, a, ...) f(a), RT_MAP1(f, __VA_ARGS__)
#define RT_MAP3(f, a, ...) f(a), RT_MAP2(f, __VA_ARGS__)
#define RT_MAP4(f, a, ...) f(a), RT_MAP3(f, __VA_ARGS__)
#define RT_MAP5(f, a, ...) f(a), RT_MAP4(f, __VA_ARGS__)
#define RT_MAP6(f, a, ...) f(a), RT_MAP5(f, __VA_ARGS__)
#define RT_MAP7(f, a, ...) f(a), RT_MAP6(f, __VA_ARGS__)
#define RT_MAP8(f, a, ...) f(a), RT_MAP7(f, __VA_ARGS__)
#define RT_MAP9(f, a, ...) f(a), RT_MAP8(f, __VA_ARGS__)
#define RT_MAP10(f, a, ...) f(a), RT_MAP9(f, __VA_ARGS__)
#define RT_MAP11(f, a, ...) f(a), RT_MAP10(f, __VA_ARGS__)
#define RT_MAP12(f, a, ...) f(a), RT_MAP11(f, __VA_ARGS__)

/* The most parameters an RT_FN has. */
enum { RT_MAX_PARAMS = 12 };

/* Every function of rtabi.def, by name: RT_FN_jitc_rt_alloc, ... */
typedef enum RtFnId {
#define RT_FN(name, ret, ...) RT_FN_##name,
#include "rtabi.def"
    RT_FN_COUNT
} RtFnId;

/* The random states of jitc_rt_random_*: np.random's and Python's random module's (nprandom.c). */
enum { JITC_RANDOM_NP = 0, JITC_RANDOM_PY = 1 };

/* A struct of rtabi.def, field by field: `RT_FIELD_DECL` makes the C member. */
#define RT_FIELD_DECL(type, name) RT_C(type) name;

#endif
