"""Checks every CAESAR AEAD golden model (seed 002's ciphers) runs against its KAT file (SUPERCOP
reference), and the forgeries each must reject.

A KAT file has 1089 records, Count = 33*|PT| + |AD| + 1 for |PT|, |AD| in 0..32. Where all records take
seconds (the AES modes' pure-Python AES), the default run takes the records whose lengths sit on a
block boundary (below, at and above 8, 16 and 32 bytes) and a slow test takes all of them.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType

from cryptohls.golden.vectors import load_caesar_kat

RECORDS = 1089
MAX_LENGTH = 32
BOUNDARY_LENGTHS = (0, 1, 7, 8, 9, 15, 16, 17, 31, 32)


@lru_cache(maxsize=None)
def kat_records(name: str) -> tuple[dict[str, bytes], ...]:
    records = tuple(load_caesar_kat(name))
    assert len(records) == RECORDS, name
    return records


def record(name: str, pt_bytes: int, ad_bytes: int) -> dict[str, bytes]:
    """The record with these lengths (Count = 33*|PT| + |AD| + 1)."""
    found = kat_records(name)[(MAX_LENGTH + 1) * pt_bytes + ad_bytes]
    assert (len(found["PT"]), len(found["AD"])) == (pt_bytes, ad_bytes)
    return found


def boundary_records(name: str) -> list[dict[str, bytes]]:
    return [record(name, p, a) for p in BOUNDARY_LENGTHS for a in BOUNDARY_LENGTHS]


def check_records(model: ModuleType, records: list[dict[str, bytes]] | tuple[dict[str, bytes], ...]) -> None:
    """Each record encrypts to its CT and CT decrypts back to PT."""
    for kat in records:
        where = f"|PT| = {len(kat['PT'])}, |AD| = {len(kat['AD'])}"
        assert len(kat["Key"]) == model.KEY_BYTES and len(kat["Nonce"]) == model.NONCE_BYTES
        assert len(kat["CT"]) == len(kat["PT"]) + model.TAG_BYTES, where
        assert model.encrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"]) == kat["CT"], where
        assert model.decrypt(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]) == kat["PT"], where


def _flip(data: bytes, bit: int) -> bytes:
    flipped = bytearray(data)
    flipped[bit // 8] ^= 0x80 >> (bit % 8)
    return bytes(flipped)


def check_forgeries_rejected(model: ModuleType, kat: dict[str, bytes]) -> None:
    """One flipped bit of the tag, the ciphertext, the AD or the nonce, or a cut tag: decrypt says None."""
    key, nonce, ad, sealed = kat["Key"], kat["Nonce"], kat["AD"], kat["CT"]
    tag_start = 8 * (len(sealed) - model.TAG_BYTES)
    for bit in (tag_start, tag_start + 5, 8 * len(sealed) - 1):
        assert model.decrypt(key, nonce, ad, _flip(sealed, bit)) is None, ("tag bit", bit)
    for bit in range(0, tag_start, 37):
        assert model.decrypt(key, nonce, ad, _flip(sealed, bit)) is None, ("ciphertext bit", bit)
    if ad:
        assert model.decrypt(key, nonce, _flip(ad, 8 * len(ad) - 1), sealed) is None, "AD bit"
    assert model.decrypt(key, _flip(nonce, 3), ad, sealed) is None, "nonce bit"
    assert model.decrypt(key, nonce, ad, sealed[:-1]) is None, "tag cut short"
    assert model.decrypt(key, nonce, ad, sealed[:model.TAG_BYTES - 1]) is None, "shorter than a tag"
