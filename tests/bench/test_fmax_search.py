"""The Fmax search of bench/pnr.py, with nextpnr replaced by a table of answers."""

from __future__ import annotations

from dataclasses import replace

from cryptohls.bench import pnr
from cryptohls.bench.targets import TARGETS


def fake_nextpnr(answers: dict[float, float | None], calls: list[float]):
    def run(target, netlist, work_dir, seed, freq_mhz):
        calls.append(freq_mhz)
        achieved = answers[freq_mhz]
        return achieved is not None, achieved, 1.5
    return run


def test_two_step_asks_for_the_achieved_frequency_and_keeps_the_best(monkeypatch, build_dir):
    calls: list[float] = []
    monkeypatch.setattr(pnr, "run_nextpnr", fake_nextpnr({25.0: 68.19, 68.1: 70.5}, calls))
    result = pnr.place_and_route(TARGETS["ecp5"], build_dir / "n.json", build_dir, 1,
                                 fmax_search="two-step")
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
                                 fmax_search="two-step")
    assert calls == [25.0] and not result.fits and result.fmax_mhz is None
