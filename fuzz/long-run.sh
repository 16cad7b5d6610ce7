#!/usr/bin/env bash
# The long fuzzing campaign of docs/fuzzing.md, on the stable toolchain (RUSTC_BOOTSTRAP=1)
# with cargo-fuzz 0.13.2.
#
#     fuzz/long-run.sh                     # every target ten minutes, two at a time
#     fuzz/long-run.sh 3600 otep_engine    # some targets, an hour each
#     fuzz/long-run.sh --cmin              # minimise the grown corpora into fuzz/corpus
#     fuzz/long-run.sh --cmin referee_transcript
#
# A run: each target runs SECONDS (default 600) on fuzz/long-run-corpus/<target>/ (its
# committed corpus copied in first, then whatever earlier runs grew there; not committed),
# two targets at a time (JOBS, default 2: the machine has two cores), niced. Each target's
# log is fuzz/long-run-corpus/<target>.log; a failing input is left in
# fuzz/artifacts/<target>/ and the campaign goes on. At the end it prints a Markdown table
# (also written to fuzz/long-run-corpus/table.md) to paste into docs/fuzzing.md: the
# executions, the corpus entries, libFuzzer's final coverage (`cov:`, the edges covered, and
# `ft:`, the features) and the result; it exits 1 if any target failed.
#
# --cmin: for each target (all by default), `cargo fuzz cmin` over the committed corpus and
# the grown one together, the result replacing fuzz/corpus/<target>/: the inputs that keep
# all the coverage the long runs reached, so that CI's runs start from it. The hand-written
# seeds (the files whose names are not a hash) are kept as they are. It prints each
# target's entries and size before and after; inputs over MAX_LEN bytes (default 4096) are
# left out, and the merge keeps the inputs that reach every code edge the runs reached, not
# every hit count (CMIN_FLAGS, default -use_counters=0: about a third of the entries and
# bytes of a merge by features), so that what is committed stays small (docs/fuzzing.md).
set -uo pipefail
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
jobs="${JOBS:-2}"
max_len="${MAX_LEN:-4096}"

# The bytes of the files under a folder, in KiB (what git stores, before compression).
size_of() {
    find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%d KiB", (s + 1023) / 1024 }'
}

if [ "${1:-}" = "--cmin" ]; then
    shift
    targets=("$@")
    [ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list | sort)
    mkdir -p long-run-corpus
    printf '| target | entries before | size before | entries after | size after |\n|---|---|---|---|---|\n'
    for target in "${targets[@]}"; do
        before_n="$(ls "corpus/$target" | wc -l)"
        before_s="$(size_of "corpus/$target")"
        work="$(mktemp -d)"
        # Everything known: the committed corpus and what the long runs grew.
        find "corpus/$target" "long-run-corpus/$target" -maxdepth 1 -type f -size -"$((max_len + 1))"c \
            -exec cp -n {} "$work/" \; 2>/dev/null
        if ! cargo fuzz cmin "$target" "$work" -- -max_len="$max_len" ${CMIN_FLAGS--use_counters=0} >"long-run-corpus/$target.cmin.log" 2>&1; then
            echo "error: cargo fuzz cmin $target failed (long-run-corpus/$target.cmin.log)"
            rm -rf "$work"
            exit 1
        fi
        # The hand-written seeds stay under their names; cmin's result (hash names) beside.
        keep="$(mktemp -d)"
        find "corpus/$target" -maxdepth 1 -type f ! -regex '.*/[0-9a-f]\{40\}' -exec cp {} "$keep/" \;
        rm -rf "corpus/$target"
        mkdir -p "corpus/$target"
        cp "$work"/* "corpus/$target/" 2>/dev/null
        cp "$keep"/* "corpus/$target/" 2>/dev/null
        rm -rf "$work" "$keep"
        printf '| %s | %s | %s | %s | %s |\n' "$target" "$before_n" "$before_s" \
            "$(ls "corpus/$target" | wc -l)" "$(size_of "corpus/$target")"
    done
    echo "total fuzz/corpus: $(ls corpus/*/* | wc -l) entries, $(size_of corpus)"
    exit 0
fi

seconds="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -gt 0 ]; then
    for target in "${targets[@]}"; do cargo fuzz build "$target" || exit 1; done
else
    mapfile -t targets < <(cargo fuzz list | sort)
    cargo fuzz build || exit 1
fi
triple="$(rustc -vV | sed -n 's/^host: //p')"
mkdir -p long-run-corpus

# One target: its binary run directly (no cargo lock between the two jobs), its last
# status line and final stats kept in its log, its result in <target>.result.
run_one() {
    local target="$1" log="long-run-corpus/$1.log" result
    mkdir -p "long-run-corpus/$target" "artifacts/$target"
    cp -n corpus/"$target"/* "long-run-corpus/$target/" 2>/dev/null || true
    if nice -n 10 "target/$triple/release/$target" -artifact_prefix="artifacts/$target/" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        "long-run-corpus/$target" >"$log" 2>&1; then
        result="no failure"
    else
        result="**failed**: $(grep -m1 -oE 'Test unit written to [^ ]+' "$log" | sed 's/Test unit written to /fuzz\//')"
    fi
    echo "$result" >"long-run-corpus/$target.result"
}

started=$SECONDS
running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    echo "-- $target: $seconds s (started at $((SECONDS - started)) s)" >&2
    run_one "$target" &
    running=$((running + 1))
done
wait

failed=0
table="long-run-corpus/table.md"
{
    echo "| target | seconds | executions | corpus entries | cov | ft | result |"
    echo "|---|---|---|---|---|---|---|"
    for target in "${targets[@]}"; do
        log="long-run-corpus/$target.log"
        runs="$(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$')"
        last="$(grep -E '^#[0-9]+' "$log" | grep 'cov:' | tail -n 1)"
        cov="$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+')"
        ft="$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+')"
        result="$(cat "long-run-corpus/$target.result" 2>/dev/null || echo '?')"
        echo "| $target | $seconds | ${runs:-?} | $(ls "long-run-corpus/$target" | wc -l) | ${cov:-?} | ${ft:-?} | $result |"
    done
} | tee "$table"
for target in "${targets[@]}"; do
    [ "$(cat "long-run-corpus/$target.result" 2>/dev/null)" = "no failure" ] || failed=1
done
echo "($(( (SECONDS - started) / 60 )) min for ${#targets[@]} targets, $jobs at a time; $table)" >&2
exit "$failed"
