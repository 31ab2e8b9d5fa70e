/* objmode.c — running `with objmode(...)` blocks (builder/build_objmode.c, codegen/objmode.c).
 *
 * Compiled code calls the runtime's jitc_rt_objmode with the block's IrObjmode, its inputs in
 * result slots and the memory its outputs go to; the runtime calls run_block here, which
 *
 *   reads the inputs as jitc_values (nested.c, as jitc_call reads results: arrays as
 *     DLManagedTensors over compiled code's memory),
 *   calls the context's jitc_options.objmode with them,
 *   writes the outputs in their in-memory form, converted to the declared types as Numba unboxes
 *     them: numbers cast, strings copied into new JitcStrs, arrays checked (dtype, rank, layout)
 *     and wrapped in a JitcMem that owns what the embedder handed over (its owner).
 *
 * A failure raises in compiled code: the embedder's "Class: message" (the class by name among
 * the runtime's exceptions, else Exception), or a TypeError for an output of the wrong kind. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/arrays.h"
#include "runtime/dltensor.h"
#include "runtime/rt.h"
#include "runtime/str.h"

/* The message outlives run_block: compiled code reads it while it unwinds. One per thread. */
static _Thread_local char message[768];

/* Raises "Class: text" (the class's code by its name, ir_exc_by_name: a class compiled code may
 * raise, else Exception) at where; returns 1 for run_block. */
static int32_t raise_text(JitcErr *err, const char *where, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int32_t raise_text(JitcErr *err, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(message, ":"), message);
    IrExc code = ir_exc_by_name(name);
    err->code = code == EXC_NONE ? RT_EXC_EXCEPTION : (int32_t)code;
    err->where = where;
    err->message = message;
    return 1;
}

static bool is_number(jitc_kind k) { return (k >= JITC_BOOL && k <= JITC_FLOAT64) || k == JITC_COMPLEX64 || k == JITC_COMPLEX128; }

/* Whether tensor d is laid out as the array type t says ('C': C-contiguous, 'F': Fortran). */
static bool layout_fits(const DLTensor *d, const Type *t)
{
    return t->layout == 'C' ? dl_is_c_contiguous(d) : t->layout == 'F' ? dl_is_f_contiguous(d) : true;
}

static void drop_written(char *out, const Type *t, int written);

/* An array output: the tensor must have t's dtype and rank (and layout); its memory is held by a
 * new JitcMem that takes over v's owner. */
static const char *put_array(char *slot, jitc_value *v, const Type *t)
{
    if (v->kind != JITC_ARRAY || !v->array)
        return "an array";
    const DLTensor *d = v->array;
    if (drv_dtype_type(d->dtype) != t->dtype || d->ndim != t->ndim || !layout_fits(d, t))
        return "an array of this dtype, rank and layout";
    JitcMem *mem = malloc(sizeof *mem);
    if (!mem)
        return "memory";
    *mem = (JitcMem){.refs = 1, .data = (char *)d->data + d->byte_offset, .owner = v->owner};
    v->owner = NULL;
    drv_fill_array_item(slot, d);
    memcpy(slot + 8 + 16 * t->ndim, &mem, sizeof mem);
    return NULL;
}

/* Writes output value v of declared type t at slot, in its in-memory form; NULL, or what v
 * should have been. */
static const char *put_value(char *slot, jitc_value *v, const Type *t)
{
    if (t->kind == TY_ARRAY)
        return put_array(slot, v, t);
    if (t->kind == TY_STR) {
        if (v->kind != JITC_STR || !v->str)
            return "a str";
        JitcErr err = {0};
        size_t n = strlen(v->str);
        JitcStr *s = rt_str_from(v->str, n, drv_utf8_code_points(v->str), "", &err);
        memcpy(slot, &s, sizeof s);
        return s ? NULL : "memory";
    }
    if (t->kind == TY_TUPLE) {
        if (v->kind != JITC_TUPLE || v->nitems != t->n)
            return "a tuple of this length";
        int64_t offsets[JITC_MAX_ARGS];
        drv_mem_size(t, offsets);
        for (int k = 0; k < t->n; k++) {
            const char *want = put_value(slot + offsets[k], &v->items[k], t->elems[k]);
            if (want) {
                drop_written(slot, t, k);
                return want;
            }
        }
        return NULL;
    }
    if (!is_number(v->kind) || ((v->kind == JITC_COMPLEX64 || v->kind == JITC_COMPLEX128) && !ty_is_complex(t)))
        return ty_is_complex(t) ? "a number" : "a real number";
    uint64_t tmp[2] = {0};
    drv_fill_slot(tmp, v, t);
    memcpy(slot, tmp, (size_t)ty_size(t));
    return NULL;
}

/* Drops what the first `written` items of the tuple of type t at out hold (arrays' JitcMems,
 * strings), after a failure. */
static void drop_written(char *out, const Type *t, int written)
{
    int64_t offsets[JITC_MAX_ARGS];
    drv_mem_size(t, offsets);
    for (int k = 0; k < written; k++) {
        const Type *e = t->elems[k];
        char *slot = out + offsets[k];
        if (e->kind == TY_ARRAY) {
            JitcMem *mem;
            memcpy(&mem, slot + 8 + 16 * e->ndim, sizeof mem);
            jitc_rt_free(mem);
        } else if (e->kind == TY_STR) {
            JitcStr *s;
            memcpy(&s, slot, sizeof s);
            rt_str_release(s);
        } else if (e->kind == TY_TUPLE) {
            drop_written(slot, e, e->n);
        }
    }
}

/* Releases the arrays of an output that no JitcMem took over. */
static void drop_owners(jitc_value *v)
{
    if (v->owner)
        v->owner->deleter(v->owner);
    v->owner = NULL;
    for (int64_t k = 0; v->kind == JITC_TUPLE && v->items && k < v->nitems; k++)
        drop_owners(&v->items[k]);
}

/* The block's inputs from their slots; false when memory ran out (what was read is in values). */
static bool read_inputs(const IrObjmode *om, const uint64_t *in, jitc_value *values)
{
    bool whole = true;
    for (int k = 0, at = 0; k < om->in->n; at += cg_result_slots(om->in->elems[k]), k++)
        whole &= drv_read_value(in + 2 * at, om->in->elems[k], &values[k]);
    return whole;
}

static jitc_objmode_block describe(const IrObjmode *om, jitc_module *mod)
{
    return (jitc_objmode_block){
        .module = mod, .function = om->function, .file = mod->file.name, .line = om->loc.line, .column = om->loc.col,
        .last_line = om->last_line, .ninputs = om->in->n, .input_names = om->inputs,
        .noutputs = om->out->n, .output_names = om->outputs, .output_types = om->output_types,
    };
}

/* The outputs into out; 0, or 1 with the exception raised. */
static int32_t write_outputs(const IrObjmode *om, jitc_value *outputs, char *out, const char *where, JitcErr *err)
{
    int64_t offsets[JITC_MAX_ARGS];
    drv_mem_size(om->out, offsets);
    for (int k = 0; k < om->out->n; k++) {
        const char *want = put_value(out + offsets[k], &outputs[k], om->out->elems[k]);
        if (!want)
            continue;
        drop_written(out, om->out, k);
        if (strcmp(want, "memory") == 0)
            return raise_text(err, where, "MemoryError: objmode output '%s'", om->outputs[k]);
        return raise_text(err, where, "TypeError: objmode output '%s' is declared %s: the block set it to something "
                          "other than %s", om->outputs[k], om->output_types[k], want);
    }
    return 0;
}

static int32_t run_block(void *block, void *in, void *out, const char *where, JitcErr *err)
{
    const IrObjmode *om = block;
    jitc_module *mod = (jitc_module *)om->host;
    const jitc_options *o = &mod->ctx->opts;
    jitc_value inputs[JITC_MAX_ARGS] = {{0}}, outputs[JITC_MAX_ARGS] = {{0}};
    int32_t status = 0;
    if (!read_inputs(om, in, inputs)) {
        status = raise_text(err, where, "MemoryError: the inputs of a 'with objmode' block");
    } else {
        jitc_objmode_block desc = describe(om, mod);
        char error[512] = "";
        if (!o->objmode(o->objmode_ud, &desc, inputs, outputs, error, sizeof error))
            status = raise_text(err, where, "%s", error[0] ? error : "Exception: the 'with objmode' block failed");
        else
            status = write_outputs(om, outputs, out, where, err);
    }
    for (int k = 0; k < om->in->n; k++)
        drv_release_value(&inputs[k]);
    for (int k = 0; k < om->out->n; k++)
        drop_owners(&outputs[k]);
    return status;
}

void drv_objmode_enable(void) { rt_set_objmode_hook(run_block); }

static bool has_block(const Spec *s)
{
    for (int b = 0; b < s->ir->nblocks; b++)
        for (int i = 0; i < s->ir->blocks[b]->n; i++)
            if (s->ir->blocks[b]->instrs[i].op == IR_OBJMODE)
                return true;
    return false;
}

bool drv_spec_has_objmode(jitc_module *mod, Spec *s)
{
    if (!mod->prog->host)
        return false;
    Arena *a = arena_scratch(&mod->ctx->heap);
    SpecList specs = {0};
    drv_reachable(mod, s, false, a, &specs);
    bool found = false;
    for (int i = 0; i < specs.n && !found; i++)
        found = has_block(specs.items[i]);
    arena_free(a);
    return found;
}
