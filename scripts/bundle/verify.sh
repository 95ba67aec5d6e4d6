#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# verify.sh: the driver of the verification bundle (scripts/make-verify-bundle): runs every check
# of hqc-fast on the CPU it is on, with the bundle's static programs and POSIX tools only, and
# writes one report. Usage: sh verify.sh [--quick] [--report FILE] [--fuzz-seconds N] [--only S,..]
#   [--prove] [--prove-args ARGS]
# Steps: selftest products keccak stack fuzz official-ctest leakage upstream-paired keccak-bench,
# and, asked for by --prove (or --only prove), prove: the whole `make prove` on the sources under
# proofs/ (hours; it needs Python 3, Frama-C 25, Why3, Z3 and CVC4, and fails without them).
# Exit status: 0 if every step passed, 1 if any failed, 2 on bad usage.
set -u
# The checks are of the automatic choice and of every backend by name: a caller's override goes.
unset HQC_BACKEND HQC_FUZZ_BACKEND
here=$(cd "$(dirname "$0")" && pwd)
bin=$here/bin
quick=0
report=$PWD/hqc-verify-report.txt
fuzz_seconds=
only=
prove=0
prove_args=
all_steps="selftest products keccak stack fuzz official-ctest leakage upstream-paired keccak-bench"
usage="usage: sh verify.sh [--quick] [--report FILE] [--fuzz-seconds N] [--only STEP,...] [--prove] [--prove-args ARGS]"
while [ $# -gt 0 ]; do
    case $1 in
        --quick) quick=1 ;;
        --report) [ $# -ge 2 ] || { echo "verify.sh: --report needs a file" >&2; exit 2; }
                  report=$2; shift ;;
        --fuzz-seconds) [ $# -ge 2 ] || { echo "verify.sh: --fuzz-seconds needs a number" >&2; exit 2; }
                  fuzz_seconds=$2; shift ;;
        --only) [ $# -ge 2 ] || { echo "verify.sh: --only needs steps" >&2; exit 2; }
                  only=$(echo "$2" | tr ',' ' '); shift ;;
        --prove) prove=1 ;;
        --prove-args) [ $# -ge 2 ] || { echo "verify.sh: --prove-args needs arguments" >&2; exit 2; }
                  prove_args=$2; shift ;;
        *) echo "$usage" >&2; exit 2 ;;
    esac
    shift
done

# Counts: the full run is sized to finish in about 10 minutes on one current x86 core (the
# timing steps run alone, so more cores do not shorten them); --quick is a smoke test (its
# leakage pass is HQC-1's, with the sample counts of make test's short pass).
if [ $quick = 1 ]; then
    pairs=300 ref_pairs=20 leak=10000 leak_kem=1500 leak_levels=1 peer_runs=11 keccak_iters=101
    : "${fuzz_seconds:=3}"; selftest_args=--quick
else
    pairs=10000 ref_pairs=200 leak=60000 leak_kem=6000 leak_levels='1 3 5' peer_runs=201 keccak_iters=2001
    : "${fuzz_seconds:=60}"; selftest_args=
fi
for s in $only; do
    case " $all_steps prove " in *" $s "*) ;; *) echo "verify.sh: unknown step '$s' (steps: $all_steps prove)" >&2; exit 2 ;; esac
done
: "${only:=$all_steps}"
[ $prove = 1 ] && only="$only prove"
case $fuzz_seconds in ''|*[!0-9]*) echo "verify.sh: --fuzz-seconds must be a number" >&2; exit 2 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/hqc-verify.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
steps=$work/steps
: > "$steps"
failed=0
# The timing steps run pinned to one core when taskset is there.
pin=
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"

# run_step NAME FUNCTION: runs the function with its output in the step's log; records
# PASS/FAIL and the seconds it took.
run_step() {
    name=$1
    case " $only " in *" $name "*) ;; *) return 0 ;; esac
    t0=$(date +%s)
    if "$2" > "$work/$name.log" 2>&1; then status=PASS; else status=FAIL; failed=$((failed + 1)); fi
    t1=$(date +%s)
    printf '%-18s %s %5d s\n' "$name" "$status" $((t1 - t0)) >> "$steps"
    printf 'verify.sh: %-18s %s (%d s)\n' "$name" "$status" $((t1 - t0)) >&2
}

# The last line of a test program must end with ": ok".
ends_ok() { tail -n 1 "$1" | grep -q ': ok$'; }

step_selftest() { "$bin/hqc" selftest $selftest_args; }

step_products() {
    for l in 1 3 5; do
        "$bin/hqc${l}_test_mul" $pairs 1 $ref_pairs > "$work/mul$l" 2>&1 || { cat "$work/mul$l"; return 1; }
        cat "$work/mul$l"
        ends_ok "$work/mul$l" || return 1
    done
}

step_keccak() { "$bin/test_keccak" > "$work/keccak" 2>&1; rc=$?; cat "$work/keccak"; [ $rc = 0 ] && ends_ok "$work/keccak"; }

# One JSON line per (backend, op): the high-water mark must stay within 96 KiB of the 128 KiB
# thread, and no child may die of a signal.
step_stack() {
    for l in 1 3 5; do
        "$bin/hqc${l}_test_stack" > "$work/stack$l" || { cat "$work/stack$l"; return 1; }
        cat "$work/stack$l"
        awk 'BEGIN { bad = 0; n = 0 }
             /"signal"/ { bad = 1; print "died: " $0 }
             /"high_water"/ { n++; v = $0; sub(/.*"high_water": /, "", v); sub(/}.*/, "", v)
                              if (v + 0 > 98304) { bad = 1; print "over 96 KiB: " $0 } }
             END { if (n == 0) { print "no measurement"; bad = 1 }; exit bad }' "$work/stack$l" || return 1
    done
}

# dudect-style pass (tests/ct/leakage.c): every constant-time row must stay below the threshold
# and every row expected to leak (the calibration, the sparse products) must be flagged.
step_leakage() {
    for l in $leak_levels; do
        $pin "$bin/hqc${l}_leakage" --samples $leak --kem-samples $leak_kem > "$work/leak$l" || { cat "$work/leak$l"; return 1; }
        cat "$work/leak$l"
        awk 'BEGIN { bad = 0; n = 0 }
             /"expect"/ { n++
                 if ($0 ~ /"expect": "constant-time"/ && $0 ~ /"leak": true/) { bad = 1; print "UNEXPECTED LEAK: " $0 }
                 if ($0 ~ /"expect": "leak"/ && $0 ~ /"leak": false/) { bad = 1; print "NOT FLAGGED: " $0 } }
             END { if (n == 0) { print "no rows"; bad = 1 }; exit bad }' "$work/leak$l" || return 1
    done
}

# Decapsulation fuzzing on the default (fastest) backend, random raw and near-valid inputs
# (tests/fuzz/standalone.c); the target checks every answer, ref being its twin. A failing
# input is kept as ./standalone-crash-<seed>.
step_fuzz() {
    for l in 1 3 5; do
        "$bin/hqc${l}_fuzz_decaps_standalone" -max_total_time=$fuzz_seconds || return 1
    done
}

# The official avx256 KEM, the patched official tree and ours, paired in one process per level:
# one call of each per iteration, ratio = upstream / peer (median of per-iteration ratios).
step_upstream() {
    for l in 1 3 5; do
        $pin "$bin/peers_hqc$l" $peer_runs > "$work/peers$l" || { cat "$work/peers$l"; return 1; }
        cat "$work/peers$l"
    done
    echo
    printf '%-6s %-12s %-7s %10s %10s %7s %13s\n' level peer op upstream peer ratio q1-q3
    cat "$work"/peers? | awk '{
        lv = $0; sub(/.*"level": /, "", lv); sub(/,.*/, "", lv)
        pe = $0; sub(/.*"peer": "/, "", pe); sub(/".*/, "", pe)
        op = $0; sub(/.*"op": "/, "", op); sub(/".*/, "", op)
        up = $0; sub(/.*"upstream_ticks": {"median": /, "", up); sub(/,.*/, "", up)
        me = $0; sub(/.*"peer_ticks": {"median": /, "", me); sub(/,.*/, "", me)
        r = $0; sub(/.*"ratio": {"median": /, "", r); q1 = r; q3 = r
        sub(/,.*/, "", r); sub(/.*"q1": /, "", q1); sub(/,.*/, "", q1); sub(/.*"q3": /, "", q3); sub(/}.*/, "", q3)
        printf "HQC-%-2s %-12s %-7s %10d %10d %6.2fx %6.2f-%.2f\n", lv, pe, op, up, me, r, q1, q3 }'
}

# The patched official tree's ctest, one program at a time (official/tests.txt): exit status
# 0, and where ctest diffs an output against a gold file, the same SHA-256.
step_official() {
    bad=0
    while IFS='|' read -r test prog how out digest; do
        [ -n "$test" ] || continue
        d=$work/official/$test
        mkdir -p "$d"
        case $how in
            stdout) (cd "$d" && "$here/$prog" > "$out") ;;
            *) (cd "$d" && "$here/$prog" > "$d.stdout") ;;
        esac
        rc=$?
        verdict=ok
        if [ $rc != 0 ]; then
            verdict="exit $rc"
        elif [ "$how" != run ]; then
            got=$(sha256sum "$d/$out" 2>/dev/null | cut -d' ' -f1)
            [ "$got" = "$digest" ] || verdict="$out differs from the official file (sha256 $got)"
        fi
        echo "$test: $verdict"
        [ "$verdict" = ok ] || bad=1
    done < "$here/official/tests.txt"
    return $bad
}

step_keccak_bench() { $pin "$bin/bench_keccak" $keccak_iters; }

# The whole make prove (scripts/prove: WP, EVA on the decoder, EVA on keygen, encaps and decaps
# of every dialect at every level) on a copy of the bundle's sources, one job a core unless
# --prove-args says otherwise. The solvers are registered in a Why3 configuration of its own,
# so neither a missing HOME nor the user's configuration changes what runs. scripts/prove
# exits non-zero, naming them, when Frama-C or a solver is missing.
step_prove() {
    command -v python3 >/dev/null 2>&1 || { echo "prove: python3 is missing (and Frama-C, Why3, Z3 and CVC4 are needed)"; return 1; }
    cp -R "$here/proofs" "$work/source" || return 1
    WHY3CONFIG=$work/why3.conf; export WHY3CONFIG
    if command -v why3 >/dev/null 2>&1; then why3 config detect > "$work/why3-detect" 2>&1 || { cat "$work/why3-detect"; return 1; }; fi
    # shellcheck disable=SC2086 # --prove-args is a list of words
    python3 "$work/source/scripts/prove" --root "$work/source" --out "$work/prove.json" \
        --jobs "$(grep -c '^processor' /proc/cpuinfo)" $prove_args
}

{
    echo "hqc-fast verification report"
    sed 's/^/  /' "$here/VERSION"
    echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')   mode: $([ $quick = 1 ] && echo quick || echo full)"
    echo "host: $(uname -srm)"
    echo "cpu: $(grep -m1 '^model name' /proc/cpuinfo | sed 's/^model name[^:]*: //')"
    echo "cores: $(grep -c '^processor' /proc/cpuinfo)"
    echo "flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(avx2|bmi2|pclmulqdq|vpclmulqdq|gfni|avx512(f|bw|dq|vl|vbmi))$' | tr '\n' ' ')"
    case " $only " in
        *" prove "*) echo "proof: the whole make prove (step prove)${prove_args:+, arguments: $prove_args}" ;;
        *) echo "proof: not run (sh verify.sh --prove runs the whole make prove here, with Frama-C 25, Why3, Z3, CVC4)" ;;
    esac
} > "$work/head"
cat "$work/head" >&2

run_step selftest step_selftest
run_step products step_products
run_step keccak step_keccak
run_step stack step_stack
run_step fuzz step_fuzz
run_step official-ctest step_official
run_step leakage step_leakage
run_step upstream-paired step_upstream
run_step keccak-bench step_keccak_bench
run_step prove step_prove

{
    cat "$work/head"
    echo
    echo "steps:"
    cat "$steps"
    echo
    if [ $failed = 0 ]; then echo "result: PASS ($(wc -l < "$steps" | tr -d ' ') step(s))"; else echo "result: FAIL ($failed step(s))"; fi
    for name in $(cut -d' ' -f1 "$steps"); do
        echo
        echo "==== $name"
        cat "$work/$name.log"
    done
} > "$report.part" && mv "$report.part" "$report" || { echo "verify.sh: cannot write $report" >&2; exit 1; }
echo "verify.sh: report in $report" >&2
[ $failed = 0 ] || exit 1
exit 0
