#!/usr/bin/env bash
# The long fuzzing run of docs/fuzzing.md: every target for SECONDS (default 3600, an hour)
# on a copy of its seed corpus, one after the other, on the stable toolchain
# (RUSTC_BOOTSTRAP=1) with cargo-fuzz. Prints one line per target (executions, new corpus
# entries, the result); a failing input is left in fuzz/artifacts/<target>/ and the script
# goes on to the next target, then exits 1 if any failed. The grown corpora are kept in
# fuzz/long-run-corpus/ (not committed; minimise a few with `cargo fuzz cmin` first).
#
#     fuzz/long-run.sh            # an hour a target
#     fuzz/long-run.sh 600        # ten minutes a target
set -uo pipefail
cd "$(dirname "$0")"
seconds="${1:-3600}"
export RUSTC_BOOTSTRAP=1
cargo fuzz build || exit 1
mkdir -p long-run-corpus
failed=0
for target in $(cargo fuzz list); do
    mkdir -p "long-run-corpus/$target"
    cp -n corpus/"$target"/* "long-run-corpus/$target/" 2>/dev/null || true
    log="long-run-corpus/$target.log"
    if nice -n 10 cargo fuzz run "$target" "long-run-corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
        result="no failure"
    else
        result="FAILED (fuzz/artifacts/$target/)"
        failed=1
    fi
    runs="$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')"
    echo "$target: ${runs:-?} runs in $seconds s, $(ls "long-run-corpus/$target" | wc -l) corpus entries, $result"
done
exit "$failed"
