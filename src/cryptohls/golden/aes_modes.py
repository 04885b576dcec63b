"""Pieces shared by the AES-128 AEAD modes of seed 002 (OCB3, AES-OTR, CLOC, SILC, COLM0, JAMBU-AES).

- :func:`double`, :func:`triple`, :func:`times_seven` — multiplication by x, x+1 and x^2+x+1 in
  GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, a 16-byte block read as a big-endian polynomial (its
  first bit is the coefficient of x^127): ``double(S)`` of RFC 7253 §2 and the ``2·X``, ``3·X``,
  ``7·X`` of the AES-OTR and COLM specifications. Doubling shifts left by one bit and, if a bit
  fell off, XORs 0x87 into the last byte. (GCM's field has the opposite bit order, so
  :mod:`cryptohls.golden.gcm` has its own multiply.)
- :func:`xor`, :func:`pad10` (the ``X ‖ 1 ‖ 0*`` padding of all of these modes), :func:`ozp` (the same,
  but a full block stays as it is), :func:`blocks`, :func:`format_nonce` (OCB3 and AES-OTR).
- :class:`Aes128` — the key schedule done once per message and AES-128 encryption / decryption of
  one block, taken from :mod:`cryptohls.golden.aes` (FIPS-197).
"""

from __future__ import annotations

from cryptohls.golden.aes import (BLOCK_BYTES, decrypt_trace_with_round_keys, encrypt_with_round_keys,
                                  expand_key)

KEY_BYTES = 16
_REDUCTION = 0x87  # x^7 + x^2 + x + 1: what x^128 is congruent to
_MASK128 = (1 << 128) - 1


def double(block: bytes) -> bytes:
    """x·S in GF(2^128): S << 1, XOR 0x87 into the last byte if the first bit of S was set."""
    value = int.from_bytes(block, "big")
    doubled = (value << 1) & _MASK128
    if value >> 127:
        doubled ^= _REDUCTION
    return doubled.to_bytes(BLOCK_BYTES, "big")


def triple(block: bytes) -> bytes:
    """(x+1)·S = double(S) xor S."""
    return xor(double(block), block)


def times_seven(block: bytes) -> bytes:
    """(x^2+x+1)·S = double(double(S)) xor double(S) xor S (the "7" of AES-OTR and COLM)."""
    doubled = double(block)
    return xor(xor(double(doubled), doubled), block)


def xor(a: bytes, b: bytes) -> bytes:
    """Bytewise XOR of two equally long strings."""
    if len(a) != len(b):
        raise ValueError(f"xor of {len(a)} and {len(b)} bytes")
    return bytes(x ^ y for x, y in zip(a, b))


def pad10(data: bytes, size: int = BLOCK_BYTES) -> bytes:
    """`data` ‖ 0x80 ‖ zero bytes up to `size` bytes; `data` must be shorter than `size`."""
    if len(data) >= size:
        raise ValueError(f"10* padding needs fewer than {size} bytes, got {len(data)}")
    return bytes(data) + b"\x80" + bytes(size - len(data) - 1)


def ozp(data: bytes, size: int = BLOCK_BYTES) -> bytes:
    """One-zero padding (AES-OTR, CLOC, SILC): :func:`pad10` when shorter than a block, else `data`."""
    return bytes(data) if len(data) == size else pad10(data, size)


def format_nonce(nonce: bytes, tag_bytes: int) -> bytes:
    """num2str(TAGLEN mod 128, 7) ‖ 0* ‖ 1 ‖ N as one block: the nonce block of OCB3 (RFC 7253 §4.2)
    and Format(τ, N) of AES-OTR v3 (§1.3); the nonce must be shorter than 16 bytes."""
    if not 0 < len(nonce) < BLOCK_BYTES:
        raise ValueError(f"nonce must be 1 to {BLOCK_BYTES - 1} bytes, got {len(nonce)}")
    block = bytearray(BLOCK_BYTES)
    block[0] = ((8 * tag_bytes) % 128) << 1
    block[BLOCK_BYTES - len(nonce) - 1] |= 0x01
    block[BLOCK_BYTES - len(nonce):] = nonce
    return bytes(block)


def blocks(data: bytes, size: int = BLOCK_BYTES) -> list[bytes]:
    """`data` cut into `size`-byte pieces, the last one possibly shorter; no pieces for empty data."""
    return [bytes(data[i: i + size]) for i in range(0, len(data), size)]


class Aes128:
    """AES-128 with its key schedule computed once (FIPS-197 §5.1 Cipher, §5.3 InvCipher)."""

    def __init__(self, key: bytes) -> None:
        if len(key) != KEY_BYTES:
            raise ValueError(f"key must be {KEY_BYTES} bytes, got {len(key)}")
        self._round_keys = expand_key(bytes(key))

    def encrypt(self, block: bytes) -> bytes:
        return encrypt_with_round_keys(self._round_keys, block)

    def decrypt(self, block: bytes) -> bytes:
        return decrypt_trace_with_round_keys(self._round_keys, block)[-1]
