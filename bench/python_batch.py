"""levcl.distances on COUNT pairs of LENGTH random DNA bases at about 95% identity, given as
lists of str: pairs per second over the whole call, after a warm-up call.
usage: python3 bench/python_batch.py COUNT LENGTH"""
import random
import sys
import time

import levcl


def main():
    count, length = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(7)
    distinct = 4096  # strings repeat: building 10^6 random str in Python would take longer than the call
    a = ["".join(rng.choice("ACGT") for _ in range(length)) for _ in range(distinct)]
    b = ["".join(c if rng.random() > 0.05 else rng.choice("ACGT") for c in s) for s in a]
    seqs_a = [a[i % distinct] for i in range(count)]
    seqs_b = [b[i % distinct] for i in range(count)]
    print(f"levcl {levcl.__version__}, device {levcl.Context().device['name']}")
    levcl.distances(seqs_a, seqs_b)  # builds the programs, sizes the buffers
    for _ in range(3):
        start = time.perf_counter()
        d = levcl.distances(seqs_a, seqs_b)
        seconds = time.perf_counter() - start
        print(f"{count} pairs of {length} bp as lists of str: {seconds:.4f} s, {count / seconds:.3e} pairs/s, "
              f"distance sum {int(d.sum())}")


main()
