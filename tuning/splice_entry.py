#!/usr/bin/env python3
"""Splices a levcl-tune output for a few variants into a tuning database entry of the same
device: each variant the new file measured loses its old measurements and best configuration
and takes the new ones; the workloads must agree (same names, lengths and distances).

    python3 tuning/splice_entry.py ENTRY NEW [OUT]     (OUT defaults to ENTRY)
"""
import json
import sys


def splice(entry, new):
    old_workloads = {w["name"]: w for w in entry["workloads"]}
    for w in new["workloads"]:
        known = old_workloads.get(w["name"])
        if known is None:
            entry["workloads"].append(w)
        elif any(known.get(k) != w.get(k) for k in ("len_a", "len_b", "distance")):
            sys.exit(f"splice_entry: workload {w['name']} differs between the two files")
    variants = {m["variant"] for m in new["measurements"]}
    entry["measurements"] = [m for m in entry["measurements"] if m["variant"] not in variants] + new["measurements"]
    for v in variants:
        if v in new.get("best", {}):
            entry["best"][v] = new["best"][v]
    entry["command"] += " + " + new["command"]
    return entry


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        entry = json.load(f)
    with open(sys.argv[2]) as f:
        new = json.load(f)
    if entry["device"]["name"] != new["device"]["name"]:
        sys.exit("splice_entry: the two files are of different devices")
    with open(sys.argv[3] if len(sys.argv) == 4 else sys.argv[1], "w") as f:
        f.write(json.dumps(splice(entry, new), indent=1))


if __name__ == "__main__":
    main()
