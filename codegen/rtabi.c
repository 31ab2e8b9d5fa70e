/* rtabi.c — codegen's side of runtime/rtabi.def: the LLVM declarations of the runtime functions
 * compiled code calls (cg_runtime) and the LLVM types of the structs it shares with the runtime
 * (cg_runtime_types: JitcErr, JitcMem, JitcArg). Both come from the table the runtime's C
 * prototypes and structs come from, so the two sides cannot disagree. Also external functions
 * outside that table, by name (cg_extern_fn: libm, libdevice, vprintf). */
#include "cg.h"
#include "runtime/arrays.h"

typedef struct RuntimeFn {
    const char *name;
    RtKind ret;
    RtKind params[RT_MAX_PARAMS]; /* up to the first RT_KIND_VOID */
} RuntimeFn;

static const RuntimeFn RUNTIME_FNS[RT_FN_COUNT] = {
#define RT_FN(name, ret, ...) [RT_FN_##name] = {#name, RT_K(ret), {RT_MAP(RT_K, __VA_ARGS__)}},
#include "runtime/rtabi.def"
};

static LLVMTypeRef kind_type(CgModule *m, RtKind k)
{
    switch (k) {
    case RT_KIND_VOID: return m->voidt;
    case RT_KIND_I8: return m->i8;
    case RT_KIND_I32: return m->i32;
    case RT_KIND_I64: return m->i64;
    case RT_KIND_F32: return m->f32;
    case RT_KIND_F64: return m->f64;
    case RT_KIND_PTR: return m->ptr;
    }
    return m->ptr;
}

LLVMValueRef cg_extern_fn(CgModule *m, const char *name, LLVMTypeRef ret, LLVMTypeRef *params, int n)
{
    LLVMValueRef f = LLVMGetNamedFunction(m->mod, name);
    if (!f)
        f = LLVMAddFunction(m->mod, name, LLVMFunctionType(ret, params, (unsigned)n, 0));
    return f;
}

LLVMValueRef cg_runtime(CgModule *m, RtFnId id)
{
    const RuntimeFn *fn = &RUNTIME_FNS[id];
    LLVMTypeRef params[RT_MAX_PARAMS];
    int n = 0;
    while (n < RT_MAX_PARAMS && fn->params[n] != RT_KIND_VOID) {
        params[n] = kind_type(m, fn->params[n]);
        n++;
    }
    return cg_extern_fn(m, fn->name, kind_type(m, fn->ret), params, n);
}

static LLVMTypeRef struct_type(CgModule *m, const RtKind *fields, unsigned n)
{
    LLVMTypeRef types[32];
    for (unsigned i = 0; i < n; i++)
        types[i] = kind_type(m, fields[i]);
    return LLVMStructTypeInContext(m->ctx, types, n, 0);
}

void cg_runtime_types(CgModule *m)
{
#define KIND_OF(type, name) RT_K(type),
    static const RtKind err[RT_ERR_FIELDS] = {
#define RT_ERR_FIELD KIND_OF
#include "runtime/rtabi.def"
    };
    static const RtKind mem[RT_MEM_FIELDS] = {
#define RT_MEM_FIELD KIND_OF
#include "runtime/rtabi.def"
    };
    static const RtKind arg[RT_ARG_FIELDS] = {
#define RT_ARG_FIELD KIND_OF
#include "runtime/rtabi.def"
    };
#undef KIND_OF
    m->err_type = struct_type(m, err, RT_ERR_FIELDS);
    m->mem_type = struct_type(m, mem, RT_MEM_FIELDS);
    m->arg_type = struct_type(m, arg, RT_ARG_FIELDS);
}
