"""Which rows stand for a (variant, target) (bench/selection.py; docs/bench.md, "Which rows a report keeps"):
the newest configuration (sources, tools, device, memory budget), the best of its option sets (strategy,
mapping, router, Fmax search, area only). Every report keeps the same row: the bench's table
(flow.describe), `cryptohls report` (summarize), `--lwc-rankings` and the LWC page (candidates, best_of);
and no report writes the DB. Hand-made rows, no tool runs."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from cryptohls.bench.db import ResultRow, ResultsDB, canonical_json, throughput_mbps, tp_per_lut
from cryptohls.bench.flow import describe
from cryptohls.bench.recorded import recorded_lines
from cryptohls.cli import main
from cryptohls.report.lwc_data import best_of, candidates
from cryptohls.report.summary import summarize

VARIANT = "ascon-aead128/rtl"      # an LWC variant, so --lwc-rankings and the page rank it too
BASE = {"allow_bram": False, "flow": 1, "fmax_search": "single", "memories": "bram"}
ABC9_AREA = {"strategy": {"name": "abc9-area", "mapping": "area"}}


def row(luts, fmax, *, created, seed=1, source="new", device="LFE5U-85F-CABGA381", base=BASE, **options):
    tp = throughput_mbps(128, fmax, 12)
    return ResultRow(variant=VARIANT, design="ascon-aead128", kind="rtl", block_bits=128, source_hash=source,
                     target="ecp5", device=device, seed=seed, options=canonical_json({**base, **options}),
                     tool_versions="{}", status="ok", area_unit="LUT4", luts=luts, ffs=luts // 4, brams=0, dsps=0,
                     fmax_mhz=fmax, latency=20, interval=12, throughput_mbps=tp, tp_per_lut=tp_per_lut(tp, luts),
                     run_time_s=1.0, created_at=f"2026-11-29T0{created}:00:00")


def kept(rows) -> tuple[int, float | None, int]:
    """(LUTs, Fmax, option sets) of the row every report keeps; fails if two reports disagree."""
    report, = summarize(rows)
    page = best_of(candidates(rows)[(VARIANT, "ecp5")])
    line, = describe(rows)
    assert page.options == report.options and (line["luts"], line["fmax_mhz"]) == (report.luts, report.fmax_mhz)
    assert line["option_sets"] == report.option_sets
    return report.luts, report.fmax_mhz, report.option_sets


def test_newer_sources_replace_older_ones_whatever_their_figures():
    rows = [row(100, 200.0, created=1, source="old"), row(90, 210.0, created=1, source="old", **ABC9_AREA),
            row(5000, 90.0, created=2)]
    assert kept(rows) == (5000, 90.0, 1)


def test_a_newer_memory_budget_replaces_the_older_one_and_is_never_mixed_with_it():
    """--memories none and --memories bram measure different things (block RAM takes LUTs off): the
    newest one stands, even with a worse TP/area (the page used to keep the best of both)."""
    lut_ram = {k: v for k, v in BASE.items() if k != "memories"}      # `--memories none`: no key
    rows = [row(4000, 100.0, created=1, base=lut_ram), row(5000, 90.0, created=2)]
    assert kept(rows) == (5000, 90.0, 1)
    assert kept([rows[0], row(5000, 90.0, created=0)]) == (4000, 100.0, 1)


def test_another_device_is_another_configuration():
    rows = [row(4000, 120.0, created=1, device="LFE5U-25F"), row(5000, 90.0, created=2)]
    assert kept(rows) == (5000, 90.0, 1)


def test_every_option_set_of_the_newest_configuration_is_a_candidate_the_best_kept():
    """A strategy's option sets, a `--mapping area` run, an area-only run and another Fmax search of the
    same sources are alternatives of one measurement: the best TP/area of them stands, whichever is
    newest (an area-only run after a full one used to blank the report's Fmax)."""
    # TP/area (128 x Fmax / 12 / LUTs): abc9-area 0.213 > --mapping area 0.206 > default 0.203 (seed 2)
    # > two-step 0.198 > area only (no Fmax)
    rows = [row(5000, 90.0, created=1), row(5000, 95.0, created=1, seed=2),
            row(4400, 88.0, created=2, **ABC9_AREA),
            row(4400, 85.0, created=3, mapping="area"),
            row(5000, 93.0, created=4, fmax_search="two-step"),
            row(5000, None, created=5, pnr=False)]
    assert kept(rows) == (4400, 88.0, 5)
    assert kept(rows[:2] + rows[3:]) == (4400, 85.0, 4)
    assert kept(rows[:2] + rows[4:]) == (5000, 95.0, 3)


@pytest.fixture
def db(monkeypatch, build_dir):
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    path = build_dir / "results" / "results.sqlite"
    with ResultsDB(path) as results:
        for r in [row(5000, 90.0, created=1), row(4600, 80.0, created=2, **ABC9_AREA),
                  row(4700, 60.0, created=3, mapping="area")]:
            results.insert(r)
    return path


def report_json(capsys, *args) -> list[dict]:
    assert main(["report", "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_mapping_selects_by_how_a_row_was_synthesized_strategy_option_sets_too(db, capsys):
    # TP 128 x Fmax / 12: default 960 / 5000 = 0.192; abc9-area 853 / 4600 = 0.186; --mapping area 0.136
    assert [r["luts"] for r in report_json(capsys)] == [5000]
    assert [r["luts"] for r in report_json(capsys, "--mapping", "delay")] == [5000]
    assert [r["luts"] for r in report_json(capsys, "--mapping", "area")] == [4600]


def test_no_report_writes_the_database(db, build_dir, capsys):
    """A DB without its meta row (ResultsDB would add it): every report, and bench.recorded's reader,
    leave the file as it was."""
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM meta")
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    for args in (["--format", "md,json"], ["--lwc-rankings", "--out", str(build_dir / "rank")],
                 ["--lwc-report", "--out", str(build_dir / "page")]):
        assert main(["report", *args]) == 0, args
        assert hashlib.sha256(db.read_bytes()).hexdigest() == before, args
    assert recorded_lines([VARIANT], "ecp5") == {}        # the seed tables' reader (other sources here)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in db.parent.iterdir() if p.name.startswith("results.")) == ["results.sqlite"]


def test_the_option_set_kept_is_named_with_the_runs_own_tool_options(db, capsys):
    assert main(["report", "--format", "md"]) == 0
    assert "| ascon-aead128/rtl | ecp5 | default | 3 |" in capsys.readouterr().out
    assert main(["report", "--format", "md", "--mapping", "area"]) == 0
    assert "| ascon-aead128/rtl | ecp5 | abc9-area | 2 |" in capsys.readouterr().out
    with ResultsDB(db) as results:
        results.insert(row(2000, None, created=4, mapping="area", pnr=False, seed=0))   # no Fmax: never kept
        results.insert(row(3000, 80.0, created=4, router="router2"))
    assert main(["report", "--format", "md"]) == 0
    assert "| ascon-aead128/rtl | ecp5 | default, router=router2 | 5 |" in capsys.readouterr().out
