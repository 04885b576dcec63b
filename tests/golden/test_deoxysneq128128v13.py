"""Deoxys-I-128-128 v1.3 golden model against the 1089 CAESAR KATs, its on-the-fly tweakey schedule,
the block cipher's inverse, forgeries, and the v1.3 points that differ from v1.41.

KAT source: <shared>/vectors/caesar/deoxysneq128128v13/LWC_AEAD_KAT_128_64.txt (SUPERCOP ``ref``, its
PROVENANCE.txt: SUPERCOP checksums matched, no second source). CT field = ciphertext || 16-byte tag.
"""

from __future__ import annotations

import pytest

from cryptohls.golden import deoxysneq128128v13 as deoxys

from .aead_checks import check_forgeries_rejected, check_records, kat_records, record

NAME = deoxys.SUPERCOP_NAME


def test_all_kats_encrypt_and_decrypt():
    check_records(deoxys, kat_records(NAME))


def test_fast_subtweakeys_equal_the_round_by_round_schedule(rng):
    """The per-key shortcut bc_encrypt uses equals the schedule a round-per-cycle datapath steps."""
    for _ in range(4):
        key, tweak = rng.randbytes(16), rng.randbytes(16)
        fast = deoxys._fast_subtweakeys(tweak, key)
        assert [deoxys.word_to_bytes(w) for w in fast] == deoxys.subtweakeys(tweak, key)


def test_block_decryption_inverts_encryption(rng):
    key, tweak, block = rng.randbytes(16), rng.randbytes(16), rng.randbytes(16)
    assert deoxys.bc_decrypt(key, tweak, deoxys.bc_encrypt(key, tweak, block)) == block


def test_h_moves_byte_i_to_position_h_i():
    moved = deoxys.h(bytes(range(16)))
    assert all(moved[deoxys.H_PERMUTATION[i]] == i for i in range(16))
    assert deoxys.times2(bytes([0x80, 0x01, 0xC3])) == bytes([0x1B, 0x02, 0x9D])


def _lfsr2(block: bytes) -> bytes:
    return bytes(((x << 1) & 0xFF) | (((x >> 7) ^ (x >> 5)) & 1) for x in block)


@pytest.mark.parametrize("v141_point", ["lfsr2", "h_other_way", "nonce_in_ad", "tag_block_plus_one"])
def test_each_v13_point_matters(monkeypatch, v141_point):
    """Each v1.41 choice in place of v1.3's breaks the KATs (docstring of the model)."""
    kat = record(NAME, 17, 5)   # 17-byte PT (a partial block) and 5-byte AD
    if v141_point == "lfsr2":
        monkeypatch.setattr(deoxys, "times2", _lfsr2)
    elif v141_point == "h_other_way":
        monkeypatch.setattr(deoxys, "h", lambda block: bytes(block[j] for j in deoxys.H_PERMUTATION))
        monkeypatch.setattr(deoxys, "_H_POWERS", tuple(deoxys._h_power(i) for i in range(deoxys.ROUNDS + 1)))
    elif v141_point == "nonce_in_ad":
        original = deoxys.make_tweak
        ad_stages = (deoxys.PREFIX_AD, deoxys.PREFIX_AD_LAST)
        monkeypatch.setattr(deoxys, "make_tweak",
                            lambda p, n, b: original(p, kat["Nonce"] if p in ad_stages else n, b))
    else:
        original_tag = deoxys._tag
        monkeypatch.setattr(deoxys, "_tag", lambda k, n, a, c, full, partial: original_tag(k, n, a, c, full + partial, partial))
    deoxys._key_parts.cache_clear()
    try:
        assert deoxys.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) != kat["CT"]
    finally:
        deoxys._key_parts.cache_clear()


@pytest.mark.parametrize("lengths", [(0, 0), (16, 16), (17, 5), (32, 32)])
def test_forgeries_are_rejected(lengths):
    check_forgeries_rejected(deoxys, record(NAME, *lengths))
