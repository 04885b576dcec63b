"""A design and its testbench in one file: the testbench object for cosim, without the top's body.

Vitis users often keep `main` next to the top. csim links that file once; cosim must link its `main`
against the RTL wrapper's top instead. The file is compiled to unoptimised bitcode (so `main` cannot
have inlined the C top yet), the top's body is deleted there (llvm-extract --delete: calls stay, to
an external declaration the wrapper defines), and the rest is optimised and compiled as usual.
The wrapper #includes the same file, so both objects define the file's other functions and globals:
the wrapper's copies are made local to it (it never runs them; the testbench's are the ones used).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Sequence

from cryptohls.errors import UserError
from cryptohls.sim.csim import CC, CXX, compile_object, is_cxx, require_tool


def testbench_object(src: Path, top: str, build: Path, include_dirs: Sequence[Path] = (),
                     defines: Sequence[str] = ()) -> Path:
    """SRC compiled as the testbench: everything but the top's definition."""
    compiler = require_tool(CXX if is_cxx(src) else CC)
    bitcode, stripped, obj = build / "tb.bc", build / "tb-without-top.bc", build / "tb.o"
    # csim's flags, but LLVM's passes off (a compile error is located as csim reports it)
    compile_object(src, bitcode, include_dirs, defines, extra_flags=["-Xclang", "-disable-llvm-passes", "-emit-llvm"])
    # the top's symbol: `top` for C and extern "C", _Z<len><top>... for a C++ function at namespace scope
    pattern = f"^({top}|_Z{len(top)}{top}.*)$"
    _run([require_tool("llvm-extract-19"), "--delete", f"--rfunc={pattern}", str(bitcode), "-o", str(stripped)], src,
         f"top function {top!r} is not defined in {src.name}")
    _run([compiler, "-O1", "-c", str(stripped), "-o", str(obj)], src)
    return obj


def _run(cmd: list[str], src: Path, message: str | None = None) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        detail = (proc.stderr.strip().splitlines() or ["failed"])[0]
        raise UserError(message or f"building the testbench from {src.name} failed: {detail}", file=src)


def localize_shared_definitions(wrapper_obj: Path, tb_obj: Path) -> None:
    """Symbols both objects define (not weak or inline ones, which the linker merges) become local
    to the wrapper's object, so the link sees one definition of each."""
    shared = sorted(_strong_definitions(wrapper_obj) & _strong_definitions(tb_obj))
    if shared:
        _run([require_tool("llvm-objcopy-19"), *(f"--localize-symbol={name}" for name in shared), str(wrapper_obj)],
             wrapper_obj)


def _strong_definitions(obj: Path) -> set[str]:
    proc = subprocess.run([require_tool("llvm-nm-19"), "--defined-only", "--extern-only", str(obj)],
                          capture_output=True, text=True, check=True)
    names = set()
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRC":
            names.add(parts[2])
    return names
