"""MISTY1 golden model (RFC 2994) against the RFC's Appendix A example data and structural checks.

Neither independent library of the other golden tests (pycryptodome, cryptography) implements MISTY1
(test_no_independent_library_has_misty1 fails the day one does, so the cross-check gets written). The
independent answers are therefore the RFC's published ECB and CBC examples, the published S-box
properties (permutations, almost perfect nonlinear, S9 quadratic) and the decrypt(encrypt(x)) = x
round trip under random keys, with FLINV(FL(x)) = x for every FL number.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cryptohls.golden import misty1

ROUND_TRIP_CASES = 300


def _max_differential_count(sbox: tuple[int, ...]) -> int:
    """Largest number of x with S(x) ^ S(x ^ a) = b over all a != 0 and b."""
    worst = 0
    for a in range(1, len(sbox)):
        counts: dict[int, int] = {}
        for x in range(len(sbox)):
            diff = sbox[x] ^ sbox[x ^ a]
            counts[diff] = counts.get(diff, 0) + 1
        worst = max(worst, max(counts.values()))
    return worst


@pytest.mark.parametrize("name, bits", [("S7", 7), ("S9", 9)])
def test_sboxes_are_apn_permutations(name: str, bits: int) -> None:
    sbox = getattr(misty1, name)
    assert sorted(sbox) == list(range(1 << bits))
    # MISTY1's S-boxes are almost perfect nonlinear (Matsui, FSE 1997); one wrong entry breaks this.
    assert _max_differential_count(sbox) == 2


def test_s9_is_quadratic(rng: random.Random) -> None:
    # S9 has algebraic degree 2, so every second derivative is constant in x.
    for _ in range(20):
        a, b = rng.randrange(1, 512), rng.randrange(1, 512)
        second = {misty1.S9[x] ^ misty1.S9[x ^ a] ^ misty1.S9[x ^ b] ^ misty1.S9[x ^ a ^ b] for x in range(512)}
        assert len(second) == 1


def test_rfc2994_ecb(misty1_vectors: dict[str, Any]) -> None:
    entries = misty1_vectors["ecb"]
    assert len(entries) == 2
    for entry in entries:
        key, pt, ct = (bytes.fromhex(entry[f]) for f in ("key", "plaintext", "ciphertext"))
        assert misty1.encrypt_block(key, pt) == ct
        assert misty1.decrypt_block(key, ct) == pt


def _cbc_encrypt(key: bytes, iv: bytes, plaintext: bytes) -> bytes:
    # CBC (SP 800-38A §6.2) built from the block function: C_i = E(P_i ^ C_(i-1)), C_0 = IV.
    previous, out = iv, b""
    for i in range(0, len(plaintext), misty1.BLOCK_BYTES):
        block = bytes(p ^ c for p, c in zip(plaintext[i: i + misty1.BLOCK_BYTES], previous))
        previous = misty1.encrypt_block(key, block)
        out += previous
    return out


def _cbc_decrypt(key: bytes, iv: bytes, ciphertext: bytes) -> bytes:
    previous, out = iv, b""
    for i in range(0, len(ciphertext), misty1.BLOCK_BYTES):
        block = ciphertext[i: i + misty1.BLOCK_BYTES]
        out += bytes(p ^ c for p, c in zip(misty1.decrypt_block(key, block), previous))
        previous = block
    return out


def test_rfc2994_cbc(misty1_vectors: dict[str, Any]) -> None:
    entries = misty1_vectors["cbc"]
    assert len(entries) == 1
    for entry in entries:
        key, iv, pt, ct = (bytes.fromhex(entry[f]) for f in ("key", "iv", "plaintext", "ciphertext"))
        assert _cbc_encrypt(key, iv, pt) == ct
        assert _cbc_decrypt(key, iv, ct) == pt


def test_key_schedule_shape_and_definition() -> None:
    key = bytes.fromhex("00112233445566778899aabbccddeeff")
    ek = misty1.key_schedule(key)
    assert len(ek) == 16
    assert ek[:8] == [0x0011, 0x2233, 0x4455, 0x6677, 0x8899, 0xAABB, 0xCCDD, 0xEEFF]
    assert all(ek[8 + i] == misty1.fi(ek[i], ek[(i + 1) % 8]) for i in range(8))
    assert all(0 <= word <= 0xFFFF for word in ek)


def test_fi_with_zero_key_is_the_sbox_network() -> None:
    # FI(x, 0) for x = 0: d9 = S9[0], d7 = S7[0] ^ (S9[0] & 0x7f), d9 = S9[S9[0]] ^ d7.
    d9 = misty1.S9[0]
    d7 = misty1.S7[0] ^ (d9 & 0x7F)
    assert misty1.fi(0, 0) == (d7 << 9) | (misty1.S9[d9] ^ d7)


def test_fl_inv_undoes_fl_and_random_round_trips(rng: random.Random) -> None:
    for case in range(ROUND_TRIP_CASES):
        key, block = rng.randbytes(16), rng.randbytes(8)
        ek = misty1.key_schedule(key)
        x = rng.getrandbits(32)
        for k in range(10):
            assert misty1.fl_inv(misty1.fl(x, ek, k), ek, k) == x
        ct = misty1.encrypt_block(key, block)
        assert misty1.decrypt_block(key, ct) == block, (case, key.hex(), block.hex())


def test_no_independent_library_has_misty1() -> None:
    import pkgutil

    import Crypto.Cipher
    from cryptography.hazmat.primitives.ciphers import algorithms

    assert not [m.name for m in pkgutil.iter_modules(Crypto.Cipher.__path__) if "misty" in m.name.lower()]
    assert not [name for name in dir(algorithms) if "misty" in name.lower()]


@pytest.mark.parametrize("key_bytes, block_bytes", [(15, 8), (16, 7), (16, 9)])
def test_rejects_bad_lengths(key_bytes: int, block_bytes: int) -> None:
    with pytest.raises(ValueError):
        misty1.encrypt_block(bytes(key_bytes), bytes(block_bytes))
