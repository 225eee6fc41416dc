#!/usr/bin/env python3
"""Inputs of the levcl-mpi measurements (bench/h100.sh, phase mpi), written on the GPU host.

usage: mpi_inputs.py OUTDIR [TARGETS]
  OUTDIR/query.fa    one random DNA read of 10 kbp
  OUTDIR/targets.fa  TARGETS (default 50,000) copies of it at 90% similarity
  OUTDIR/a10M.fa, OUTDIR/b10M.fa   a random 10 Mbp sequence and a copy at 50% similarity
Edits as levcl's synthetic pairs make them (levcl/synthetic.hpp): substitutions, insertions
and deletions in equal thirds at the rate 1 - similarity. Seeded: every run writes the same files.
"""
import os
import sys

import numpy as np

BASES = np.frombuffer(b"ACGT", dtype=np.uint8)


def mutated(rng, a, rate):
    """a with each byte kept, substituted, preceded by an insertion or deleted."""
    op = rng.choice(4, size=a.size, p=[1 - rate, rate / 3, rate / 3, rate / 3])
    out = a.copy()
    sub = op == 1
    out[sub] = BASES[(np.searchsorted(BASES, a[sub]) + rng.integers(1, 4, sub.sum())) % 4]
    inserted = op == 2
    counts = np.where(op == 3, 0, np.where(inserted, 2, 1))
    result = np.repeat(out, counts)
    # each inserted byte is the first of its position's two: a random base before a[i]
    starts = np.cumsum(counts) - counts
    result[starts[inserted]] = BASES[rng.integers(0, 4, inserted.sum())]
    return result


def write_fasta(path, records):
    with open(path, "wb") as f:
        for name, seq in records:
            f.write(b">" + name.encode() + b"\n")
            f.write(seq.tobytes() + b"\n")


def main():
    out = sys.argv[1]
    targets = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(1)
    query = BASES[rng.integers(0, 4, 10000)]
    write_fasta(os.path.join(out, "query.fa"), [("query", query)])
    write_fasta(os.path.join(out, "targets.fa"), ((f"t{k}", mutated(rng, query, 0.1)) for k in range(targets)))
    a = BASES[rng.integers(0, 4, 10_000_000)]
    write_fasta(os.path.join(out, "a10M.fa"), [("a10M", a)])
    write_fasta(os.path.join(out, "b10M.fa"), [("b10M", mutated(rng, a, 0.5))])


if __name__ == "__main__":
    main()
