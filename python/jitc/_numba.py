"""`numba` resolved to jitc, for `python -m jitc`: an import hook that gives `import numba`,
`from numba import ...` and numba's submodules (numba.types, numba.core.errors, numba.typed,
numba.np.numpy_support, numba.extending, ...) from jitc. A name jitc lacks is a placeholder that
fails where it is used, naming it."""
import builtins
import importlib.abc
import importlib.machinery
import sys
import types as pytypes


class Missing:
    """A name of numba that jitc does not provide: using it raises, naming it."""

    def __init__(self, qualname):
        self._qualname = qualname

    def _fail(self, *args, **kwargs):
        raise NotImplementedError("%s is not provided by jitc (python -m jitc resolves numba to jitc)" % self._qualname)

    def __call__(self, *args, **kwargs):
        # A decorator applied at import (`@overload(np.foo)`, `@intrinsic`) defines what a script
        # may never use: it fails where the result is used, not where the module is imported.
        if args and not kwargs and all(callable(a) for a in args):
            return Missing("%s(%s)" % (self._qualname, ", ".join(getattr(a, "__name__", "...") for a in args)))
        self._fail()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Missing("%s.%s" % (self._qualname, name))

    def __repr__(self):
        return "<%s: not provided by jitc>" % self._qualname

    def __getitem__(self, key):
        self._fail()


def _module(name, attrs):
    m = pytypes.ModuleType(name)
    m.__dict__.update(attrs)
    m.__path__ = []  # a package, so that its submodules import

    def __getattr__(attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return Missing("%s.%s" % (name, attr))

    m.__getattr__ = __getattr__
    return m


_MODULES = {}


def modules():
    """numba's module names, each to the module that stands for it (made once)."""
    if _MODULES:
        return _MODULES
    import jitc
    from jitc import errors, typed, types

    def unsupported(what):
        return Missing("numba.extending.%s" % what)

    numpy_support = _module("numba.np.numpy_support", {"from_dtype": types.from_dtype, "as_dtype": types.as_dtype})
    extending = _module("numba.extending", {
        "register_jitable": jitc.register_jitable, "overload": unsupported("overload"),
        "overload_method": unsupported("overload_method"), "intrinsic": unsupported("intrinsic"),
        "generated_jit": unsupported("generated_jit")})
    core = _module("numba.core", {"types": types, "errors": errors, "config": jitc.config})
    np_ = _module("numba.np", {"numpy_support": numpy_support})
    public = {k: v for k, v in vars(jitc).items() if not k.startswith("_")}
    numba = _module("numba", dict(public, core=core, np=np_, extending=extending, typed=typed, types=types,
                                  errors=errors, __version__="0.68.1", __file__=jitc.__file__))
    # jitc's own modules behind names a script imports from, with placeholders for what they lack
    types_ = _module("numba.types", vars(types))
    errors_ = _module("numba.core.errors", vars(errors))
    typed_ = _module("numba.typed", vars(typed))
    _MODULES.update({
        "numba": numba, "numba.types": types_, "numba.core": core, "numba.core.types": types_,
        "numba.core.errors": errors_, "numba.errors": errors_, "numba.typed": typed_, "numba.np": np_,
        "numba.np.numpy_support": numpy_support, "numba.extending": extending,
        "numba.cuda": _module("numba.cuda", vars(jitc.cuda)), "numba.cuda.random": _module("numba.cuda.random",
                                                                                           vars(jitc.cuda.random)),
    })
    cuda_parts = {"numba.cuda.cudadrv.driver": {"CudaAPIError": errors.CudaAPIError,
                                             "CudaDriverError": errors.CudaDriverError},
               "numba.cuda.cudadrv.error": {"CudaSupportError": errors.CudaSupportError,
                                            "CudaDriverError": errors.CudaDriverError}}
    cuda_parts["numba.cuda.core"] = {"config": jitc.config}  # numba-cuda's own config (ENABLE_CUDASIM, ...)
    for name, attrs in cuda_parts.items():
        _MODULES[name] = _module(name, attrs)
    _MODULES["numba.cuda"].random = _MODULES["numba.cuda.random"]
    numba.cuda = _MODULES["numba.cuda"]
    for alias in (numba, core):
        alias.types = types_
    numba.typed, numba.errors, core.errors = typed_, errors_, errors_
    return _MODULES


def module_for(fullname):
    """The module that stands for numba's module fullname (an empty one, whose names are
    placeholders, for a submodule jitc does not have)."""
    mods = modules()
    if fullname not in mods:
        mods[fullname] = _module(fullname, {})
        parent, _, child = fullname.rpartition(".")
        setattr(module_for(parent), child, mods[fullname])
    return mods[fullname]


def _is_numba(name):
    return name == "numba" or name.startswith("numba.")


def import_with_jitc(path, name):
    """Imports the Python file at path as a new module `name` in which `import numba` (and
    `from numba... import`) gives jitc, leaving the process's own numba alone: what Numba's
    users' code looks like under jitc, beside the same code under Numba."""
    import importlib.util

    real_import = builtins.__import__

    def jitc_import(mod, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and _is_numba(mod):
            target = module_for(mod)
            return target if fromlist else module_for("numba")
        return real_import(mod, globals, locals, fromlist, level)

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    module.__builtins__ = dict(vars(builtins), __import__=jitc_import)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


class NumbaFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != "numba" and not fullname.startswith("numba."):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return module_for(spec.name)

    def exec_module(self, module):
        pass


def install():
    """Makes `import numba` (and its submodules) import jitc, for the rest of the process."""
    for name in [n for n in sys.modules if n == "numba" or n.startswith("numba.")]:
        del sys.modules[name]
    sys.meta_path.insert(0, NumbaFinder())
