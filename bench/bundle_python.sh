#!/usr/bin/env bash
# Bundle Debian's Python 3.11 and numpy with the levcl module, so that bench/python_batch.py
# runs on a GPU host whose Python is another version (the H100 host's is 3.12: the module
# is built for 3.11). Run here, after ../shared/device/bundle OUT ... (which brings
# liblevcl and its libraries), with the module built (build/python):
#   bash bench/bundle_python.sh OUT [MODULE_DIR]   -> OUT/python, OUT/pyenv.sh
# On the host: source OUT/env.sh; source OUT/pyenv.sh; python3.11 bench/python_batch.py N L
# Only the files the benchmark imports go (found by running it here on a few pairs), and
# the libraries numpy's extensions need that OUT/lib lacks.
set -euo pipefail
out=${1:?usage: bundle_python.sh OUT [MODULE_DIR]}
module_dir=${2:-build/python}
p=$out/python
rm -rf "$p"
mkdir -p "$p/bin" "$p/deps"
cp -L /usr/bin/python3.11 "$p/bin/"
list=$(mktemp)
PYTHONPATH=$module_dir /usr/bin/python3.11 -c "
import atexit, sys
def files():
    names = sorted({m.__file__ for m in list(sys.modules.values()) if getattr(m, '__file__', None)})
    open('$list', 'w').write('\n'.join(names) + '\n')
atexit.register(files)
sys.argv = ['python_batch.py', '1000', '150']
exec(compile(open('bench/python_batch.py').read(), 'bench/python_batch.py', 'exec'))
" >/dev/null
# Each file under a tree the host's interpreter searches: the standard library where it
# lay (lib/python3.11 under PYTHONHOME), packages and the module under site.
while read -r f; do
  case "$f" in
    /usr/lib/python3.11/*) dest=$p/lib/python3.11/${f#/usr/lib/python3.11/} ;;
    /usr/lib/python3/dist-packages/*) dest=$p/site/${f#/usr/lib/python3/dist-packages/} ;;
    */levcl.cpython-*) dest=$p/site/$(basename "$f") ;;
    *) echo "bundle_python: left out $f" >&2; continue ;;
  esac
  mkdir -p "$(dirname "$dest")"
  cp -L "$f" "$dest"
done <"$list"
rm -f "$list"
touch "$p/lib/python3.11/os.py"  # the interpreter's landmark for PYTHONHOME (copied above)
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|libstdc\+\+|libgcc_s|liblevcl)'
for f in "$p/bin/python3.11" $(find "$p" -name '*.so' -type f); do
  ldd "$f" 2>/dev/null | awk '/=> \//{print $1" "$3}' | while read -r name path; do
    [[ $name =~ $skip ]] || [ -e "$p/deps/$name" ] || [ -e "$out/lib/$name" ] || cp -L "$path" "$p/deps/$name"
  done
done
cat >"$out/pyenv.sh" <<'ENV'
# source this file on the GPU host, after env.sh
_p=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/python
export PYTHONHOME=$_p PYTHONPATH=$_p/site PYTHONNOUSERSITE=1
export LD_LIBRARY_PATH=$_p/deps:$LD_LIBRARY_PATH PATH=$_p/bin:$PATH
unset _p
ENV
echo "bundle_python: $(du -sh "$p" | cut -f1) in $p; on the GPU host: source $out/env.sh; source $out/pyenv.sh"
