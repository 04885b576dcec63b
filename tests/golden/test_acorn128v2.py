"""ACORN-128 v2 golden model against its 1089 CAESAR KAT records, and 32 steps at once = 32 single steps.

KATs: <shared>/vectors/caesar/acorn128v2 (SUPERCOP 20170228 ref, checksums match). The spec publishes
no vector for the step function itself, so the 32-steps-at-once form (what hardware runs per cycle) is
checked against the bit-by-bit single step, and both are checked through the KATs.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from cryptohls.golden import acorn128v2 as acorn
from cryptohls.golden.vectors import load_caesar_kat

from .aead_checks import check_forgeries_rejected


@lru_cache(maxsize=1)
def load_kats() -> tuple[dict[str, bytes], ...]:
    return tuple(load_caesar_kat(acorn.SUPERCOP_NAME))


def test_kat_file_has_all_1089_records():
    kats = load_kats()
    assert len(kats) == 1089
    assert kats[0]["CT"].hex().upper() == "D6C12CF334A6273460788B738238E1F3"  # Count = 1


def test_all_kats_encrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert acorn.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], f"Count = {number}"


def test_every_seventh_kat_decrypts():
    for number, kat in enumerate(load_kats(), start=1):
        if number % 7 == 0 or number == 1089:
            assert acorn.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


@pytest.mark.slow
def test_all_kats_decrypt():
    for number, kat in enumerate(load_kats(), start=1):
        assert acorn.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], f"Count = {number}"


def _single_steps(state: int, count: int, message_bits: int, ca: int, cb: int) -> tuple[int, int]:
    keystream = 0
    for t in range(count):
        state, ks = acorn.step(state, (message_bits >> t) & 1, ca, cb)
        keystream |= ks << t
    return state, keystream


@pytest.mark.parametrize("count", [32, 1, 4, 5, 8, 31])
def test_steps_at_once_equal_single_steps(count):
    rng = random.Random(count)
    for _ in range(6):
        state, message = rng.getrandbits(acorn.STATE_BITS), rng.getrandbits(32)
        for ca in (0, 1):
            for cb in (0, 1):
                expected = _single_steps(state, count, message, ca, cb)
                assert acorn.steps(state, count, message, ca, cb) == expected


def test_more_than_32_steps_at_once_are_refused():
    with pytest.raises(ValueError):
        acorn.steps(0, 33, 0, 1, 1)


def test_single_step_on_a_known_state():
    # S0 = 1 alone: S61 ^= S0 makes S61 = 1, ks = S12 ^ S154 ^ maj(S235, S61, S193) = 0,
    # f = S0 ^ ~S107 ^ ... = 1 ^ 1 = 0; the shift moves S61 to S60.
    state, ks = acorn.step(1, 0, 0, 0)
    assert (state, ks) == (1 << 60, 0)
    # with the message bit 1 the new S292 is 1
    assert acorn.step(1, 1, 0, 0)[0] == (1 << 60) | (1 << 292)


@pytest.mark.parametrize("count", [1, 17, 545, 1089])
def test_forgeries_are_rejected(count):
    """A flipped tag, ciphertext, AD or nonce bit, or a cut tag (aead_checks.py)."""
    check_forgeries_rejected(acorn, load_kats()[count - 1])


def test_wrong_sizes_are_refused_and_short_input_rejected():
    with pytest.raises(ValueError):
        acorn.encrypt(bytes(16), bytes(12), b"", b"")
    assert acorn.decrypt(bytes(16), bytes(16), b"", bytes(15)) is None
