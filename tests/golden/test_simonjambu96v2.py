"""JAMBU-SIMON golden model against the 1089 CAESAR KATs, forgeries, and SIMON-96/96's paper vector.

KAT source: <shared>/vectors/caesar/simonjambu96v2/LWC_AEAD_KAT_96_48.txt (SUPERCOP 20170228 ``ref``;
see its PROVENANCE.txt: no checksum and no second source, so the SIMON vector below and the
structure checks are the only other evidence). CT field = ciphertext || 6-byte tag.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cryptohls.golden import jambu, simon96, simonjambu96v2
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(simonjambu96v2.SUPERCOP_NAME))


def test_simon96_96_paper_test_vector():
    # ePrint 2013/404, Appendix B, Simon96/96: key 0d0c0b0a0908 050403020100,
    # plaintext 2072616c6c69 702065687420, ciphertext 602807a462b4 69063d8ff082.
    keys = simon96.expand_key(0x0D0C0B0A0908, 0x050403020100)
    assert len(keys) == 52
    assert simon96.encrypt_words(keys, 0x2072616C6C69, 0x702065687420) == (0x602807A462B4, 0x69063D8FF082)
    assert simon96.decrypt_words(keys, 0x602807A462B4, 0x69063D8FF082) == (0x2072616C6C69, 0x702065687420)


def test_simon96_round_by_round_equals_expanded_key(rng):
    # The on-the-fly key register (key_schedule_step) reproduces expand_key's round keys.
    k1, k0 = rng.getrandbits(48), rng.getrandbits(48)
    previous, current = k0, k1
    keys = simon96.expand_key(k1, k0)
    for i in range(simon96.ROUNDS - 2):
        previous, current = current, simon96.key_schedule_step(previous, current, i)
        assert current == keys[i + 2]


def test_kat_file_has_all_1089_records():
    assert len(load_kats()) == 1089


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        sealed = simonjambu96v2.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"])
        assert sealed == kat["CT"], f"Count = {number}"
        assert simonjambu96v2.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


@pytest.mark.parametrize("constant", ["FRAME_INIT", "FRAME_AD", "FRAME_FINAL"])
def test_each_frame_constant_matters(monkeypatch, constant):
    # The constants belong to the shared mode (golden/jambu.py); JAMBU-AES's tests patch them too.
    monkeypatch.setattr(jambu, constant, getattr(jambu, constant) ^ 2)
    kat = load_kats()[33 * 7 + 3]  # 7-byte PT, 3-byte AD
    assert simonjambu96v2.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) != kat["CT"]


@pytest.mark.parametrize("count", [1, 7, 199, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(simonjambu96v2, load_kats()[count - 1])


def test_too_short_input_to_decrypt_is_rejected():
    assert simonjambu96v2.decrypt(bytes(12), bytes(6), b"", bytes(5)) is None


def test_inlined_simon_rounds_equal_round_function(rng):
    keys = [rng.getrandbits(48) for _ in range(simon96.ROUNDS)]
    x, y = rng.getrandbits(48), rng.getrandbits(48)
    expected = (x, y)
    for k in keys:
        expected = simon96.round_function(*expected, k)
    assert simon96.encrypt_words(keys, x, y) == expected
