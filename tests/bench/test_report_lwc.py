"""`cryptohls report --lwc`: seed 002's Table IV for the LWC designs, cycles measured in simulation.

The rendering and the fit are checked on hand-made cycle counts; one simulation test measures
ascon-aead128/rtl (ENC and HASH, the cached Verilator build) and must give the Ta / Tb its cocotb
timing tests assert (designs/ascon-aead128/tests)."""

from __future__ import annotations

import pytest

from cryptohls.cli import main
from cryptohls.designs import find_variant, repo_root
from cryptohls.errors import UserError
from cryptohls.report.lwc import NO_HASH, NOT_BUILT, Row, lwc_rows, render_lwc_markdown
from cryptohls.sim.lwc_cycles import fit_linear, measure_message_cycles


def test_fit_linear_exact_or_error():
    assert fit_linear({1: 51, 2: 63, 4: 87, 16: 231}) == (39, 12)
    with pytest.raises(ValueError, match="not Ta"):
        fit_linear({1: 51, 2: 63, 4: 88})
    with pytest.raises(ValueError, match="at least two"):
        fit_linear({1: 51})


def test_rows_of_the_lwc_designs():
    listed = lwc_rows(["ascon-aead128", "aes128-gcm"])
    rows = {(p.design, p.algorithm, p.operation, p.suffix): {k: (v.full_name if v else None) for k, v in p.variants.items()}
            for p in listed}
    assert rows[("ascon-aead128", "ascon-aead128", "enc", "")] == {"rtl": "ascon-aead128/rtl",
                                                                   "hls": "ascon-aead128/hls"}
    # both cores have the hash mode (design.toml: hash = "ascon-hash256")
    assert rows[("ascon-aead128", "ascon-hash256", "hash", "")] == {"rtl": "ascon-aead128/rtl",
                                                                    "hls": "ascon-aead128/hls"}
    # the 2-rounds-per-cycle pair: rows of its own, after the base pair's
    assert rows[("ascon-aead128", "ascon-aead128", "enc", "-u2")] == {"rtl": "ascon-aead128/rtl-u2",
                                                                      "hls": "ascon-aead128/hls-u2"}
    assert rows[("ascon-aead128", "ascon-hash256", "hash", "-u2")] == {"rtl": "ascon-aead128/rtl-u2",
                                                                       "hls": "ascon-aead128/hls-u2"}
    # the W = 128 pairs (lwc-frame/docs.md, "Bus width W") too
    assert rows[("aes128-gcm", "aes128-gcm", "enc", "-w128")] == {"rtl": "aes128-gcm/rtl-w128",
                                                                  "hls": "aes128-gcm/hls-w128"}
    assert [(p.design, p.operation, p.suffix) for p in listed] == [
        ("aes128-gcm", "enc", ""), ("aes128-gcm", "enc", "-w128"), ("ascon-aead128", "enc", ""),
        ("ascon-aead128", "hash", ""), ("ascon-aead128", "enc", "-u2"), ("ascon-aead128", "hash", "-u2"),
        ("ascon-aead128", "enc", "-w128"), ("ascon-aead128", "hash", "-w128")]
    assert rows[("aes128-gcm", "aes128-gcm", "enc", "")]["rtl"] == "aes128-gcm/rtl"
    assert lwc_rows(["aes128-ecb-enc"]) == []     # not an LWC design


def test_markdown_table_iv_layout():
    rows = [Row("ascon-aead128", "ascon-aead128", "enc",
                {"rtl": {1: 51, 2: 63, 4: 87}, "hls": {1: 52, 2: 65, 4: 91}}),
            Row("ascon-aead128", "ascon-hash256", "hash", {"rtl": {1: 75, 2: 89}, "hls": NO_HASH}, block_bytes=8),
            Row("aes128-gcm", "aes128-gcm", "enc", {"rtl": {1: 60, 3: 90}, "hls": NOT_BUILT}),
            Row("ascon-aead128", "ascon-aead128", "enc", {"rtl": {1: 35, 2: 43}, "hls": {1: 35, 2: 43}},
                suffix="-u2")]
    text = render_lwc_markdown(rows, "cryptohls report --lwc --out docs")
    lines = text.splitlines()
    assert "`cryptohls report --lwc --out docs`" in text
    # beside each ENC row, the seed's Table IV figures (its Ascon is ascon128v11: RTL 9, HLS 10)
    assert ("| Ascon-AEAD128 | ascon-aead128 | ENC | Ascon-p (SPN) | 128 | 8 (p^b) | 12 | 13 | 1.08 | 39 | 39 "
            "| 9 | 10 | 1.11 |" in lines)
    assert ("| Ascon-Hash256 | ascon-aead128 | HASH | Ascon-p (SPN) | 64 | 12 | 14 | no hash mode |  | 61 |  "
            "|  |  |  |" in lines)
    assert ("| AES-128-GCM | aes128-gcm | ENC | AES (1 round/cycle) + GHASH | 128 | 10 | 15 | not built |  | 45 |  "
            "| 11 | 12 | 1.09 |" in lines)
    assert "- ascon-aead128/hls ENC: 1: 52, 2: 65, 4: 91" in lines
    assert ("| Ascon-AEAD128 | ascon-aead128 (rtl-u2 / hls-u2) | ENC | Ascon-p (SPN) | 128 | 8 (p^b) | 8 | 8 | 1.00 "
            "| 27 | 27 | 9 | 10 | 1.11 |" in lines)
    assert "- ascon-aead128/hls-u2 ENC: 1: 35, 2: 43" in lines


def test_cycles_off_the_line_are_a_located_error():
    row = Row("aes128-gcm", "aes128-gcm", "enc", {"rtl": {1: 63, 2: 65, 4: 85}, "hls": NOT_BUILT})
    with pytest.raises(UserError, match=r"aes128-gcm/rtl enc: cycles are not Ta \+ n \* Tb"):
        render_lwc_markdown([row], "cryptohls report --lwc")
    row = Row("ascon-aead128", "ascon-aead128", "enc", {"rtl": {1: 35, 2: 43}, "hls": {1: 35, 2: 44, 3: 52}},
              suffix="-u2")
    with pytest.raises(UserError, match=r"ascon-aead128/hls-u2 enc: cycles are not Ta \+ n \* Tb"):
        render_lwc_markdown([row], "cryptohls report --lwc")


def test_report_lwc_rejects_other_formats_and_unknown_designs(capsys):
    assert main(["report", "--lwc", "--format", "csv"]) == 2
    assert "--lwc writes Markdown only" in capsys.readouterr().err
    assert main(["report", "--lwc", "--variants", "no-such-design"]) == 2
    assert "no LWC design matches" in capsys.readouterr().err


def test_measured_cycles_of_ascon_rtl_match_its_timing_tests():
    variant = find_variant("ascon-aead128/rtl")
    build = repo_root() / "build"
    enc = measure_message_cycles(variant, "enc", build_dir=build, counts=(1, 2, 5))
    assert fit_linear(enc) == (39, 12), enc          # test_ascon_aead128.py TIMINGS["rtl"][("enc", "pt")]
    hashed = measure_message_cycles(variant, "hash", build_dir=build, counts=(1, 2, 5), cipher="ascon-hash256")
    assert fit_linear(hashed) == (61, 14), hashed    # test_ascon_hash256.py HASH_TIMING


def test_cycle_measurement_messages_use_each_ciphers_key_size():
    """`cryptohls report --lwc` built its messages with a 16-byte key for every cipher, so JAMBU-SIMON's
    model (12-byte key) refused them and its rows could not be measured."""
    import random

    from cryptohls.lwc.generate import CIPHER_MODELS
    from cryptohls.sim.lwc_cycles import _enc_vectors, message_key

    for cipher in CIPHER_MODELS:
        rng = random.Random(1)
        key = message_key(cipher, rng)
        assert len(key) == CIPHER_MODELS[cipher]().key_bytes
        _enc_vectors(cipher, rng, 2, True, key)


HAND_WRITTEN = "## Fmax on ecp5 (hand-written)\n\nkept as written\n"


def _fake_cycles(monkeypatch, ta: int, measured: list) -> None:
    """The simulation (minutes) replaced by cycles ta + 10 n; `measured` collects the variants."""
    def measure(variant, operation, *, build_dir, counts, cipher):
        measured.append(variant.full_name)
        return {n: ta + 10 * n for n in counts}
    monkeypatch.setattr("cryptohls.report.lwc.measure_message_cycles", measure)


def test_report_lwc_out_writes_between_markers_and_keeps_the_hand_written_sections(tmp_path, monkeypatch):
    """It wrote the whole of DIR/lwc.md, so the hand-written sections after the table were lost."""
    _fake_cycles(monkeypatch, 30, [])
    doc = tmp_path / "lwc.md"
    doc.write_text("<!-- lwc-table-iv:begin -->\nold table\n<!-- lwc-table-iv:end -->\n\n" + HAND_WRITTEN)
    assert main(["report", "--lwc", "--out", str(tmp_path)]) == 0
    text = doc.read_text()
    assert text.endswith("<!-- lwc-table-iv:end -->\n\n" + HAND_WRITTEN) and "old table" not in text
    assert text.startswith("<!-- lwc-table-iv:begin -->\n# LWC designs: cycles per block")
    assert "| Ascon-AEAD128 | ascon-aead128 | ENC |" in text and "- acorn128v2/rtl ENC: 1: 40, 2: 50" in text


def test_report_lwc_out_without_markers_is_one_error_before_measuring(tmp_path, monkeypatch, capsys):
    measured: list = []
    _fake_cycles(monkeypatch, 30, measured)
    (tmp_path / "lwc.md").write_text(HAND_WRITTEN)
    assert main(["report", "--lwc", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'lwc.md'}: " in err and "no <!-- lwc-table-iv:begin --> … <!-- lwc-table-iv:end --> markers" in err
    assert "Traceback" not in err and measured == [] and (tmp_path / "lwc.md").read_text() == HAND_WRITTEN


def test_report_lwc_variants_into_a_page_measures_those_designs_and_keeps_the_other_rows(tmp_path, monkeypatch):
    """--variants with --out wrote a table of the named designs alone over the page's whole table."""
    measured: list = []
    doc = tmp_path / "lwc.md"
    doc.write_text("<!-- lwc-table-iv:begin -->\n<!-- lwc-table-iv:end -->\n\n" + HAND_WRITTEN)
    _fake_cycles(monkeypatch, 30, measured)
    assert main(["report", "--lwc", "--out", str(tmp_path)]) == 0
    everything = len(measured)
    measured.clear()
    _fake_cycles(monkeypatch, 40, measured)
    assert main(["report", "--lwc", "--variants", "acorn128v2", "--out", str(tmp_path)]) == 0
    text = doc.read_text()
    assert measured == ["acorn128v2/rtl", "acorn128v2/hls"] and everything > 20
    assert "- acorn128v2/rtl ENC: 1: 50, 2: 60" in text and "- aegis128l/rtl ENC: 1: 40, 2: 50" in text
    assert "| MORUS | morus1280128v1 | ENC |" in text and "(the other designs' rows kept from the earlier run)" in text
    assert text.endswith(HAND_WRITTEN)
