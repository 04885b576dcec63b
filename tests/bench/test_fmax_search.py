"""The Fmax search of bench/pnr.py, with nextpnr replaced by a table of answers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cryptohls.bench import pnr
from cryptohls.bench.targets import TARGETS
from cryptohls.bench.tools import ToolRun
from cryptohls.errors import UserError


def fake_nextpnr(answers: dict[float, float | None], calls: list[float]):
    def run(target, netlist, work_dir, seed, freq_mhz, settings):
        calls.append(freq_mhz)
        achieved = answers[freq_mhz]
        return pnr.PnrRun(achieved is not None, achieved, 1.5)
    return run


def test_two_step_asks_for_the_achieved_frequency_and_keeps_the_best(monkeypatch, build_dir):
    calls: list[float] = []
    monkeypatch.setattr(pnr, "run_nextpnr", fake_nextpnr({25.0: 68.19, 68.1: 70.5}, calls))
    result = pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1,
                                 settings=pnr.PnrSettings(fmax_search="two-step"))
    assert calls == [25.0, 68.1]                 # rounded down to 0.1 MHz
    assert (result.fits, result.fmax_mhz, result.target_mhz, result.seconds) == (True, 70.5, 68.1, 3.0)
    assert [r["achieved_mhz"] for r in result.runs] == [68.19, 70.5]


def test_auto_runs_once_where_the_result_does_not_depend_on_the_target(monkeypatch, build_dir):
    calls: list[float] = []
    monkeypatch.setattr(pnr, "run_nextpnr", fake_nextpnr({25.0: 100.0, 100.0: 101.0}, calls))
    result = pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1)
    assert calls == [25.0] and result.fmax_mhz == 100.0
    sensitive = replace(TARGETS["ecp5"], fmax_depends_on_target=True)
    pnr.place_and_route(sensitive, build_dir / "n.json", build_dir, 1)
    assert calls == [25.0, 25.0, 100.0]


def test_does_not_fit_stops_the_search(monkeypatch, build_dir):
    calls: list[float] = []
    monkeypatch.setattr(pnr, "run_nextpnr", fake_nextpnr({25.0: None}, calls))
    result = pnr.place_and_route(TARGETS["ice40"], build_dir / "n.json", build_dir, 2,
                                 settings=pnr.PnrSettings(fmax_search="two-step"))
    assert calls == [25.0] and not result.fits and result.fmax_mhz is None


def test_router_and_timeout_reach_the_nextpnr_command(monkeypatch, build_dir):
    """router1 is nextpnr's default and is not named (the command of every recorded row); router2 is,
    and the timeout is the one run_tool enforces."""
    seen = []

    def fake_run_tool(argv, log_path, *, cwd, timeout_s):
        seen.append((argv, timeout_s))
        (cwd / argv[argv.index("--report") + 1]).write_text(
            '{"fmax": {"$glbnet$clk": {"achieved": 71.25, "constraint": 25.0}}}')
        log_path.write_text("")
        return ToolRun(0, log_path, 2.0, tuple(argv), cwd, False)

    monkeypatch.setattr(pnr, "run_tool", fake_run_tool)
    pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1)
    pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1,
                        settings=pnr.PnrSettings(router="router2", timeout_s=9000))
    (first, first_timeout), (second, second_timeout) = seen
    assert "--router" not in first and first_timeout == pnr.PNR_TIMEOUT_S
    assert second[second.index("--router") + 1] == "router2" and second_timeout == 9000


def test_a_timed_out_run_is_a_failure_that_names_the_timeout(monkeypatch, build_dir):
    def fake_run_tool(argv, log_path, *, cwd, timeout_s):
        log_path.write_text(f"Info: Routing..\n\ncryptohls: timed out after {timeout_s:.0f} s\n")
        return ToolRun(-1, log_path, timeout_s, tuple(argv), cwd, True)

    monkeypatch.setattr(pnr, "run_tool", fake_run_tool)
    with pytest.raises(UserError, match="timed out"):
        pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1,
                            settings=pnr.PnrSettings(timeout_s=5))


def test_each_run_records_its_critical_path(monkeypatch, build_dir):
    from cryptohls.bench.critical_path import CriticalPath
    path = CriticalPath("a_q", "cipher core", "b_q", "frame (u_pre)", 10.0, 3.0, 7.0, 4)
    monkeypatch.setattr(pnr, "run_nextpnr", lambda *args: pnr.PnrRun(True, 70.5, 1.5, path))
    result = pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1,
                                 settings=pnr.PnrSettings(fmax_search="single"))
    assert result.runs == [{"target_mhz": TARGETS["ecp5"].generous_mhz, "achieved_mhz": 70.5, "seconds": 1.5,
                            "critical_path": path.to_json()}]
    assert CriticalPath.from_json(result.runs[0]["critical_path"]) == path
