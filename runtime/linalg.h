/* linalg.h — the operations of jitc_rt_linalg (linalg.c; rtabi.def declares the function): the
 * code compiled code passes as its first argument. ir/ir.h's IrLinalg lists the same operations
 * in the same order (codegen/linalg.c checks). */
#ifndef JITC_LINALG_H
#define JITC_LINALG_H

#include "rt.h"

typedef enum {
    RT_LA_DOT,       /* np.dot, @, a.dot: (a, b) 1-d or 2-d each -> a scalar or a new array */
    RT_LA_VDOT,      /* np.vdot: two 1-d -> a scalar */
    RT_LA_OUTER,     /* np.outer: (a, b) -> (a.size, b.size) */
    RT_LA_NORM,      /* np.linalg.norm(x, ord): param is ord */
    RT_LA_NORM_NONE, /* np.linalg.norm(x) (ord None) */
    RT_LA_SOLVE,     /* (a, b) -> x */
    RT_LA_INV,       /* (a) -> inverse */
    RT_LA_DET,       /* (a) -> a scalar */
    RT_LA_LSTSQ,     /* (a, b) -> (x, residues, rank: a scalar, sv); param is rcond */
    RT_LA_EIGH,      /* (a) -> (w, v) */
    RT_LA_SVD,       /* (a) -> (u, s, vh); param nonzero: full_matrices */
    RT_LA_CHOLESKY,  /* (a) -> L */
    RT_LA_QR,        /* (a) -> (q, r) reduced */
    RT_LA_SLOGDET,   /* (a) -> (sign, logdet): two scalars */
    RT_LA_EIGVALSH,  /* (a) -> w */
    RT_LA_EIG,       /* (a) -> (w, v), real eigenvalues only */
    RT_LA_EIGVALS,   /* (a) -> w, real eigenvalues only */
} RtLinalgOp;

/* The operands' dtype, jitc_rt_linalg's second argument. */
typedef enum { RT_LA_FLOAT32, RT_LA_FLOAT64, RT_LA_COMPLEX64, RT_LA_COMPLEX128 } RtLinalgDtype;

#endif
