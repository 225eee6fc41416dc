#!/usr/bin/env python3
"""Plots a levcl-tune output file, in the manner of the paper's Fig. 10.

Usage: plot_tuning.py FILE.json [OUT.png]

One subplot per variant with a workgroup sweep: x = workgroup size, y = mean GCUPS over
the workloads, one line per tile length (one line if the variant has no tile). pwg, whose
workgroup follows from its tile, is plotted against the tile length. At each point the
other parameters (read-interval, diamond) take their best value. Only exact measurements
of configurations measured on every workload count. OUT.png defaults to FILE.png.
"""
import json
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def mean_gcups(data):
    """(variant, params as a tuple of items) -> mean GCUPS over all workloads."""
    workloads = [w["name"] for w in data.get("workloads", [])]
    seen = defaultdict(dict)
    spoiled = set()
    for m in data.get("measurements", []):
        key = (m["variant"], tuple(sorted(m["params"].items())))
        if "error" in m or "aborted" in m or not m.get("exact", False):
            spoiled.add(key)
            continue
        seen[key][m["workload"]] = m["gcups"]
    out = {}
    for key, by_workload in seen.items():
        if key in spoiled or any(w not in by_workload for w in workloads):
            continue
        out[key] = sum(by_workload[w] for w in workloads) / len(workloads)
    return out


def curves(means):
    """variant -> (x label, {line label: {x: best y}})."""
    by_variant = defaultdict(dict)
    for (variant, items), gcups in means.items():
        by_variant[variant][items] = gcups
    result = {}
    for variant, configs in by_variant.items():
        wgs = {dict(items).get("wg") for items in configs}
        tiles = {dict(items).get("tile") for items in configs}
        if len(wgs - {None}) > 1:
            x_name, line_name = "wg", "tile"
        elif variant == "pwg" and len(tiles - {None}) > 1:
            x_name, line_name = "tile", None
        else:
            continue
        lines = defaultdict(dict)
        for items, gcups in configs.items():
            params = dict(items)
            label = f"tile={params[line_name]}" if line_name and line_name in params else variant
            x = params[x_name]
            lines[label][x] = max(gcups, lines[label].get(x, 0.0))
        result[variant] = (x_name, lines)
    return result


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path = argv[1]
    out = argv[2] if len(argv) == 3 else os.path.splitext(path)[0] + ".png"
    with open(path) as f:
        data = json.load(f)
    plots = curves(mean_gcups(data))
    n = max(1, len(plots))
    cols = min(3, n)
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5 * cols, 3.8 * rows), squeeze=False)
    for ax in axes.flat[len(plots):]:
        ax.set_visible(False)
    if not plots:
        axes[0][0].set_visible(True)
        axes[0][0].text(0.5, 0.5, "no complete exact sweep to plot", ha="center", va="center")
        axes[0][0].set_axis_off()
    for ax, (variant, (x_name, lines)) in zip(axes.flat, sorted(plots.items())):
        def order(label):
            return int(label.split("=")[1]) if "=" in label else 0
        for label in sorted(lines, key=order):
            points = sorted(lines[label].items())
            ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", markersize=3, label=label)
        xs = [x for line in lines.values() for x in line]
        if min(xs) > 0 and max(xs) >= 16 * min(xs):
            ax.set_xscale("log", base=2)  # powers of two (CPU devices) or a wide tile range
        ax.set_title(variant)
        ax.set_xlabel("workgroup size" if x_name == "wg" else "tile length")
        ax.set_ylabel("GCUPS (mean over workloads)")
        ax.grid(True, alpha=0.3)
        if len(lines) > 1:
            ax.legend(fontsize="small", ncol=2)
    device = data.get("device", {}).get("name", "unknown device")
    fig.suptitle(f"levcl-tune: {device}")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
