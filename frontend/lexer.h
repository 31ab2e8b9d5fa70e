/* lexer.h — tokens of the Python subset (generated from lexer.re by re2c).
 *
 * lex_source turns a whole file into a token array: NEWLINE ends each logical line,
 * INDENT/DEDENT bracket blocks, newlines inside (), [], {} and after a backslash are
 * joined, comments and blank lines vanish. Errors (bad characters, inconsistent
 * dedent, unterminated strings, malformed numbers) go to the Diag and lexing goes on. */
#ifndef JITC_LEXER_H
#define JITC_LEXER_H

#include <stdint.h>

#include "diag.h"

typedef enum {
    TK_EOF, TK_NEWLINE, TK_INDENT, TK_DEDENT,
    TK_NAME, TK_INT, TK_FLOAT, TK_IMAG, TK_STRING,
    /* keywords */
    TK_AND, TK_AS, TK_ASSERT, TK_BREAK, TK_CLASS, TK_CONTINUE, TK_DEF, TK_DEL, TK_ELIF,
    TK_ELSE, TK_EXCEPT, TK_FALSE, TK_FINALLY, TK_FOR, TK_FROM, TK_GLOBAL, TK_IF, TK_IMPORT,
    TK_IN, TK_IS, TK_LAMBDA, TK_NONE, TK_NONLOCAL, TK_NOT, TK_OR, TK_PASS, TK_RAISE,
    TK_RETURN, TK_TRUE, TK_TRY, TK_WHILE, TK_WITH, TK_YIELD, TK_ASYNC, TK_AWAIT,
    /* punctuation and operators */
    TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE, TK_RBRACE,
    TK_COMMA, TK_COLON, TK_DOT, TK_SEMI, TK_AT, TK_ARROW, TK_ASSIGN,
    TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_DSLASH, TK_PERCENT, TK_DSTAR,
    TK_LSHIFT, TK_RSHIFT, TK_AMP, TK_PIPE, TK_CARET, TK_TILDE,
    TK_LT, TK_GT, TK_LE, TK_GE, TK_EQ, TK_NE,
    TK_PLUSEQ, TK_MINUSEQ, TK_STAREQ, TK_SLASHEQ, TK_DSLASHEQ, TK_PERCENTEQ, TK_DSTAREQ,
    TK_LSHIFTEQ, TK_RSHIFTEQ, TK_AMPEQ, TK_PIPEEQ, TK_CARETEQ, TK_ATEQ, TK_WALRUS,
    TK_COUNT_
} TokKind;

/* One part of an f-string: its literal text (decoded), or the source text of an expression in
 * braces (expr) with its conversion ('r', 's', 'a', or 0) and its format spec (NULL: none), at loc. */
typedef struct FStrPart {
    const char *text;
    bool expr;
    char conv;
    const char *spec;
    SrcLoc loc;
} FStrPart;

typedef struct Token {
    TokKind kind;
    SrcLoc loc;
    const char *text; /* points into the source */
    int len;
    int64_t ival;     /* TK_INT */
    double fval;      /* TK_FLOAT; TK_IMAG: the imaginary part */
    const char *str;  /* TK_STRING: decoded contents; TK_NAME: the name; NUL-terminated (arena) */
    FStrPart *fparts; /* TK_STRING of an f-string: its parts (str its body as text), else NULL */
    int nfparts;
} Token;

typedef struct TokenList {
    Token *toks;
    int n, cap;
} TokenList;

/* Tokenizes file->text into out (allocated in a). Always ends with NEWLINE?, DEDENTs, EOF. */
void lex_source(Arena *a, Diag *d, const SrcFile *file, TokenList *out);
const char *lex_token_name(TokKind k); /* "'('", "name", "end of line", ... for messages */

#endif
