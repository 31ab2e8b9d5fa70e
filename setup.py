"""The build of jitc's CPython extension, jitc._jitc, for setuptools (pyproject.toml).

The extension is the C of python/src over libjitc: the build runs `make` for libjitc.a first
(in build/, or build-gpu/ with LLVM linked statically when JITC_STATIC_LLVM=1, for a machine
without LLVM, or build-san/ with ASan and UBSan when JITC_SAN=1, for the tests), then links it in with the libraries `make print-ldlibs` names. It is C11 held to
the repository's warnings (-Wall -Wextra -Werror)."""
import glob
import os
import shlex
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


SANITIZE = os.environ.get("JITC_SAN") == "1"  # the tests' ASan+UBSan build: libjitc of build-san/


def make(*args):
    static = ["STATIC_LLVM=1"] if os.environ.get("JITC_STATIC_LLVM") == "1" else []
    static += ["SAN=1"] if SANITIZE else []
    jobs = "-j%d" % (os.cpu_count() or 1)
    return subprocess.run(["make", "--no-print-directory", "-s", jobs, *static, *args], cwd=ROOT, check=True,
                          stdout=subprocess.PIPE, text=True).stdout


class BuildWithLibjitc(build_ext):
    def run(self):
        import numpy

        build = make("print-build").strip()
        make(build + "/libjitc.a")
        for ext in self.extensions:
            ext.include_dirs.append(numpy.get_include())
            ext.extra_objects = [os.path.join(ROOT, build, "libjitc.a")]
            ext.depends = ext.depends + ext.extra_objects  # relinked when libjitc changes
            ext.extra_link_args = shlex.split(make("print-ldlibs"))
            if SANITIZE:
                ext.extra_compile_args += SAN_FLAGS
                ext.extra_link_args += SAN_FLAGS
        super().run()


SAN_FLAGS = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=all"]
SOURCES = sorted(glob.glob("python/src/*.c"))

setup(
    ext_modules=[Extension(
        "jitc._jitc",
        sources=SOURCES,
        include_dirs=[os.path.join(ROOT, "include")],
        extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-Werror", "-fvisibility=hidden"],
        depends=["python/src/pyjitc.h", "include/jitc.h"],
    )],
    cmdclass={"build_ext": BuildWithLibjitc},
    # setuptools' own build folders, kept apart from the Makefile's outputs (and the sanitized build's)
    options={"build": {"build_base": "build-san/python" if SANITIZE else "build/python"}},
)
