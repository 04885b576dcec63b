"""`cryptohls report --lwc-report` (report/lwc_data.py, lwc_stats.py, lwc_page.py): the best row per variant
and target, ranks and rank correlations with known values, missing variants and ciphers shown as missing,
the page and plots written from a small hand-made DB, and the command's errors."""

from __future__ import annotations

import json

import pytest

from cryptohls.bench.db import read_rows
from cryptohls.cli import main
from cryptohls.errors import UserError
from cryptohls.report.lwc_data import best_of, candidates, cipher_pairs
from cryptohls.report.lwc_page import Report, render
from cryptohls.report.lwc_report import build_report
from cryptohls.report.lwc_stats import correlation, ranks

from .lwc_report_rows import OPTIONS, ROWS, make_db, row

# a second option set of the same configuration (a strategy's abc9-area)
AREA = json.dumps({**json.loads(OPTIONS), "strategy": {"name": "abc9-area", "mapping": "area"}}, sort_keys=True,
                  separators=(",", ":"))


def best(rows):
    return {key: best_of(options) for key, options in candidates(rows).items()}


def test_best_option_set_of_the_newest_sources_is_kept():
    rows = [row("x/rtl", "ecp5", 1000, 100.0, 10, created="2026-11-29T01:00:00"),
            row("x/rtl", "ecp5", 1000, 120.0, 10, seed=2, created="2026-11-29T01:00:01"),
            row("x/rtl", "ecp5", 800, 100.0, 10, options=AREA, created="2026-11-29T01:00:02"),
            # older sources, better figures: another design, never a candidate
            row("x/rtl", "ecp5", 10, 500.0, 10, source="old", created="2026-11-28T00:00:00")]
    found = candidates(rows)[("x/rtl", "ecp5")]
    assert sorted(s.luts for s in found) == [800, 1000] and all(s.source_hash == "h-x/rtl" for s in found)
    kept = best(rows)[("x/rtl", "ecp5")]
    # TP/area: 1280 / 800 = 1.6 beats 1536 / 1000 (best of the two seeds, 120 MHz) = 1.536
    assert (kept.luts, kept.fmax_mhz, kept.options) == (800, 100.0, AREA)


def test_ranks_share_ties_and_skip_missing():
    assert ranks({"a": 3.0, "b": 5.0, "c": None, "d": 3.0, "e": 1.0}) == {"b": 1, "a": 2, "d": 2, "e": 4}


def pairs_of(rows, target):
    designs = {"ascon-aead128": "ascon-aead128", "aes128otrpv3": "aes128-otr", "aes128-gcm": "aes128-gcm",
               "aes128n12t8clocv2": "cloc-aes128", "aes128n12t8silcv2": "silc-aes128",
               "aeadaes128ocbtaglen128v1": "ocb3-aes128"}
    return [p for p in cipher_pairs(best(rows), designs) if p.target == target]


def test_correlation_over_the_ciphers_with_both_rows():
    ecp5 = pairs_of(ROWS, "ecp5")
    c = correlation(ecp5, "throughput_mbps")
    # SILC has no HLS row: n = 4; one swap (AES-GCM, AES-OTR) in HLS: rho = 1 - 6 * 2 / 60, tau = (5 - 1) / 6
    assert c.n == 4 and "SILC-AES" not in c.ciphers
    assert c.spearman == pytest.approx(0.8) and c.kendall == pytest.approx(4 / 6)
    assert c.verdict == "strong"
    # exact Kendall p: 4 of the 24 orders have at most one swap, two-sided 8 / 24; no Spearman p at n < 10
    # (its t approximation gave p = 0 for a perfect rho at n = 3)
    assert c.kendall_p == pytest.approx(1 / 3) and c.spearman_p is None
    gowin = correlation(pairs_of(ROWS, "gw5a"), "tp_per_lut")
    assert gowin.n == 3 and gowin.spearman == pytest.approx(1.0) and gowin.verdict == "ideal (identical rankings)"
    assert gowin.spearman_p is None and gowin.kendall_p == pytest.approx(1 / 3)
    few = correlation(ecp5[:3], "throughput_mbps")     # AES-GCM, AEGIS (no row), AES-OTR
    assert (few.n, few.spearman, few.kendall) == (2, None, None) and few.verdict == "no coefficient (n = 2)"


def test_ratio_is_rtl_over_hls():
    gcm = next(p for p in pairs_of(ROWS, "ecp5") if p.design == "aes128-gcm")
    assert gcm.ratio("throughput_mbps") == pytest.approx(512 / 576)


def test_page_shows_missing_as_missing():
    rows = [r for r in ROWS if r.target == "ecp5"]
    designs = {"ascon-aead128": "ascon-aead128", "aes128-gcm": "aes128-gcm"}    # the others: "no design"
    report = Report(cipher_pairs(best(rows), designs), "cmd", "src",
                    {"ascon-aead128/rtl": (39, 12), "ascon-aead128/hls": (39, 13)})
    page = render(report, {}, {})
    assert page.count('<td data-sort="" class="missing">no design</td>') > 0
    # gowin has no row at all: said so, and its note on Fmax
    assert "No row on gw5a in the results database yet" in page and "Gowin Fmax is an upper bound" in page
    # Ta: from lwc.md where measured, else "not measured"; Table IV's Tb from the DB (12 for both), lwc.md's
    # Tb beside it where it differs
    assert ('<td data-sort="12.0">12</td><td data-sort="12" class="out">12 (lwc.md: 13)</td>'
            '<td data-sort="1.0">1.00</td><td data-sort="39.0">39</td><td data-sort="39.0">39</td>') in page
    gcm_row = page[page.index("aes128gcmv1"):].partition("</tr>")[0]
    assert gcm_row.count('class="missing">not measured</td>') == 2
    assert "<td class=\"text\">AEGIS</td>" in page and "<img" not in page


def test_read_rows_refuses_a_missing_db_without_creating_it(tmp_path):
    with pytest.raises(UserError, match="no results database"):
        read_rows(tmp_path / "results.sqlite")
    assert not (tmp_path / "results.sqlite").exists()


def test_build_report_and_command(tmp_path, monkeypatch, capsys):
    make_db(tmp_path / "results" / "results.sqlite")
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(tmp_path / "results"))
    report = build_report(tmp_path / "results" / "results.sqlite", tmp_path, "cmd")
    assert report.source.startswith(f"{len(ROWS)} rows, the newest of") and report.simulated == {}
    out = tmp_path / "docs"
    assert main(["report", "--lwc-report", "--out", str(out)]) == 0
    page = (out / "lwc-report.html").read_text()
    assert "cryptohls report --lwc-report --out " in page
    plots = sorted(p.name for p in (out / "lwc-report").iterdir())
    assert plots == sorted([f"{kind}-{metric}-{target}.png" for kind in ("rank", "ratio") for metric in ("tp", "tp-area")
                            for target in ("ecp5", "gw5a")] + ["diff-ecp5.png", "diff-gw5a.png"])
    assert all((out / "lwc-report" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for name in plots)
    assert main(["report", "--lwc-report", "--targets", "ecp5"]) == 2
    assert "--lwc-report writes its HTML page" in capsys.readouterr().err
    assert main(["report", "--lwc-report", "--lwc"]) == 2
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(tmp_path / "none"))
    assert main(["report", "--lwc-report", "--out", str(out)]) == 2
    assert "no results database" in capsys.readouterr().err
