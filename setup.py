"""The Python module's build for pip: CMake builds the levcl_python target (python/), and the
module is packaged with liblevcl beside it, found through an RPATH of $ORIGIN."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(levcl VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = ROOT / "build-pip"  # kept between installs (git ignores build*/): the next one is quick
        # The module and the library in one folder, the module's RPATH that folder ($ORIGIN/:
        # one install folder for both; typed STRING, which CMake leaves relative).
        subprocess.run(
            ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
             "-DLEVCL_BUILD_TOOLS=OFF", "-DLEVCL_BUILD_TESTS=OFF", f"-DPython3_EXECUTABLE={sys.executable}",
             "-DLEVCL_PYTHON_INSTALL_DIR:STRING=lib", "-DCMAKE_INSTALL_LIBDIR:STRING=lib",
             "-DCMAKE_BUILD_WITH_INSTALL_RPATH=ON"],
            check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "levcl_python", "-j", str(os.cpu_count() or 1)],
                       check=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        (module,) = (build / "python").glob("levcl*.so")
        shutil.copy2(module, target)
        soname = "liblevcl.so." + project_version().split(".")[0]  # what the module needs (SOVERSION: the major)
        shutil.copy2(build / "lib" / soname, target.parent / soname)


setup(version=project_version(), ext_modules=[Extension("levcl", sources=[])], cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": str(ROOT / "build-pip" / "setuptools")}})
