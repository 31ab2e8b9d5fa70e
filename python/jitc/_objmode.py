"""The blocks of `with objmode(...)` statements, run in the interpreter as Numba runs them.

When jitc compiles a function's source (jitc/source.py), each objmode block in it is noted under
the line and column the module jitc compiles has it at, with the Python function it belongs to.
When compiled code first reaches the block, the extension (python/src/objmode.c) asks prepare()
for the function that runs it, and then calls that function with the values of the function's
variables the block reads, each time. The block's statements run as a function of those variables, in the globals of the function they belong to (its closure variables passed
along), at their own line numbers, and return the values of the variables objmode(...) declares.
"""
import ast
import copy
import types


class Block:
    """One `with objmode(...)` block: the function it is in and its statement (an ast.With of the
    function's source, whose line 1 is the source's line first_line)."""

    def __init__(self, func, node, filename, first_line):
        self.func, self.node, self.filename, self.first_line = func, node, filename, first_line
        self.runs = {}  # (the variables it is given, its outputs) -> the function that runs it


def is_objmode(node):
    """Whether node is `with objmode(...):` (or `with numba.objmode(...):`)."""
    if not isinstance(node, ast.With) or len(node.items) != 1:
        return False
    call = node.items[0].context_expr
    if not isinstance(call, ast.Call):
        return False
    f = call.func
    return (isinstance(f, ast.Name) and f.id == "objmode") or (isinstance(f, ast.Attribute) and f.attr == "objmode")


def walk_compiled(tree):
    """ast.walk over what compiled code reads: an objmode block's statements left out."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if is_objmode(node):
            todo.extend(node.items)
        else:
            todo.extend(ast.iter_child_nodes(node))


def prepare(blocks, line, col, names, outputs):
    """The function that runs the block at (line, col) of a compiled module (blocks: what
    source.py noted) with the variables names bound to its arguments, returning the values of the
    variables outputs as a tuple. The extension keeps it and calls it each time the block runs."""
    block = blocks[(line, col)]
    run_block = block.runs.get((names, outputs))
    if run_block is None:
        run_block = block.runs[(names, outputs)] = _compile(block, names, outputs)
    code = run_block.__code__
    cells = _cells(block.func, code.co_varnames[len(names):code.co_argcount])
    if not cells:
        return run_block
    return lambda *values: run_block(*values, *[cell.cell_contents for cell in cells])


def _cells(func, names):
    """The function's closure cells of names: read when the block runs, as the interpreter does."""
    free = dict(zip(func.__code__.co_freevars, func.__closure__ or ()))
    return [free[n] for n in names]


def _compile(block, names, outputs):
    """A function of the variables names (then of the closure variables the block reads) whose
    body is the block's, returning the outputs' values; named as the function the block is in."""
    body = copy.deepcopy(block.node.body)
    read = {n.id for stmt in body for n in ast.walk(stmt) if isinstance(n, ast.Name)}
    closure = [n for n in block.func.__code__.co_freevars if n in read and n not in names]
    end = block.node.end_lineno
    returned = ast.Return(ast.Tuple([ast.Name(n, ast.Load()) for n in outputs], ast.Load()))
    for n in ast.walk(returned):  # at the block's last line
        n.lineno, n.end_lineno, n.col_offset, n.end_col_offset = end, end, 0, 0
    params = ast.arguments(posonlyargs=[], args=[ast.arg(n) for n in list(names) + closure], vararg=None,
                           kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    fdef = ast.FunctionDef(name=block.func.__name__, args=params, body=body + [returned], decorator_list=[],
                           returns=None, type_comment=None, lineno=block.node.lineno, col_offset=0,
                           end_lineno=end, end_col_offset=0)
    if hasattr(ast, "TypeVar"):  # Python 3.12's FunctionDef has type parameters
        fdef.type_params = []
    module = ast.fix_missing_locations(ast.Module(body=[fdef], type_ignores=[]))
    ast.increment_lineno(module, block.first_line - 1)
    code = compile(module, block.filename, "exec")
    func_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return types.FunctionType(func_code, block.func.__globals__, block.func.__name__)
