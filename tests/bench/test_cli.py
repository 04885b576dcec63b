"""Command-line errors: one line on stderr, exit status 2, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.cli import main


@pytest.mark.parametrize("args, message", [
    (["bench", "toy64/rtl", "--targets", "ecp5,virtex2"],
     "cryptohls bench: error: unknown target 'virtex2' (hint: choose from ecp5, gowin, gw5a, ice40, ice40up5k, xc7, cyclonev)"),
    (["bench", "toy64/nope", "--targets", "ecp5"],
     "cryptohls bench: error: unknown variant 'toy64/nope' (hint: known variants: add8/hls, toy64/hls, toy64/rtl)"),
    (["bench", "toy64/rtl", "--seeds", "0"], "cryptohls bench: error: --seeds must be at least 1"),
    (["bench", "toy64/rtl", "--jobs", "0"], "cryptohls bench: error: --jobs must be at least 1"),
    (["bench", "toy64/rtl", "--targets", "xc7", "--scheduler", "cluster"],
     "cryptohls bench: error: --scheduler 'cluster' is not an engine (hint: use threads, local (a Dask "
     "LocalCluster, the default) or a scheduler address tcp://HOST:PORT)"),
    (["report", "--format", "pdf"],
     "cryptohls report: error: unknown report format 'pdf' (hint: choose from md, csv, json, html)"),
    (["report", "--targets", "ecp6"],
     "cryptohls report: error: unknown target 'ecp6' (hint: choose from ecp5, gowin, gw5a, ice40, ice40up5k, xc7, cyclonev)"),
], ids=["target", "variant", "seeds", "jobs", "scheduler", "format", "report-target"])
def test_user_errors_are_one_line_exit_2(args, message, toy_designs, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [message]
    assert captured.out == ""


def test_report_without_database(toy_designs, capsys):
    assert main(["report"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert err.startswith("cryptohls report: error: no results database at ")


def test_bench_with_an_argparse_error_exits_2(toy_designs, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "toy64/rtl", "--seeds", "two"])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_sources_under_tmp_are_refused_clearly():
    """YoWASP Yosys cannot see host files under /tmp: say so instead of 'file not found'."""
    from cryptohls.bench.tools import check_reachable
    from cryptohls.errors import UserError
    with pytest.raises(UserError, match="cannot read files under /tmp"):
        check_reachable(Path("/tmp") / "x.v")
    check_reachable(Path(__file__))
