#!/usr/bin/env bash
# tests/mpi/scaling.sh HEAT_MPI — the MPI sample's scaling table on this machine: the step loop's
# seconds for 1, 2, 4, 8 and 16 ranks of one thread each on the CPU cores (and one rank of all
# cores' threads, prange alone, for comparison), then on the GPUs: 1, 2, 4, ... ranks, one per
# GPU (rank r on GPU r), their halo rows copied device to device (CUDA IPC), each count of two
# or more also with --host-halos (the rows staged through host memory) for comparison, and
# where there is one GPU, 2 and 4 ranks sharing it. Every run must print the same checksum: the
# field is the same bit for bit for any split, on either target and either halo path.
# tests/gpu/run.sh mpi runs it on the GPU machine; the README's tables come from there.
#   NX=4096 NY=4096 STEPS=200 [GPU_ONLY=1] tests/mpi/scaling.sh build/samples/heat_mpi/heat_mpi
set -uo pipefail
bin=$1
NX=${NX:-4096} NY=${NY:-4096} STEPS=${STEPS:-200}
if ! command -v mpirun >/dev/null; then
    echo "skipped: no mpirun here"
    exit 0
fi
if [ ! -x "$bin" ]; then
    echo "skipped: no $bin (built where mpicc is)"
    exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
cores=$(nproc)
krn=samples/heat_mpi/heat.krn
status=0 sums=""
row() { # row LABEL NP THREADS [--gpu]: one line of the table
    local label=$1 np=$2 threads=$3 out seconds sum
    shift 3
    out=$(timeout 300 mpirun --oversubscribe --bind-to none -np "$np" -x JITC_NUM_THREADS="$threads" \
        "$bin" --krn "$krn" --nx "$NX" --ny "$NY" --steps "$STEPS" "$@" 2>&1)
    seconds=$(echo "$out" | sed -n 's/.*: steps \([0-9.]*\) s.*/\1/p')
    sum=$(echo "$out" | sed -n 's/.*checksum \([^,]*\).*/\1/p')
    if [ -z "$seconds" ]; then
        echo "  $label: failed: $(echo "$out" | tail -1)"
        status=1
        return
    fi
    [ -n "$base" ] || base=$seconds
    sums="$sums$sum"$'\n'
    printf '  %-28s %8.3f s %8.2fx   %s\n' "$label" "$seconds" "$(awk -v b="$base" -v s="$seconds" 'BEGIN { print b / s }')" "$sum"
}
echo "heat_mpi: ${NX}x${NY} float64, $STEPS Jacobi steps; the step loop's seconds (the slowest rank), $cores cores"
printf '  %-28s %10s %9s   %s\n' "ranks x threads" seconds speed-up checksum
base=""
if [ -z "${GPU_ONLY:-}" ]; then
    for np in 1 2 4 8 16; do
        [ "$np" -le "$cores" ] && row "$np x 1 (CPU)" "$np" 1
    done
    row "1 x $cores (CPU, prange)" 1 "$cores"
fi
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
base=""
for np in 1 2 4 8 16; do
    [ "$np" -le "$gpus" ] || continue
    row "$np x GPU (one per GPU)" "$np" 1 --gpu
    [ "$np" -ge 2 ] && row "$np x GPU, halos via host" "$np" 1 --gpu --host-halos
done
if [ "$gpus" = 1 ]; then
    for np in 2 4; do row "$np x GPU (sharing one GPU)" "$np" 1 --gpu; done
fi
if [ "$(echo -n "$sums" | sort -u | wc -l)" -gt 1 ]; then
    echo "  the checksums differ between runs"
    status=1
else
    echo "  every run gave the same field (checksum)"
fi
exit $status
