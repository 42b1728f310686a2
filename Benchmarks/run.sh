#!/usr/bin/env bash
# Builds the benchmarks in release, runs every scenario and its bare baseline in one run,
# and prints the table of ratios (scenario, median, baseline median, ratio, target,
# verdict). Extra arguments go to `swift package benchmark` (e.g. --filter 'presentDismiss.*').
#
#   bash Benchmarks/run.sh                        the full run (a few minutes)
#   BENCHMARK_QUICK=1 bash Benchmarks/run.sh      a smoke run: few iterations, small trees, no verdicts
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v swift >/dev/null 2>&1; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if ! swift package --disable-sandbox --allow-writing-to-directory "$out" benchmark \
    --no-progress --format histogramPercentiles --path "$out" "$@" >"$out/log.txt" 2>&1; then
    cat "$out/log.txt"
    exit 1
fi
python3 report.py "$out"
