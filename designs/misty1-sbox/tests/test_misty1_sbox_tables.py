"""The tables and equations behind the four S-box styles (designs/misty1-sbox/gen_tables.py), in Python.

- seed 003's Tables I and II (S7, S9 as Boolean equations, transcribed in gen_tables.py) are the
  algebraic normal form of the RFC 2994 tables of cryptohls.golden.misty1, and one changed term is caught;
- hls/misty1_type3.cpp spells out exactly those equations, hls/misty1_tables.h is the generator's output;
- the Type 4 FI (S9A, S7A and the folded key, as hls/misty1_type4.cpp computes it) equals the RFC's FI.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from cryptohls.golden import misty1

DESIGN = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(DESIGN))
import gen_tables  # noqa: E402  (the design's generator script, not a package)


def test_paper_equations_are_the_tables() -> None:
    assert gen_tables.check() == []


def test_a_wrong_term_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = list(gen_tables.PAPER_S9)
    wrong[4] = wrong[4].replace(" + x7x8", "")
    monkeypatch.setattr(gen_tables, "PAPER_S9", wrong)
    assert gen_tables.check() == ["S9 y4: paper " + repr(wrong[4]) + " differs from the table"]


def test_type3_source_holds_the_equations() -> None:
    text = (DESIGN / "hls" / "misty1_type3.cpp").read_text()
    for name, bits, paper in (("S7", 7, gen_tables.PAPER_S7), ("S9", 9, gen_tables.PAPER_S9)):
        lines = gen_tables.c_equations(name, bits, paper).splitlines()[1:]
        assert len(lines) == bits
        body = text.split(f"misty1_s{bits}(int lane")[1].split("return y;")[0]
        assert re.findall(r"^  y\[\d\] = .*;$", body, re.M) == lines


def test_tables_header_is_generated() -> None:
    assert (DESIGN / "hls" / "misty1_tables.h").read_text() == gen_tables.header()


def test_expanded_tables() -> None:
    for x in range(128):
        assert gen_tables.s7a(x) == misty1.S7[x] | misty1.S7[x] << 9
    for x in range(512):
        assert gen_tables.s9a(x) == (misty1.S9[x] ^ (x & 0x7F)) | (x & 0x7F) << 9


def fi_type4(fi_in: int, fi_key: int) -> int:
    """FI as hls/misty1_type4.cpp computes it."""
    d9, d7 = fi_in >> 7, fi_in & 0x7F
    x = misty1.S9[d9] ^ d7 ^ (fi_key & 0x1FF)
    c = (fi_key ^ (fi_key >> 9)) & 0x7F
    return gen_tables.s9a(x) ^ gen_tables.s7a(d7) ^ (c << 9 | c)


def test_type4_fi_is_the_rfc_fi() -> None:
    rng = random.Random(2994)
    for fi_in in range(1 << 16):  # every input, a random key each
        fi_key = rng.getrandbits(16)
        assert fi_type4(fi_in, fi_key) == misty1.fi(fi_in, fi_key)
    for fi_key in range(1 << 16):  # every key
        fi_in = rng.getrandbits(16)
        assert fi_type4(fi_in, fi_key) == misty1.fi(fi_in, fi_key)
