"""Tiaoxin-346 v2 golden model against the 1089 CAESAR KATs, forgeries and its length encoding.

KAT source: <shared>/vectors/caesar/tiaoxinv2/LWC_AEAD_KAT_128_128.txt (SUPERCOP 20170228 ``ref``;
see its PROVENANCE.txt). CT field = ciphertext || 16-byte tag. The spec publishes no vector of the
Update function; the AES round under it is checked against FIPS-197's functions in test_aegis128l.py.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cryptohls.golden import tiaoxinv2
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(tiaoxinv2.SUPERCOP_NAME))


def test_kat_file_has_all_1089_records():
    assert len(load_kats()) == 1089


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert tiaoxinv2.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"
        assert tiaoxinv2.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


@pytest.mark.parametrize("length_word", [
    lambda n: 8 * n,    # a bit count in bytes 8..15
    lambda n: n << 64,  # a byte count in bytes 0..7, SUPERCOP's nim placement
], ids=["bits", "nim_placement"])
def test_other_length_encodings_miss_the_kats(monkeypatch, length_word):
    # The module docstring's claim: only byte counts in bytes 8..15 reproduce the KAT files.
    monkeypatch.setattr(tiaoxinv2, "length_word", length_word)
    kats = load_kats()
    assert tiaoxinv2.encrypt(kats[0]["Key"], kats[0]["Nonce"], b"", b"") == kats[0]["CT"]  # lengths 0, 0
    for count in (2, 34, 1089):  # AD only, PT only, both
        kat = kats[count - 1]
        assert tiaoxinv2.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) != kat["CT"]


@pytest.mark.parametrize("count", [1, 17, 545, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(tiaoxinv2, load_kats()[count - 1])


def test_too_short_input_to_decrypt_is_rejected():
    assert tiaoxinv2.decrypt(bytes(16), bytes(16), b"", bytes(15)) is None


def test_long_messages_round_trip(rng):
    # Beyond the KATs' 32 bytes: several Updates of message, partial last blocks of both words.
    for length in (33, 47, 48, 63, 64, 100):
        key, nonce, ad = rng.randbytes(16), rng.randbytes(16), rng.randbytes(length // 2)
        plaintext = rng.randbytes(length)
        sealed = tiaoxinv2.encrypt(key, nonce, ad, plaintext)
        assert len(sealed) == length + tiaoxinv2.TAG_BYTES
        assert tiaoxinv2.decrypt(key, nonce, ad, sealed) == plaintext
