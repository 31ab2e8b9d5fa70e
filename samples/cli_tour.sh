#!/usr/bin/env bash
# cli_tour.sh — the jitc CLI on the samples' kernels, printed as a transcript (each command,
# then what it printed): samples/cli_tour.expected is this script's output up to the GPU part,
# and `make samples` compares the two. Arrays travel as .npy files, made and read with NumPy.
# The GPU part (jitc devices, launch, a CUDA ufunc and a reduction) runs where a CUDA device is
# present and is skipped in one line elsewhere.
#   samples/cli_tour.sh [JITC]        (default build/jitc; run from the repository root)
# NumPy comes from $PYTHON (default python3; the Makefile passes build/venv's): the transcript's
# `python3` is that python.
set -uo pipefail
jitc=${1:-build/jitc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=$(cd "$(dirname "$jitc")" && pwd):$PATH # the transcript says `jitc`, not its path
python=${PYTHON:-python3}
case $python in */*) python=$(cd "$(dirname "$python")" && pwd)/$(basename "$python") ;; esac
python3() { command "$python" "$@"; } # the commands below run in $work; `command`: not this function again

show() { # show CMD...: print the command as typed, run it in $work, print what it printed
    echo "\$ $*"
    (cd "$work" && eval "$@") 2>&1
    local rc=$?
    [ $rc = 0 ] || echo "(exit status $rc)"
}
py() { python3 -c "import numpy as np; $1"; }

command -v "$python" >/dev/null && py "" 2>/dev/null || { echo "cli_tour.sh needs $python with NumPy"; exit 1; }
ln -s "$PWD/samples" "$work/samples"

show jitc check samples/saxpy/saxpy.krn '&& echo "no errors"'
printf 'from numba import njit\n\n@njit\ndef scale(x, a):\n    return x * b\n' >"$work/typo.krn"
show jitc check typo.krn

py "np.save('$work/x.npy', np.arange(8, dtype=np.float32)); np.save('$work/y.npy', np.ones(8, np.float32))"
show "python3 -c \"import numpy as np; print(np.load('x.npy'), np.load('y.npy'))\""
show jitc call samples/saxpy/saxpy.krn saxpy_cpu 2.5 x.npy y.npy
show "python3 -c \"import numpy as np; print(np.load('y.npy'))\""
show jitc call samples/reduce/reduce.krn sum_max x.npy
show jitc call samples/blackscholes/blackscholes.krn bs_call 100.0 100.0 1.0 0.05 0.2
py "np.save('$work/s.npy', np.array([80.0, 100.0, 120.0]))"
show jitc call samples/blackscholes/blackscholes.krn bs_put s.npy 100.0 1.0 0.05 0.2 put.npy
show "python3 -c \"import numpy as np; print(np.load('put.npy'))\""
show "jitc emit --ptx samples/saxpy/saxpy.krn saxpy_gpu --sig 'void(float32, float32[::1], float32[::1])' --arch sm_90 | grep -E '^\.(version|target)|\.entry|ld\.global|st\.global'"

if ! jitc devices 2>/dev/null | grep -q "^0:"; then
    echo "(no CUDA device here: jitc devices, jitc launch and the GPU ufunc and reduction are skipped)"
    exit 0
fi
show jitc devices
py "np.save('$work/y.npy', np.ones(8, np.float32))"
show jitc launch samples/saxpy/saxpy.krn saxpy_gpu --grid 1 --block 32 2.5 x.npy y.npy
show "python3 -c \"import numpy as np; print(np.load('y.npy'))\""
py "np.save('$work/big.npy', np.arange(1_000_000, dtype=np.float32))"
show jitc call samples/reduce/reduce.krn sum_reduce big.npy
show jitc call samples/reduce/reduce.krn max_reduce big.npy
show jitc call samples/blackscholes/blackscholes.krn bs_put_gpu s.npy 100.0 1.0 0.05 0.2 put_gpu.npy
show "python3 -c \"import numpy as np; print(np.load('put_gpu.npy'))\""
