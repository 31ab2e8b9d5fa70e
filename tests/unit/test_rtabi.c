/* test_rtabi.c — runtime/rtabi.def seen from both sides: the LLVM struct types codegen makes
 * from it (cg_runtime_types) lay JitcErr, JitcMem and JitcArg out as the C compiler does, field
 * by field, on the host target; every function of the table is in rt_symbols under its name, in
 * RtFnId order; and cg_runtime declares each one with the table's number of parameters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "codegen/cg.h"

static CgModule *host_module(void)
{
    cg_llvm_init();
    char err[256];
    LLVMTargetMachineRef tm = cg_host_machine(NULL, NULL, 0, false, err, sizeof err);
    assert_non_null(tm);
    static Heap heap = {.alloc = arena_default_alloc};
    return cg_module_new_for(&heap, LLVMGetGlobalContext(), tm, 0, false, "rtabi");
}

static void check_field(LLVMTargetDataRef layout, LLVMTypeRef t, unsigned index, size_t offset, size_t size)
{
    assert_int_equal(LLVMOffsetOfElement(layout, t, index), offset);
    assert_int_equal(LLVMABISizeOfType(layout, LLVMStructGetTypeAtIndex(t, index)), size);
}

static void test_struct_layouts_match_c(void **state)
{
    (void)state;
    CgModule *m = host_module();
    LLVMTargetDataRef layout = LLVMGetModuleDataLayout(m->mod);
#define CHECK(C, llvm_type, index, name) \
    check_field(layout, m->llvm_type, index, offsetof(C, name), sizeof(((C *)0)->name));
#define RT_ERR_FIELD(type, name) CHECK(JitcErr, err_type, RT_ERR_##name, name)
#define RT_MEM_FIELD(type, name) CHECK(JitcMem, mem_type, RT_MEM_##name, name)
#define RT_ARG_FIELD(type, name) CHECK(JitcArg, arg_type, RT_ARG_##name, name)
#include "runtime/rtabi.def"
#undef CHECK
    assert_int_equal(LLVMABISizeOfType(layout, m->err_type), sizeof(JitcErr));
    assert_int_equal(LLVMABISizeOfType(layout, m->mem_type), sizeof(JitcMem));
    assert_int_equal(LLVMABISizeOfType(layout, m->arg_type), sizeof(JitcArg));
    LLVMTargetMachineRef tm = m->tm;
    cg_module_dispose(m);
    LLVMDisposeTargetMachine(tm);
}

static void test_symbols_follow_the_table(void **state)
{
    (void)state;
    const RtSymbol *syms = rt_symbols();
    static const char *const names[RT_FN_COUNT] = {
#define RT_FN(name, ret, ...) [RT_FN_##name] = #name,
#include "runtime/rtabi.def"
    };
    for (int i = 0; i < RT_FN_COUNT; i++) {
        assert_string_equal(syms[i].name, names[i]);
        assert_non_null(syms[i].addr);
    }
    assert_ptr_equal(syms[RT_FN_jitc_rt_alloc].addr, (void *)jitc_rt_alloc);
}

static void test_declarations_follow_the_table(void **state)
{
    (void)state;
    CgModule *m = host_module();
    static const RtKind params[RT_FN_COUNT][RT_MAX_PARAMS] = {
#define RT_FN(name, ret, ...) [RT_FN_##name] = {RT_MAP(RT_K, __VA_ARGS__)},
#include "runtime/rtabi.def"
    };
    for (int i = 0; i < RT_FN_COUNT; i++) {
        LLVMValueRef f = cg_runtime(m, (RtFnId)i);
        assert_ptr_equal(cg_runtime(m, (RtFnId)i), f); /* declared once */
        assert_string_equal(LLVMGetValueName(f), rt_symbols()[i].name);
        unsigned n = 0;
        while (n < RT_MAX_PARAMS && params[i][n] != RT_KIND_VOID)
            n++;
        assert_int_equal(LLVMCountParamTypes(LLVMGlobalGetValueType(f)), n);
    }
    LLVMTypeRef alloc = LLVMGlobalGetValueType(cg_runtime(m, RT_FN_jitc_rt_alloc));
    assert_ptr_equal(LLVMGetReturnType(alloc), m->ptr);
    LLVMTypeRef p[6];
    LLVMGetParamTypes(alloc, p);
    assert_ptr_equal(p[0], m->i64);
    assert_ptr_equal(p[3], m->i32);
    LLVMTargetMachineRef tm = m->tm;
    cg_module_dispose(m);
    LLVMDisposeTargetMachine(tm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_struct_layouts_match_c),
        cmocka_unit_test(test_symbols_follow_the_table),
        cmocka_unit_test(test_declarations_follow_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
