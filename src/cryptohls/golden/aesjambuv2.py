"""JAMBU-AES (AES-JAMBU, JAMBU v2; SUPERCOP ``aesjambuv2``): 16-byte key, 8-byte nonce and tag.

Specification: Hongjun Wu and Tao Huang, "The JAMBU Lightweight Authentication Encryption Mode (v2)",
CAESAR round-2 submission, 29 August 2015: section 2 (the mode), section 3 (AES-JAMBU: AES-128,
n = 64, so the state is the 128-bit AES block U || V plus the 64-bit R). The mode is
:mod:`cryptohls.golden.jambu` (shared with JAMBU-SIMON); the block cipher is FIPS-197 AES-128
(:mod:`cryptohls.golden.aes`, key expanded once per message).

Where U and V sit in the AES block and the byte order, fixed by the KAT file (the ``ref`` code works
on bytes / little-endian words): V is AES state bytes 0..7 and U bytes 8..15, each a little-endian
64-bit integer. So, byte by byte: the nonce goes into bytes 0..7, the frame constants are XORed into
byte 0, a block's byte i is XORed into state byte 8 + i and R byte i, a ciphertext byte is
P_i ^ S_i ^ R_i (S the AES output) and tag byte i is S_(8+i) ^ S_i ^ R_i. All 1089 records agree
(the other three placements of U and byte orders match none).
"""

from __future__ import annotations

from functools import lru_cache

from cryptohls.golden import jambu
from cryptohls.golden.aes import encrypt_with_round_keys, expand_key

SUPERCOP_NAME = "aesjambuv2"
KEY_BYTES = 16
NONCE_BYTES = 8
TAG_BYTES = 8
BLOCK_BYTES = 8


@lru_cache(maxsize=16)
def round_keys(key: bytes) -> tuple[bytes, ...]:
    """AES-128 round keys K0 .. K10 (FIPS-197 KeyExpansion)."""
    return tuple(expand_key(key))


def encrypt_halves(keys: tuple[bytes, ...], u: int, v: int) -> tuple[int, int]:
    """(X, Y) = E_K(U, V) with V in AES state bytes 0..7 and U in bytes 8..15, little-endian."""
    out = encrypt_with_round_keys(list(keys), v.to_bytes(8, "little") + u.to_bytes(8, "little"))
    return int.from_bytes(out[8:], "little"), int.from_bytes(out[:8], "little")


CIPHER = jambu.JambuCipher(name="JAMBU-AES", key_bytes=KEY_BYTES, half_bytes=BLOCK_BYTES, byteorder="little",
                           expand_key=round_keys, encrypt_halves=encrypt_halves)


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """JAMBU-AES encryption: ciphertext (as long as the plaintext) || 8-byte tag."""
    return jambu.encrypt(CIPHER, key, nonce, ad, plaintext)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """JAMBU-AES decryption and verification: the plaintext, or None if the tag is wrong."""
    return jambu.decrypt(CIPHER, key, nonce, ad, ciphertext_and_tag)
