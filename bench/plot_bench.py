#!/usr/bin/env python3
"""GCUPS against similarity, one line per engine (like Fig. 13 of the WFA-on-GPU paper),
from a levcl-bench CSV file. levcl-bench embeds this script and runs it for --output;
it also runs on its own: plot_bench.py RESULTS.csv PLOT.png [TITLE]

One colour per engine; synthetic pairs are joined by lines (one line style per length),
real pairs are squares. Runs over an engine's time limit are open downward triangles at
the GCUPS the limit implies: the engine's true value lies below them."""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullFormatter  # noqa: E402


def length_text(n):
    if n % 1000000 == 0:
        return f"{n // 1000000} Mbp"
    if n % 1000 == 0:
        return f"{n // 1000} kbp"
    return f"{n} bp"


def main(csv_path, png_path, title):
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    pair_similarity = {r["workload"]: float(r["similarity"]) for r in rows if r["similarity"]}
    lengths = sorted({int(r["len_a"]) for r in rows if r["nominal_similarity"]})
    engines = list(dict.fromkeys(r["engine"] for r in rows))
    palette = plt.get_cmap("tab10" if len(engines) <= 10 else "tab20")
    colour = {e: palette(i % palette.N) for i, e in enumerate(engines)}
    styles = ["-", "--", ":", "-."]
    style = {n: styles[i % len(styles)] for i, n in enumerate(lengths)}

    # (engine, synthetic length or None for real pairs) -> points; bounds: over the limit
    measured, bounds = defaultdict(list), defaultdict(list)
    for r in rows:
        s = pair_similarity.get(r["workload"])
        if s is None or s >= 1.0:  # identical strings have no place on a logit axis
            continue
        key = (r["engine"], int(r["len_a"]) if r["nominal_similarity"] else None)
        cells = int(r["len_a"]) * int(r["len_b"])
        if r["status"] == "ok" and float(r["median_s"]) > 0:
            measured[key].append((s, cells / float(r["median_s"]) / 1e9))
        elif r["status"] == "over-limit":
            bounds[key].append((s, cells / float(r["limit_s"]) / 1e9))

    fig, ax = plt.subplots(figsize=(10, 6))
    for (engine, length), points in measured.items():
        points.sort()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if length is None:  # real pairs: separate points, not a line
            ax.plot(xs, ys, linestyle="none", marker="s", color=colour[engine])
        else:
            ax.plot(xs, ys, linestyle=style[length], marker="o", color=colour[engine])
    for (engine, length), points in bounds.items():
        ax.plot([p[0] for p in points], [p[1] for p in points], linestyle="none", marker="v", markersize=9,
                markerfacecolor="none", color=colour[engine])

    handles = [Line2D([], [], color=colour[e], marker="o", label=e) for e in engines]
    if len(lengths) > 1:
        handles += [Line2D([], [], color="grey", linestyle=style[n], label=f"synthetic {length_text(n)}")
                    for n in lengths]
    if any(length is None for _, length in measured):
        handles.append(Line2D([], [], color="grey", marker="s", linestyle="none", label="real pair"))
    if bounds:
        handles.append(Line2D([], [], color="grey", marker="v", markerfacecolor="none", linestyle="none",
                              label="over the time limit\n(true value below)"))
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))

    ax.set_xscale("logit")
    ax.set_yscale("log")
    low, high = ax.get_xlim()  # ticks inside the data's range only: set_xticks would widen it
    ticks = [t for t in (0.3, 0.5, 0.7, 0.9, 0.99, 0.999, 0.9999) if low <= t <= high]
    if ticks:
        ax.set_xticks(ticks)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{100 * x:g}%"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("similarity, 1 - distance / max(m, n)")
    ax.set_ylabel("GCUPS (m·n / end-to-end seconds)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="major", alpha=0.4)
    fig.tight_layout()
    fig.savefig(png_path, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else "levcl-bench")
