"""MORUS-1280-128 v1 golden model against its 1089 CAESAR KAT records.

KATs: <shared>/vectors/caesar/morus1280128v1 (SUPERCOP 20170228 ref, checksums match). No published
vector of the v1 state update exists (Wycheproof's MORUS is v2), so the packed 256-bit-int state update
is checked against a word-by-word form of the same five rounds written in this test.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from cryptohls.golden import morus1280128v1 as morus
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected

MASK64 = (1 << 64) - 1


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(morus.SUPERCOP_NAME))


def test_kat_file_has_all_1089_records():
    kats = load_kats()
    assert len(kats) == 1089
    assert kats[0]["CT"].hex().upper() == "1029AB88E08D25588003CDDFB5D00E74"  # Count = 1


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert morus.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"
        assert morus.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


def _words(x: int) -> list[int]:
    return [(x >> (64 * i)) & MASK64 for i in range(4)]


def _word_by_word_update(state: list[int], message: int) -> list[int]:
    """The five rounds on lists of four 64-bit words: word rotation <<< 64k moves word i to i + k."""
    s = [_words(e) for e in state]
    m = _words(message)
    for i, (b, w) in enumerate(zip((13, 46, 38, 7, 4), (64, 128, 192, 128, 64))):
        a, c1, c2, d = s[i], s[(i + 1) % 5], s[(i + 2) % 5], s[(i + 3) % 5]
        mixed = [a[j] ^ (c1[j] & c2[j]) ^ d[j] ^ (m[j] if i else 0) for j in range(4)]
        s[i] = [((v << b) | (v >> (64 - b))) & MASK64 for v in mixed]
        s[(i + 3) % 5] = [d[(j - w // 64) % 4] for j in range(4)]
    return [sum(word << (64 * j) for j, word in enumerate(e)) for e in s]


def test_state_update_equals_the_word_by_word_form():
    rng = random.Random(1280)
    for _ in range(50):
        state = [rng.getrandbits(256) for _ in range(5)]
        message = rng.getrandbits(256)
        assert morus.state_update(state, message) == _word_by_word_update(state, message)


def test_rotations_on_a_known_value():
    x = 1 | (1 << 63) << 64  # bit 0 of word 0, bit 63 of word 1
    assert morus.rotl_256_64(x, 1) == (1 << 1) | (1 << 64)  # word 1's top bit wraps to its own bit 0
    assert morus.rotl_element(1, 192) == 1 << 192
    assert morus.rotl_element(1 << 192, 128) == 1 << 64


@pytest.mark.parametrize("count", [1, 17, 545, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(morus, load_kats()[count - 1])


def test_inputs_beyond_the_kat_lengths_round_trip():
    key, nonce = bytes(range(16)), bytes(range(16))
    for length in (64, 100):
        message, header = bytes(range(length)), bytes(range(1, length + 1))
        sealed = morus.encrypt(key, nonce, header, message)
        assert len(sealed) == length + 16
        assert morus.decrypt(key, nonce, header, sealed) == message


def test_wrong_sizes_are_refused_and_short_input_rejected():
    with pytest.raises(ValueError):
        morus.encrypt(bytes(16), bytes(12), b"", b"")
    assert morus.decrypt(bytes(16), bytes(16), b"", bytes(15)) is None
