#!/usr/bin/env python3
"""Prints each benchmark scenario against its bare baseline, measured in the same run.

Reads the `histogramPercentiles` export of package-benchmark (one TSV per benchmark and
metric) from each folder given as an argument — one folder per run (`run.sh --rounds N`) —
and prints the table of ratios: scenario, median, baseline median, ratio, target,
verdict.

With several runs, each ratio is taken within its run (a scenario against the baseline
measured in the same process). Each row is then the run whose ratio is the median (the lower
of the two middle ones for an even count), so its columns divide to its ratio, followed by
the range of the runs' ratios; the verdict is that ratio's. A row some runs did not measure
says how many did.
"""
import glob
import os
import re
import statistics
import sys

# scenario, metric, baseline, target ratio, operations per sample (or a pair: the scenario's and
# the baseline's, for a ratio of times per operation), unit label
SCENARIOS = [
    ("childFlowRoundTrip", "wallClock", "childFlowRoundTripBaseline", 1.1, 1000, "µs"),
    ("childFlowRoundTripFromActorMethod", "wallClock", "childFlowRoundTripBaseline", 1.5, 1000, "µs"),
    # Present + dismiss: the target is against the hand-written actor's array append + remove;
    # against two bare actor round trips it is informational.
    ("presentDismiss", "wallClock", "presentDismissHandWritten", 2.0, 1000, "µs"),
    ("presentDismissInTab", "wallClock", "presentDismissHandWritten", 2.0, 1000, "µs"),
    ("presentDismissInModalStack", "wallClock", "presentDismissHandWritten", 2.0, 1000, "µs"),
    ("presentDismiss", "wallClock", "presentDismissBaseline", None, 1000, "µs"),
    ("cancelTree11111", "wallClock", "cancelTree11111Baseline", 1.5, 1, "µs"),
    ("cancelWideTree", "wallClock", "cancelWideTreeBaseline", 2.0, 1, "µs"),
    ("cancelWideTreeWithLoops", "wallClock", "cancelWideTreeWithLoopsBaseline", 2.0, 1, "µs"),
    ("idleCoordinatorMemory", "residentBytesPerFlow", "idleCoordinatorMemoryBaseline", 1.5, 1, "bytes"),
    ("openDeepLink4Steps", "wallClock", "openDeepLink4StepsBaseline", 2.0, 1, "µs"),
    # A link of 100 or 1,000 screen routes at one coordinator (one move), per step, against an
    # actor appending as many items (informational: no target); then the
    # 1,000-step link's time per step against the 100-step one's: a step costs O(1) amortised in
    # the routes shown, so about 1× (a step linear in them would read about 10×).
    ("openDeepLink100Steps", "wallClock", "openDeepLink100StepsBaseline", None, 100, "µs"),
    ("openDeepLink1000Steps", "wallClock", "openDeepLink1000StepsBaseline", None, 1000, "µs"),
    ("openDeepLink1000Steps", "wallClock", "openDeepLink100Steps", 1.5, (1000, 100), "µs"),
    ("flowEventBubbling10Levels", "wallClock", "tenActorRoundTrips", 2.0, 1000, "µs"),
    # A screen's synchronous requests through its router, against a task per tap (informational).
    ("routerSends", "wallClock", "routerSendsBaseline", None, 1000, "µs"),
    ("lifecycleEventsObserved", "wallClock", "lifecycleEventsUnobserved", None, 1000, "µs"),
    # Throughput: the time for the same number of flows, so ≥ 0.8× bare throughput is ≤ 1.25× time.
    ("concurrentFlows", "wallClock", "concurrentFlowsBaseline", 1.25, 1, "µs"),
    # The same flows started from a child group in start() (flow.withChildGroup): no hand-over.
    ("concurrentFlowsInChildGroup", "wallClock", "concurrentFlowsBaseline", 1.25, 1, "µs"),
    # The second baseline, the coordinator people write by hand (HandWrittenBaselines.swift):
    # informational rows, hand-written against bare, then the runtime against hand-written.
    ("childFlowRoundTripHandWritten", "wallClock", "childFlowRoundTripBaseline", None, 1000, "µs"),
    ("childFlowRoundTrip", "wallClock", "childFlowRoundTripHandWritten", None, 1000, "µs"),
    ("presentDismissHandWritten", "wallClock", "presentDismissBaseline", None, 1000, "µs"),
    ("cancelTree11111HandWritten", "wallClock", "cancelTree11111Baseline", None, 1, "µs"),
    ("cancelTree11111", "wallClock", "cancelTree11111HandWritten", None, 1, "µs"),
    ("idleCoordinatorMemoryHandWritten", "residentBytesPerFlow", "idleCoordinatorMemoryBaseline", None, 1, "bytes"),
    ("idleCoordinatorMemory", "residentBytesPerFlow", "idleCoordinatorMemoryHandWritten", None, 1, "bytes"),
    # The hand-over alone (HandOverBaselines.swift), in bare structured concurrency: against
    # bare (what the hand-over costs by itself), then the runtime against it (what it adds).
    ("childFlowRoundTripFromActorMethodHandOver", "wallClock", "childFlowRoundTripBaseline", None, 1000, "µs"),
    ("childFlowRoundTripFromActorMethod", "wallClock", "childFlowRoundTripFromActorMethodHandOver", None, 1000, "µs"),
    ("concurrentFlowsHandOver", "wallClock", "concurrentFlowsBaseline", None, 1, "µs"),
    ("concurrentFlows", "wallClock", "concurrentFlowsHandOver", None, 1, "µs"),
]
# Resident growth over 1,000,000 flows after warm-up: flat means under a byte per flow.
SOAK = ("soakMillionFlows", "residentGrowthBytes", 1_000_000)


# Units package-benchmark writes in a TSV header, as factors to µs (time) or to one (counts).
TIME_UNITS = {"ns": 0.001, "μs": 1.0, "us": 1.0, "ms": 1000.0, "s": 1_000_000.0}
COUNT_SCALES = {"K": 1e3, "M": 1e6, "G": 1e9}


def unit_factor(header):
    """The factor that turns the column's values into µs (time) or plain counts."""
    factor = 1.0
    for group in re.findall(r"\(([^)]*)\)", header):
        group = group.strip()
        factor *= TIME_UNITS.get(group, COUNT_SCALES.get(group, 1.0))
    return factor


def median(folder, benchmark, metric):
    pattern = os.path.join(folder, f"*.{benchmark}.{metric}.histogram.percentiles.tsv")
    files = glob.glob(pattern)
    if not files:
        return None
    with open(files[0]) as table:
        header = table.readline().rstrip("\n").split("\t")
        factor = unit_factor(header[1] if len(header) > 1 else "")
        for line in table:
            fields = line.split("\t")
            if fields[0] == "50":
                return float(fields[1]) * factor
    return None


def per_op(value, ops, unit):
    if value is None:
        return "—"
    value /= ops
    if unit == "µs" and value < 10:
        return f"{value * 1000:,.0f} ns"
    return f"{value:,.0f} {unit}" if unit != "µs" else f"{value:,.1f} µs"


def across(values):
    """The median of the runs' values that were measured, or None if none was."""
    measured = [value for value in values if value is not None]
    return statistics.median(measured) if measured else None


def main():
    """Prints the table for the runs whose folders are the arguments."""
    folders = sys.argv[1:]
    if not folders:
        sys.exit("usage: report.py FOLDER... (one folder of histogramPercentiles TSVs per run)")
    quick = os.environ.get("BENCHMARK_QUICK") == "1"
    several = len(folders) > 1
    rows = [("scenario", "median", "baseline median", "ratio", "target", "verdict")]
    if several:
        rows[0] = ("scenario", "median (median run)", "baseline median", f"ratio (median of {len(folders)} runs, range)",
                   "target", "verdict")
    for name, metric, baseline, target, ops, unit in SCENARIOS:
        ops, base_ops = ops if isinstance(ops, tuple) else (ops, ops)
        values = [median(folder, name, metric) for folder in folders]
        bases = [median(folder, baseline, metric) for folder in folders]
        runs = sorted(
            ((value / ops / (base / base_ops) if base else float("inf")), value, base)
            for value, base in zip(values, bases)
            if value is not None and base is not None
        )
        if not runs:
            rows.append((name, "—", "—", "—", "—", "(not measured)"))
            continue
        ratio, value, base = runs[(len(runs) - 1) // 2]
        ratio_text = f"{ratio:.2f}×"
        if several:
            ratio_text += f" ({runs[0][0]:.2f}–{runs[-1][0]:.2f})"
            if len(runs) < len(folders):
                ratio_text += f", {len(runs)} of {len(folders)} runs"
        if target is None:
            verdict, target_text = "(informational)", "—"
        else:
            target_text = f"≤ {target:g}×"
            verdict = "(quick run)" if quick else ("meets" if ratio <= target else "MISSES")
        label = name if baseline == f"{name}Baseline" or baseline == "tenActorRoundTrips" else f"{name} (vs {baseline})"
        rows.append((label, per_op(value, ops, unit), per_op(base, base_ops, unit), ratio_text, target_text, verdict))
    name, metric, flows = SOAK
    growth = across([median(folder, name, metric) for folder in folders])
    if growth is None:
        rows.append((name, "—", "—", "—", "—", "(not measured)"))
    else:
        limit = 1_000_000
        verdict = "(quick run)" if quick else ("meets" if growth <= limit else "MISSES")
        rows.append((f"{name} (resident growth)", f"{growth:,.0f} bytes", "—", "—", "≤ 1 MB (flat)", verdict))
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
