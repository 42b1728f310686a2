#!/usr/bin/env bash
# Builds the benchmarks in release, runs every scenario and its bare baseline in one run,
# and prints the table of ratios (scenario, median, baseline median, ratio, target,
# verdict). Extra arguments go to `swift package benchmark` (e.g. --filter 'presentDismiss.*').
#
#   bash Benchmarks/run.sh                        the full run (a few minutes)
#   bash Benchmarks/run.sh --rounds 3             three runs, each in a process of its own; each
#                                                 row is the run whose ratio is the median, with
#                                                 the range of the runs' ratios (a verdict this
#                                                 VM's noise flips far less often)
#   BENCHMARK_QUICK=1 bash Benchmarks/run.sh      a smoke run: few iterations, small trees, no verdicts
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v swift >/dev/null 2>&1; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

rounds=1
arguments=()
while (($#)); do
    case "$1" in
        --rounds) rounds="${2:-}"; shift $(($# > 1 ? 2 : 1)) ;;
        --rounds=*) rounds="${1#--rounds=}"; shift ;;
        *) arguments+=("$1"); shift ;;
    esac
done
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
    echo "error: --rounds takes a whole number of runs, 1 or more (got '$rounds')" >&2
    exit 2
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for ((round = 1; round <= rounds; round++)); do
    folder="$out/round-$round"
    mkdir "$folder"
    if ! swift package --disable-sandbox --allow-writing-to-directory "$folder" benchmark \
        --no-progress --format histogramPercentiles --path "$folder" ${arguments[@]+"${arguments[@]}"} \
        >"$folder/log.txt" 2>&1; then
        cat "$folder/log.txt"
        exit 1
    fi
done
python3 report.py "$out"/round-*
