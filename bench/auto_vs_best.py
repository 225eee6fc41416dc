#!/usr/bin/env python3
"""Where auto is slower than levcl's best engine on the same row of committed results (issue
22: auto within 10% of the best engine on every row).

    python3 bench/auto_vs_best.py [RESULTS_DIR] [--over 1.10]

Reads every levcl-bench CSV under RESULTS_DIR (default bench/results), single pairs and
batches alike, and lists each row where `levcl auto` took more than OVER times the fastest
other levcl engine measured on it (alignments left out), then how many rows had both.
The rows are as their commits measured them (each .md names its command and date).
"""
import argparse
import collections
import csv
import pathlib


def seconds(row):
    for column in ("median_s", "seconds"):
        try:
            return float(row[column])
        except (KeyError, TypeError, ValueError):
            pass
    return None


def rows_of(path):
    table = collections.defaultdict(dict)  # row name -> engine -> seconds
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if "engine" not in row or row.get("status", "ok") not in ("ok", ""):
                continue
            s = seconds(row)
            if s is not None:
                table[row.get("pair") or row.get("workload")][row["engine"]] = s
    return table


def main():
    parser = argparse.ArgumentParser(description="auto against levcl's fastest engine on each committed row")
    parser.add_argument("results", nargs="?", default="bench/results", help="folder of levcl-bench CSVs")
    parser.add_argument("--over", type=float, default=1.10, help="list rows where auto took more than this times the fastest")
    args = parser.parse_args()
    over, root = args.over, pathlib.Path(args.results)
    compared, slower = 0, []
    for path in sorted(root.rglob("*.csv")):
        for name, engines in rows_of(path).items():
            others = {e: s for e, s in engines.items() if e.startswith("levcl ") and e not in ("levcl auto", "levcl align")}
            if "levcl auto" not in engines or not others:
                continue
            compared += 1
            best = min(others, key=others.get)
            ratio = engines["levcl auto"] / others[best]
            if ratio > over:
                slower.append((path.relative_to(root), name, engines["levcl auto"], best, others[best], ratio))
    print("| results | row | auto s | fastest other | its s | auto / fastest |")
    print("|---|---|---:|---|---:|---:|")
    for path, name, auto, best, s, ratio in slower:
        print(f"| {path} | {name} | {auto:.4g} | {best[6:]} | {s:.4g} | {ratio:.2f} |")
    print(f"\n{len(slower)} of {compared} rows with auto and another engine: auto over {over:.2f}x the fastest.")


if __name__ == "__main__":
    main()
