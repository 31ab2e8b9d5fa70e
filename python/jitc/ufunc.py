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
from .dispatcher import CompiledFromSource, check_options, pickle_id, signature_list, source_lines, unpickled

UFUNC_OPTIONS = frozenset(["target", "identity", "cache", "nopython", "forceobj", "nogil", "fastmath", "boundscheck",
                           "writable_args", "locals", "looplift", "debug", "no_rewrites", "_nrt", "error_model"])
NO_EFFECT = frozenset(["nopython", "nogil", "looplift", "debug", "no_rewrites", "_nrt", "identity", "writable_args"])

def _dtype(name):
    """The NumPy dtype of a scalar type's signature name ("float64", "boolean")."""
    t = jt.scalar_type(name)
    if t is None:
        raise errors.TypingError("a ufunc loop takes and returns scalars, not %s" % name)
    return jt.as_dtype(t)


def _dtype_num(name):
    return _dtype(name).num


def _split_signature(text):
    """("float64", ["float64[:, :]", "int64"]) from "float64(float64[:, :], int64)"."""
    ret, _, args = text.partition("(")
    parts, depth, start = [], 0, 0
    for i, c in enumerate(args[:-1]):
        depth += (c in "([") - (c in ")]")
        if c == "," and depth == 0:
            parts.append(args[start:i].strip())
            start = i + 1
    last = args[start:-1].strip()
    return ret.strip(), parts + ([last] if last else [])


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


class _UfuncBase(CompiledFromSource):
    _kind = "vectorize"
    _no_effect = NO_EFFECT

    def __init__(self, py_func, sigs, options):
        self.py_func = py_func
        self.targetoptions = dict(options)
        self._sigs = signature_list(sigs)
        self._target = None
        functools.update_wrapper(self, py_func)

    def __reduce__(self):
        return (_rebuild, (type(self), pickle_id(self), self.py_func, self._sigs, self._rebuild_options(),
                           source_lines(self.py_func)))

    def _rebuild_options(self):
        return self.targetoptions

    @property
    def target(self):
        return self.targetoptions.get("target", "cpu")

    def _applying(self):
        """The compiled function a call applies: for target="cuda", the one in the context of the
        calling thread's CUDA device (numba.cuda.select_device)."""
        return self._device_target(_jitc.cuda_current_device() if self.target == "cuda" else 0)


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
        full = [self._target.signature(s) for s in sigs]
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
                                       1, identity, None, None, None)

    def _loop_for(self, args):
        """Compiles the loop a dynamic ufunc needs for these inputs."""
        self._compile_target()
        self._add_loops(["(%s)" % "".join(_input_type_name(a) + ", " for a in args)])

    def __call__(self, *args, **kwargs):
        deferred = _defer_to_operands(self, args, kwargs)
        if deferred is not NotImplemented:
            return deferred
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
        kwargs.pop("stream", None)  # a CUDA ufunc's: jitc's call on device arrays is ordered as a launch
        if kwargs:
            raise TypeError("a %s ufunc takes out= alone, not %s" % (self.target, ", ".join(kwargs)))
        target = self._applying()
        if isinstance(out, tuple):
            out = out[0]
        if out is None:
            return _device_result(target.apply(tuple(args), None))
        target.apply(tuple(args), (out,))
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
        return ["".join(_dtype(n).char for n in args) + "->" + _dtype(r).char
                for r, args in map(_split_signature, self._full_sigs)]

    @property
    def identity(self):
        return self._ufunc_attr("identity", self.identity_value)

    @property
    def signature(self):
        return None

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return NotImplemented


def _core_dims(layout):
    """Each operand's core dimensions as NumPy numbers them (names in order of first appearance),
    for "(m,n),(n,p)->(m,p)": [[0, 1], [1, 2], [0, 2]]."""
    names, operands = {}, []
    for part in layout.replace(" ", "").replace("->", ",").split("),"):
        dims = [d for d in part.strip("()").split(",") if d]
        operands.append([names.setdefault(d, len(names)) for d in dims])
    return operands


def _element_type(name):
    """The scalar type name of a signature's type name: "float64" of "float64[:, ::1]"."""
    return name.split("[", 1)[0].strip()


class GUFunc(_UfuncBase):
    """A @guvectorize function. With signatures, a NumPy generalized ufunc over jitc's loops
    (NumPy broadcasts the loop dimensions, checks the core ones, allocates outputs, casts);
    without, each call compiles for its operands' types through jitc's ufunc driver, which needs
    the outputs given, as Numba's dynamic gufuncs do."""

    _kind = "guvectorize"

    def __init__(self, py_func, sigs, layout, options=None):
        self.layout = layout
        super().__init__(py_func, sigs, dict(options or {}))
        self._core = _core_dims(layout)
        ins, _, outs = layout.replace(" ", "").partition("->")
        self._nin = ins.count("(")
        self._nout = outs.count("(")
        self._ufunc = None
        if self._sigs:
            self._compile_target()
            if self.target == "cpu":
                self._make_ufunc()

    def _make_ufunc(self):
        full = [self._target.signature(s) for s in self._sigs]
        codes, arrays = [], []
        for f in full:
            _, params = _split_signature(f)
            if len(params) != self._nin + self._nout:
                raise errors.TypingError("signature %s of %s has %d operands, its layout %r %d"
                                         % (f, self.__name__, len(params), self.layout, self._nin + self._nout))
            codes.append([_dtype_num(_element_type(p)) for p in params])
            arrays.append(["[" in p or p.startswith("Array(") for p in params])
        self._ufunc = _jitc.make_ufunc(self._target, self.__name__, self.__doc__ or "", full, codes, self._nin,
                                       self._nout, None, self.signature, self._core, arrays)

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
    def ntypes(self):
        return self._ufunc.ntypes if self._ufunc is not None else len(self._sigs)

    @property
    def types(self):
        return self._ufunc.types if self._ufunc is not None else []

    @property
    def ufunc(self):
        return self._ufunc if self._ufunc is not None else self

    def __call__(self, *args, **kwargs):
        deferred = _defer_to_operands(self, args, kwargs)
        if deferred is not NotImplemented:
            return deferred
        if self._ufunc is not None:
            return self._ufunc(*args, **kwargs)
        target = self._applying()
        out = kwargs.pop("out", None)
        if self.target == "cuda":
            kwargs.pop("stream", None)  # ordered as a launch (see _UfuncBase._apply)
        if kwargs:
            raise TypeError("%s() takes out= alone among keywords, not %s" % (self.__name__, ", ".join(kwargs)))
        if out is None and len(args) == self._nin + self._nout:  # outputs given by position
            args, out = args[:self._nin], args[self._nin:]
        if out is not None:
            outs = out if isinstance(out, tuple) else (out,)
            target.apply(tuple(args), outs)
            return out if not isinstance(out, tuple) or len(out) > 1 else out[0]
        if len(args) != self._nin:
            raise TypeError("%s() takes %d inputs (and %d outputs), not %d arguments"
                            % (self.__name__, self._nin, self._nout, len(args)))
        if self._nout != 1:
            raise TypeError("%s() has %d outputs: pass them as arguments" % (self.__name__, self._nout))
        return _device_result(target.apply(tuple(args), None))


def _device_result(result):
    """A result jitc made on the GPU (its inputs were device arrays) as a device array, as
    numba-cuda returns it; any other result as it is."""
    if type(result) is _jitc.DeviceTensor:
        from . import cuda

        return cuda.as_cuda_array(result)
    return result


def _defer_to_operands(ufunc, args, kwargs):
    """A call on an operand that is not NumPy's but takes ufuncs (a dask or xarray array) goes to
    its __array_ufunc__ with the jitc ufunc itself, as NumPy hands it Numba's: the graph it builds
    holds the jitc object, which pickles with its source. NotImplemented otherwise."""
    for a in args:
        if isinstance(a, (np.ndarray, np.generic, int, float, complex, bool)):
            continue
        handler = getattr(type(a), "__array_ufunc__", None)
        if handler is None:
            continue
        result = handler(a, ufunc, "__call__", *args, **kwargs)
        if result is not NotImplemented:
            return result
    return NotImplemented


def _rebuild(cls, uid, py_func, sigs, options, lines=None):
    source.attach_source(py_func, lines)
    options = dict(options)
    if cls is GUFunc:
        return unpickled(uid, lambda: GUFunc(py_func, sigs, options.pop("_layout"), options))
    return unpickled(uid, lambda: DUFunc(py_func, sigs, options, options.pop("identity", None)))


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
