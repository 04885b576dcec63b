"""A precompiled csmith.h for the native reference builds of a fuzz campaign.

Every Csmith program starts with ``#include "csmith.h"`` (with safe_math.h, about 1,700 lines of static
helpers), and the reference builds each program twice (trial.NATIVE_OPT). clang parses the header in
0.01-0.015 s of the 0.09-0.13 s a build costs; a precompiled header, built once per optimisation level
and kept under build/, saves that parse (issue 38 item 3, docs/fuzzing.md). The program is compiled from
the same tokens, so the object file is the same byte for byte (tests/fuzz/test_native_pch.py). The
header is used only where the program includes csmith.h before anything else, which is where
``-include-pch`` puts it; the caller builds without it where the build with it fails (a header changed
since the PCH was built, say), so a PCH can never change a verdict.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import subprocess
import threading
from pathlib import Path

from cryptohls.designs import repo_root

HEADER = "csmith.h"
CACHE = repo_root() / "build" / "fuzz-native-pch"
# comments and blank lines, then the include of csmith.h
_INCLUDED_FIRST = re.compile(r'\A(?:\s+|//[^\n]*|/\*.*?\*/)*#include "csmith\.h"', re.S)
_lock = threading.Lock()   # one build of a PCH at a time within a process (--jobs threads)


def includes_csmith_first(program: Path) -> bool:
    return bool(_INCLUDED_FIRST.match(program.read_text(errors="replace")[:4096]))


@functools.lru_cache(maxsize=None)
def _compiler_version(cc: str) -> str:
    return subprocess.run([cc, "--version"], capture_output=True, text=True).stdout


def _headers_digest(runtime_dir: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(runtime_dir.glob("*.h")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def pch_flags(cc: str, flags: list[str], runtime_dir: Path, program: Path) -> list[str]:
    """``-include-pch FILE`` for building ``program`` with ``cc FLAGS`` (the level, -w, -I of the
    reference build), or [] where the program does not include csmith.h first or the PCH does not build."""
    if "clang" not in Path(cc).name or not includes_csmith_first(program):   # -include-pch is clang's
        return []
    key = hashlib.sha256(json.dumps([cc, _compiler_version(cc), flags, _headers_digest(runtime_dir)])
                         .encode()).hexdigest()[:16]
    pch = CACHE / f"csmith-{key}.pch"
    with _lock:
        if not pch.is_file() and not _build(cc, flags, pch):
            return []
    return ["-include-pch", str(pch)]


def _build(cc: str, flags: list[str], pch: Path) -> bool:
    pch.parent.mkdir(parents=True, exist_ok=True)
    header = pch.with_suffix(".h")
    header.write_text(f'#include "{HEADER}"\n')
    tmp = pch.with_name(f"{pch.name}.{os.getpid()}.tmp")   # processes sharing build/ rename in turn
    proc = subprocess.run([cc, *flags, "-x", "c-header", str(header), "-o", str(tmp)], capture_output=True)
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        return False
    tmp.rename(pch)
    return True
