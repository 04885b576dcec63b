"""The seed tables of cryptohls.experiments read their rows from design.toml (no simulation, no bench here;
docs/exploration.md holds the tables they wrote)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.experiments import oop_table, sbox_table

REPO = Path(__file__).resolve().parents[2]


def test_oop_rows_are_design_toml_variants():
    rows = oop_table.table_rows()
    assert [(r.name, r.variant.name, r.seed_row, r.benchmarked) for r in rows] == [
        ("baseline", "hls-baseline", "baseline", True), ("divide2", "hls-divide2", "divide2", True),
        ("divide4", "hls-divide4", "divide4", True), ("block2", "hls-block2", "divide2", True),
        ("block4", "hls-block4", "divide4", True), ("ram_1p", "hls-ram_1p", "baseline", False),
        ("registers", "hls-registers", "registers", True), ("baseline_10ns", "hls", None, False),
        ("registers_10ns", "hls-registers-10ns", None, False)]
    by_name = {r.name: r.variant for r in rows}
    assert by_name["ram_1p"].options["defines"] == ["AES_KS_RAM_1P"]
    assert by_name["registers_10ns"].options["defines"] == ["AES_REGISTERS"]
    assert by_name["registers_10ns"].options["clock_ns"] == 10.0


def _fake(enc: int) -> dict:
    return {"key": 10, "enc": enc, "dec": 11, "enc_first": enc + 5, "expand": "80", "round": "3",
            "methods": {label: "-" for label, _ in oop_table.METHODS}}


def test_oop_area_and_seed_rows():
    rows = oop_table.table_rows()
    ours = {r.name: _fake(100) for r in rows}
    bench = {"aes128-oop/hls-divide2": {"device": "dev", "luts": 5, "ffs": 6, "brams": 4, "fmax_mhz": 50.0}}
    text = oop_table.tables(rows, ours, bench, "cmd", 1)
    assert "| divide2 | aes128-oop/hls-divide2 | 73.75 ns | 100 | 5 | 6 | 4 | 50.0 | 64.00 | divide2 | 542 | 2740 | 1718 | 1 |" in text
    assert "| ram_1p | - | 73.75 ns | 100 | - | - | - | - | - | baseline | 748 | 2674 | 1723 | 1 |" in text
    assert "| registers_10ns | - | 10 ns | 100 | - | - | - | - | - | - | - | - | - | - |" in text
    seed_rows = [line.split(" | ")[0] for line in text.split("Seed 001's Table II beside ours")[1].splitlines()[4:]]
    assert seed_rows == ["| baseline", "| divide2", "| divide4", "| block2", "| block4", "| ram_1p", "| registers"]


def test_oop_rows_malformed(tmp_path, monkeypatch):
    designs = tmp_path / "designs"
    shutil.copytree(REPO / "designs" / "aes128-oop", designs / "aes128-oop",
                    ignore=shutil.ignore_patterns("tests", "*.md"))
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(designs))
    toml = designs / "aes128-oop" / "design.toml"
    toml.write_text(toml.read_text().replace('{row = "block4", variant = "hls-block4", seed = "divide4"}',
                                             '{row = "block4", variant = "hls-block4", seed = "divide8"}'))
    with pytest.raises(UserError, match="seed, when given, is one of baseline") as err:
        oop_table.table_rows()
    assert str(toml) in str(err.value)
    toml.write_text(toml.read_text().replace("[experiments]", "[not-experiments]"))
    with pytest.raises(UserError, match=r"no \[experiments\] oop-table list"):
        oop_table.table_rows()


def test_sbox_rows_are_the_type_variants_rtl_first():
    assert [v.full_name for v in sbox_table.variants(sbox_table.CIPHERS["aes"])] == [
        f"aes128-sbox/{flow}-type{t}" for t in (1, 2, 3, 4) for flow in ("rtl", "hls")]
    assert [v.name for v in sbox_table.variants(sbox_table.CIPHERS["misty1"])] == [
        f"hls-type{t}" for t in (1, 2, 3, 4)]


def test_sbox_table_skipped_and_unbenchmarked_rows():
    cipher = sbox_table.CIPHERS["misty1"]
    rows = sbox_table.variants(cipher)
    sims = {v.full_name: {"interval": 9, "latency": 10} for v in rows[1:]}
    bench = {rows[1].full_name: {"device": "dev", "luts": 1000, "ffs": 7, "other_cells": {"DP16KD": 2},
                                 "fmax_mhz": 100.0, "throughput_mbps": 711.1}}
    text = sbox_table.table(cipher, rows, sims, bench, 1, "cmd").splitlines()
    assert text[0] == "Produced by `cmd`; ecp5 (dev), best Fmax of up to 1 place-and-route seed(s), core only."
    assert text[2] == ("Not benchmarked yet (no row in the results database): misty1-sbox/hls-type3, "
                       "misty1-sbox/hls-type4.")
    assert text[6] == "| 1 | HLS | not run (--skip) | | | | | | | | 108.4 | 518 | 214.3 |"
    assert text[7] == "| 2 | HLS | 9 | 10 | 1000 | 7 | 2 | 100.0 | 711.1 | 711.1 | 202.3 | 513 | 403.8 |"
    assert text[8] == "| 3 | HLS | 9 | 10 | - | - | 0 | - | - | - | 168.1 | 468 | 367.8 |"
