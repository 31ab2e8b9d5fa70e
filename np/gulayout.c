/* gulayout.c — @guvectorize layouts: "(m,n),(n,p)->(m,p)" parsed into core dimensions, and
 * the check that a signature fits its layout (program.h, GuLayout).
 *
 * Each operand lists its core dimensions by name; a name stands for one size wherever it
 * appears. An input with no core dimensions "()" is a scalar parameter; an output with none is
 * a one-element array (the kernel writes res[0]), as Numba has it. */
#include <ctype.h>
#include <string.h>

#include "builder/program.h"

static int name_index(GuLayout *l, Arena *a, const char *s, int len)
{
    for (int i = 0; i < l->nnames; i++)
        if ((int)strlen(l->names[i]) == len && strncmp(l->names[i], s, (size_t)len) == 0)
            return i;
    if (l->nnames == GU_MAXNAMES)
        return -1;
    l->names[l->nnames] = arena_strndup(a, s, (size_t)len);
    return l->nnames++;
}

static void skip_space(const char **s)
{
    while (**s == ' ')
        (*s)++;
}

/* One "(a,b)" at *s into operand k; false with *why on a malformed one. */
static bool parse_operand(GuLayout *l, Arena *a, const char **s, int k, const char **why)
{
    skip_space(s);
    if (**s != '(')
        return *why = "expected '(' to open an operand's core dimensions", false;
    (*s)++;
    skip_space(s);
    while (**s != ')') {
        const char *start = *s;
        while (isalnum((unsigned char)**s) || **s == '_')
            (*s)++;
        if (*s == start || isdigit((unsigned char)*start))
            return *why = "core dimensions are names such as n or m", false;
        if (l->ncore[k] == GU_MAXCORE)
            return *why = "too many core dimensions in one operand", false;
        int d = name_index(l, a, start, (int)(*s - start));
        if (d < 0)
            return *why = "too many dimension names", false;
        l->dim[k][l->ncore[k]++] = d;
        skip_space(s);
        if (**s == ',') {
            (*s)++;
            skip_space(s);
        } else if (**s != ')') {
            return *why = "expected ',' or ')' in an operand's core dimensions", false;
        }
    }
    (*s)++;
    skip_space(s);
    return true;
}

/* Operands separated by commas until "->" or the end; counted into *count. */
static bool parse_operands(GuLayout *l, Arena *a, const char **s, int *count, const char **why)
{
    do {
        if (l->nin + l->nout == GU_MAXOPS)
            return *why = "too many operands", false;
        if (!parse_operand(l, a, s, l->nin + l->nout, why))
            return false;
        (*count)++;
    } while (**s == ',' && (*s)++);
    return true;
}

GuLayout *gu_layout_parse(Arena *a, const char *text, const char **why)
{
    GuLayout *l = arena_alloc(a, sizeof *l);
    memset(l, 0, sizeof *l);
    l->text = text;
    const char *s = text;
    if (!parse_operands(l, a, &s, &l->nin, why))
        return NULL;
    if (*s == '\0') /* "(n),(n)": no outputs, as Numba takes it: the kernel writes into its operands */
        return l;
    if (strncmp(s, "->", 2) != 0)
        return *why = "expected '->' between the inputs and the outputs", NULL;
    s += 2;
    if (!parse_operands(l, a, &s, &l->nout, why))
        return NULL;
    if (*s)
        return *why = "unexpected text after the outputs", NULL;
    return l;
}

bool gu_signature_fits(const GuLayout *l, const Type **params, int n, const Type *ret, const char **why)
{
    if (ret && ret->kind != TY_NONE)
        return *why = "a @guvectorize function returns nothing: its signature is void(...)", false;
    if (n != l->nin + l->nout)
        return *why = "the signature and the layout have different numbers of operands", false;
    for (int k = 0; k < n; k++) {
        const Type *t = params[k];
        bool output = k >= l->nin;
        /* "()": a scalar input, or (outputs always, inputs as Numba allows) a one-element array */
        int want = l->ncore[k] == 0 && (output || t->kind == TY_ARRAY) ? 1 : l->ncore[k];
        if (want == 0 && !ty_is_scalar(t))
            return *why = "an input with layout () is a scalar or a one-element array in the signature", false;
        if (want > 0 && (t->kind != TY_ARRAY || t->ndim != want))
            return *why = l->ncore[k] == 0
                              ? "an operand with layout () is a one-element array in the signature (float64[:])"
                              : "an array's dimensions in the signature differ from its core dimensions in the layout",
                   false;
    }
    return true;
}
