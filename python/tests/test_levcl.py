"""The Python module against references: a plain DP below for short strings, the library's
cpu-dp for longer ones. Short strings throughout: it runs on POCL on CI, where every device
variant's first call compiles its kernels."""
import random
import threading

import numpy as np
import pytest

import levcl


def reference(a, b):
    """Levenshtein distance of two bytes objects, one DP row at a time."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        diagonal, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (x != y))
    return row[-1]


def mutate(rng, s, rate):
    """s with substitutions, insertions and deletions at about `rate` per byte."""
    out = bytearray()
    for byte in s:
        r = rng.random()
        if r < rate / 3:
            out.append(rng.randrange(256))
        elif r < 2 * rate / 3:
            out += bytes([byte, rng.randrange(256)])
        elif r >= rate:
            out.append(byte)
    return bytes(out)


def random_pairs(count, max_length, seed):
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        a = bytes(rng.choice(b"ACGT") for _ in range(rng.randrange(max_length + 1)))
        pairs.append((a, mutate(rng, a, rng.choice([0.0, 0.05, 0.3, 1.0]))))
    return pairs


def test_str_and_bytes_inputs():
    assert levcl.distance("kitten", "sitting") == 3
    assert levcl.distance(b"kitten", b"sitting") == 3
    assert levcl.distance(bytearray(b"kitten"), memoryview(b"sitting")) == 3
    assert levcl.distance("kitten", b"sitting", variant="cpu-dp") == 3
    assert levcl.distance(np.frombuffer(b"kitten", dtype=np.uint8), "sitting") == 3
    # A str is its UTF-8 bytes: "é" is two of them.
    assert levcl.distance("é", "e", variant="cpu-dp") == 2
    assert levcl.distance("naïve", "naive") == reference("naïve".encode(), b"naive") == 2


def test_bad_inputs():
    with pytest.raises(TypeError):
        levcl.distance(12, "a")
    with pytest.raises(TypeError):
        levcl.distance("a", None)
    with pytest.raises(BufferError):
        levcl.distance(memoryview(b"abcdef")[::2], b"ace", variant="cpu-dp")
    with pytest.raises(UnicodeEncodeError):
        levcl.distance("\ud800", "a", variant="cpu-dp")
    with pytest.raises(TypeError):
        levcl.distance("a", "b", variant="cpu-dp", params={"wg": "x"})


def test_empty_strings():
    for variant in ("auto", "cpu-dp", "cpu-bitpar"):
        assert levcl.distance("", "", variant=variant) == 0
        assert levcl.distance("", b"abc", variant=variant) == 3
        assert levcl.distance(b"abcd", "", variant=variant) == 4


def test_all_byte_values():
    a = bytes(range(256))
    b = mutate(random.Random(7), a, 0.2)
    d = reference(a, b)
    assert levcl.distance(a, b) == d
    assert levcl.distance(a, b, variant="cpu-bitpar") == d
    assert levcl.distance(a, a[::-1], variant="cpu-dp") == reference(a, a[::-1])


def test_longer_pair_against_cpu_dp():
    rng = random.Random(3)
    a = bytes(rng.choice(b"ACGT") for _ in range(3000))
    b = mutate(rng, a, 0.1)
    assert levcl.distance(a, b) == levcl.distance(a, b, variant="cpu-dp")


def test_max_distance():
    a, b = b"the quick brown fox", b"the quack brown cat"
    d = reference(a, b)
    for variant in ("auto", "cpu-dp", "cpu-bitpar"):
        assert levcl.distance(a, b, variant=variant, max_distance=d) == d
        assert levcl.distance(a, b, variant=variant, max_distance=d - 1) == -1
        assert levcl.distance(a, b, variant=variant, max_distance=-1) == d


def test_distances_against_reference():
    pairs = random_pairs(300, 60, seed=1)
    expected = np.array([reference(a, b) for a, b in pairs], dtype=np.int64)
    seqs_a, seqs_b = [a for a, _ in pairs], [b for _, b in pairs]
    got = levcl.distances(seqs_a, seqs_b)
    assert isinstance(got, np.ndarray) and got.dtype == np.int64 and got.shape == (300,)
    np.testing.assert_array_equal(got, expected)
    bitpar = levcl.distances(seqs_a, seqs_b, variant="cpu-bitpar", threads=2)
    np.testing.assert_array_equal(bitpar, expected)
    bound = levcl.distances(seqs_a, seqs_b, variant="cpu-bitpar", threads=2, max_distance=10)
    np.testing.assert_array_equal(bound, np.where(expected > 10, -1, expected))
    # str items are their UTF-8 bytes, which differ from latin-1 above 127.
    mixed = [b.decode("latin-1") if i % 2 else b for i, b in enumerate(seqs_b)]
    expected_mixed = [reference(a, b.encode() if isinstance(b, str) else b) for a, b in zip(seqs_a, mixed)]
    np.testing.assert_array_equal(levcl.distances(seqs_a, mixed), expected_mixed)


def test_distances_of_many_strings_read_on_threads():
    # 2 * 10^5 items: ASCII str read on several threads, the others (non-ASCII str, bytes)
    # on the calling thread; the same pairs as bytes all go the latter way.
    rng = random.Random(5)
    seqs_a = ["".join(rng.choice("ACGT\u00e9") for _ in range(rng.randrange(0, 9))) for _ in range(100000)]
    seqs_b = ["".join(rng.choice("ACGT") for _ in range(rng.randrange(0, 9))) for _ in range(100000)]
    mixed_b = [b.encode() if i % 3 == 0 else b for i, b in enumerate(seqs_b)]
    as_bytes = levcl.distances([a.encode() for a in seqs_a], [b.encode() for b in seqs_b])
    np.testing.assert_array_equal(levcl.distances(seqs_a, mixed_b), as_bytes)
    np.testing.assert_array_equal(as_bytes[:300], [reference(a.encode(), b.encode()) for a, b in zip(seqs_a[:300], seqs_b[:300])])


def test_distances_of_iterables_and_nothing():
    assert levcl.distances(iter(["abc", "kitten"]), ("abd", b"sitting")).tolist() == [1, 3]
    empty = levcl.distances([], [])
    assert empty.dtype == np.int64 and empty.shape == (0,)
    with pytest.raises(TypeError):
        levcl.distances("abc", "abd")


def test_distances_length_mismatch():
    with pytest.raises(ValueError) as raised:
        levcl.distances(["a", "b"], ["a"])
    assert isinstance(raised.value, levcl.Error)
    assert raised.value.code_name == "invalid_argument"


def test_errors():
    with pytest.raises(levcl.Error) as raised:
        levcl.distance("a", "b", variant="no-such-variant")
    error = raised.value
    assert error.code_name == "invalid_argument" and error.code == 1
    assert "no-such-variant" in str(error)
    assert isinstance(error, levcl.UsageError) and isinstance(error, ValueError)
    with pytest.raises(levcl.UsageError) as raised:
        levcl.distance("a", "b", variant="cpu-dp", params={"no-such-param": 1})
    assert raised.value.code_name == "invalid_argument"
    with pytest.raises(levcl.UsageError) as raised:
        levcl.distance("a", "b", device="no-such-device-anywhere")
    assert raised.value.code_name == "device_not_found"
    assert issubclass(levcl.UsageError, levcl.Error) and not issubclass(levcl.Error, ValueError)


def test_context_reuse():
    context = levcl.Context()
    device = context.device
    assert device["name"] and device["type"] in ("gpu", "cpu", "accelerator", "other")
    pairs = random_pairs(20, 40, seed=2)
    for a, b in pairs[:5]:
        assert context.distance(a, b) == reference(a, b)
    got = context.distances([a for a, _ in pairs], [b for _, b in pairs], max_distance=-1)
    np.testing.assert_array_equal(got, [reference(a, b) for a, b in pairs])
    context.set_params("cpu-bitpar", {})
    assert context.distance("flaw", "lawn", variant="cpu-bitpar") == 2


def test_cold_programs(tmp_path, monkeypatch):
    monkeypatch.setenv("LEVCL_CACHE_DIR", str(tmp_path))  # every program cold
    monkeypatch.delenv("LEVCL_NO_CACHE", raising=False)
    context = levcl.Context()
    context.set_cold_programs("host")
    a, b = random_pairs(1, 500, seed=9)[0]
    assert context.distance(a, b) == reference(a, b)
    assert list(tmp_path.iterdir()) == []  # ran on the host: nothing built
    context.set_cold_programs("build")
    assert context.distance(a, b) == reference(a, b)
    assert list(tmp_path.iterdir()) != []
    with pytest.raises(levcl.Error) as raised:
        context.set_cold_programs("sometimes")
    assert raised.value.code_name == "invalid_argument"


def test_threads_share_a_context():
    context = levcl.Context()
    pairs = random_pairs(40, 50, seed=4)
    expected = [reference(a, b) for a, b in pairs]
    results = {}

    def run(index):
        results[index] = context.distances([a for a, _ in pairs], [b for _, b in pairs], variant="cpu-dp").tolist()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {i: expected for i in range(3)}


def test_devices_and_variants():
    devices = levcl.list_devices()
    assert all({"name", "vendor", "type", "platform"} <= set(d) for d in devices)
    variants = levcl.list_variants()
    names = [v["name"] for v in variants]
    assert "cpu-dp" in names and "bitpar" in names
    bitpar = variants[names.index("bitpar")]
    assert bitpar["uses_device"] and bitpar["work"] == "matrix"
    assert all({"name", "default", "min", "max", "description"} <= set(p) for p in bitpar["params"])
    assert not variants[names.index("cpu-dp")]["uses_device"]


def test_version():
    assert levcl.version() == levcl.__version__
    major, minor, patch = levcl.__version__.split(".")
    assert major.isdigit() and minor.isdigit() and patch.isdigit()


def test_align_gives_an_optimal_cigar():
    r = levcl.align("kitten", "sitting")
    assert r.distance == 3
    assert levcl.verify_alignment("kitten", "sitting", r.cigar) == 3
    assert (r.a_start, r.a_end, r.b_start, r.b_end) == (0, 6, 0, 7)
    assert r.peak_device_bytes > 0
    assert "distance=3" in repr(r)
    rng = random.Random(8)
    for _ in range(10):
        a = bytes(rng.choice(b"ACGT") for _ in range(rng.randrange(0, 600)))
        b = bytearray(a)
        for _ in range(rng.randrange(0, 40)):
            if b:
                b[rng.randrange(len(b))] = rng.choice(b"ACGT")
        got = levcl.Context().align(a, b, variant="persistent", params={"wg": 32})
        assert got.distance == levcl.distance(a, b, variant="cpu-dp")
        assert levcl.verify_alignment(a, b, got.cigar) == got.distance


def test_aligns_and_bounds():
    seqs_a = ["kitten", b"", "flaw", np.frombuffer(b"intention", dtype=np.uint8)]
    seqs_b = ["sitting", b"abc", "lawn", "execution"]
    got = levcl.aligns(seqs_a, seqs_b)
    assert [r.distance for r in got] == [3, 3, 2, 5]
    assert levcl.verify_alignment("intention", "execution", got[3].cigar) == 5
    bounded = levcl.align("kitten", "sitting", max_distance=2)
    assert bounded.distance == -1 and bounded.cigar == ""
    with pytest.raises(levcl.UsageError):
        levcl.verify_alignment("abc", "abd", "3=")
    with pytest.raises(levcl.UsageError):
        levcl.align("a", "b", params={"no-such-param": 1})
    with pytest.raises(levcl.UsageError):
        levcl.aligns(["a"], [])


@pytest.mark.parametrize("call", ["context", "module", "batch"])
def test_ctrl_c_stops_a_long_call_within_a_second_and_the_context_stays_usable(call):
    import os
    import signal
    import time

    rng = random.Random(3)
    a = bytes(rng.randrange(4) for _ in range(40000))
    b = bytes(rng.randrange(4) for _ in range(40000))
    context = levcl.Context()
    run = {
        "context": lambda: context.distance(a, b, variant="cpu-dp"),  # seconds of one CPU pass
        "module": lambda: levcl.distance(a, b, variant="cpu-dp"),
        "batch": lambda: context.distances([a] * 50, [b] * 50, variant="cpu-bitpar", threads=1),
    }[call]
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run()
    assert time.monotonic() - start < 1.3
    timer.join()
    assert context.distance("kitten", "sitting") == 3
    assert levcl.distance("kitten", "sitting") == 3


def test_cancel_from_another_thread_raises_cancelled():
    rng = random.Random(4)
    a = bytes(rng.randrange(4) for _ in range(40000))
    b = bytes(rng.randrange(4) for _ in range(40000))
    context = levcl.Context()
    timer = threading.Timer(0.3, context.cancel)
    timer.start()
    with pytest.raises(levcl.Error) as raised:
        context.distance(a, b, variant="cpu-dp")
    timer.join()
    assert raised.value.code_name == "cancelled"
    assert context.distance("kitten", "sitting") == 3


def test_a_device_that_does_not_exist_is_a_usage_error_when_the_context_is_made():
    for spec in ["zzzz", "99999999999999999999", "0:99999999999999999999"]:
        with pytest.raises(levcl.UsageError, match="no OpenCL device matches"):
            levcl.Context(spec)
        with pytest.raises(levcl.UsageError, match="no OpenCL device matches"):
            levcl.distance("a", "b", device=spec)


def test_parameters_under_auto_name_their_variant():
    with pytest.raises(levcl.UsageError, match="names no variant"):
        levcl.distance("kitten", "sitting", params={"tile": 127})
    assert levcl.distance("kitten", "sitting", params={"pwg.tile": 63, "persistent.wg": 64}) == 3
    assert levcl.align("kitten", "sitting", params={"persistent.wg": 64}).distance == 3


def test_input_rules_ignore_case_and_n_mismatch():
    assert levcl.distance("acgtN", "ACGTN") == 4
    assert levcl.distance("acgtN", "ACGTN", ignore_case=True) == 0
    assert levcl.distance("acgtN", "ACGTN", ignore_case=True, n_mismatch=True) == 1
    assert levcl.distance("NN", "nn", variant="cpu-dp", n_mismatch=True) == 2
    got = levcl.distances(["acgt", "NNA"], ["ACGT", "NNA"], ignore_case=True, n_mismatch=True)
    assert list(got) == [0, 2]
    r = levcl.align("acgtn", "ACGTN", ignore_case=True, n_mismatch=True)
    assert (r.distance, r.cigar) == (1, "4=1X")
    context = levcl.Context()
    assert context.distance("ac", "AC", ignore_case=True) == 0
    assert [a.distance for a in context.aligns(["ac"], ["AC"], ignore_case=True)] == [0]


def test_read_fasta(tmp_path):
    import gzip

    plain = tmp_path / "a.fa"
    plain.write_text(">one desc\nACGT\nAC\n>two\n\n>three\nTT\n")
    expected = [("one", b"ACGTAC"), ("two", b""), ("three", b"TT")]
    assert levcl.read_fasta(str(plain)) == expected
    packed = tmp_path / "a.fa.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    assert levcl.read_fasta(str(packed)) == expected
    with pytest.raises(levcl.Error):
        levcl.read_fasta(str(tmp_path / "missing.fa"))
    truncated = tmp_path / "cut.fa.gz"
    truncated.write_bytes(packed.read_bytes()[:-6])
    with pytest.raises(levcl.Error):
        levcl.read_fasta(str(truncated))


def test_import_without_numpy_says_so():
    # A fresh interpreter in which numpy cannot be imported.
    import subprocess
    import sys

    blocker = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'numpy' or name.startswith('numpy.'):\n"
        "            raise ImportError('no numpy here')\n"
        "sys.meta_path.insert(0, Block())\n"
        "try:\n"
        "    import levcl\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", blocker], capture_output=True, text=True, check=True)
    assert "levcl needs numpy" in out.stdout


def test_context_over_two_devices():
    # A fresh interpreter with two POCL devices (POCL reads POCL_DEVICES once per process).
    import os
    import subprocess
    import sys

    script = (
        "import levcl\n"
        "c = levcl.Context(devices=['0:0', '0:1'])\n"
        "assert [d['device_index'] for d in c.devices] == [0, 1], c.devices\n"
        "a = ['ACGTACGTAA' * (i % 50 + 1) for i in range(64)]\n"
        "b = [s[::-1] for s in a]\n"
        "got = list(c.distances(a, b))\n"
        "want = [levcl.distance(x, y, variant='cpu-dp') for x, y in zip(a, b)]\n"
        "assert got == want, (got, want)\n"
        "try:\n"
        "    levcl.Context('0:0', devices=['0:1'])\n"
        "    raise SystemExit('device and devices together were accepted')\n"
        "except ValueError:\n"
        "    pass\n"
        "print('ok')\n"
    )
    env = dict(os.environ, POCL_DEVICES="pthread pthread")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
