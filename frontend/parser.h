/* parser.h — recursive descent from tokens to the AST (ast.h).
 *
 * Errors are located diagnostics; the parser resynchronises at the next line so one
 * run reports several. Constructs outside the krn subset (class, lambda, with, try,
 * yield, nested def, ...) are reported as "'X' is not supported in krn" at their keyword. */
#ifndef JITC_PARSER_H
#define JITC_PARSER_H

#include "ast.h"

/* Parses a whole module. Never NULL; check d->errors. */
Module *parse_module(Arena *a, Diag *d, const SrcFile *file);

/* Parses a whole Python file: the top-level statements jitc does not compile (undecorated
 * helpers, classes, the main block, ...) are skipped and listed in m->skipped (skip.c). */
Module *parse_python_module(Arena *a, Diag *d, const SrcFile *file);

/* Parses one expression from a string literal's contents (a signature such as
 * "float64(float64[:], int64)"). `at` is where the string literal sits in the source:
 * errors inside it are reported there. Returns NULL after reporting an error. */
Expr *parse_expr_string(Arena *a, Diag *d, const char *text, SrcLoc at);

#endif
