"""#pragma HLS EXPRESSION_BALANCE off: the `balance` pass is skipped for that function (UG1399 semantics:
balancing is on by default), and the function still compiles to the same result."""

from __future__ import annotations

import shutil
from pathlib import Path

from cryptohls.hls import compile_file

HERE = Path(__file__).resolve().parent / "balance"


def _passes_run(build_dir: Path, src: str) -> list[str]:
    dump = build_dir / "dump"
    shutil.rmtree(dump, ignore_errors=True)   # build dirs persist between runs
    compile_file(HERE / src, "xor4", out_dir=build_dir / "out", dump_ir_dir=dump)
    return sorted(p.name.split("_", 1)[1].removesuffix(".ir") for p in dump.glob("*.ir"))


def test_balance_runs_by_default(build_dir):
    assert "balance" in _passes_run(build_dir, "xor4.c")


def test_expression_balance_off_skips_the_pass(build_dir):
    passes = _passes_run(build_dir, "xor4_as_written.c")
    assert "balance" not in passes and "disjoint-or" in passes
    report = (build_dir / "out" / "report.txt").read_text()
    assert "EXPRESSION_BALANCE ignored" not in report
