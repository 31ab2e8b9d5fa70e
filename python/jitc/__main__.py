"""python -m jitc SCRIPT [ARGS...]: runs a script written for Numba with `numba` resolved to jitc."""
import os
import runpy
import sys


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m jitc SCRIPT [ARGS...]\n"
              "runs SCRIPT with `import numba` (and its submodules) resolved to jitc", file=sys.stderr)
        return 2 if not argv else 0
    script = argv[0]
    if not os.path.exists(script):
        print("python -m jitc: can't open file %r: no such file" % script, file=sys.stderr)
        return 2
    from jitc import _numba

    _numba.install()
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
