"""AES-GCM and GHASH golden model (SP 800-38D) against the GCM spec test cases and pycryptodome."""

from __future__ import annotations

import random
from typing import Any

import pytest
from Crypto.Cipher import AES as OracleAES

from cryptohls.golden.gcm import (gcm_decrypt, gcm_encrypt, gf128_mul, ghash, hash_subkey,
                                  pre_counter_block)

RANDOM_CASES = 1000
ONE = 1 << 127  # the field's multiplicative identity: bit 0 (leftmost) set


def _vector(entry: dict[str, Any]) -> tuple[bytes, ...]:
    return tuple(bytes.fromhex(entry[f]) for f in ("key", "iv", "plaintext", "aad", "ciphertext", "tag"))


def test_gcm_spec_test_cases(aes_vectors: dict[str, Any]) -> None:
    entries = aes_vectors["gcm_spec_mcgrew_viega"]
    assert [e["name"] for e in entries] == [f"gcm-spec Test Case {n}" for n in (1, 2, 3, 4)]
    for entry in entries:
        key, iv, pt, aad, ct, tag = _vector(entry)
        assert gcm_encrypt(key, iv, pt, aad) == (ct, tag), entry["name"]
        assert gcm_decrypt(key, iv, ct, aad, tag) == pt, entry["name"]


def test_gcm_spec_intermediate_values(aes_vectors: dict[str, Any]) -> None:
    # McGrew & Viega, "The GCM mode of operation", Appendix B test cases 2 and 3: H and GHASH(H, A, C).
    key, iv, _, aad, ct, _ = _vector(aes_vectors["gcm_spec_mcgrew_viega"][1])
    h = hash_subkey(key)
    assert h.hex() == "66e94bd4ef8a2c3b884cfa59ca342b2e"
    assert ghash(h, aad, ct).hex() == "f38cbb1ad69223dcc3457ae5b6b0f885"
    assert pre_counter_block(h, iv).hex() == "00000000000000000000000000000001"
    key3 = bytes.fromhex(aes_vectors["gcm_spec_mcgrew_viega"][2]["key"])
    assert hash_subkey(key3).hex() == "b83b533708bf535d0aa6e52980d53b78"


def test_gcm_spec_tampering_is_rejected(aes_vectors: dict[str, Any]) -> None:
    key, iv, pt, aad, ct, tag = _vector(aes_vectors["gcm_spec_mcgrew_viega"][3])
    assert gcm_decrypt(key, iv, ct, aad, tag) == pt
    assert gcm_decrypt(key, iv, ct, aad[:-1] + bytes([aad[-1] ^ 1]), tag) is None
    assert gcm_decrypt(key, iv, bytes([ct[0] ^ 0x80]) + ct[1:], aad, tag) is None
    assert gcm_decrypt(key, iv, ct, aad, tag[:-1] + bytes([tag[-1] ^ 1])) is None


def test_gf128_mul_field_laws(rng: random.Random) -> None:
    for _ in range(50):
        x, y, z = (rng.getrandbits(128) for _ in range(3))
        assert gf128_mul(x, ONE) == x
        assert gf128_mul(x, y) == gf128_mul(y, x)
        assert gf128_mul(x, y ^ z) == gf128_mul(x, y) ^ gf128_mul(x, z)
        assert gf128_mul(gf128_mul(x, y), z) == gf128_mul(x, gf128_mul(y, z))
    # x^127 • x = x^128 = x^7 + x^2 + x + 1, i.e. bits 0, 1, 2 and 7 from the left: e1 00 .. 00.
    assert gf128_mul(1, ONE >> 1) == 0xE1 << 120


def _oracle_encrypt(key: bytes, iv: bytes, pt: bytes, aad: bytes) -> tuple[bytes, bytes]:
    cipher = OracleAES.new(key, OracleAES.MODE_GCM, nonce=iv, mac_len=16)
    cipher.update(aad)
    return cipher.encrypt_and_digest(pt)


def test_random_against_oracle(rng: random.Random) -> None:
    for case in range(RANDOM_CASES):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        # Half the cases use the 96-bit fast path, the rest any length from 1 to 40 bytes (GHASH of IV).
        iv = rng.randbytes(12 if case % 2 else rng.randrange(1, 41))
        # Lengths include 0 and non-multiples of 16; every eighth case is empty on both.
        pt = b"" if case % 8 == 0 else rng.randbytes(rng.randrange(0, 65))
        aad = b"" if case % 8 == 0 or case % 3 == 0 else rng.randbytes(rng.randrange(0, 41))
        expected = _oracle_encrypt(key, iv, pt, aad)
        context = (case, key.hex(), iv.hex(), pt.hex(), aad.hex())
        ct, tag = gcm_encrypt(key, iv, pt, aad)
        assert (ct, tag) == expected, context
        assert gcm_decrypt(key, iv, ct, aad, tag) == pt, context
        bit = rng.randrange(128)
        flipped = (int.from_bytes(tag, "big") ^ (1 << bit)).to_bytes(16, "big")
        assert gcm_decrypt(key, iv, ct, aad, flipped) is None, (context, bit)


def test_short_tag_is_a_prefix() -> None:
    key, iv = bytes(range(16)), bytes(range(12))
    ct, tag = gcm_encrypt(key, iv, b"hello", b"ad")
    ct12, tag12 = gcm_encrypt(key, iv, b"hello", b"ad", tag_bytes=12)
    assert (ct12, tag12) == (ct, tag[:12])
    assert gcm_decrypt(key, iv, ct, b"ad", tag12) == b"hello"


def test_rejects_empty_iv_and_bad_tag_length() -> None:
    with pytest.raises(ValueError, match="IV"):
        gcm_encrypt(bytes(16), b"", b"", b"")
    with pytest.raises(ValueError, match="tag length"):
        gcm_decrypt(bytes(16), bytes(12), b"", b"", bytes(11))
