"""C simulation: the HLS source and its C testbench compiled natively with clang-19 and run.

C files go through ``clang-19``, C++ files through ``clang++-19`` (-std=c++17), each with
``-I <repo>/include`` (ap_int.h, hls_stream.h), ``-O1 -Wall``; objects are linked with clang++-19
when any C++ is involved. The same object-building helpers serve cosim, which links the testbench
against a Verilator model instead of the C source.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterable, Sequence

from cryptohls.errors import UserError
from cryptohls.frontend.driver import REPO_INCLUDE

C_SUFFIXES = {".c"}
CXX_SUFFIXES = {".cc", ".cpp", ".cxx", ".C"}
CC = "clang-19"
CXX = "clang++-19"
COMMON_FLAGS = ["-O1", "-Wall", "-Wno-unknown-pragmas"]
_DIAG_RE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?:fatal )?error: (?P<msg>.+)$", re.M)
_LINK_RE = re.compile(r"(undefined reference to .+|multiple definition of .+)$", re.M)


def include_dir() -> Path:
    """The folder holding ap_int.h and hls_stream.h (package data: cryptohls/include)."""
    return REPO_INCLUDE


def is_cxx(path: Path) -> bool:
    return path.suffix in CXX_SUFFIXES


def require_tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise UserError(f"{name} not found on PATH", hint="install it (Debian: apt-get install clang-19)")
    return found


def require_source(path: Path, what: str) -> Path:
    if not path.is_file():
        raise UserError(f"{what} not found: {path}")
    if path.suffix not in C_SUFFIXES | CXX_SUFFIXES:
        raise UserError(f"{what} must be a C or C++ file (.c, .cpp, .cc, .cxx): {path}")
    return path.resolve()


def compile_flags(path: Path, include_dirs: Iterable[Path] = (), defines: Iterable[str] = ()) -> list[str]:
    flags = [*COMMON_FLAGS, f"-I{include_dir()}"]
    flags += [f"-I{Path(d).resolve()}" for d in include_dirs]
    flags += [f"-D{d}" for d in defines]
    flags += ["-std=c++17"] if is_cxx(path) else ["-std=gnu17"]
    return flags


def _compile_error(stderr: str, fallback: Path) -> UserError:
    match = _DIAG_RE.search(stderr)
    if match:
        return UserError(match["msg"], file=match["file"], line=int(match["line"]), col=int(match["col"]))
    # an error without a position (e.g. an unsupported encoding): about the whole file, shown at its start
    first = next((line for line in stderr.splitlines() if "error" in line), None) or \
        next((line for line in stderr.splitlines() if line.strip()), "compiler failed")
    return UserError(first.strip(), file=fallback, line=1, col=1)


def compile_object(src: Path, obj: Path, include_dirs: Iterable[Path] = (), defines: Iterable[str] = (),
                   extra_flags: Sequence[str] = ()) -> Path:
    """Compiles one C/C++ file; a compile error becomes a one-line UserError at its file:line:col."""
    compiler = require_tool(CXX if is_cxx(src) else CC)
    obj.parent.mkdir(parents=True, exist_ok=True)
    cmd = [compiler, *compile_flags(src, include_dirs, defines), *extra_flags, "-c", str(src), "-o", str(obj)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise _compile_error(proc.stderr, src)
    if proc.stderr.strip():  # warnings: show them, as a compiler would
        sys.stderr.write(proc.stderr)
    return obj


def link_executable(objects: Sequence[Path], exe: Path, *, cxx: bool, extra: Sequence[str] = ()) -> Path:
    linker = require_tool(CXX if cxx else CC)
    proc = subprocess.run([linker, *map(str, objects), *extra, "-o", str(exe)], capture_output=True, text=True)
    if proc.returncode != 0:
        match = _LINK_RE.search(proc.stderr)
        detail = match.group(1) if match else (proc.stderr.strip().splitlines() or ["link failed"])[-1]
        missing_lib = re.search(r"unable to find library (-l\S+)", proc.stderr)
        hint = (f"install the library {missing_lib.group(1)} names (OpenSSL's -lcrypto: scripts/setup.sh)"
                if missing_lib else "two of the files define that name: make all but one definition static"
                if detail.startswith("multiple definition") else "does the testbench call the top function with "
                "its exact name? Libraries it needs go in --ldflags (e.g. --ldflags=-lcrypto)")
        raise UserError(f"link failed: {detail}", hint=hint)
    return exe


def defined_functions(obj: Path) -> set[str]:
    """Names of the functions an object file defines (C++ names demangled, without the parameter list)."""
    proc = subprocess.run([require_tool("llvm-nm-19"), "-C", "--defined-only", str(obj)],
                          capture_output=True, text=True, check=True)
    names = set()
    for line in proc.stdout.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in "Tt":
            names.add(parts[2].split("(", 1)[0])
    return names


def symbol_names(obj: Path) -> set[str]:
    """Every name an object file defines or refers to (C++ names demangled, without parameters): what
    code in its translation unit can name."""
    proc = subprocess.run([require_tool("llvm-nm-19"), "-C", str(obj)], capture_output=True, text=True, check=True)
    return {line.split()[-1].split("(", 1)[0] for line in proc.stdout.splitlines() if line.strip()}


def external_data(obj: Path) -> set[str]:
    """The variables an object file defines with external linkage (not its static ones): names another
    translation unit can reach through the linker."""
    proc = subprocess.run([require_tool("llvm-nm-19"), "--defined-only", str(obj)], capture_output=True, text=True,
                          check=True)
    return {parts[2] for parts in map(str.split, proc.stdout.splitlines()) if len(parts) == 3 and parts[1] in "BDRCGSV"}


def check_top_defined(src: Path, obj: Path, top: str) -> None:
    if top not in defined_functions(obj):
        raise UserError(f"top function {top!r} is not defined in {src.name}", file=src, line=1, col=1)


def compile_sources(sources: Sequence[Path], build_dir: Path, top: str | None, include_dirs: Sequence[Path] = (),
                    defines: Sequence[str] = ()) -> tuple[list[Path], list[Path]]:
    """The design's translation units each compiled (``src.o``, ``src1.o``, ...): the sources and their
    objects, the file that defines ``top`` first (cosim puts that one behind its wrapper). One source
    that does not define the top is an error at its first line; of several, one that none defines."""
    objects = [compile_object(src, build_dir / (f"src{k}.o" if k else "src.o"), include_dirs, defines)
               for k, src in enumerate(sources)]
    if top is None:
        return list(sources), objects
    if len(sources) == 1:
        check_top_defined(sources[0], objects[0], top)
        return list(sources), objects
    holder = next((k for k, obj in enumerate(objects) if top in defined_functions(obj)), None)
    if holder is None:
        raise UserError(f"top function {top!r} is not defined in any of the source files "
                        f"({', '.join(s.name for s in sources)})", file=sources[0], line=1, col=1)
    order = [holder] + [k for k in range(len(sources)) if k != holder]
    return [sources[k] for k in order], [objects[k] for k in order]


def build_csim(src: Path, tb: Path, build_dir: Path, *, top: str | None = None,
               include_dirs: Sequence[Path] = (), defines: Sequence[str] = (), ldflags: Sequence[str] = (),
               more_sources: Sequence[Path] = ()) -> Path:
    """Compiles SRC (and ``more_sources``, the design's other translation units) and TB natively and
    links them (with `ldflags`, e.g. -lcrypto); returns the executable. TB may be SRC itself: a design and
    its testbench's main in one file."""
    sources = [require_source(Path(s), "source") for s in (src, *more_sources)]
    tb = require_source(Path(tb), "testbench")
    build_dir.mkdir(parents=True, exist_ok=True)
    sources, objects = compile_sources(sources, build_dir, top, include_dirs, defines)
    if tb not in sources:
        objects.append(compile_object(tb, build_dir / "tb.o", include_dirs, defines))
    return link_executable(objects, build_dir / "csim", cxx=any(map(is_cxx, [*sources, tb])), extra=ldflags)


def run_testbench(exe: Path, args: Sequence[str] = (), *, env: dict[str, str] | None = None) -> int:
    """Runs a testbench with the caller's stdout/stderr; returns its exit status (128+N for signal N)."""
    sys.stdout.flush()
    proc = subprocess.run([str(exe), *args], env=env)
    if proc.returncode < 0:
        print(f"testbench killed by signal {-proc.returncode}", file=sys.stderr)
        return 128 - proc.returncode
    return proc.returncode
