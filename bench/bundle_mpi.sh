#!/usr/bin/env bash
# Bundle Debian's Open MPI so that mpirun runs on a GPU host that lacks it (the levcl-mpi
# measurements, bench/h100.sh phase mpi). Run here, after ../shared/device/bundle OUT ...
# levcl-mpi (which brings levcl-mpi's own libraries):
#   bash bench/bundle_mpi.sh OUT      -> OUT/mpi (mpirun, its components and libraries), OUT/mpienv.sh
# On the host: source OUT/env.sh; source OUT/mpienv.sh; mpirun -np N levcl-mpi ...
# Open MPI finds its components and help files under OPAL_PREFIX, PMIx under
# PMIX_INSTALL_PREFIX and the component path named below; both keep Debian's layout.
set -euo pipefail
out=${1:?usage: bundle_mpi.sh OUT}
m=$out/mpi arch=x86_64-linux-gnu
rm -rf "$m"
mkdir -p "$m/usr/bin" "$m/usr/lib/$arch" "$m/usr/share" "$m/deps"
cp -L /usr/bin/orterun "$m/usr/bin/" && ln -s orterun "$m/usr/bin/mpirun"
cp -a "/usr/lib/$arch/openmpi" "/usr/lib/$arch/pmix2" "$m/usr/lib/$arch/"
cp -a /usr/share/openmpi "$m/usr/share/"
find "$m" -name '*.a' -delete
rm -f "$m/usr/lib/$arch/openmpi/lib/"*{java,mpifh,usempi}*
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|libstdc\+\+|libgcc_s)'
for f in "$m/usr/bin/orterun" $(find "$m" -name '*.so*' -type f); do
  ldd "$f" 2>/dev/null | awk '/=> \//{print $1" "$3}' | while read -r name path; do
    [[ $name =~ $skip ]] || [ -e "$m/deps/$name" ] || cp -L "$path" "$m/deps/$name"
  done
done
cat >"$out/mpienv.sh" <<'ENV'
# source this file on the GPU host, after env.sh
_m=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/mpi
export OPAL_PREFIX=$_m/usr PMIX_INSTALL_PREFIX=$_m/usr/lib/x86_64-linux-gnu/pmix2
export PMIX_MCA_mca_base_component_path=$PMIX_INSTALL_PREFIX/lib/pmix PMIX_MCA_pcompress_base_silence_warning=1
export LD_LIBRARY_PATH=$_m/usr/lib/x86_64-linux-gnu/openmpi/lib:$PMIX_INSTALL_PREFIX/lib:$_m/deps:$LD_LIBRARY_PATH
export PATH=$_m/usr/bin:$PATH
# as root, and ranks of one host over shared memory (no network transports to probe)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader
export OMPI_MCA_btl_vader_single_copy_mechanism=none
unset _m
ENV
echo "bundle_mpi: $(du -sh "$m" | cut -f1) in $m; on the GPU host: source $out/env.sh; source $out/mpienv.sh"
