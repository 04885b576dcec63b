"""SILC-AES (aes128n12t8silcv2) golden model against its SUPERCOP KAT, and SILC's own pieces."""

from __future__ import annotations

import random

import pytest

from cryptohls.golden import silc

from .aead_checks import boundary_records, check_forgeries_rejected, check_records, kat_records, record

NAME = silc.SUPERCOP_NAME
KEY, NONCE = bytes(range(16)), bytes(range(12))


def test_kat_records_on_block_boundaries() -> None:
    check_records(silc, boundary_records(NAME))


@pytest.mark.slow
def test_all_kat_records() -> None:
    check_records(silc, kat_records(NAME))


@pytest.mark.parametrize("lengths", [(0, 0), (0, 17), (16, 0), (17, 31), (32, 32)])
def test_forgeries_are_rejected(lengths: tuple[int, int]) -> None:
    check_forgeries_rejected(silc, record(NAME, *lengths))


def test_g_shifts_bytes_and_folds_the_first_two() -> None:
    assert silc.g(bytes(range(1, 17))) == bytes(range(2, 17)) + bytes([1 ^ 2])


def test_encodings_the_kat_fixes() -> None:
    assert silc.nonce_block(NONCE).hex() == "000000c0000102030405060708090a0b"
    assert silc.length_block(bytes(17)).hex() == "00000000000000000000000000001100"
    assert silc.length_block(b"").hex() == "00" * 16


def test_block_cipher_is_aes128() -> None:
    # FIPS-197 Appendix C.1.
    assert silc.block_cipher(KEY, bytes.fromhex("00112233445566778899aabbccddeeff")).hex() == \
        "69c4e0d86a7b0430d8cdb78070b4c55a"


def test_zero_padding_is_told_apart_by_the_length(rng: random.Random) -> None:
    # zpp(A) is the same block for A and A ‖ 00; only Len(A) separates the two.
    ad = rng.randbytes(5)
    sealed = silc.encrypt(KEY, NONCE, ad, b"m")
    assert silc.encrypt(KEY, NONCE, ad + b"\x00", b"m") != sealed
    assert silc.decrypt(KEY, NONCE, ad + b"\x00", sealed) is None


def test_long_messages_round_trip(rng: random.Random) -> None:
    for length in (47, 48, 49, 100):
        key, nonce = rng.randbytes(16), rng.randbytes(12)
        ad, plaintext = rng.randbytes(length // 2), rng.randbytes(length)
        sealed = silc.encrypt(key, nonce, ad, plaintext)
        assert silc.decrypt(key, nonce, ad, sealed) == plaintext
        check_forgeries_rejected(silc, {"Key": key, "Nonce": nonce, "AD": ad, "CT": sealed})


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="key must be 16 bytes"):
        silc.encrypt(bytes(15), NONCE, b"", b"")
    with pytest.raises(ValueError, match="nonce must be 12 bytes"):
        silc.decrypt(KEY, bytes(8), b"", bytes(8))
