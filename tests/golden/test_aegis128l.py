"""AEGIS-128L golden model: the 1089 CAESAR KATs, forgeries, the AES round and pyaegis as an oracle.

KAT source: <shared>/vectors/caesar/aegis128l/LWC_AEAD_KAT_128_128.txt (SUPERCOP 20170228 ref; see its
PROVENANCE.txt). CT field = ciphertext || 16-byte tag.
"""

from __future__ import annotations

from functools import lru_cache

import pyaegis  # pyaegis 0.3.1 (libaegis bindings; tests only; requirements.txt)
import pytest

from cryptohls.golden import aegis128l
from cryptohls.golden.aes_round import aes_round, aes_round_reference, word_from_bytes, word_to_bytes
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(aegis128l.SUPERCOP_NAME))


def test_kat_file_has_all_1089_records():
    assert len(load_kats()) == 1089


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert aegis128l.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"
        assert aegis128l.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


@pytest.mark.parametrize("count", [1, 17, 545, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(aegis128l, load_kats()[count - 1])


def test_too_short_input_to_decrypt_is_rejected():
    assert aegis128l.decrypt(bytes(16), bytes(16), b"", bytes(15)) is None


def test_aes_round_matches_the_cfrg_test_vector_and_aes_py(rng):
    # draft-irtf-cfrg-aegis-aead, Appendix A.1 "AESRound Test Vector".
    state, key = bytes(range(16)), bytes(range(16, 32))
    expected = bytes.fromhex("7a7b4e5638782546a8c0477a3b813f43")
    assert aes_round_reference(state, key) == expected
    assert word_to_bytes(aes_round(word_from_bytes(state), word_from_bytes(key))) == expected
    for _ in range(200):  # the T-table form equals aes.py's SubBytes/ShiftRows/MixColumns
        state, key = rng.randbytes(16), rng.randbytes(16)
        assert word_to_bytes(aes_round(word_from_bytes(state), word_from_bytes(key))) == \
            aes_round_reference(state, key)


def test_cfrg_aegis128l_test_vector_1():
    # draft-irtf-cfrg-aegis-aead, Appendix A.2.2 "Test Vector 1" (128-bit tag).
    key = bytes.fromhex("10010000000000000000000000000000")
    nonce = bytes.fromhex("10000200000000000000000000000000")
    expected = bytes.fromhex("c1c0e58bd913006feba00f4b3cc3594e" "abe0ece80c24868a226a35d16bdae37a")
    assert aegis128l.encrypt(key, nonce, b"", bytes(16)) == expected


def test_agrees_with_pyaegis(rng):
    oracle = pyaegis.Aegis128L(tag_size=16)
    for _ in range(60):
        key, nonce = rng.randbytes(16), rng.randbytes(16)
        ad, plaintext = rng.randbytes(rng.randrange(0, 80)), rng.randbytes(rng.randrange(0, 100))
        expected = oracle.encrypt(key, nonce, plaintext, ad)
        assert aegis128l.encrypt(key, nonce, ad, plaintext) == expected
        assert aegis128l.decrypt(key, nonce, ad, expected) == plaintext
