"""CLOC-AES (aes128n12t8clocv2) golden model against its SUPERCOP KAT, and CLOC's own pieces."""

from __future__ import annotations

import random

import pytest

from cryptohls.golden import cloc

from .aead_checks import boundary_records, check_forgeries_rejected, check_records, kat_records, record

NAME = cloc.SUPERCOP_NAME
KEY, NONCE = bytes(range(16)), bytes(range(12))
# X = (X1, X2, X3, X4) with distinct 32-bit words, so every word map below is told apart.
X1, X2, X3, X4 = (bytes([i] * 4) for i in (0x01, 0x02, 0x04, 0x08))
X = X1 + X2 + X3 + X4


def test_kat_records_on_block_boundaries() -> None:
    check_records(cloc, boundary_records(NAME))


@pytest.mark.slow
def test_all_kat_records() -> None:
    check_records(cloc, kat_records(NAME))


@pytest.mark.parametrize("lengths", [(0, 0), (0, 17), (16, 0), (17, 31), (32, 32)])
def test_forgeries_are_rejected(lengths: tuple[int, int]) -> None:
    check_forgeries_rejected(cloc, record(NAME, *lengths))


def _words(*sums: tuple[bytes, ...]) -> bytes:
    out = b""
    for terms in sums:
        word = bytes(4)
        for term in terms:
            word = bytes(a ^ b for a, b in zip(word, term))
        out += word
    return out


def test_word_maps_as_the_spec_writes_them() -> None:
    # CLOC and SILC v3, CLOC's five linear maps on (X1, X2, X3, X4) as the specification lists them.
    assert cloc.f1(X) == _words((X1, X3), (X2, X4), (X1, X2, X3), (X2, X3, X4))
    assert cloc.f2(X) == _words((X2,), (X3,), (X4,), (X1, X2))
    assert cloc.g1(X) == _words((X3,), (X4,), (X1, X2), (X2, X3))
    assert cloc.g2(X) == _words((X2,), (X3,), (X4,), (X1, X2))
    assert cloc.h(X) == _words((X1, X2), (X2, X3), (X3, X4), (X1, X2, X4))


def test_fix0_and_fix1_touch_only_the_first_bit() -> None:
    assert cloc.fix0(b"\xff" * 16) == b"\x7f" + b"\xff" * 15
    assert cloc.fix1(bytes(16)) == b"\x80" + bytes(15)


def test_associated_data_with_first_bit_set_takes_h() -> None:
    # fix0 maps A[1] and A[1] xor 10^127 to the same AES input; h keeps the two hashes apart.
    # (Every KAT AD starts with byte 00, so only the empty AD, ozp(ε) = 80 00 .., reaches h there.)
    ad_low, ad_high = bytes(range(20)), bytes([0x80]) + bytes(range(1, 20))
    sealed_low = cloc.encrypt(KEY, NONCE, ad_low, b"message")
    sealed_high = cloc.encrypt(KEY, NONCE, ad_high, b"message")
    assert sealed_low != sealed_high
    assert cloc.decrypt(KEY, NONCE, ad_high, sealed_high) == b"message"
    assert cloc.decrypt(KEY, NONCE, ad_low, sealed_high) is None


def test_block_cipher_is_aes128() -> None:
    # FIPS-197 Appendix C.1.
    assert cloc.block_cipher(KEY, bytes.fromhex("00112233445566778899aabbccddeeff")).hex() == \
        "69c4e0d86a7b0430d8cdb78070b4c55a"


def test_long_messages_round_trip(rng: random.Random) -> None:
    for length in (47, 48, 49, 100):
        key, nonce = rng.randbytes(16), rng.randbytes(12)
        ad, plaintext = rng.randbytes(length // 2), rng.randbytes(length)
        sealed = cloc.encrypt(key, nonce, ad, plaintext)
        assert cloc.decrypt(key, nonce, ad, sealed) == plaintext
        check_forgeries_rejected(cloc, {"Key": key, "Nonce": nonce, "AD": ad, "CT": sealed})


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="key must be 16 bytes"):
        cloc.encrypt(bytes(15), NONCE, b"", b"")
    with pytest.raises(ValueError, match="nonce must be 12 bytes"):
        cloc.decrypt(KEY, bytes(8), b"", bytes(8))
