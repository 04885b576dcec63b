"""Ascon-AEAD128 golden model against the 1089 published KATs (NIST SP 800-232 final).

KAT source: ascon/ascon-c, crypto_aead/asconaead128/LWC_AEAD_KAT_128_128.txt v1.3.0, stored as
<shared>/vectors/ascon-aead128-kat.txt (CT field = ciphertext || tag).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from cryptohls.golden import ascon
from cryptohls.golden.vectors import load_ascon_kat

@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_ascon_kat())


def test_kat_file_has_all_1089_records():
    kats = load_kats()
    assert len(kats) == 1089
    assert kats[0]["CT"].hex().upper() == "4F9C278211BEC9316BF68F46EE8B2EC6"  # Count = 1


def test_all_kats_encrypt_and_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert ascon.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"
        assert ascon.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


@pytest.mark.parametrize("count", [1, 17, 545, 1089])  # empty, PT empty + AD, mixed, longest
def test_flipped_tag_bit_is_rejected(count):
    kat = load_kats()[count - 1]
    for bit in (0, 7, 64, 127):
        forged = bytearray(kat["CT"])
        forged[len(forged) - 16 + bit // 8] ^= 1 << (bit % 8)
        assert ascon.decrypt(kat["Key"], kat["Nonce"], kat["AD"], bytes(forged)) is None


@pytest.mark.parametrize("count", [545, 1089])
def test_flipped_ciphertext_ad_or_nonce_bit_is_rejected(count):
    kat = load_kats()[count - 1]
    assert len(kat["CT"]) > 16
    forged = bytearray(kat["CT"])
    forged[0] ^= 0x80
    assert ascon.decrypt(kat["Key"], kat["Nonce"], kat["AD"], bytes(forged)) is None
    if kat["AD"]:
        ad = bytearray(kat["AD"])
        ad[-1] ^= 0x01
        assert ascon.decrypt(kat["Key"], kat["Nonce"], bytes(ad), kat["CT"]) is None
    nonce = bytearray(kat["Nonce"])
    nonce[15] ^= 0x40
    assert ascon.decrypt(kat["Key"], bytes(nonce), kat["AD"], kat["CT"]) is None


def test_too_short_input_to_decrypt_is_rejected():
    assert ascon.decrypt(bytes(16), bytes(16), b"", bytes(15)) is None


def test_key_and_nonce_lengths_are_checked():
    with pytest.raises(ValueError, match="key must be 16 bytes"):
        ascon.encrypt(bytes(15), bytes(16), b"", b"")
    with pytest.raises(ValueError, match="nonce must be 16 bytes"):
        ascon.encrypt(bytes(16), bytes(12), b"", b"")


def test_long_message_round_trip():
    rng = random.Random(7)
    key, nonce = rng.randbytes(16), rng.randbytes(16)
    ad, plaintext = rng.randbytes(1031), rng.randbytes(2049)
    sealed = ascon.encrypt(key, nonce, ad, plaintext)
    assert len(sealed) == len(plaintext) + 16
    assert ascon.decrypt(key, nonce, ad, sealed) == plaintext


# --- the permutation ---------------------------------------------------------------------------

STATE = [0x0123456789ABCDEF, 0xFEDCBA9876543210, 0x0, 0xFFFFFFFFFFFFFFFF, 0x8000000000000001]


@pytest.mark.parametrize("rounds", [1, 6, 8, 12, 16])
def test_permutation_is_deterministic_and_pure(rounds):
    state = list(STATE)
    first = ascon.permutation(state, rounds)
    assert state == STATE  # input untouched
    assert ascon.permutation(list(STATE), rounds) == first
    assert len(first) == 5 and all(0 <= word < 1 << 64 for word in first)


def test_round_counts_give_different_results():
    results = {tuple(ascon.permutation(STATE, rounds)) for rounds in range(1, 17)}
    assert len(results) == 16


def test_p12_is_last_eight_rounds_after_first_four():
    """Ascon-p[rnd] uses the last rnd constants (§3.2): p[12] = p[8] after rounds with c4..c7."""
    state = list(STATE)
    for constant in ascon.ROUND_CONSTANTS[4:8]:
        state = ascon.linear_diffusion(ascon.substitution(ascon.constant_addition(state, constant)))
    assert ascon.permutation(state, 8) == ascon.permutation(STATE, 12)


@pytest.mark.parametrize("rounds", [0, 17, -1, 1.5, "12", True, None])
def test_round_count_is_validated(rounds):
    with pytest.raises(ValueError, match="round count"):
        ascon.permutation(STATE, rounds)


@pytest.mark.parametrize("state", [[0] * 4, [0] * 6, [1 << 64, 0, 0, 0, 0], [-1, 0, 0, 0, 0]])
def test_state_shape_is_validated(state):
    with pytest.raises(ValueError, match="five 64-bit"):
        ascon.permutation(state, 12)


def test_bitsliced_sbox_matches_the_table_of_the_standard():
    """SP 800-232 §3.3 S-box table: column j (S0 bit j is the S-box input's MSB) maps x to SBOX[x]."""
    for x in range(32):
        column = [((x >> (4 - i)) & 1) << 13 for i in range(5)]  # bit 13 of each word
        out = ascon.substitution(column)
        y = sum(((out[i] >> 13) & 1) << (4 - i) for i in range(5))
        assert y == ascon.SBOX[x], f"S({x:#04x})"
        # the other 63 columns hold input 0 and must give SBOX[0] = 0x04 (only S2 set)
        assert [word & ~(1 << 13) for word in out] == [0, 0, ((1 << 64) - 1) & ~(1 << 13), 0, 0]


def test_linear_layer_on_a_single_bit():
    """Sigma_0(x) = x ^ (x >>> 19) ^ (x >>> 28) (§3.4): bit 0 spreads to bits 0, 45 and 36."""
    out = ascon.linear_diffusion([1, 0, 0, 0, 0])
    assert out == [(1 << 0) | (1 << 45) | (1 << 36), 0, 0, 0, 0]
    out = ascon.linear_diffusion([0, 0, 0, 0, 1 << 63])
    assert out[4] == (1 << 63) | (1 << 56) | (1 << 22)
