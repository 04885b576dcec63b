"""AES-CTR golden model (SP 800-38A, 96-bit IV ‖ 32-bit counter) against published and random vectors."""

from __future__ import annotations

import random
from typing import Any

import pytest
from Crypto.Cipher import AES as OracleAES
from Crypto.Util import Counter

from cryptohls.golden.ctr import ctr_blocks, ctr_crypt

RANDOM_CASES = 1000
MAX_RANDOM_BLOCKS = 4


def _split_initial_counter(block_hex: str) -> tuple[bytes, int]:
    block = bytes.fromhex(block_hex)
    return block[:12], int.from_bytes(block[12:], "big")


def test_sp800_38a_f51(aes_vectors: dict[str, Any]) -> None:
    entry = aes_vectors["sp800_38a_f51_ctr_aes128"]
    key = bytes.fromhex(entry["key"])
    # F.5.1's initial counter block f0f1..feff is IV f0..fb ‖ counter 0xfcfdfeff; its four blocks do not wrap.
    iv, counter = _split_initial_counter(entry["initial_counter"])
    assert counter == 0xFCFDFEFF
    pt, ct = bytes.fromhex(entry["plaintext"]), bytes.fromhex(entry["ciphertext"])
    assert pt == bytes.fromhex("".join(entry["plaintext_blocks"]))
    assert ct == bytes.fromhex("".join(entry["ciphertext_blocks"]))
    assert ctr_crypt(key, iv, counter, pt) == ct
    assert ctr_crypt(key, iv, counter, ct) == pt
    # Each prefix too (the partial last block uses the leading keystream bytes).
    for n in (0, 1, 15, 17, 33, 63):
        assert ctr_crypt(key, iv, counter, pt[:n]) == ct[:n]


def test_sp800_38a_f51_counter_blocks(aes_vectors: dict[str, Any]) -> None:
    iv, counter = _split_initial_counter(aes_vectors["sp800_38a_f51_ctr_aes128"]["initial_counter"])
    # SP 800-38A F.5.1 lists the counter blocks f0..fcfdfeff, ..ff00, ..ff01, ..ff02.
    assert [b.hex() for b in ctr_blocks(iv, counter, 4)] == [
        "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
        "f0f1f2f3f4f5f6f7f8f9fafbfcfdff00",
        "f0f1f2f3f4f5f6f7f8f9fafbfcfdff01",
        "f0f1f2f3f4f5f6f7f8f9fafbfcfdff02",
    ]


def test_counter_wraps_modulo_2_to_32() -> None:
    iv = bytes(range(12))
    blocks = ctr_blocks(iv, 0xFFFFFFFE, 3)
    assert [b[12:].hex() for b in blocks] == ["fffffffe", "ffffffff", "00000000"]
    assert all(b[:12] == iv for b in blocks)  # the carry never reaches the IV


def _oracle_ctr(key: bytes, iv: bytes, counter: int, data: bytes) -> bytes:
    # pycryptodome's Counter wraps the 32-bit field mod 2^32 with allow_wraparound; the IV stays fixed.
    ctr = Counter.new(32, prefix=iv, initial_value=counter, allow_wraparound=True)
    return OracleAES.new(key, OracleAES.MODE_CTR, counter=ctr).encrypt(data)


def test_random_against_oracle(rng: random.Random) -> None:
    for case in range(RANDOM_CASES):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        iv = rng.randbytes(12)
        length = rng.randrange(0, MAX_RANDOM_BLOCKS * 16 + 1)
        data = rng.randbytes(length)
        # Every fourth case starts within a few blocks of 2^32 - 1 so the counter wraps inside the message.
        counter = (1 << 32) - 1 - rng.randrange(MAX_RANDOM_BLOCKS) if case % 4 == 0 else rng.getrandbits(32)
        expected = _oracle_ctr(key, iv, counter, data)
        assert ctr_crypt(key, iv, counter, data) == expected, (case, key.hex(), iv.hex(), counter, data.hex())
        assert ctr_crypt(key, iv, counter, expected) == data, case


def test_wrap_at_max_counter_against_oracle() -> None:
    key, iv = bytes(range(16)), bytes(range(100, 112))
    data = bytes(range(48))
    assert ctr_crypt(key, iv, 0xFFFFFFFF, data) == _oracle_ctr(key, iv, 0xFFFFFFFF, data)
    # Blocks 2 and 3 use counters 0 and 1, so they match a fresh start at counter 0.
    assert ctr_crypt(key, iv, 0xFFFFFFFF, data)[16:] == ctr_crypt(key, iv, 0, data[16:])


@pytest.mark.parametrize("iv_bytes, counter", [(11, 0), (13, 0), (12, -1), (12, 1 << 32)])
def test_rejects_bad_iv_or_counter(iv_bytes: int, counter: int) -> None:
    with pytest.raises(ValueError):
        ctr_crypt(bytes(16), bytes(iv_bytes), counter, b"x")
