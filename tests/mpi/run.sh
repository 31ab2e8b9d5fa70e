#!/usr/bin/env bash
# tests/mpi/run.sh BUILD — the MPI sample (samples/heat_mpi) under mpirun: the heat equation with
# 1, 2 and 4 ranks must give the same field bit for bit (cmp of the .npy files), on a grid whose
# rows do not split evenly over 2 or 4 ranks, and on 5 rows over 4 ranks. With a GPU, the --gpu field must equal the CPU's
# too (the kernels do the same IEEE operations in the same order), on 2 ranks (the halo rows
# device to device where the driver allows CUDA IPC), on 4 (the middle ranks share with two
# neighbours) and on 2 with --host-halos (the rows through host memory); without one, --gpu must
# fail with one message and a non-zero status. Misuse (more ranks than rows, a bad option) must do
# the same. `make mpi` runs it after building $BUILD/samples/heat_mpi/heat_mpi.
set -uo pipefail
BUILD=${1:-build}
BIN=$BUILD/samples/heat_mpi/heat_mpi
OUT=$BUILD/tests/mpi
NX=203 NY=157 STEPS=400
mkdir -p "$OUT"

# CI runs as root, which mpirun refuses unless told twice.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# All ranks run on this one machine: shared memory (vader) and the process itself (self) are the
# only transports needed, and ob1 the point-to-point layer over them. This keeps Open MPI from
# probing InfiniBand, OFI and UCX, which print warnings (or fail) in containers without them.
# vader's single-copy mode (CMA, process_vm_readv) needs ptrace rights that Docker's default
# profile denies ("Read -1, expected ..., errno = 1" on each large message): copying through
# shared memory instead costs nothing at these sizes.
export OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
# --oversubscribe: 4 ranks on a 2-core machine; --bind-to none: Open MPI binds each rank to one
# core when ranks <= cores, which would squeeze a rank's kernel threads onto that core.
# timeout: a rank that waits forever on a lost message fails the test instead of hanging it.
MPIRUN=(timeout 300 mpirun --oversubscribe --bind-to none)
CORES=$(nproc)

fail=0
# run NAME NP ARGS...: runs the sample, its output in $OUT/NAME.log; returns its status
run() {
    local name=$1 np=$2 threads=$(( CORES / $2 > 0 ? CORES / $2 : 1 ))
    shift 2
    "${MPIRUN[@]}" -np "$np" -x JITC_NUM_THREADS="$threads" "$BIN" "$@" >"$OUT/$name.log" 2>&1
}

# expect_one_message NAME WHAT: the run failed (non-zero) and the sample said why in one line
expect_one_message() {
    local name=$1 status=$2 what=$3 lines
    lines=$(grep -c '^heat_mpi:' "$OUT/$name.log")
    if [ "$status" -ne 0 ] && [ "$lines" -eq 1 ]; then
        echo "  $what: fails with one message: $(grep '^heat_mpi:' "$OUT/$name.log")"
    else
        echo "FAIL: $what: status $status, $lines messages; $OUT/$name.log:"
        cat "$OUT/$name.log"
        fail=1
    fi
}

echo "== samples/heat_mpi under mpirun: ${NX} x ${NY} points, $STEPS steps, 1, 2 and 4 ranks on $CORES cores"
for np in 1 2 4; do
    if run "cpu_$np" "$np" --nx $NX --ny $NY --steps $STEPS --out "$OUT/field_$np.npy"; then
        echo "  $(grep '^heat_mpi:' "$OUT/cpu_$np.log")"
    else
        echo "FAIL: $np ranks: $OUT/cpu_$np.log:"
        cat "$OUT/cpu_$np.log"
        fail=1
    fi
done
for np in 2 4; do
    if [ $fail -eq 0 ] && cmp "$OUT/field_1.npy" "$OUT/field_$np.npy"; then
        echo "  the $np-rank field is the 1-rank field, bit for bit"
    else
        echo "FAIL: the $np-rank field differs from the 1-rank field (or a run failed)"
        fail=1
    fi
done

# 5 rows over 4 ranks: 2, 1, 1, 1, the last rank holding only the fixed bottom row
if run small_1 1 --nx 9 --ny 5 --steps 20 --out "$OUT/small_1.npy" && run small_4 4 --nx 9 --ny 5 --steps 20 --out "$OUT/small_4.npy" &&
    cmp "$OUT/small_1.npy" "$OUT/small_4.npy"; then
    echo "  9 x 5 points: the 4-rank field (a rank with a fixed row alone) is the 1-rank field, bit for bit"
else
    echo "FAIL: 9 x 5 points, 4 ranks against 1: $OUT/small_1.log, $OUT/small_4.log:"
    cat "$OUT/small_1.log" "$OUT/small_4.log"
    fail=1
fi

run gpu_2 2 --gpu --nx $NX --ny $NY --steps $STEPS --out "$OUT/field_gpu_2.npy"
status=$?
if grep -q 'no CUDA device' "$OUT/gpu_2.log"; then
    expect_one_message gpu_2 $status "--gpu without a GPU"
elif [ $status -eq 0 ] && cmp "$OUT/field_1.npy" "$OUT/field_gpu_2.npy"; then
    echo "  $(grep '^heat_mpi:' "$OUT/gpu_2.log")"
    echo "  the 2-rank GPU field is the 1-rank CPU field, bit for bit"
else
    echo "FAIL: --gpu: status $status (or its field differs from the CPU's); $OUT/gpu_2.log:"
    cat "$OUT/gpu_2.log"
    fail=1
fi

# gpu_variant NAME NP ARGS...: another GPU run, whose field must be the 1-rank CPU field too
gpu_variant() {
    local name=$1 np=$2
    shift 2
    if run "$name" "$np" --gpu "$@" --nx $NX --ny $NY --steps $STEPS --out "$OUT/field_$name.npy" &&
        cmp "$OUT/field_1.npy" "$OUT/field_$name.npy"; then
        echo "  $(grep '^heat_mpi:' "$OUT/$name.log")"
        echo "  the field is the 1-rank CPU field, bit for bit"
    else
        echo "FAIL: --gpu $np ranks $*: the run failed or its field differs from the CPU's; $OUT/$name.log:"
        cat "$OUT/$name.log"
        fail=1
    fi
}
if ! grep -q 'no CUDA device' "$OUT/gpu_2.log"; then
    gpu_variant gpu_4 4
    gpu_variant gpu_2_host 2 --host-halos
fi

run too_many 4 --ny 3
expect_one_message too_many $? "4 ranks for 3 rows"
run bad_option 2 --nx 2
expect_one_message bad_option $? "--nx 2"

if [ $fail -eq 0 ]; then echo "mpi: all checks passed"; else echo "mpi: SOME CHECKS FAILED"; fi
exit $fail
