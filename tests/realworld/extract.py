"""extract.py — prints functions of a file in a git repository exactly as they are written there
(decorators included, dedented when they are nested in a test method or an .rst code block), for
adding a case to the host corpus: the text that follows a case's `# RUN:` lines.

    python3 tests/realworld/extract.py GIT_DIR COMMIT PATH ITEM...

An ITEM is NAME (the first function of that name, at any depth), NAME:N (the N-th, from 1), or
LINE-LINE (those lines as they are, dedented: a module constant, a `f = njit(g)` line). In an
.rst file the functions are looked for in its code blocks (`::` and `.. code-block::`).
"""
import ast
import subprocess
import sys
import textwrap


def source_lines(git_dir, commit, path):
    text = subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout
    return text.split("\n")


def rst_blocks(lines):
    """(first line number, dedented text) of each literal block of an .rst file."""
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].rstrip().endswith("::") or lines[i].lstrip().startswith(".. code-block::"):
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or lines[j].lstrip().startswith(":")):
                j += 1
            start, k = j, j
            while k < len(lines) and (not lines[k].strip() or lines[k][:1] in " \t"):
                k += 1
            blocks.append((start + 1, textwrap.dedent("\n".join(lines[start:k]))))
            i = k
        else:
            i += 1
    return blocks


def functions(lines, path):
    """(name, first line, last line) of every function, in order, lines counted from 1."""
    found = []
    units = rst_blocks(lines) if path.endswith(".rst") else [(1, "\n".join(lines))]
    for first, text in units:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                start = min([d.lineno for d in node.decorator_list] + [node.lineno])
                found.append((node.name, first + start - 1, first + node.end_lineno - 1))
    return sorted(found, key=lambda f: f[1])


def extract(lines, path, item):
    if "-" in item and item.replace("-", "").isdigit():
        a, b = map(int, item.split("-"))
        return textwrap.dedent("\n".join(lines[a - 1:b])), a
    name, _, nth = item.partition(":")
    hits = [f for f in functions(lines, path) if f[0] == name]
    if len(hits) < int(nth or 1):
        raise SystemExit(f"{path}: no function {item}")
    _, a, b = hits[int(nth or 1) - 1]
    return textwrap.dedent("\n".join(lines[a - 1:b])), a


def main(argv):
    git_dir, commit, path, items = argv[0], argv[1], argv[2], argv[3:]
    lines = source_lines(git_dir, commit, path)
    for item in items:
        text, line = extract(lines, path, item)
        print(f"# line {line}")
        print(text.rstrip() + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
