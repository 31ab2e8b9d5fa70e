/* ast.h — the syntax tree of a .krn module, as the parser builds it.
 *
 * Every node carries its SrcLoc. Nodes live in the module's arena and are never
 * mutated after parsing: type inference and IR construction read them and keep
 * their own tables (one typing per specialization). */
#ifndef JITC_AST_H
#define JITC_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"

typedef enum {
    /* binary arithmetic */
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW, OP_MATMUL,
    OP_LSHIFT, OP_RSHIFT, OP_BITAND, OP_BITOR, OP_BITXOR,
    /* unary */
    OP_NEG, OP_POS, OP_INVERT, OP_NOT,
    /* comparison */
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IS, OP_ISNOT, OP_IN, OP_NOTIN,
    /* boolean */
    OP_AND, OP_OR,
    OP_COUNT_
} AstOp;

const char *ast_op_text(AstOp op); /* "+", "//", "not in", ... */

typedef enum {
    EX_NAME,      /* name */
    EX_INT,       /* ival (literal that does not fit int64 is a parse error) */
    EX_FLOAT,     /* fval */
    EX_IMAG,      /* fval: the imaginary literal fval j (a complex128 0 + fval j) */
    EX_STR,       /* str (decoded, NUL-terminated) */
    EX_BOOL,      /* bval: True / False */
    EX_NONE,      /* None */
    EX_ELLIPSIS,  /* ... (Ellipsis), as an index: the axes not otherwise indexed */
    EX_BINOP,     /* binop: lhs op rhs, arithmetic and bitwise */
    EX_UNARY,     /* unary: op operand; OP_NEG, OP_POS, OP_INVERT, OP_NOT */
    EX_BOOLOP,    /* binop with op OP_AND / OP_OR (short-circuit), left-associative */
    EX_COMPARE,   /* compare: operands[0] ops[0] operands[1] ops[1] ... (chained) */
    EX_IFEXP,     /* ifexp: then if cond else els */
    EX_CALL,      /* call: func(args..., name=value...) */
    EX_ATTR,      /* attr: value.name */
    EX_SUBSCRIPT, /* subscript: value[index]; a[i, j] has an EX_TUPLE index */
    EX_TUPLE,     /* seq: (a, b) or a, b */
    EX_LIST,      /* seq: [a, b] */
    EX_DICT,      /* seq: {k: v, ...} in a function, its items (k, v) EX_TUPLEs; {} is one */
    EX_SET,       /* seq: {a, b} in a function */
    EX_FSTRING,   /* seq: an f-string's parts, f"a{x!r}b" */
    EX_SLICE,     /* slice: lo:hi:step inside a subscript; absent parts are NULL */
    EX_LAMBDA,    /* lambda: params: body; in functions (build_closure.c) and module-level assignments (cuda.reduce) */
    EX_LISTCOMP,  /* comp: [elt for targets[0] in iters[0] if conds[0] for targets[1] ...], or a dict
                     comprehension {elt: value for ...} (value not NULL); conds[k]
                     joins clause k's `if`s with `and` (NULL without one) */
} ExprKind;

typedef struct Expr Expr;
typedef struct Param Param;

typedef struct Keyword {
    const char *name;
    Expr *value;
    SrcLoc loc;
} Keyword;

struct Expr {
    ExprKind kind;
    SrcLoc loc;
    union {
        const char *name;
        int64_t ival;
        double fval;
        const char *str;
        bool bval;
        struct { AstOp op; Expr *lhs, *rhs; } binop;
        struct { AstOp op; Expr *operand; } unary;
        struct { AstOp *ops; Expr **operands; int n; } compare; /* n operands, n-1 ops */
        struct { Expr *cond, *then, *els; } ifexp;
        struct { Expr *func; Expr **args; int nargs; Keyword *kws; int nkws;
                 Expr *star; int star_at; /* f(a, *t, b): the tuple unpacked before args[star_at], or NULL */ } call;
        struct { Expr *value; const char *name; } attr;
        /* in_bounds: set by the stencil builder where every index is proven within the array's
         * bounds, so the element is addressed without wraparound or bounds check */
        struct { Expr *value, *index; bool in_bounds; } subscript;
        /* dict: a dict display's (key, value) tuples; EX_FSTRING: part i is literal text (an EX_STR,
         * conv[i] 0) or an expression with its conversion conv[i] ('s', 'r', 'a') and spec[i] (NULL: none) */
        struct { Expr **items; int n; bool dict; const char *conv; const char **spec; } seq;
        struct { Expr *lo, *hi, *step; } slice;
        struct { Param *params; int nparams; Expr *body; } lambda;
        struct { Expr *elt, *value; Expr **targets, **iters, **conds; int n; } comp; /* value: a dict comprehension's (elt its key) */
    };
};

typedef enum {
    ST_EXPR,       /* expr */
    ST_ASSIGN,     /* assign: t1 = t2 = value (targets may be names, subscripts, tuples) */
    ST_AUGASSIGN,  /* augassign: target op= value */
    ST_IF,         /* if_: cond, body, orelse (elif is a nested ST_IF alone in orelse) */
    ST_WHILE,      /* while_: cond, body, orelse (runs when the loop ends without break) */
    ST_FOR,        /* for_: target in iter: body, orelse (runs when the loop ends without break) */
    ST_BREAK,
    ST_CONTINUE,
    ST_RETURN,     /* ret: value, NULL for a bare return */
    ST_PASS,
    ST_RAISE,      /* raise_: exc (NULL for a bare `raise`) */
    ST_ASSERT,     /* assert_: cond, msg (NULL when none) */
    ST_TRY,        /* try_: body, handlers, orelse, finalbody (see ExceptClause) */
    ST_DEF,        /* def: a function defined inside a function (build_closure.c) */
    ST_DEL,        /* expr: `del` of one target, or of a tuple of them (cpython/build_list.c) */
    ST_OBJMODE,    /* objmode: `with objmode(y='float64'):` and a block of Python the interpreter runs
                      (builder/build_objmode.c); the block is not parsed, only the names it reads */
} StmtKind;

/* One `except [type [as name]]:` clause of a try statement. */
typedef struct ExceptClause {
    SrcLoc loc;
    struct Expr *type;  /* NULL for a bare except */
    const char *name;   /* `as name`, NULL when none */
    SrcLoc name_loc;
    struct Block *body;
} ExceptClause;

typedef struct Stmt Stmt;
struct FuncDef;

typedef struct Block {
    Stmt **items;
    int n;
} Block;

struct Stmt {
    StmtKind kind;
    SrcLoc loc;
    union {
        Expr *expr;
        struct { Expr **targets; int ntargets; Expr *value; } assign;
        struct { Expr *target; AstOp op; Expr *value; } augassign;
        struct { Expr *cond; Block body, orelse; } if_;
        struct { Expr *cond; Block body, orelse; } while_;
        struct { Expr *target, *iter; Block body, orelse; } for_;
        Expr *ret;
        struct { Expr *exc; } raise_;
        struct { Expr *cond, *msg; } assert_;
        struct { Block body, orelse, finalbody; ExceptClause *handlers; int nhandlers, caphandlers; bool has_finally; } try_;
        struct FuncDef *def;
        struct { Keyword *outputs; int noutputs; /* y='float64': the variables it sets, their types */
                 const char **reads; int nreads; /* the names the block reads, once each, in order */
                 int last_line; } objmode;     /* the block's last line */
    };
};

struct Param {
    const char *name;
    SrcLoc loc;
    Expr *default_value; /* NULL when none */
    bool star;           /* *args: the extra positional arguments, as a tuple */
    bool keyword_only;   /* after a bare '*': passed by keyword only */
    bool dstar;          /* **kwargs: parsed for the Python jitc reads (a decorator factory), never compiled */
};

/* A top-level `def`, with its decorators in source order. */
typedef struct FuncDef {
    const char *name;
    SrcLoc loc;                 /* of the name */
    Param *params;
    int nparams;
    Expr **decorators;          /* each an expression: njit, cuda.jit, vectorize([...]) */
    int ndecorators;
    Block body;
    const char *source_text;    /* the def's text (decorators included), for hashing */
    int source_len;
} FuncDef;

/* `import a.b as c` (nnames == 1, module "a.b", names[0] NULL, asnames[0] "c" or NULL)
 * or `from a.b import x as y, z` (names/asnames per imported name). */
typedef struct Import {
    SrcLoc loc;
    const char *module;
    bool is_from;
    const char **names;
    const char **asnames;
    SrcLoc *name_locs;
    int nnames;
} Import;

/* A module-level assignment such as `TPB = 16`: a constant for the kernels. */
typedef struct GlobalDef {
    const char *name;
    SrcLoc loc;
    Expr *value;
    /* `NAME op= x`: value is `PREV op x`, where previous (a name no source can spell) stands
     * for NAME's binding before this statement; NULL for a plain assignment */
    const char *previous;
} GlobalDef;

typedef enum { TOP_IMPORT, TOP_GLOBAL, TOP_FUNC, TOP_IF } TopKind;

struct TopIf;

typedef struct TopItem {
    TopKind kind;
    union { Import *import; GlobalDef *global; FuncDef *func; struct TopIf *if_; };
} TopItem;

/* A module-level `if COND: ... else: ...` of module items (an `elif` is an `if` alone in the
 * else); which branch counts is decided when the module is resolved (builder/program.c). */
typedef struct TopIf {
    Expr *cond;
    SrcLoc loc;
    TopItem *body, *orelse;
    int nbody, norelse;
} TopIf;

/* A top-level statement of a Python file that jitc skips (frontend/skip.c): what it is
 * ("function", "class", "main block", "statement", ...), the name it defines, why. */
typedef struct SkippedItem {
    const char *kind, *name, *why;
    const char *note; /* what a use in compiled code is told ("classes are not supported by jitc"), or NULL */
    const char *base; /* a class's first base (the last part of a dotted name), else NULL */
    const char **fields; /* a class's annotated fields in order (`x: float`: a NamedTuple's) */
    const char **defaults; /* each field's default as written (`x: float = 0.0`: "0.0"), or NULL */
    int nfields;
    SrcLoc loc;
} SkippedItem;

typedef struct SkippedList {
    SkippedItem *items;
    int n, cap;
} SkippedList;

typedef struct Module {
    const SrcFile *file;
    TopItem *items; /* in source order */
    int nitems;
    SkippedList skipped; /* parse_python_module's */
} Module;

/* Dumps the tree as S-expressions, one stable text used by the parser's golden tests. */
/* A call's argument given by position pos or by keyword name; NULL if absent. */
const Expr *ast_call_arg(const Expr *call, int pos, const char *name);
char *ast_dump_module(Arena *a, const Module *m);
char *ast_dump_expr(Arena *a, const Expr *e);

#endif
