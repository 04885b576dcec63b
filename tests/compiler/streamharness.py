"""Helpers for the stream tests: compile + lint a stream kernel, run its testbench natively and in cosim."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from cryptohls.frontend.driver import REPO_INCLUDE as INCLUDE
from cryptohls.sim.cosim import build_cosim

HERE = Path(__file__).resolve().parent
KERNELS = HERE / "stream_kernels"


def native_run(src: Path, tb: Path, out: Path) -> str:
    exe = out / "native"
    cc = ["clang-19"] if src.suffix == ".c" else ["clang++-19", "-std=c++17"]
    subprocess.run([*cc, "-w", f"-I{INCLUDE}", str(src), str(tb), "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


def cosim_run(src: Path, tb: Path, top: str, out: Path, clock_ns: float = 10.0,
              use_existing: bool = False, **cosim_options) -> tuple[str, dict]:
    """Cosim of ``top`` (compiled at ``clock_ns``, or the compile already in ``out``); ``cosim_options``
    go to build_cosim (max_cycles: a design that stops early fails the run sooner)."""
    exe = build_cosim(src, tb, top, out, clock_ns=clock_ns, use_existing=use_existing, **cosim_options)
    stats = out / "stats.json"
    proc = subprocess.run([str(exe)], capture_output=True, text=True, check=True,
                          env={**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats)})
    return proc.stdout, json.loads(stats.read_text())


def lint(verilog: Path) -> None:
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "-y", str(verilog.parent), str(verilog)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
