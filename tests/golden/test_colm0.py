"""COLM0 (colm0v1, AES-128) golden model against its SUPERCOP KAT, and COLM's mixing function ρ."""

from __future__ import annotations

import random

import pytest

from cryptohls.golden import colm0

from .aead_checks import boundary_records, check_forgeries_rejected, check_records, kat_records, record

NAME = colm0.SUPERCOP_NAME
KEY, NONCE = bytes(range(16)), bytes(range(8))


def test_kat_records_on_block_boundaries() -> None:
    check_records(colm0, boundary_records(NAME))


@pytest.mark.slow
def test_all_kat_records() -> None:
    check_records(colm0, kat_records(NAME))


@pytest.mark.parametrize("lengths", [(0, 0), (0, 17), (1, 0), (16, 0), (17, 31), (32, 32)])
def test_forgeries_are_rejected(lengths: tuple[int, int]) -> None:
    check_forgeries_rejected(colm0, record(NAME, *lengths))


def test_ciphertext_grows_by_one_block_and_is_online() -> None:
    # The first ciphertext block depends only on the first message block while more blocks follow
    # (KAT records |PT| = 17 and 32 share it); a one-block message takes the last-block masks instead.
    assert record(NAME, 17, 0)["CT"][:16] == record(NAME, 32, 0)["CT"][:16]
    assert record(NAME, 16, 0)["CT"][:16] != record(NAME, 32, 0)["CT"][:16]
    assert len(colm0.encrypt(KEY, NONCE, b"", bytes(5))) == 5 + 16


def test_rho_inverse_undoes_rho(rng: random.Random) -> None:
    y, w = rng.randbytes(16), rng.randbytes(16)
    mixed, new_state = colm0.rho(y, w)
    assert colm0.rho_inverse(mixed, w) == (y, new_state)


def test_block_cipher_and_its_inverse_are_aes128() -> None:
    # FIPS-197 Appendix C.1.
    plaintext, ciphertext = (bytes.fromhex(h) for h in ("00112233445566778899aabbccddeeff",
                                                         "69c4e0d86a7b0430d8cdb78070b4c55a"))
    assert colm0.block_cipher(KEY, plaintext) == ciphertext
    assert colm0.block_decipher(KEY, ciphertext) == plaintext


def test_long_messages_round_trip(rng: random.Random) -> None:
    for length in (47, 48, 49, 100):  # several middle blocks, last block short or full
        key, nonce = rng.randbytes(16), rng.randbytes(8)
        ad, plaintext = rng.randbytes(length // 2), rng.randbytes(length)
        sealed = colm0.encrypt(key, nonce, ad, plaintext)
        assert colm0.decrypt(key, nonce, ad, sealed) == plaintext
        check_forgeries_rejected(colm0, {"Key": key, "Nonce": nonce, "AD": ad, "CT": sealed})


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="key must be 16 bytes"):
        colm0.encrypt(bytes(15), NONCE, b"", b"")
    with pytest.raises(ValueError, match="nonce must be 8 bytes"):
        colm0.decrypt(KEY, bytes(12), b"", bytes(16))
