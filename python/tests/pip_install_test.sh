#!/usr/bin/env bash
# `pip install` of the repository into a fresh virtual environment that sees Debian's numpy
# and pybind11 (--system-site-packages, --no-build-isolation: no network), then the module
# from outside the source tree.  Usage: pip_install_test.sh PYTHON REPO WORK_DIR
set -euo pipefail
python=$1 repo=$2 work=$3
rm -rf "$work"
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --quiet --no-build-isolation --no-deps "$repo"
printf '>one\nACGT\n>two\nAGT\n' | gzip > "$work/pair.fa.gz"
cd "$work"
"$work/venv/bin/python" - <<'PY'
import levcl
assert levcl.__file__.startswith(__import__("sys").prefix), levcl.__file__  # the venv's, not the build's
records = levcl.read_fasta("pair.fa.gz")
assert records == [("one", b"ACGT"), ("two", b"AGT")], records
assert levcl.distance(records[0][1], records[1][1]) == 1
assert list(levcl.distances(["kitten"], ["sitting"])) == [3]
print("pip-installed levcl", levcl.__version__, "from", levcl.__file__)
PY
