/* narrow.c — 64-bit integer compares of GPU code made 32-bit where both sides provably fit.
 *
 * Python's integers are int64, so a bounds test such as `i < a.shape[0] - 1` compares in 64 bits
 * even where `i` is an int32 thread index and the shape, in a kernel's second entry, a value
 * below 2^31 (ptx.c). On the GPU a 64-bit add and compare are two instructions each; nvcc's
 * `int` code does them in one. LLVM narrows `icmp (zext a), (zext b)` but not a compare whose
 * side is a sum, such as a shape minus one. This pass does, after the IR pipeline: for every i64
 * compare of a device module with a sum, difference or product on a side, it gives each side a
 * range (an interval, computed bottom up through add, sub, mul and `and` with a non-negative
 * constant), and where both sides lie in int32 it rebuilds them in i32 (the arithmetic whose
 * operands fit too; anything else truncated) and compares there. The i32 arithmetic is then
 * exact, and the predicate keeps its meaning: on values of int32, sign extension preserves both
 * the signed and the unsigned order.
 *
 * The ranges start from constants, from the width of a sign or zero extension (or the range of
 * its narrower operand), from the CUDA limits of the special registers (a block has at most 1024
 * threads, a grid at most 65535 blocks in y and z), from `llvm.assume(x < C)` (the bound the
 * second entry puts on blockIdx.x), and from the parameters the second entry marks with
 * CG_INT31_PARAM, which the runtime only passes below 2^31 (runtime/launch.c). An operation whose
 * exact result could leave its type's signed range might wrap: it has no range. */
#include <string.h>

#include "cg.h"

#define MAX_DEPTH 8              /* a side is a short expression: deeper ones are left alone */
#define LIMIT (INT64_C(1) << 40) /* ranges stay within ±LIMIT, so that sums and products of two fit */

typedef struct Range {
    int64_t lo, hi;
} Range;

/* The special registers' ranges under CUDA's limits (ctaid.x: below 2^31), by the name that
 * follows SREG_PREFIX in their intrinsics' */
#define SREG_PREFIX "llvm.nvvm.read.ptx.sreg."
static const struct {
    const char *name;
    Range range;
} SREG_RANGES[] = {
    {"tid.x", {0, 1023}},           {"tid.y", {0, 1023}},     {"tid.z", {0, 63}},
    {"ntid.x", {1, 1024}},          {"ntid.y", {1, 1024}},    {"ntid.z", {1, 64}},
    {"ctaid.x", {0, INT32_MAX - 1}}, {"ctaid.y", {0, 65534}},  {"ctaid.z", {0, 65534}},
    {"nctaid.x", {1, INT32_MAX}},   {"nctaid.y", {1, 65535}}, {"nctaid.z", {1, 65535}},
};

static bool is_int31_param(LLVMValueRef v)
{
    LLVMValueRef fn = LLVMGetParamParent(v);
    unsigned index = 1;
    for (LLVMValueRef p = LLVMGetFirstParam(fn); p != v; p = LLVMGetNextParam(p))
        index++;
    return LLVMGetStringAttributeAtIndex(fn, index, CG_INT31_PARAM, (unsigned)strlen(CG_INT31_PARAM)) != NULL;
}

static bool constant_of(LLVMValueRef v, int64_t *c)
{
    if (!LLVMIsAConstantInt(v))
        return false;
    *c = LLVMConstIntGetSExtValue(v);
    return true;
}

/* The name of the function a call instruction v calls, or "" (not a call, or an indirect one). */
static const char *callee_name(LLVMValueRef v)
{
    LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    size_t len;
    return callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
}

static bool sreg_range(LLVMValueRef call, Range *r)
{
    const char *name = callee_name(call);
    if (strncmp(name, SREG_PREFIX, strlen(SREG_PREFIX)) != 0)
        return false;
    for (size_t i = 0; i < sizeof SREG_RANGES / sizeof SREG_RANGES[0]; i++)
        if (strcmp(SREG_RANGES[i].name, name + strlen(SREG_PREFIX)) == 0) {
            *r = SREG_RANGES[i].range;
            return true;
        }
    return false;
}

/* The bound `llvm.assume(v u< C)` puts on v, if one does: jitc emits assumptions only where they
 * hold for the whole function (ptx.c). */
static bool assumed_range(LLVMValueRef v, Range *r)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef cmp = LLVMGetUser(u);
        int64_t c;
        if (!LLVMIsAICmpInst(cmp) || LLVMGetICmpPredicate(cmp) != LLVMIntULT || LLVMGetOperand(cmp, 0) != v ||
            !constant_of(LLVMGetOperand(cmp, 1), &c) || c <= 0)
            continue;
        for (LLVMUseRef cu = LLVMGetFirstUse(cmp); cu; cu = LLVMGetNextUse(cu))
            if (strcmp(callee_name(LLVMGetUser(cu)), "llvm.assume") == 0) {
                *r = (Range){0, c - 1};
                return true;
            }
    }
    return false;
}

static Range type_range(unsigned bits, bool is_signed)
{
    if (bits >= 64)
        return (Range){INT64_MIN, INT64_MAX};
    if (!is_signed)
        return (Range){0, (int64_t)((UINT64_C(1) << bits) - 1)};
    return (Range){-(INT64_C(1) << (bits - 1)), (INT64_C(1) << (bits - 1)) - 1};
}

static bool in_type(Range r, LLVMValueRef v)
{
    Range t = type_range(LLVMGetIntTypeWidth(LLVMTypeOf(v)), true);
    return r.lo >= t.lo && r.hi <= t.hi && r.lo >= -LIMIT && r.hi <= LIMIT;
}

static bool range_of(LLVMValueRef v, int depth, Range *r);

static bool operand_ranges(LLVMValueRef v, int depth, Range *a, Range *b)
{
    return range_of(LLVMGetOperand(v, 0), depth + 1, a) && range_of(LLVMGetOperand(v, 1), depth + 1, b);
}

/* The range of an instruction's result from its operands' (see range_of). */
static bool instruction_range(LLVMValueRef v, int depth, Range *r)
{
    Range a, b;
    int64_t c;
    switch (LLVMGetInstructionOpcode(v)) {
    case LLVMSExt:
    case LLVMZExt: {
        LLVMValueRef x = LLVMGetOperand(v, 0);
        unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(x));
        bool zext = LLVMGetInstructionOpcode(v) == LLVMZExt;
        if (range_of(x, depth + 1, r) && (!zext || r->lo >= 0))
            return true;
        *r = type_range(zext && LLVMGetNNeg(v) ? bits - 1 : bits, !zext);
        return true;
    }
    case LLVMAnd:
        if (!constant_of(LLVMGetOperand(v, 1), &c) || c < 0)
            return false;
        *r = (Range){0, c};
        if (range_of(LLVMGetOperand(v, 0), depth + 1, &a) && a.lo >= 0 && a.hi < c)
            r->hi = a.hi;
        return true;
    case LLVMAdd:
        if (!operand_ranges(v, depth, &a, &b))
            return false;
        *r = (Range){a.lo + b.lo, a.hi + b.hi};
        return true;
    case LLVMSub:
        if (!operand_ranges(v, depth, &a, &b))
            return false;
        *r = (Range){a.lo - b.hi, a.hi - b.lo};
        return true;
    case LLVMMul:
        if (!operand_ranges(v, depth, &a, &b) || a.lo < 0 || b.lo < 0 || (a.hi > 0 && b.hi > LIMIT / a.hi))
            return false;
        *r = (Range){a.lo * b.lo, a.hi * b.hi};
        return true;
    case LLVMCall:
        return sreg_range(v, r);
    default:
        return false;
    }
}

/* The range of an integer value v of at most 64 bits, as signed values of its type, or false
 * where this pass derives none. Every range it gives lies in ±LIMIT. */
static bool range_of(LLVMValueRef v, int depth, Range *r)
{
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
        return false;
    int64_t c;
    bool known;
    if (constant_of(v, &c))
        *r = (Range){c, c}, known = true;
    else if (LLVMIsAArgument(v) && is_int31_param(v))
        *r = (Range){0, INT32_MAX}, known = true;
    else
        known = depth < MAX_DEPTH && LLVMIsAInstruction(v) && instruction_range(v, depth, r);
    Range assumed;
    if (!LLVMIsAConstant(v) && assumed_range(v, &assumed)) {
        *r = known ? (Range){r->lo > 0 ? r->lo : 0, r->hi < assumed.hi ? r->hi : assumed.hi} : assumed;
        known = true;
    }
    return known && in_type(*r, v);
}

static bool fits_int32(LLVMValueRef v)
{
    Range r;
    return range_of(v, 0, &r) && r.lo >= INT32_MIN && r.hi <= INT32_MAX;
}

static bool is_arithmetic(LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v))
        return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    return op == LLVMAdd || op == LLVMSub || op == LLVMMul;
}

/* The i64 value v, which fits int32, again as an i32, built at the builder's position: a sum,
 * difference or product of parts that fit too in i32 arithmetic, anything else truncated (which
 * instruction selection folds into what it truncates: trunc(zext x) is x). The truncated value
 * keeps its place: the code that uses it apart from the compare is left as it was. */
static LLVMValueRef rebuild_i32(CgModule *m, LLVMValueRef v)
{
    int64_t c;
    if (constant_of(v, &c))
        return LLVMConstInt(m->i32, (unsigned long long)c, 1);
    if (is_arithmetic(v) && fits_int32(LLVMGetOperand(v, 0)) && fits_int32(LLVMGetOperand(v, 1))) {
        LLVMOpcode op = LLVMGetInstructionOpcode(v);
        LLVMValueRef x = rebuild_i32(m, LLVMGetOperand(v, 0)), y = rebuild_i32(m, LLVMGetOperand(v, 1));
        return op == LLVMAdd ? LLVMBuildNSWAdd(m->b, x, y, "")
               : op == LLVMSub ? LLVMBuildNSWSub(m->b, x, y, "")
                               : LLVMBuildNSWMul(m->b, x, y, "");
    }
    return LLVMBuildTrunc(m->b, v, m->i32, "");
}

/* Only a compare with a sum, difference or product on a side: one of extended values alone
 * (`i < a.shape[0]`) ptxas already makes a 32-bit compare, and rewriting it only moves the
 * extensions, which measured slower (the transpose of bench/parity: 0.978x nvcc, 0.983x as is). */
static bool narrow_compare(CgModule *m, LLVMValueRef cmp)
{
    LLVMValueRef a = LLVMGetOperand(cmp, 0), b = LLVMGetOperand(cmp, 1);
    if (LLVMTypeOf(a) != m->i64 || !(is_arithmetic(a) || is_arithmetic(b)) || !fits_int32(a) || !fits_int32(b))
        return false;
    LLVMPositionBuilderBefore(m->b, cmp);
    LLVMValueRef narrow = LLVMBuildICmp(m->b, LLVMGetICmpPredicate(cmp), rebuild_i32(m, a), rebuild_i32(m, b), "");
    LLVMReplaceAllUsesWith(cmp, narrow);
    LLVMInstructionEraseFromParent(cmp);
    return true;
}

int cg_narrow_compares(CgModule *m)
{
    int narrowed = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
                next = LLVMGetNextInstruction(in);
                if (LLVMGetInstructionOpcode(in) == LLVMICmp && narrow_compare(m, in))
                    narrowed++;
            }
    return narrowed;
}
