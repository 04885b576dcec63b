"""Issue 17 item 2: array-argument sizes come from the preprocessor with the user's -I/-D (not from a
regex over the main file), and compile and cosim read the signature with the same reader."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.hls import compile_file

HERE = Path(__file__).resolve().parent / "array_sizes"


def _args(report: dict) -> dict:
    return {a["name"]: a for a in report["interface"]["args"]}


def test_size_from_command_line_define(build_dir):
    result = compile_file(HERE / "cmdline_size.c", "cmdline_size", out_dir=build_dir, defines=("N=4",))
    assert _args(result.report)["a"]["depth"] == 4


def test_size_from_command_line_define_cli(build_dir):
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(HERE / "cmdline_size.c"),
                           "--top", "cmdline_size", "-D", "N=6", "-o", str(build_dir)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "uint32_t[6]" in (build_dir / "report.json").read_text()


def test_size_from_local_header(build_dir):
    result = compile_file(HERE / "header_size.c", "header_size", out_dir=build_dir)
    args = _args(result.report)
    assert (args["w"]["depth"], args["b"]["depth"], args["out"]["depth"]) == (4, 16, 8)


def test_missing_define_is_a_located_error(build_dir):
    with pytest.raises(UserError) as err:
        compile_file(HERE / "cmdline_size.c", "cmdline_size", out_dir=build_dir)
    assert err.value.location is not None and err.value.location.line == 4


def test_cosim_reads_the_same_signature():
    from cryptohls.sim.cosim import read_signature
    sig = read_signature(HERE / "cmdline_size.c", "cmdline_size", [], ["N=4"])
    assert [(p.name, p.bounds) for p in sig.params] == [("a", (4,))]
    sig = read_signature(HERE / "header_size.c", "header_size", [], [])
    assert [(p.name, p.bounds, p.dims) for p in sig.params] == [("w", (4,), 1), ("b", (16,), 1), ("out", (2, 4), 2)]


def test_cosim_with_command_line_define(build_dir):
    from cryptohls.sim.cosim import run_cosim
    stats = run_cosim(HERE / "cmdline_size.c", HERE / "tb_cmdline_size.c", "cmdline_size", build_dir,
                      defines=["N=4"])
    assert stats.status == 0 and stats.calls == 1
