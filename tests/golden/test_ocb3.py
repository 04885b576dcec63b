"""OCB3 (RFC 7253, AES-128, 128-bit tag) golden model: the SUPERCOP KAT, RFC 7253 Appendix A, and
pyca/cryptography's AESOCB3 (OpenSSL's OCB, an independent implementation) on random messages."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESOCB3

from cryptohls.golden import ocb3
from cryptohls.golden.aes_modes import double

from .aead_checks import boundary_records, check_forgeries_rejected, check_records, kat_records, record

NAME = ocb3.SUPERCOP_NAME
RFC_KEY = bytes(range(16))  # K = 000102030405060708090A0B0C0D0E0F in RFC 7253 Appendix A


def test_kat_records_on_block_boundaries() -> None:
    check_records(ocb3, boundary_records(NAME))


@pytest.mark.slow
def test_all_kat_records() -> None:
    check_records(ocb3, kat_records(NAME))


@pytest.mark.parametrize("lengths", [(0, 0), (0, 17), (16, 0), (17, 31), (32, 32)])
def test_forgeries_are_rejected(lengths: tuple[int, int]) -> None:
    check_forgeries_rejected(ocb3, record(NAME, *lengths))


@pytest.mark.parametrize("nonce, ad, plaintext, sealed", [
    # RFC 7253 Appendix A, the first four AEAD_AES_128_OCB_TAGLEN128 samples.
    ("BBAA99887766554433221100", "", "", "785407BFFFC8AD9EDCC5520AC9111EE6"),
    ("BBAA99887766554433221101", "0001020304050607", "0001020304050607",
     "6820B3657B6F615A5725BDA0D3B4EB3A257C9AF1F8F03009"),
    ("BBAA99887766554433221102", "0001020304050607", "", "81017F8203F081277152FADE694A0A00"),
    ("BBAA99887766554433221103", "", "0001020304050607",
     "45DD69F8F5AAE72414054CD1F35D82760B2CD00D2F99BFA9"),
])
def test_rfc7253_appendix_a_samples(nonce: str, ad: str, plaintext: str, sealed: str) -> None:
    n, a, p, c = (bytes.fromhex(x) for x in (nonce, ad, plaintext, sealed))
    assert ocb3.encrypt(RFC_KEY, n, a, p) == c
    assert ocb3.decrypt(RFC_KEY, n, a, c) == p


@pytest.mark.slow
def test_rfc7253_appendix_a_iterated_test() -> None:
    # RFC 7253 Appendix A: 384 encryptions of growing zero strings, then one over their concatenation;
    # for AEAD_AES_128_OCB_TAGLEN128 the output is 67E944D23256C5E0B6C61FA22FDF1EA2.
    key = bytes(15) + bytes([128])
    output = b""
    for i in range(128):
        zeros = bytes(i)
        output += ocb3.encrypt(key, (3 * i + 1).to_bytes(12, "big"), zeros, zeros)
        output += ocb3.encrypt(key, (3 * i + 2).to_bytes(12, "big"), b"", zeros)
        output += ocb3.encrypt(key, (3 * i + 3).to_bytes(12, "big"), zeros, b"")
    assert ocb3.encrypt(key, (385).to_bytes(12, "big"), output, b"").hex().upper() == \
        "67E944D23256C5E0B6C61FA22FDF1EA2"


def test_block_cipher_is_aes128() -> None:
    # FIPS-197 Appendix C.1.
    assert ocb3.block_cipher(RFC_KEY, bytes.fromhex("00112233445566778899aabbccddeeff")).hex() == \
        "69c4e0d86a7b0430d8cdb78070b4c55a"


def test_double_reduces_by_0x87() -> None:
    # RFC 7253 §2: double(S) = S << 1 if S[1] = 0, else (S << 1) xor zeros(120) ‖ 10000111.
    assert double(bytes([0x80]) + bytes(15)) == bytes(15) + bytes([0x87])
    assert double(bytes([0x40]) + bytes(14) + bytes([0x01])) == bytes([0x80]) + bytes(14) + bytes([0x02])


def test_random_messages_against_cryptography(rng: random.Random) -> None:
    for case in range(60):
        key, nonce = rng.randbytes(16), rng.randbytes(12)
        ad = rng.randbytes(rng.randrange(0, 70))
        plaintext = rng.randbytes(rng.randrange(0, 100))
        expected = AESOCB3(key).encrypt(nonce, plaintext, ad)
        assert ocb3.encrypt(key, nonce, ad, plaintext) == expected, (case, key.hex(), nonce.hex())
        assert ocb3.decrypt(key, nonce, ad, expected) == plaintext, case


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="key must be 16 bytes"):
        ocb3.encrypt(bytes(15), bytes(12), b"", b"")
    with pytest.raises(ValueError, match="nonce must be 12 bytes"):
        ocb3.encrypt(bytes(16), bytes(16), b"", b"")
