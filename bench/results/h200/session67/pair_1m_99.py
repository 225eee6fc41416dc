"""The synthetic 1 Mbp pair at 99% of calls 2 and 8, written to /tmp/a1m.fa and /tmp/b1m.fa:
a random sequence and a copy with 1% edits, substitutions, deletions and insertions in thirds.
Seeded: every run writes the same files."""
import random

random.seed(7)
a = [random.choice('ACGT') for _ in range(1000000)]
b = []
for c in a:
    x = random.random()
    if x < 0.0033:
        b.append(random.choice('ACGT'))
    elif x < 0.0066:
        continue
    elif x < 0.01:
        b.append(c)
        b.append(random.choice('ACGT'))
    else:
        b.append(c)
open('/tmp/a1m.fa', 'w').write('>a\n' + ''.join(a) + '\n')
open('/tmp/b1m.fa', 'w').write('>b\n' + ''.join(b) + '\n')
