"""AES-OTR v3 (AES-128, parallel AD) golden model: the SUPERCOP KAT and the designer's test file.

The KAT stops at 32-byte messages, a single two-block chunk, so the chunks before the last one and
their mask doubling are checked on the designer's vectors (Test-OTRv3-P-AES128.txt, shipped with the
SUPERCOP aes128otrpv3 reference; key 00..0f, nonce 00..0b, header and plaintext 00 01 02 ..).
"""

from __future__ import annotations

import random

import pytest

from cryptohls.golden import aes_otr

from .aead_checks import boundary_records, check_forgeries_rejected, check_records, kat_records, record

NAME = aes_otr.SUPERCOP_NAME
KEY, NONCE = bytes(range(16)), bytes(range(12))


def test_kat_records_on_block_boundaries() -> None:
    check_records(aes_otr, boundary_records(NAME))


@pytest.mark.slow
def test_all_kat_records() -> None:
    check_records(aes_otr, kat_records(NAME))


@pytest.mark.parametrize("lengths", [(0, 0), (0, 17), (16, 0), (17, 31), (32, 32)])
def test_forgeries_are_rejected(lengths: tuple[int, int]) -> None:
    check_forgeries_rejected(aes_otr, record(NAME, *lengths))


# (|M|, |A|, ciphertext, tag) from Test-OTRv3-P-AES128.txt: cases M33B-H16B, M48B-H31B, M63B-H0B, M64B-H32B.
DESIGNER_CASES = [
    (33, 16, "8407296eb1a15e543d8935d87446d708" "35affc6267bc57091a1628b8d846687c" "87",
     "2dd7710166984839646090ca0e934618"),
    (48, 31, "8407296eb1a15e543d8935d87446d708" "35affc6267bc57091a1628b8d846687c"
     "87c620f448befd713f571a9f1daf2d79", "5cfb99d4584f282ca7ade2210edcb786"),
    (63, 0, "8407296eb1a15e543d8935d87446d708" "35affc6267bc57091a1628b8d846687c"
     "58c130deaf493b983c0c784b89dd4ca7" "c8f2c049d022adbe84b5bd22750faa", "7a496c9767ecc7ed91ba70fab430c520"),
    (64, 32, "8407296eb1a15e543d8935d87446d708" "35affc6267bc57091a1628b8d846687c"
     "4497c676e224c1d48d5d8cb1a142f8c9" "c8f2c049d022adbe84b5bd22750faafd", "09adba8f3e14f6d9cba29de4f52f3d66"),
]


@pytest.mark.parametrize("pt_bytes, ad_bytes, ciphertext, tag", DESIGNER_CASES)
def test_designer_vectors_with_two_chunks(pt_bytes: int, ad_bytes: int, ciphertext: str, tag: str) -> None:
    ad, plaintext = bytes(range(ad_bytes)), bytes(range(pt_bytes))
    sealed = bytes.fromhex(ciphertext + tag)
    assert aes_otr.encrypt(KEY, NONCE, ad, plaintext) == sealed
    assert aes_otr.decrypt(KEY, NONCE, ad, sealed) == plaintext


def test_designer_intermediate_values() -> None:
    # The same file prints Format(τ, N) and "(3^2 or 7)La", the mask of the final TE encryption:
    # 3^2·L for the empty message (one empty block), 7·L for one full block, with L = E_K(Format(τ, N)).
    formatted = aes_otr.format_nonce(NONCE)
    assert formatted.hex() == "00000001000102030405060708090a0b"
    mask = aes_otr.block_cipher(KEY, formatted)
    assert aes_otr._final_mask(mask, last_block_full=False).hex() == "1f12a29dcca359e01e86eda2a5f3e571"
    assert aes_otr._final_mask(mask, last_block_full=True).hex() == "b9191c6fb4e2838ab87a801c4d38d8ed"


def test_block_cipher_is_aes128() -> None:
    # FIPS-197 Appendix C.1.
    assert aes_otr.block_cipher(KEY, bytes.fromhex("00112233445566778899aabbccddeeff")).hex() == \
        "69c4e0d86a7b0430d8cdb78070b4c55a"


def test_long_messages_round_trip(rng: random.Random) -> None:
    for length in (95, 96, 97, 128):  # several chunks, last chunk of 1 or 2 blocks, full or partial
        key, nonce = rng.randbytes(16), rng.randbytes(12)
        ad, plaintext = rng.randbytes(length // 2), rng.randbytes(length)
        sealed = aes_otr.encrypt(key, nonce, ad, plaintext)
        assert len(sealed) == length + aes_otr.TAG_BYTES
        assert aes_otr.decrypt(key, nonce, ad, sealed) == plaintext
        check_forgeries_rejected(aes_otr, {"Key": key, "Nonce": nonce, "AD": ad, "CT": sealed})


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="key must be 16 bytes"):
        aes_otr.encrypt(bytes(15), NONCE, b"", b"")
    with pytest.raises(ValueError, match="nonce must be 12 bytes"):
        aes_otr.decrypt(KEY, bytes(8), b"", bytes(16))
