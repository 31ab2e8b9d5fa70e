/* library.c — libraries written in krn that jitc compiles into the programs that use them:
 * builtins.krn (round(x, ndigits) as Numba computes it; build_call.c calls it), cmath.krn
 * (complex power and the cmath module, Numba's algorithms; build_complex.c calls it),
 * random.krn (numba.cuda.random's device functions; random.c binds the imported names),
 * numpy.krn (NumPy's sorting, searching and statistics functions, Numba's algorithms;
 * build_numpy.c binds np.NAME and the array methods to them) and
 * nprandom.krn (np.random and Python's random module on the host; build_nprandom.c binds them),
 * lists.krn (the list methods and builtins over lists beyond the primitives; build_list.c),
 * dicts.krn (the dict and set methods beyond the primitives; build_dict.c).
 *
 * Each library's text is embedded at build time ($(BUILD)/gen/NAME_krn.h). The first time a
 * program needs one, it is parsed and loaded into the program (prog_load_library): its globals
 * are named "NAME.x", which the module's own code cannot write, and its functions are then
 * specialized and compiled as any @jit function the user wrote, on the GPU as device functions.
 * A problem in a library's text is jitc's own; it is reported where the library was needed. */
#include "program.h"

#include <string.h>

#include "frontend/parser.h"

static const char BUILTINS_KRN[] =
#include "builtins_krn.h"
    ;
static const char CMATH_KRN[] =
#include "cmath_krn.h"
    ;
static const char RANDOM_KRN[] =
#include "random_krn.h"
    ;
static const char NUMPY_KRN[] =
#include "numpy_krn.h"
    ;
static const char NPRANDOM_KRN[] =
#include "nprandom_krn.h"
    ;
static const char LISTS_KRN[] =
#include "lists_krn.h"
    ;
static const char DICTS_KRN[] =
#include "dicts_krn.h"
    ;

static const struct {
    const char *name, *file, *text;
    size_t len;
} LIBRARIES[] = {
    {"builtins", "builtins", BUILTINS_KRN, sizeof BUILTINS_KRN - 1},
    {"cmath", "cmath", CMATH_KRN, sizeof CMATH_KRN - 1},
    {"random", "numba.cuda.random", RANDOM_KRN, sizeof RANDOM_KRN - 1},
    {"numpy", "jitc/numpy.krn", NUMPY_KRN, sizeof NUMPY_KRN - 1},
    {"nprandom", "numpy.random", NPRANDOM_KRN, sizeof NPRANDOM_KRN - 1},
    {"lists", "jitc/lists.krn", LISTS_KRN, sizeof LISTS_KRN - 1}, /* build_list.c */
    {"dicts", "jitc/dicts.krn", DICTS_KRN, sizeof DICTS_KRN - 1}, /* build_dict.c */
};

/* Loads library `lib` (LIBRARIES' index) into p unless it is there: whether it loaded cleanly. */
static bool load(Program *p, int lib, SrcLoc where)
{
    for (int i = 0; i < p->nlibraries_loaded; i++)
        if (p->libraries_loaded[i] == lib)
            return true;
    ARR_PUSH(p->arena, p->libraries_loaded, p->nlibraries_loaded, p->caplibraries_loaded, lib);
    SrcFile *file = arena_alloc(p->arena, sizeof *file);
    *file = (SrcFile){.name = LIBRARIES[lib].file, .text = LIBRARIES[lib].text, .len = (int)LIBRARIES[lib].len};
    int errors = p->diag->errors;
    const Module *m = parse_module(p->arena, p->diag, file);
    if (p->diag->errors == errors)
        prog_load_library(p, m, LIBRARIES[lib].name);
    if (p->diag->errors == errors)
        return true;
    diag_note(p->diag, where, "in jitc's %s library, loaded here", LIBRARIES[lib].file);
    return false;
}

const Global *prog_library_function(Program *p, const char *library, const char *name, SrcLoc where)
{
    for (int lib = 0; lib < (int)(sizeof LIBRARIES / sizeof LIBRARIES[0]); lib++) {
        if (strcmp(LIBRARIES[lib].name, library) != 0)
            continue;
        if (!load(p, lib, where))
            return NULL;
        const Global *g = prog_global(p, arena_printf(p->arena, "%s.%s", library, name));
        return g && g->kind == G_FUNC ? g : NULL;
    }
    return NULL;
}
