"""The source jitc compiles for a dispatcher: its function's text, the compiled functions it
calls, and the Python values of the names they read, frozen when it is first compiled (Numba's
rule for globals and closure variables).

The module text is the functions first, each at its own line numbers where they do not collide,
so that diagnostics and exceptions point into the user's file, then one line per name the
functions read: an import for modules and library functions (`import numpy as np`, `from math
import sqrt as sq`), a constant for numbers, strings, tuples and NumPy arrays, an alias for a
compiled function known under another name. jitc resolves names wherever the module defines them.
"""
import ast
import builtins
import inspect
import math
import re
import textwrap
import types as pytypes

import numpy as np

from . import _objmode, errors
from . import types as jt

# Modules compiled code knows, by their Python name: what `import NAME as alias` binds.
KNOWN_MODULES = {
    "numpy": "numpy", "numpy.random": "numpy.random", "numpy.linalg": "numpy.linalg", "math": "math",
    "cmath": "cmath", "random": "random", "operator": "operator", "numba": "numba", "numba.cuda": "numba.cuda",
    "numba.types": "numba.types", "numba.core.types": "numba.types", "numba.typed": "numba.typed",
    "jitc": "numba", "jitc.cuda": "numba.cuda", "jitc.types": "numba.types", "jitc.typed": "numba.typed",
    "numba.np.numpy_support": "numba.np.numpy_support", "numba.extending": "numba.extending",
}
LIBRARY_MODULES = ("numpy", "numpy.random", "numpy.linalg", "math", "cmath", "random", "operator")


class SourceError(Exception):
    """The function's source cannot be read or turned into a module jitc compiles."""


class Unit:
    """One compiled function of the module: its lines, where they came from, its name there."""

    def __init__(self, dispatcher, name, filename, first_line, lines):
        self.dispatcher, self.name, self.filename = dispatcher, name, filename
        self.first_line, self.lines = first_line, lines


def build(dispatcher):
    """(filename, module text, the dispatcher's function name in it, notes on names that compiled
    code cannot use, the `with objmode` blocks by (line, column) in the text: jitc/_objmode.py)."""
    b = _Builder()
    root = b.add_unit(dispatcher)
    b.run()
    text = b.text(root.filename)
    return root.filename, text, root.name, b.notes, b.objmode_blocks()


class _Builder:
    def __init__(self):
        self.units = {}  # id(dispatcher) -> Unit
        self.queue = []
        self.names = {}  # module-level name -> (the value's identity, its line)
        self.taken = set()  # def names in use
        self.notes = []
        self.starts = {}  # id(unit) -> the line of the module text its first line is at

    # ---- functions ----

    def add_unit(self, dispatcher):
        unit = self.units.get(id(dispatcher))
        if unit:
            return unit
        func = dispatcher.py_func
        filename, first, lines, tree = _function_source(func)
        name = _unique(_def_name(func), self.taken)
        self.taken.add(name)
        lines = _with_decorator(lines, tree, dispatcher._decorator_text(), func, name)
        if tree is None:  # a lambda: _with_decorator made a def of it
            first -= 1
        unit = Unit(dispatcher, name, filename, first, lines)
        unit.tree = _parse("".join(lines))
        for node in unit.tree.body:  # jitc's decorator reads no name of the user's
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                node.decorator_list = []
        self.units[id(dispatcher)] = unit
        self.queue.append(unit)
        return unit

    def run(self):
        while self.queue:
            unit = self.queue.pop(0)
            func = unit.dispatcher.py_func
            edits = []  # the text of every module member read, renamed once all are known
            for name in sorted(_free_names(unit.tree)):
                found, value = _lookup(func, name)
                if found and _other_module(value):
                    edits += self.bind_members(unit, name, value)
                elif found:
                    self.bind(name, value)
            _rewrite(unit, edits)

    def bind_members(self, unit, name, module):
        """`utils.helper(x)`, utils a module of the user's: each `utils.helper` in the function's
        text is to become a name of the module, bound to what helper is (a jitc function, a
        constant), as Numba resolves a module's attributes when it compiles. Returns the edits:
        (the node of `utils.helper`, its new name)."""
        edits = []
        for node in _objmode.walk_compiled(unit.tree):
            chain = _attribute_chain(node, name)
            if chain is None:
                continue
            value, used = module, 0
            for attr in chain:
                if not _other_module(value):
                    break
                value, used = getattr(value, attr, _MISSING), used + 1
            if value is _MISSING or used == 0:
                continue
            mangled = "_jitc_" + "_".join([name] + chain[:used])
            self.bind(mangled, value)
            for _ in range(len(chain) - used):  # `utils.helper.attr`: the node of `utils.helper`
                node = node.value
            edits.append((node, mangled))
        if not edits:
            self.bind(name, module)
        return edits

    # ---- names ----

    def bind(self, name, value):
        line = self.binding(name, value)
        if line is None:
            return
        old = self.names.get(name)
        if old is not None:
            if old[0] is value or old[1] == line:
                return
            raise SourceError("'%s' is two different values in the functions compiled together: %s and %s"
                              % (name, old[1], line))
        self.names[name] = (value, line)

    def binding(self, name, value):
        """The line that binds name to value in the module, or None (a note says why)."""
        value = _from_numba(value)
        if _compiled(value):
            unit = self.add_unit(value)
            return None if unit.name == name else "%s = %s" % (name, unit.name)
        if isinstance(value, pytypes.ModuleType):
            known = KNOWN_MODULES.get(value.__name__)
            if known:
                return "import %s as %s" % (known, name)
            self.notes.append("'%s' is the module %s, which compiled code cannot use" % (name, value.__name__))
            return None
        if value is _NamedTuple:
            return "from typing import NamedTuple as %s" % name
        special = _special_object(value)
        if special:
            return "from %s import %s as %s" % (special[0], special[1], name)
        if isinstance(value, jt.Type):
            return _type_binding(name, value)
        library = _library_function(value)
        if library:
            return "from %s import %s as %s" % (library[0], library[1], name)
        if isinstance(value, type) and issubclass(value, BaseException):
            return self.exception_class(name, value)
        if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields"):
            return self.named_tuple_class(name, value)
        if isinstance(value, type) and issubclass(value, np.generic):
            return "from numpy import %s as %s" % (value.__name__, name)
        if isinstance(value, tuple) and hasattr(type(value), "_fields"):
            return self.named_tuple_value(name, value)
        try:
            return "%s = %s" % (name, literal(value))
        except TypeError:
            pass
        what = "an undecorated Python function" if callable(value) else "a %s" % type(value).__name__
        self.notes.append("'%s' is %s in Python, which compiled code cannot use (Numba: untyped global name)"
                          % (name, what))
        return None

    def exception_class(self, name, cls):
        """A class statement for an exception class the user defined (jitc raises those by name),
        its bases bound alike; compiled code's raise of it reaches Python as that class."""
        if getattr(builtins, cls.__name__, None) is cls:
            return None  # a builtin: compiled code knows it
        base = next((b for b in cls.__bases__ if issubclass(b, BaseException)), Exception)
        if getattr(builtins, base.__name__, None) is not base:
            self.bind(base.__name__, base)
        errors.USER_EXCEPTIONS[name] = cls
        return "class %s(%s):\n    pass" % (name, base.__name__)

    def named_tuple_class(self, name, cls):
        """A named tuple class (typing.NamedTuple or collections.namedtuple) as the class statement
        jitc reads: its fields, and the defaults it gives them."""
        self.bind("NamedTuple", _NamedTuple)
        defaults = getattr(cls, "_field_defaults", {})
        lines = ["class %s(NamedTuple):" % name]
        for field in cls._fields:
            lines.append("    %s: object%s" % (field, " = " + literal(defaults[field]) if field in defaults else ""))
        return "\n".join(lines if cls._fields else lines + ["    pass"])

    def named_tuple_value(self, name, value):
        """A named tuple constant: its class bound under a name of its own, then called."""
        cls = type(value)
        class_name = "_jitc_class_" + cls.__name__
        self.bind(class_name, cls)
        try:
            return "%s = %s(%s)" % (name, class_name, ", ".join(literal(v) for v in value))
        except TypeError:
            self.notes.append("'%s' is a %s holding values compiled code cannot use" % (name, cls.__name__))
            return None

    # ---- the module ----

    def text(self, filename):
        """Units of the root's file at their own lines when they fit, the others after them."""
        placed, later = {}, []
        for unit in sorted(self.units.values(), key=lambda u: u.first_line):
            span = range(unit.first_line, unit.first_line + len(unit.lines))
            if unit.filename == filename and unit.first_line >= 1 and not any(n in placed for n in span):
                for n, line in zip(span, unit.lines):
                    placed[n] = line
                self.starts[id(unit)] = unit.first_line
            else:
                later.append(unit)
        out = [placed.get(n, "\n") for n in range(1, max(placed, default=0) + 1)]
        for unit in later:
            self.starts[id(unit)] = len(out) + 1
            out.extend(unit.lines)
        lines = [line for _, line in self.names.values()]
        if any("_jitc_np." in line for line in lines):
            lines.insert(0, "import numpy as _jitc_np")
        if any("xoroshiro128p_type" in line for line in out):  # in a decorator's signature
            lines.insert(0, "from numba.cuda.random import xoroshiro128p_type")
        lines.insert(0, "import numba as _jitc_nb")
        out.extend(line + "\n" for line in lines)
        return "".join(line if line.endswith("\n") else line + "\n" for line in out)


    def objmode_blocks(self):
        """The `with objmode` blocks of the units, by the line and column of their `with` in the
        module text (after text())."""
        blocks = {}
        for unit in self.units.values():
            for node in ast.walk(unit.tree):
                if _objmode.is_objmode(node):
                    where = (self.starts[id(unit)] + node.lineno - 1, node.col_offset + 1)
                    blocks[where] = _objmode.Block(unit.dispatcher.py_func, node, unit.filename, unit.first_line)
        return blocks


# ---- reading a function ----


def raw_source(func):
    """(file name, first line, the lines of the def) of a function: what inspect reads, or what
    came with it when it was unpickled (attach_source)."""
    attached = getattr(func, "__jitc_source__", None)
    if attached:
        return attached
    try:
        lines, first = inspect.getsourcelines(func)
        filename = inspect.getsourcefile(func) or func.__code__.co_filename
    except (OSError, TypeError) as e:
        raise SourceError("jitc compiles a function from its source, and the source of %s cannot be read (%s)"
                          % (getattr(func, "__qualname__", func), e)) from None
    return filename, first, lines


def attach_source(func, source):
    """Gives a function the source it came with (a pickled dispatcher's), for raw_source."""
    if source:
        func.__jitc_source__ = tuple(source)


def _function_source(func):
    filename, first, lines = raw_source(func)
    if first == 0:
        first = 1
    text = textwrap.dedent("".join(lines))
    lines = text.splitlines(keepends=True)
    if func.__name__ == "<lambda>":
        return filename, first, lines, None
    try:
        tree = _parse(text)
    except SyntaxError as e:
        raise SourceError("the source of %s does not parse alone: %s" % (func.__qualname__, e)) from None
    return filename, first, lines, tree


def _parse(text):
    """ast.parse, once more where CPython 3.11 reports a spurious `AST constructor recursion depth
    mismatch`: its AST constructor keeps that depth in interpreter-wide state, which another
    thread building a tree at the same time (Numba's compiler parses sources too) disturbs
    (CPython issue 106905)."""
    try:
        return ast.parse(text)
    except SystemError as e:
        if "recursion depth mismatch" not in str(e):
            raise
        return ast.parse(text)


def _def_name(func):
    return "lambda_%x" % id(func) if func.__name__ == "<lambda>" else func.__name__


def _unique(name, taken):
    k, out = 2, name
    while out in taken:
        out, k = "%s__%d" % (name, k), k + 1
    return out


def _with_decorator(lines, tree, decorator, func, name):
    """The function's lines with its decorators replaced by jitc's reading of the dispatcher's
    (on the line of the last one, the others blank), and the def renamed to name."""
    if tree is None:
        return [decorator + "\n", _lambda_def(lines, func, name)]
    fdef = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if fdef is None:
        raise SourceError("the source of %s holds no def" % func.__qualname__)
    lines = list(lines)
    def_line = fdef.lineno - 1
    start = fdef.decorator_list[0].lineno - 1 if fdef.decorator_list else def_line
    for k in range(start, def_line):
        lines[k] = "\n"
    if name != fdef.name:
        lines[def_line] = re.sub(r"\bdef\s+%s\b" % re.escape(fdef.name), "def " + name, lines[def_line], count=1)
    indent = re.match(r"\s*", lines[def_line]).group(0)
    if def_line > 0:
        lines[def_line - 1] = indent + decorator + "\n"
        return lines
    return [indent + decorator + "\n"] + lines


def _lambda_def(lines, func, name):
    """`def NAME(ARGS): return BODY` from the line holding the lambda."""
    text = "".join(lines).strip()
    try:
        tree = _parse(text)
    except SyntaxError:
        try:
            tree = _parse("(" + text + ")")
            text = "(" + text + ")"
        except SyntaxError:
            raise SourceError("the lambda's line does not parse alone: %s" % text) from None
    params = func.__code__.co_varnames[:func.__code__.co_argcount]
    for node in ast.walk(tree):
        if isinstance(node, ast.Lambda) and tuple(a.arg for a in node.args.args) == params:
            args = ", ".join(params)
            body = ast.get_source_segment(text, node.body)
            return "def %s(%s): return %s\n" % (name, args, body)
    raise SourceError("jitc could not find the lambda in its line: %s" % text)


def _free_names(tree):
    """The names the function reads that it does not bind itself."""
    loads, bound = set(), set()
    for node in _objmode.walk_compiled(tree):  # an objmode block's names are the interpreter's
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not tree.body[0]:
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return loads - bound


_MISSING = object()


def _lookup(func, name):
    """(found, value): a closure variable, else a global of the function's module; not found
    for builtins, which compiled code knows itself."""
    code = func.__code__
    if name in code.co_freevars and func.__closure__:
        cell = func.__closure__[code.co_freevars.index(name)]
        try:
            return True, cell.cell_contents
        except ValueError:  # a cell not yet filled
            return False, None
    value = func.__globals__.get(name, _MISSING)
    if value is _MISSING:
        return False, None
    return True, value


_FROM_NUMBA = {}
_NamedTuple = __import__("typing").NamedTuple


def _from_numba(value):
    """A function Numba itself compiled (a module imported Numba's own njit, as a helper module
    does beside one run with `numba` resolved to jitc): the jitc dispatcher of its function and
    options, made once; any other value as it is."""
    options = getattr(value, "targetoptions", None)
    if not (type(value).__module__.startswith("numba.") and hasattr(value, "py_func") and isinstance(options, dict)):
        return value
    if id(value) not in _FROM_NUMBA:
        from .dispatcher import NJIT_OPTIONS, NO_EFFECT, Dispatcher

        kept = {k: v for k, v in options.items() if k in NJIT_OPTIONS and k not in NO_EFFECT and v is not None}
        _FROM_NUMBA[id(value)] = (value, Dispatcher(value.py_func, (), kept))
    return _FROM_NUMBA[id(value)][1]


def _attribute_chain(node, name):
    """["sub", "f"] for `name.sub.f` (loaded), the outermost node of such a chain; else None."""
    chain = []
    while isinstance(node, ast.Attribute):
        chain.append(node.attr)
        node = node.value
    if not chain or not isinstance(node, ast.Name) or node.id != name:
        return None
    return chain[::-1]


def _rewrite(unit, edits):
    """Replaces each edit's node text by its new name on the function's lines, right to left
    so that the columns the tree gives stay valid (of nested chains, the widest from a start)."""
    widest = {}
    for node, text in edits:
        key = (node.lineno - 1, node.col_offset)
        if key not in widest or node.end_col_offset > widest[key][0]:
            widest[key] = (node.end_col_offset, text)
    for (line, start), (end, text) in sorted(widest.items(), reverse=True):
        raw = unit.lines[line].encode()  # the tree's columns count UTF-8 bytes
        unit.lines[line] = (raw[:start] + text.encode() + raw[end:]).decode()


def _other_module(value):
    """A module compiled code does not know itself: its members are resolved one by one."""
    return isinstance(value, pytypes.ModuleType) and value.__name__ not in KNOWN_MODULES


# ---- values ----


def _compiled(value):
    """A function jitc compiles: a dispatcher, a ufunc, a gufunc (what has the source and the
    decorator text)."""
    return hasattr(type(value), "_decorator_text") and hasattr(value, "py_func")


def _special_object(value):
    """(module, name) of an object of numba's API that compiled code reads by name, or None."""
    from . import _specials

    for obj, module, name in _specials():
        if value is obj:
            return module, name
    return None


def _type_binding(name, t):
    if t is jt.xoroshiro128p_type:
        return "from numba.cuda.random import xoroshiro128p_type as %s" % name
    if isinstance(t, (jt.Number, jt.Boolean, jt.NoneType, jt.UnicodeType)):
        return "from numba.types import %s as %s" % ("boolean" if t is jt.boolean else t.krn, name)
    return "%s = %s" % (name, t.krn)


def _library_function(value):
    """(module, name) of a function or ufunc of a library compiled code knows."""
    fname = getattr(value, "__name__", None)
    if not fname or not callable(value) or isinstance(value, type):
        return None
    for mod in LIBRARY_MODULES:
        m = __import__(mod, fromlist=["_"])
        if getattr(m, fname, None) is value:
            return mod, fname
    return None


def _float(x):
    if math.isnan(x):
        return "_jitc_np.nan"
    if math.isinf(x):
        return "_jitc_np.inf" if x > 0 else "-_jitc_np.inf"
    return repr(float(x))


def literal(value):
    """Python text that evaluates to value at module level in jitc; TypeError if none does."""
    if value is None or isinstance(value, (bool, str)):
        return repr(value)
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, complex):
        return _complex(value)
    if isinstance(value, np.dtype):
        if value.kind not in "biufc" or not value.isnative:
            raise TypeError("dtype %s" % value)
        return "_jitc_np.dtype(%r)" % value.name
    if isinstance(value, np.ndarray):
        return _array_literal(value)
    if isinstance(value, np.generic):
        return _scalar_literal(value)
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return "(" + "".join(literal(v) + ", " for v in value) + ")"
    raise TypeError(type(value).__name__)


def _complex(z):
    """A complex number as Python writes it ((1+2j)), or complex(re, im) where a part is not finite."""
    if math.isfinite(z.real) and math.isfinite(z.imag):
        return repr(complex(z))
    return "complex(%s, %s)" % (_float(z.real), _float(z.imag))


def _scalar_literal(x):
    kind = x.dtype.kind
    if kind == "b":
        return "_jitc_np.bool_(%r)" % bool(x)
    if kind in "iu":
        return "_jitc_np.%s(%d)" % (x.dtype.name, int(x))
    if kind == "f":
        return "_jitc_np.%s(%s)" % (x.dtype.name, _float(x))
    if kind == "c":
        return "_jitc_np.%s(%s)" % (x.dtype.name, literal(complex(x)))
    raise TypeError(x.dtype.name)


def _array_literal(a):
    if a.dtype.kind not in "biufc" or not a.dtype.isnative:
        raise TypeError("array of %s" % a.dtype)
    flat = a.ravel(order="C")
    if a.dtype.kind == "b":
        items = ", ".join("True" if v else "False" for v in flat)
    elif a.dtype.kind in "iu":
        items = ", ".join(str(int(v)) for v in flat)
    elif a.dtype.kind == "f":
        items = ", ".join(_float(v) for v in flat.tolist())
    else:
        items = ", ".join(_complex(complex(v)) for v in flat.tolist())
    text = "_jitc_np.array([%s], dtype=_jitc_np.%s)" % (items, a.dtype.name)
    if a.ndim != 1:
        text += ".reshape(%s)" % (tuple(a.shape),)
    if a.ndim > 1 and a.flags.f_contiguous and not a.flags.c_contiguous:
        text = "_jitc_np.asfortranarray(%s)" % text
    return text
