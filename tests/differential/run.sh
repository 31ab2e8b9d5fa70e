#!/usr/bin/env bash
# run.sh — the differential tests: every conformance case under Python + Numba (the oracle).
#
#   tests/differential/run.sh [run_numba.py options and files]
#
# Without options it checks that every EXPECT in tests/conformance/*.krn is what Numba gives, and
# that Numba rejects the tests/errors/*.krn cases that name a NUMBA-CALL. With --jitc PATH it
# compares jitc with Numba case by case (see run_numba.py). Ends with `N passed, N failed`.
# Runs under $PYTHON (default: build/venv's python once `make pyenv` has filled it, else python3).
# Where numba or numpy is not installed it prints one line saying so and exits 0.
set -u
here=$(cd "$(dirname "$0")" && pwd)
venv=$here/../../build/venv
py=${PYTHON:-$([ -f "$venv/.jitc-ready" ] && echo "$venv/bin/python" || echo python3)}
if ! "$py" -c 'import numba, numpy' >/dev/null 2>&1; then
    echo "skipped: numba not installed in $py (make pyenv installs it into build/venv)"
    exit 0
fi
exec "$py" "$here/run_numba.py" "$@"
