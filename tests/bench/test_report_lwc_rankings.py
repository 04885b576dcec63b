"""`cryptohls report --lwc-rankings`: seed 002's TP and TP/area rankings of the LWC variants from a
small hand-made results DB (exact TP = bits x Fmax / Tb, ranks, the HLS/RTL pairing rtl<x> / hls<x>,
the 0.95 verdict, PNG plots) and the command's errors."""

from __future__ import annotations

import pytest

from cryptohls.bench.db import ResultRow, ResultsDB, throughput_mbps, tp_per_lut
from cryptohls.cli import main
from cryptohls.report.lwc_rankings import pairs, ranked, render_rankings_markdown
from cryptohls.report.summary import summarize


def row(variant, luts, fmax, interval, target="ecp5", seed=1):
    tp = throughput_mbps(128, fmax, interval)
    return ResultRow(variant=variant, design=variant.split("/")[0],
                     kind="rtl" if "/rtl" in variant else "hls", block_bits=128,
                     source_hash="h-" + variant, target=target, device="LFE5U-85F-CABGA381", seed=seed,
                     options="{}", tool_versions="{}", status="ok", area_unit="LUT4", luts=luts,
                     ffs=luts // 2, brams=0, dsps=0, fmax_mhz=fmax, latency=2, interval=interval,
                     throughput_mbps=tp, tp_per_lut=tp_per_lut(tp, luts), run_time_s=1.0,
                     created_at="2026-11-27T00:00:00")


ROWS = [row("ascon-aead128/rtl", 20000, 60.0, 12), row("ascon-aead128/hls", 21000, 60.0, 12),
        row("ascon-aead128/rtl-u2", 21000, 45.0, 8), row("ascon-aead128/hls-u2", 20000, 45.0, 8),
        row("aes128-gcm/rtl", 30000, 50.0, 10),
        row("aes128-gcm/rtl", 9999, 99.0, 10, target="ice40"),
        row("aes128-ecb-enc/rtl", 1000, 200.0, 11)]    # not an LWC design: never ranked


@pytest.fixture
def results(monkeypatch, build_dir):
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    with ResultsDB(build_dir / "results" / "results.sqlite") as db:
        for r in ROWS:
            db.insert(r)
        return summarize(db.rows())


def test_ranks_pairs_and_ratio(results):
    ecp5 = [s for s in results if s.target == "ecp5" and s.design != "aes128-ecb-enc"]
    order = [s.variant for s in ranked(ecp5, "throughput_mbps")]
    # TP: u2 128 x 45 / 8 = 720; rtl/hls 128 x 60 / 12 = 640; gcm 128 x 50 / 10 = 640
    assert order == ["ascon-aead128/hls-u2", "ascon-aead128/rtl-u2", "aes128-gcm/rtl", "ascon-aead128/hls",
                     "ascon-aead128/rtl"]
    assert [s.variant for s in ranked(ecp5, "tp_per_lut")][:2] == ["ascon-aead128/hls-u2", "ascon-aead128/rtl-u2"]
    found = {p.hls.variant: (p.rtl.variant, round(p.ratio, 4)) for p in pairs(ecp5)}
    # hls-u2 is set against rtl-u2, not rtl; the ratio is TP/area HLS over RTL
    assert found == {"ascon-aead128/hls": ("ascon-aead128/rtl", round(20000 / 21000, 4)),
                     "ascon-aead128/hls-u2": ("ascon-aead128/rtl-u2", 1.05)}
    text = render_rankings_markdown(ecp5, "ecp5", "cryptohls report --lwc-rankings", {})
    assert "| 1 | ascon-aead128/hls-u2 | hls | 20,000 | 10,000 | 45.0 | 8 | 720.0 | 0.0360 |" in text
    assert "| ascon-aead128/hls | ascon-aead128/rtl | 0.0305 | 0.0320 | 0.952 | met |" in text
    assert "| ascon-aead128/hls-u2 | ascon-aead128/rtl-u2 | 0.0360 | 0.0343 | 1.050 | met |" in text


def test_ratio_below_target_is_flagged():
    summaries = summarize([row("x/rtl", 1000, 100.0, 10), row("x/hls", 1100, 100.0, 10)])
    text = render_rankings_markdown(summaries, "ecp5", "c", {})
    assert "| x/hls | x/rtl | 1.1636 | 1.2800 | 0.909 | **not met** |" in text


def test_command_writes_markdown_and_png(results, build_dir, capsys):
    out = build_dir / "rank"
    assert main(["report", "--lwc-rankings", "--out", str(out)]) == 0
    page = (out / "lwc-rankings-ecp5.md").read_text()
    assert "![TP (Mbit/s)](lwc-tp-ecp5.png)" in page and "aes128-ecb-enc" not in page
    assert "aes128-gcm/rtl | rtl | 30,000" in page and "9,999" not in page      # ecp5 rows only
    for name in ("lwc-tp-ecp5.png", "lwc-tp-area-ecp5.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # without --out: beside the DB, never docs/ (the seed-002 page there is --lwc-report's)
    assert main(["report", "--lwc-rankings"]) == 0
    assert (build_dir / "results" / "report" / "lwc-rankings-ecp5.md").read_text() == page.replace(
        f" --out {out}", "")


def test_command_errors(results, build_dir, capsys):
    assert main(["report", "--lwc-rankings", "--targets", "xc7", "--out", str(build_dir / "r")]) == 2
    assert "no bench results for an LWC variant on xc7" in capsys.readouterr().err
    assert main(["report", "--lwc-rankings", "--targets", "ecp5,ice40"]) == 2
    assert "ranks one target" in capsys.readouterr().err
    assert main(["report", "--lwc-rankings", "--lwc"]) == 2
    assert "two reports" in capsys.readouterr().err
