"""Dispatchers: what @njit and @jit make, as Numba's CPUDispatcher.

Calls are made in C (jitc._jitc.Dispatcher): the arguments are converted and jitc_call picks or
compiles the specialization for their types. This class holds the rest of Numba's dispatcher:
py_func, signatures, compile(sig), the first compile (the function's source and the values of
the names it reads, jitc/source.py) and calls with keyword arguments."""
import functools
import inspect
import re
import uuid
import weakref

from . import _jitc, errors, source
from . import types as jt

# The options each decorator takes, as Numba's; jitc's reading of each is in docs/language.md.
NJIT_OPTIONS = frozenset([
    "nopython", "forceobj", "nogil", "cache", "parallel", "fastmath", "boundscheck", "error_model", "inline",
    "locals", "looplift", "debug", "no_rewrites", "no_cpython_wrapper", "no_cfunc_wrapper", "_nrt",
    "signature_or_function", "pipeline_class", "target", "_target",
])
# Options that change nothing in jitc's code, kept out of the decorator text it compiles.
NO_EFFECT = frozenset(["nopython", "nogil", "looplift", "debug", "no_rewrites", "no_cpython_wrapper",
                       "no_cfunc_wrapper", "_nrt", "pipeline_class", "target", "_target"])


def signature_text(sig):
    """A signature as jitc's parser reads it: a string, a Signature, or a tuple of argument types."""
    if isinstance(sig, str):
        return sig
    if isinstance(sig, jt.Signature):
        return sig.krn
    if isinstance(sig, tuple) and all(isinstance(t, jt.Type) for t in sig):
        return "(%s)" % "".join(t.krn + ", " for t in sig)
    raise TypeError("a signature is a string, a type called with types, or a tuple of types, not %r" % (sig,))


def signature_list(sigs):
    if sigs is None or (isinstance(sigs, (tuple, list)) and not sigs):
        return []
    if isinstance(sigs, (str, jt.Signature)) or (isinstance(sigs, tuple) and all(isinstance(t, jt.Type) for t in sigs)):
        sigs = [sigs]
    return [signature_text(s) for s in sigs]


def option_text(name, value):
    if name == "locals":
        return "locals={%s}" % ", ".join("%r: %s" % (k, v.krn if isinstance(v, jt.Type) else v)
                                         for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return "%s={%s}" % (name, ", ".join(map(repr, sorted(value))))
    return "%s=%r" % (name, value)


def check_options(kind, options, allowed):
    for name in options:
        if name not in allowed:
            raise errors.TypingError("unknown option '%s' for @%s" % (name, kind))
    if options.get("forceobj") or options.get("nopython") is False:
        raise errors.UnsupportedError("object mode (%s) is not supported by jitc: it compiles nopython code"
                                      % ("forceobj=True" if options.get("forceobj") else "nopython=False"))


class CompiledFromSource:
    """What every function jitc compiles from its Python source shares: the decorator text the
    module gives it (jitc/source.py reads it), and the first compile of that module. Subclasses
    set py_func, targetoptions, _sigs, _kind and _target."""

    _no_effect = NO_EFFECT

    def _decorator_args(self):
        return ["[%s]" % ", ".join(map(repr, self._sigs))] if self._sigs else []

    def _decorator_text(self):
        opts = [option_text(k, v) for k, v in sorted(self.targetoptions.items()) if k not in self._no_effect]
        return "@_jitc_nb.%s(%s)" % (self._kind, ", ".join(self._decorator_args() + opts))

    def _compile_target(self):
        """Compiles the module of the function's source once; the notes on the names it could not
        bind follow every compile error of the function (the extension appends them)."""
        if self._target is not None:
            return
        try:
            filename, text, name, notes, blocks = source.build(self)
        except source.SourceError as e:
            raise errors.UnsupportedError(str(e)) from None
        self._source = text
        self._built = (filename, text, name, "".join("\nnote: %s" % n for n in notes) or None, blocks or None)
        self._target = self._compiled_in(0)

    def _compiled_in(self, device):
        """The function compiled from the built source in the context of CUDA device `device`."""
        filename, text, name, notes, blocks = self._built
        try:
            target = _jitc.Module(filename, text, blocks, device).function(name)
        except errors.NumbaError as e:
            raise type(e)(str(e) + (notes or "")) from None
        target.notes = notes
        return target

    def _device_target(self, device):
        """The function in the context of CUDA device `device`, where its kernels launch: the first
        compile's for device 0, a compile of the same source for each other device used."""
        self._compile_target()
        if device == 0:
            return self._target
        targets = self.__dict__.setdefault("_device_targets", {})
        if device not in targets:
            targets[device] = self._compiled_in(device)
        return targets[device]


class Dispatcher(CompiledFromSource, _jitc.Dispatcher):
    """A function compiled by jitc on its first call, for each new combination of argument types."""

    _kind = "njit"

    def __init__(self, py_func, sigs=(), options=None):
        self.py_func = py_func
        self.targetoptions = dict(options or {})
        self._sigs = signature_list(sigs)
        functools.update_wrapper(self, py_func)
        if self._sigs:  # Numba compiles explicit signatures when the function is decorated
            self._compile_target()

    def __reduce__(self):
        return (_rebuild, (type(self), pickle_id(self), self.py_func, self._sigs, self.targetoptions,
                           source_lines(self.py_func)))

    def __repr__(self):
        return "CPUDispatcher(%r)" % (self.py_func,)

    def compile(self, sig):
        """Compiles the function for a signature now, as Numba's dispatcher.compile."""
        self._compile_target()
        self._target.compile(signature_text(sig))

    @property
    def signatures(self):
        """The argument types of each specialization compiled so far."""
        if self._target is None:
            return []
        return [_argument_types(s) for s in self._target.specializations()]

    @property
    def nopython_signatures(self):
        return self.signatures

    def inspect_llvm(self, signature=None):
        return self._emit(signature, 2)

    def inspect_asm(self, signature=None):
        return self._emit(signature, 3)

    def inspect_types(self, signature=None):
        return self._emit(signature, 0)

    def _emit(self, signature, kind):
        self._compile_target()
        if signature is not None:
            return self._target.emit(signature_text(signature), kind)
        return {s: self._target.emit(s, kind) for s in self._target.specializations()}

    # ---- calls ----

    def _call_with_keywords(self, args, kwargs):
        try:
            bound = inspect.signature(self.py_func).bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError("%s(): %s" % (self.__name__, e)) from None
        bound.apply_defaults()
        return self(*bound.args)

    def __get__(self, obj, objtype=None):
        return self  # as Numba's: a dispatcher in a class body is not a method


def _argument_types(signature):
    """The argument types of "RET(ARG, ...)" (jitc's signature names) as type objects."""
    args = re.sub(r"readonly (\w+\[[^\]]*\])", r"_readonly(\1)", signature[signature.index("("):])
    args = re.sub(r"reflected (list|set)\(", lambda m: "_reflected_%s(" % m.group(1), args)
    args = args.replace("<iv=None>", "")  # a dict type's initial value, which no signature needs
    value = eval(args if args.endswith(",)") or args == "()" else args[:-1] + ",)", _TYPE_NAMESPACE)
    return tuple(_as_type(v) for v in value)


def _as_type(v):
    return jt.Tuple([_as_type(x) for x in v]) if isinstance(v, tuple) else v


_TYPE_NAMESPACE = {k: v for k, v in vars(jt).items() if isinstance(v, jt.Type) or k in ("Array", "UniTuple", "Tuple")}
class _Subscripted:
    """ListType[int64], DictType[int64,float64] as jitc's signature names write them."""

    def __init__(self, make):
        self.make = make

    def __getitem__(self, key):
        return self.make(*key) if isinstance(key, tuple) else self.make(key)


_TYPE_NAMESPACE.update({"__builtins__": {}, "bool": jt.boolean, "_readonly": lambda a: a.copy(readonly=True),
                        "_reflected_list": jt.List, "_reflected_set": jt.Set, "ListType": _Subscripted(jt.ListType),
                        "DictType": _Subscripted(jt.DictType)})


def source_lines(func):
    """What a pickled dispatcher carries of its function's source (jitc/source.py reads it), so
    that a process without the file, a Dask worker on another machine, compiles it."""
    try:
        return source.raw_source(func)
    except source.SourceError:
        return None


# Dispatchers by the id their pickles carry: a process that unpickles one twice (a Dask worker,
# task after task) gets the same object, compiled once, as Numba's dispatchers are memoized.
_UNPICKLED = weakref.WeakValueDictionary()


def pickle_id(obj):
    """The id a dispatcher's pickles carry, made on its first pickling."""
    if "_pickle_id" not in obj.__dict__:
        obj._pickle_id = uuid.uuid4().hex
        _UNPICKLED[obj._pickle_id] = obj
    return obj._pickle_id


def unpickled(uid, make):
    """The object of that pickle id in this process, or make() remembered under it."""
    obj = _UNPICKLED.get(uid)
    if obj is None:
        obj = make()
        obj._pickle_id = uid
        _UNPICKLED[uid] = obj
    return obj


def _rebuild(cls, uid, py_func, sigs, options, lines=None):
    source.attach_source(py_func, lines)
    return unpickled(uid, lambda: cls(py_func, sigs, options))


def _decorator(cls, kind, allowed, args, options):
    """@njit, @njit(...), njit(f), njit(sig, ...)."""
    check_options(kind, options, allowed)
    if "signature_or_function" in options:
        args = (options.pop("signature_or_function"),) + tuple(args)
    if args and callable(args[0]) and not isinstance(args[0], Dispatcher) and hasattr(args[0], "py_func"):
        args = (args[0].py_func,) + tuple(args[1:])  # njit(f) of a register_jitable function: f itself
    if args and (inspect.isfunction(args[0]) or isinstance(args[0], Dispatcher)):
        func = args[0]
        if isinstance(func, Dispatcher):
            raise errors.TypingError("A jit decorator was called on an already jitted function %s" % func.__name__)
        return cls(func, (), options)
    sigs = args[0] if args else None

    def wrap(func):
        if isinstance(func, Dispatcher):
            raise errors.TypingError("A jit decorator was called on an already jitted function %s" % func.__name__)
        return cls(func, sigs, options)

    return wrap


def njit(*args, **options):
    """numba.njit: compiles the function (nopython) on its first call for the argument types, or
    now for the signatures given."""
    return _decorator(Dispatcher, "njit", NJIT_OPTIONS, args, options)


def jit(*args, **options):
    """numba.jit: jitc's is njit (nopython); object mode is refused."""
    return _decorator(Dispatcher, "njit", NJIT_OPTIONS, args, options)
