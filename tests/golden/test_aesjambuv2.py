"""JAMBU-AES (aesjambuv2) golden model against its SUPERCOP KAT, forgeries, and the mode's frame constants.

KAT source: <shared>/vectors/caesar/aesjambuv2/LWC_AEAD_KAT_128_64.txt (SUPERCOP 20170228 ``ref``;
see its PROVENANCE.txt: no checksum, cross-checked with SUPERCOP's aesni implementation only).
CT field = ciphertext || 8-byte tag. The mode is golden/jambu.py, shared with JAMBU-SIMON.
"""

from __future__ import annotations

import pytest

from cryptohls.golden import aes, aesjambuv2, jambu

from .aead_checks import boundary_records, check_forgeries_rejected, check_records, kat_records, record

NAME = aesjambuv2.SUPERCOP_NAME


def test_kat_records_on_block_boundaries() -> None:
    check_records(aesjambuv2, boundary_records(NAME))


@pytest.mark.slow
def test_all_kat_records() -> None:
    check_records(aesjambuv2, kat_records(NAME))


@pytest.mark.parametrize("constant", ["FRAME_INIT", "FRAME_AD", "FRAME_FINAL"])
def test_each_frame_constant_matters(monkeypatch, constant: str) -> None:
    kat = record(NAME, 9, 3)   # two message blocks, one AD block
    assert aesjambuv2.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"]
    monkeypatch.setattr(jambu, constant, getattr(jambu, constant) ^ 2)
    assert aesjambuv2.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) != kat["CT"]


@pytest.mark.parametrize("lengths", [(0, 0), (0, 9), (8, 0), (17, 31), (32, 32)])
def test_forgeries_are_rejected(lengths: tuple[int, int]) -> None:
    check_forgeries_rejected(aesjambuv2, record(NAME, *lengths))


def test_halves_sit_in_the_aes_block_as_the_kats_say() -> None:
    # V is AES state bytes 0..7, U bytes 8..15, both little-endian (the docstring's byte map).
    key = bytes(range(16))
    u, v = 0x0807060504030201, 0x1817161514131211
    block = v.to_bytes(8, "little") + u.to_bytes(8, "little")
    out = aes.encrypt_block(key, block)
    x, y = aesjambuv2.encrypt_halves(aesjambuv2.round_keys(key), u, v)
    assert (x.to_bytes(8, "little"), y.to_bytes(8, "little")) == (out[8:], out[:8])


def test_wrong_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="JAMBU-AES key must be 16 bytes"):
        aesjambuv2.encrypt(bytes(12), bytes(8), b"", b"")
    with pytest.raises(ValueError, match="JAMBU-AES nonce must be 8 bytes"):
        aesjambuv2.encrypt(bytes(16), bytes(6), b"", b"")
    assert aesjambuv2.decrypt(bytes(16), bytes(8), b"", bytes(7)) is None
