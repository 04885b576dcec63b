"""Runs a whole program (a top without arguments, no testbench): natively for csim, and natively and
against the RTL for cosim, comparing the final states (sim/program.py has the format and generators)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from cryptohls.frontend.signature import Signature
from cryptohls.sim.cosim import CosimStats, load_report, read_signature, run_cosim
from cryptohls.sim.csim import (compile_object, compile_sources, is_cxx, link_executable, require_source,
                                run_testbench)
from cryptohls.sim.program import (MISMATCH_STATUS, STATE_ENV, ProgramGlobal, StateNames, check_program_top, compare_states,
                                   native_harness_source, program_globals, read_state)


def program_signature(src: Path, top: str, include_dirs: Sequence[Path], defines: Sequence[str]) -> Signature:
    sig = read_signature(src, top, include_dirs, defines)
    check_program_top(sig, src)
    return sig


def build_native(src: Path, sig: Signature, globals_: list[ProgramGlobal], ret_width: int, build_dir: Path,
                 include_dirs: Sequence[Path] = (), defines: Sequence[str] = (), others: Sequence[Path] = (),
                 aliased: frozenset[str] = frozenset()) -> Path:
    """The program linked with its harness (which writes the final state when $CRYPTOHLS_PROGRAM_STATE is set);
    ``others``: the objects of its other translation units."""
    build_dir.mkdir(parents=True, exist_ok=True)
    harness = build_dir / f"program{src.suffix}"
    harness.write_text(native_harness_source(src, sig, globals_, ret_width, aliased))
    obj = compile_object(harness, build_dir / "program.o", [src.parent, *include_dirs], defines)
    return link_executable([obj, *others], build_dir / "program", cxx=is_cxx(src))


@dataclass(frozen=True)
class ProgramFiles:
    """A whole program's files: the top's own (the harness includes it), the other translation units'
    objects, and the globals its harness can read (None for a program in one file: all of them)."""
    src: Path
    more_sources: tuple[Path, ...]
    others: tuple[Path, ...]
    names: StateNames | None


def program_files(src: Path, more_sources: Sequence[Path], top: str, build_dir: Path, include_dirs: Sequence[Path],
                  defines: Sequence[str]) -> ProgramFiles:
    src = require_source(Path(src), "source")
    if not more_sources:
        return ProgramFiles(src, (), (), None)
    sources, objects = compile_sources([src, *(require_source(Path(s), "source") for s in more_sources)],
                                       build_dir / "units", top, include_dirs, defines)
    return ProgramFiles(sources[0], tuple(sources[1:]), tuple(objects[1:]), StateNames.of(sources[0], objects[0], objects[1:]))


def run_program_csim(src: Path, top: str, build_dir: Path, *, include_dirs: Sequence[Path] = (),
                     defines: Sequence[str] = (), args: Sequence[str] = (), more_sources: Sequence[Path] = ()) -> int:
    """csim without a testbench: the program runs as it is; the exit status is its own."""
    files = program_files(src, more_sources, top, build_dir, include_dirs, defines)
    sig = program_signature(files.src, top, include_dirs, defines)
    return run_testbench(build_native(files.src, sig, [], 0, build_dir, include_dirs, defines, files.others), args)


def run_program_cosim(src: Path, top: str, out_dir: Path, *, tb_args: Sequence[str] = (),
                      include_dirs: Sequence[Path] = (), defines: Sequence[str] = (),
                      more_sources: Sequence[Path] = (), **kwargs) -> CosimStats:
    """cosim without a testbench: the RTL run (its output is shown), then the native run (output kept in
    DIR/cosim/native/), and their final states compared. Exit status: the RTL run's when the states
    agree, else MISMATCH_STATUS with one line per difference on stderr. Of a program in several files,
    the state is the globals the top's file can name."""
    out_dir = Path(out_dir).resolve()
    native_dir = out_dir / "cosim" / "native"
    files = program_files(src, more_sources, top, native_dir, include_dirs, defines)
    sig = program_signature(files.src, top, include_dirs, defines)
    rtl_state = out_dir / "cosim" / "rtl.state"
    rtl_state.unlink(missing_ok=True)
    stats = run_cosim(files.src, None, top, out_dir, tb_args=tb_args, include_dirs=include_dirs, defines=defines,
                      env={STATE_ENV: str(rtl_state)}, more_sources=files.more_sources, **kwargs)
    _, report = load_report(out_dir, top)
    globals_ = program_globals(report, files.names)
    exe = build_native(files.src, sig, globals_, int(report["interface"].get("return", {}).get("width", 0)), native_dir,
                       include_dirs, defines, files.others, files.names.aliased if files.names else frozenset())
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
