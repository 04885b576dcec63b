"""Runs a whole program (a top without arguments, no testbench): natively for csim, and natively and
against the RTL for cosim, comparing the final states (sim/program.py has the format and generators)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from cryptohls.frontend.signature import Signature
from cryptohls.sim.cosim import CosimStats, load_report, read_signature, run_cosim
from cryptohls.sim.csim import compile_object, is_cxx, link_executable, require_source, run_testbench
from cryptohls.sim.program import (MISMATCH_STATUS, STATE_ENV, ProgramGlobal, check_program_top, compare_states,
                                   native_harness_source, program_globals, read_state)


def program_signature(src: Path, top: str, include_dirs: Sequence[Path], defines: Sequence[str]) -> Signature:
    sig = read_signature(src, top, include_dirs, defines)
    check_program_top(sig, src)
    return sig


def build_native(src: Path, sig: Signature, globals_: list[ProgramGlobal], ret_width: int, build_dir: Path,
                 include_dirs: Sequence[Path] = (), defines: Sequence[str] = ()) -> Path:
    """The program linked with its harness (which writes the final state when $CRYPTOHLS_PROGRAM_STATE is set)."""
    build_dir.mkdir(parents=True, exist_ok=True)
    harness = build_dir / f"program{src.suffix}"
    harness.write_text(native_harness_source(src, sig, globals_, ret_width))
    obj = compile_object(harness, build_dir / "program.o", [src.parent, *include_dirs], defines)
    return link_executable([obj], build_dir / "program", cxx=is_cxx(src))


def run_program_csim(src: Path, top: str, build_dir: Path, *, include_dirs: Sequence[Path] = (),
                     defines: Sequence[str] = (), args: Sequence[str] = ()) -> int:
    """csim without a testbench: the program runs as it is; the exit status is its own."""
    src = require_source(Path(src), "source")
    sig = program_signature(src, top, include_dirs, defines)
    return run_testbench(build_native(src, sig, [], 0, build_dir, include_dirs, defines), args)


def run_program_cosim(src: Path, top: str, out_dir: Path, *, tb_args: Sequence[str] = (),
                      include_dirs: Sequence[Path] = (), defines: Sequence[str] = (), **kwargs) -> CosimStats:
    """cosim without a testbench: the RTL run (its output is shown), then the native run (output kept in
    DIR/cosim/native/), and their final states compared. Exit status: the RTL run's when the states
    agree, else MISMATCH_STATUS with one line per difference on stderr."""
    src = require_source(Path(src), "source")
    sig = program_signature(src, top, include_dirs, defines)
    out_dir = Path(out_dir).resolve()
    rtl_state = out_dir / "cosim" / "rtl.state"
    rtl_state.unlink(missing_ok=True)
    stats = run_cosim(src, None, top, out_dir, tb_args=tb_args, include_dirs=include_dirs, defines=defines,
                      env={STATE_ENV: str(rtl_state)}, **kwargs)
    _, report = load_report(out_dir, top)
    globals_ = program_globals(report)
    native_dir = out_dir / "cosim" / "native"
    exe = build_native(src, sig, globals_, int(report["interface"].get("return", {}).get("width", 0)), native_dir,
                       include_dirs, defines)
    native_state = native_dir / "native.state"
    native_state.unlink(missing_ok=True)
    with open(native_dir / "stdout.txt", "w") as out, open(native_dir / "stderr.txt", "w") as err:
        native = subprocess.run([str(exe), *tb_args], stdout=out, stderr=err,
                                env={**os.environ, STATE_ENV: str(native_state)})
    native_status = 128 - native.returncode if native.returncode < 0 else native.returncode
    differences = compare_states(read_state(native_state), read_state(rtl_state))
    if native_status != stats.status:
        differences.insert(0, f"exit status: native {native_status}, RTL {stats.status}")
    for line in differences:
        print(f"cosim: {top}: {line}", file=sys.stderr)
    summary = {"native_status": native_status, "globals": len(globals_),
               "compared": len(read_state(rtl_state)), "differences": len(differences)}
    return replace(stats, status=stats.status if not differences else MISMATCH_STATUS, program=summary)
