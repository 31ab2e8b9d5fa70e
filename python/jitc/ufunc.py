"""@vectorize and @guvectorize, as Numba's DUFunc and GUFunc.

A @vectorize function becomes a real NumPy ufunc whose loops are jitc's compiled inner loops
(jitc._jitc.make_ufunc), so NumPy does the rest as for Numba's: broadcasting, out=, casting,
reduce, accumulate, reduceat, outer, at. With signatures the loops are compiled when the function
is decorated; without, a loop is compiled for each new combination of input types a call needs
(NumPy's own loop choice first, as Numba's DUFunc). target="parallel" and target="cuda" calls,
and @guvectorize gufuncs, go through jitc's ufunc driver, which broadcasts, casts and writes the
outputs in place."""
import functools

import numpy as np

from . import _jitc, errors
from . import types as jt
from . import source
from .dispatcher import check_options, option_text, signature_list, source_lines

UFUNC_OPTIONS = frozenset(["target", "identity", "cache", "nopython", "forceobj", "nogil", "fastmath", "boundscheck",
                           "writable_args", "locals", "looplift", "debug", "no_rewrites", "_nrt", "error_model"])
NO_EFFECT = frozenset(["nopython", "nogil", "looplift", "debug", "no_rewrites", "_nrt", "identity", "writable_args"])

_TYPE_NAMES = {t.name: t for t in (jt.int8, jt.int16, jt.int32, jt.int64, jt.uint8, jt.uint16, jt.uint32, jt.uint64,
                                   jt.float16, jt.float32, jt.float64, jt.complex64, jt.complex128)}
_TYPE_NAMES["bool"] = _TYPE_NAMES["boolean"] = jt.boolean


def _dtype_num(name):
    """The NumPy type number of a scalar type's signature name ("float64")."""
    t = _TYPE_NAMES.get(name)
    if t is None:
        raise errors.TypingError("a ufunc loop takes and returns scalars, not %s" % name)
    return np.dtype(t.name).num


def _split_signature(text):
    """("float64", ["float64", "int64"]) from "float64(float64, int64)"."""
    ret, _, args = text.partition("(")
    return ret.strip(), [a.strip() for a in args[:-1].split(",") if a.strip()]


def _no_loop(e):
    """Whether NumPy's TypeError says that no loop of the ufunc takes the inputs."""
    text = str(e)
    return "did not contain a loop" in text or "not supported for the input types" in text


def _input_type_name(x):
    """The scalar type a loop gets for an input, by Numba's typeof (Python scalars are int64,
    float64, complex128 or bool)."""
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int64"
    if isinstance(x, float):
        return "float64"
    if isinstance(x, complex):
        return "complex128"
    name = np.asarray(x).dtype.name
    return "boolean" if name == "bool" else name


class _UfuncBase:
    _kind = "vectorize"

    def __init__(self, py_func, sigs, options):
        self.py_func = py_func
        self.targetoptions = dict(options)
        self._sigs = signature_list(sigs)
        self._target = None
        self._notes = []
        functools.update_wrapper(self, py_func)

    def __reduce__(self):
        return (_rebuild, (type(self), self.py_func, self._sigs, self._rebuild_options(), source_lines(self.py_func)))

    def _rebuild_options(self):
        return self.targetoptions

    def _decorator_args(self):
        return ["[%s]" % ", ".join(map(repr, self._sigs))] if self._sigs else []

    def _decorator_text(self):
        opts = [option_text(k, v) for k, v in sorted(self.targetoptions.items()) if k not in NO_EFFECT]
        return "@_jitc_nb.%s(%s)" % (self._kind, ", ".join(self._decorator_args() + opts))

    def _compile_target(self):
        from .dispatcher import Dispatcher

        Dispatcher._compile_target(self)  # the same reading of the source: jitc/source.py

    def _with_notes(self, message):
        return message + "".join("\nnote: %s" % n for n in self._notes)

    @property
    def target(self):
        return self.targetoptions.get("target", "cpu")


class DUFunc(_UfuncBase):
    """A @vectorize function: a NumPy ufunc over jitc's loops."""

    def __init__(self, py_func, sigs=(), options=None, identity=None):
        super().__init__(py_func, sigs, dict(options or {}))
        self.identity_value = identity
        self._ufunc = None
        self._full_sigs = []
        self._dynamic = not self._sigs
        if self._sigs:
            self._compile_target()
            self._add_loops(self._sigs)

    def _rebuild_options(self):
        return dict(self.targetoptions, identity=self.identity_value)

    def __repr__(self):
        return "<jitc DUFunc '%s'>" % self.__name__

    def _add_loops(self, sigs):
        try:
            full = [self._target.signature(s) for s in sigs]
        except errors.NumbaError as e:
            raise type(e)(self._with_notes(str(e))) from None
        for f in full:
            if f not in self._full_sigs:
                self._full_sigs.append(f)
        if self.target != "cpu":  # jitc's driver runs the loops (threads, the GPU)
            return
        codes, nin = [], None
        for f in self._full_sigs:
            ret, args = _split_signature(f)
            codes.append([_dtype_num(a) for a in args] + [_dtype_num(ret)])
            nin = len(args)
        identity = self.identity_value
        if identity == "reorderable":
            identity = "reorderable"
        elif identity is not None and identity not in (0, 1):
            raise ValueError("identity is 0, 1, 'reorderable' or None, not %r" % (identity,))
        self._ufunc = _jitc.make_ufunc(self._target, self.__name__, self.__doc__ or "", self._full_sigs, codes, nin,
                                       1, identity)

    def _loop_for(self, args):
        """Compiles the loop a dynamic ufunc needs for these inputs."""
        self._compile_target()
        self._add_loops(["(%s)" % "".join(_input_type_name(a) + ", " for a in args)])

    def __call__(self, *args, **kwargs):
        if self.target != "cpu":
            return self._apply(args, kwargs)
        if self._ufunc is None:
            self._loop_for(args)
            return self._ufunc(*args, **kwargs)
        try:
            return self._ufunc(*args, **kwargs)
        except TypeError as e:
            if not (self._dynamic and _no_loop(e)):
                raise
        nin = self._ufunc.nin
        self._loop_for(args[:nin])
        return self._ufunc(*args, **kwargs)

    def _apply(self, args, kwargs):
        out = kwargs.pop("out", None)
        if kwargs:
            raise TypeError("a %s ufunc takes out= alone, not %s" % (self.target, ", ".join(kwargs)))
        self._compile_target()
        if isinstance(out, tuple):
            out = out[0]
        if out is None:
            return self._target.apply(tuple(args), None)
        self._target.apply(tuple(args), (out,))
        return out

    # ---- NumPy's ufunc, which the loops drive ----

    @property
    def ufunc(self):
        return self._ufunc

    def _method(self, name, args, kwargs):
        if self._ufunc is None or self.target != "cpu":
            if not self._dynamic or self.target != "cpu":
                raise TypeError("%s.%s needs a ufunc with target='cpu'" % (self.__name__, name))
            self._loop_for([np.asarray(args[0]).dtype.type(0)] * 2)
        try:
            return getattr(self._ufunc, name)(*args, **kwargs)
        except TypeError as e:
            if not (self._dynamic and _no_loop(e)):
                raise
        self._loop_for([np.asarray(args[0]).dtype.type(0)] * self._ufunc.nin)
        return getattr(self._ufunc, name)(*args, **kwargs)

    def reduce(self, *args, **kwargs):
        return self._method("reduce", args, kwargs)

    def accumulate(self, *args, **kwargs):
        return self._method("accumulate", args, kwargs)

    def reduceat(self, *args, **kwargs):
        return self._method("reduceat", args, kwargs)

    def outer(self, *args, **kwargs):
        return self._method("outer", args, kwargs)

    def at(self, *args, **kwargs):
        return self._method("at", args, kwargs)

    def _ufunc_attr(self, name, default):
        if self._ufunc is None:
            return default
        return getattr(self._ufunc, name)

    @property
    def nin(self):
        return self._ufunc_attr("nin", self.py_func.__code__.co_argcount)

    @property
    def nout(self):
        return 1

    @property
    def nargs(self):
        return self.nin + 1

    @property
    def ntypes(self):
        return len(self._full_sigs)

    @property
    def types(self):
        if self._ufunc is not None:
            return self._ufunc.types
        return ["".join(np.dtype(_TYPE_NAMES[n].name).char for n in args) + "->" + np.dtype(_TYPE_NAMES[r].name).char
                for r, args in map(_split_signature, self._full_sigs)]

    @property
    def identity(self):
        return self._ufunc_attr("identity", self.identity_value)

    @property
    def signature(self):
        return None

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return NotImplemented


class GUFunc(_UfuncBase):
    """A @guvectorize function: a generalized ufunc applied by jitc's ufunc driver."""

    _kind = "guvectorize"

    def __init__(self, py_func, sigs, layout, options=None):
        self.layout = layout
        super().__init__(py_func, sigs, dict(options or {}))
        ins, _, outs = layout.replace(" ", "").partition("->")
        self._nin = ins.count("(")
        self._nout = outs.count("(")
        if self._sigs:
            self._compile_target()

    def _rebuild_options(self):
        return dict(self.targetoptions, _layout=self.layout)

    def _decorator_args(self):
        return super()._decorator_args() + [repr(self.layout)]

    def __repr__(self):
        return "<jitc GUFunc '%s'>" % self.__name__

    @property
    def signature(self):
        return self.layout.replace(" ", "")

    @property
    def nin(self):
        return self._nin

    @property
    def nout(self):
        return self._nout

    @property
    def ufunc(self):
        return self

    def __call__(self, *args, **kwargs):
        self._compile_target()
        out = kwargs.pop("out", None)
        if kwargs:
            raise TypeError("%s() takes out= alone among keywords, not %s" % (self.__name__, ", ".join(kwargs)))
        if out is not None:
            outs = out if isinstance(out, tuple) else (out,)
            self._target.apply(tuple(args), outs)
            return out
        if len(args) == self._nin + self._nout:  # outputs given by position: written in place
            self._target.apply(tuple(args[:self._nin]), tuple(args[self._nin:]))
            return None
        if len(args) != self._nin:
            raise TypeError("%s() takes %d inputs (and %d outputs), not %d arguments"
                            % (self.__name__, self._nin, self._nout, len(args)))
        if self._nout != 1:
            raise TypeError("%s() has %d outputs: pass them as arguments" % (self.__name__, self._nout))
        return self._target.apply(tuple(args), None)


def _rebuild(cls, py_func, sigs, options, lines=None):
    source.attach_source(py_func, lines)
    options = dict(options)
    if cls is GUFunc:
        return GUFunc(py_func, sigs, options.pop("_layout"), options)
    return DUFunc(py_func, sigs, options, options.pop("identity", None))


def vectorize(*args, **options):
    """numba.vectorize: @vectorize, @vectorize([sigs], target=..., identity=...), vectorize(f)."""
    identity = options.pop("identity", None)
    check_options("vectorize", options, UFUNC_OPTIONS)
    if args and callable(args[0]) and not isinstance(args[0], (str, list, tuple)):
        return DUFunc(args[0], (), options, identity)
    sigs = args[0] if args else options.pop("signatures", None)

    def wrap(func):
        return DUFunc(func, sigs or (), options, identity)

    return wrap


def guvectorize(*args, **options):
    """numba.guvectorize: @guvectorize([sigs], layout, target=...), or @guvectorize(layout)."""
    check_options("guvectorize", options, UFUNC_OPTIONS)
    if len(args) == 1 and isinstance(args[0], str):
        sigs, layout = (), args[0]
    elif len(args) == 2:
        sigs, layout = args
    else:
        raise TypeError("guvectorize takes its signatures and its layout: guvectorize([sigs], '(n)->()')")

    def wrap(func):
        return GUFunc(func, sigs, layout, options)

    return wrap
