"""AES golden model (FIPS-197) against published vectors and, for random cases, pycryptodome."""

from __future__ import annotations

import random
from typing import Any

import pytest
from Crypto.Cipher import AES as OracleAES

from cryptohls.golden import aes

RANDOM_CASES_PER_KEY_SIZE = 1000


def test_sbox_known_entries() -> None:
    # FIPS-197 §5.1.1: S(0x53) = 0xed (worked example); S(0x00) = 0x63 and S(0xff) = 0x16 from Figure 7.
    assert aes.SBOX[0x53] == 0xED
    assert aes.SBOX[0x00] == 0x63
    assert aes.SBOX[0xFF] == 0x16
    assert aes.INV_SBOX[0xED] == 0x53
    assert len(aes.SBOX) == len(aes.INV_SBOX) == 256
    assert sorted(aes.SBOX) == list(range(256))
    assert all(aes.INV_SBOX[aes.SBOX[x]] == x for x in range(256))


def test_every_sbox_entry_through_the_oracle() -> None:
    # With an all-zero key, round 1's SubBytes sees the plaintext bytes themselves; 16 blocks holding
    # every byte value exercise each S-box entry, checked end to end against the oracle.
    key = bytes(16)
    oracle = OracleAES.new(key, OracleAES.MODE_ECB)
    for start in range(0, 256, 16):
        block = bytes(range(start, start + 16))
        assert aes.encrypt_block(key, block) == oracle.encrypt(block)


def test_gf_mul_fips197_example() -> None:
    # FIPS-197 §4.2: {57} • {83} = {c1}; §4.2.1: {57} • {13} = {fe}.
    assert aes.gf_mul(0x57, 0x83) == 0xC1
    assert aes.gf_mul(0x57, 0x13) == 0xFE


def test_key_expansion_fips197_appendix_a1() -> None:
    key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
    round_keys = aes.expand_key(key)
    assert len(round_keys) == 11
    assert round_keys[0] == key
    # FIPS-197 Appendix A.1: w4..w7 and w40..w43.
    assert round_keys[1].hex() == "a0fafe1788542cb123a339392a6c7605"
    assert round_keys[10].hex() == "d014f9a8c9ee2589e13f0cc8b6630ca6"


@pytest.mark.parametrize("key_bytes, count", [(16, 11), (24, 13), (32, 15)])
def test_round_key_count(key_bytes: int, count: int) -> None:
    assert len(aes.expand_key(bytes(key_bytes))) == count


def test_fips197_appendix_c(aes_vectors: dict[str, Any]) -> None:
    entries = aes_vectors["fips197_appendix_c"]
    assert len(entries) == 3
    for entry in entries:
        key, pt, ct = (bytes.fromhex(entry[f]) for f in ("key", "plaintext", "ciphertext"))
        assert aes.encrypt_block(key, pt) == ct, entry["name"]
        assert aes.decrypt_block(key, ct) == pt, entry["name"]


def test_fips197_appendix_b(aes_vectors: dict[str, Any]) -> None:
    entry = aes_vectors["fips197_appendix_b_used_by_chstone_aes"]
    key, pt, ct = (bytes.fromhex(entry[f]) for f in ("key", "plaintext", "ciphertext"))
    assert aes.encrypt_block(key, pt) == ct
    assert aes.decrypt_block(key, ct) == pt


# FIPS-197 Appendix C.1 (AES-128, key 000102..0f, plaintext 00112233..ff): round[1..10].start, then output.
C1_ROUND_STATES = [
    "00102030405060708090a0b0c0d0e0f0",
    "89d810e8855ace682d1843d8cb128fe4",
    "4915598f55e5d7a0daca94fa1f0a63f7",
    "fa636a2825b339c940668a3157244d17",
    "247240236966b3fa6ed2753288425b6c",
    "c81677bc9b7ac93b25027992b0261996",
    "c62fe109f75eedc3cc79395d84f9cf5d",
    "d1876c0f79c4300ab45594add66ff41f",
    "fde3bad205e5d0d73547964ef1fe37f1",
    "bd6e7c3df2b5779e0b61216e8b10b689",
    "69c4e0d86a7b0430d8cdb78070b4c55a",
]
# FIPS-197 Appendix C.1 inverse cipher: round[1..4].istart.
C1_INVERSE_ROUND_STATES = [
    "7ad5fda789ef4e272bca100b3d9ff59f",
    "54d990a16ba09ab596bbf40ea111702f",
    "3e1c22c0b6fcbf768da85067f6170495",
    "b458124c68b68a014b99f82e5f15554c",
]
C1_KEY = bytes.fromhex("000102030405060708090a0b0c0d0e0f")
C1_PLAINTEXT = bytes.fromhex("00112233445566778899aabbccddeeff")


def test_fips197_c1_encrypt_trace() -> None:
    assert [s.hex() for s in aes.encrypt_trace(C1_KEY, C1_PLAINTEXT)] == C1_ROUND_STATES


def test_fips197_c1_round_one_steps() -> None:
    # FIPS-197 Appendix C.1 round[1]: s_box, s_row, m_col, k_sch.
    state = bytes.fromhex(C1_ROUND_STATES[0])
    after_sbox = aes.sub_bytes(state)
    assert after_sbox.hex() == "63cab7040953d051cd60e0e7ba70e18c"
    after_shift = aes.shift_rows(after_sbox)
    assert after_shift.hex() == "6353e08c0960e104cd70b751bacad0e7"
    after_mix = aes.mix_columns(after_shift)
    assert after_mix.hex() == "5f72641557f5bc92f7be3b291db9f91a"
    round_key = aes.expand_key(C1_KEY)[1]
    assert round_key.hex() == "d6aa74fdd2af72fadaa678f1d6ab76fe"
    assert aes.add_round_key(after_mix, round_key).hex() == C1_ROUND_STATES[1]
    # And the inverses undo each step.
    assert aes.inv_mix_columns(after_mix) == after_shift
    assert aes.inv_shift_rows(after_shift) == after_sbox
    assert aes.inv_sub_bytes(after_sbox) == state


def test_fips197_c1_decrypt_trace() -> None:
    trace = aes.decrypt_trace(C1_KEY, bytes.fromhex(C1_ROUND_STATES[-1]))
    assert [s.hex() for s in trace[:4]] == C1_INVERSE_ROUND_STATES
    assert trace[-1] == C1_PLAINTEXT
    assert len(trace) == 11


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_decrypt_trace_mirrors_encrypt_trace(key_bytes: int, rng: random.Random) -> None:
    key, block = rng.randbytes(key_bytes), rng.randbytes(16)
    enc = aes.encrypt_trace(key, block)
    dec = aes.decrypt_trace(key, enc[-1])
    rounds = len(enc) - 1
    for r in range(rounds):
        assert dec[r] == aes.shift_rows(aes.sub_bytes(enc[rounds - 1 - r]))
    assert dec[rounds] == block


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_random_ecb_against_oracle(key_bytes: int, rng: random.Random) -> None:
    for case in range(RANDOM_CASES_PER_KEY_SIZE):
        key, block = rng.randbytes(key_bytes), rng.randbytes(16)
        oracle = OracleAES.new(key, OracleAES.MODE_ECB)
        expected = oracle.encrypt(block)
        assert aes.encrypt_block(key, block) == expected, (case, key.hex(), block.hex())
        assert aes.decrypt_block(key, block) == oracle.decrypt(block), (case, key.hex(), block.hex())


@pytest.mark.parametrize("key_bytes", [0, 15, 17, 33])
def test_rejects_bad_key_length(key_bytes: int) -> None:
    with pytest.raises(ValueError, match="16, 24 or 32"):
        aes.expand_key(bytes(key_bytes))


def test_rejects_bad_block_length() -> None:
    with pytest.raises(ValueError, match="16 bytes"):
        aes.encrypt_block(bytes(16), bytes(15))
