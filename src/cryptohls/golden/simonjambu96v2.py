"""JAMBU-SIMON (SIMON-JAMBU96/96, JAMBU v2; SUPERCOP ``simonjambu96v2``).

Specification: Hongjun Wu and Tao Huang, "The JAMBU Lightweight Authentication Encryption Mode (v2)",
CAESAR round-2 submission, 29 August 2015: section 2 (the mode), section 3 (SIMON-JAMBU with
SIMON-96/96, n = 48), Appendix B (SIMON). The mode is :mod:`cryptohls.golden.jambu` (shared with
JAMBU-AES, :mod:`cryptohls.golden.aesjambuv2`); the block cipher is :mod:`cryptohls.golden.simon96`.

U is the left SIMON word x, V the right word y, so the frame constants sit in the least significant
bits of y. Byte order, fixed by the KAT file (whose ``ref`` code reads words on a little-endian host):
a 6-byte block, the nonce and each key half are 48-bit little-endian integers; key bytes 0..5 are k0
(the first round key) and bytes 6..11 are k1. Ciphertext and tag bytes are the little-endian bytes
of their words. All 1089 KAT records agree.
"""

from __future__ import annotations

from functools import lru_cache

from cryptohls.golden import jambu, simon96

SUPERCOP_NAME = "simonjambu96v2"
KEY_BYTES = 12
NONCE_BYTES = 6
TAG_BYTES = 6
BLOCK_BYTES = 6


def word(data: bytes) -> int:
    return int.from_bytes(data, "little")


@lru_cache(maxsize=16)
def round_keys(key: bytes) -> tuple[int, ...]:
    """SIMON-96/96 round keys from the 12-byte key: k0 = bytes 0..5, k1 = bytes 6..11, little-endian."""
    return tuple(simon96.expand_key(word(key[6:12]), word(key[0:6])))


CIPHER = jambu.JambuCipher(name="JAMBU-SIMON", key_bytes=KEY_BYTES, half_bytes=BLOCK_BYTES, byteorder="little",
                           expand_key=round_keys, encrypt_halves=simon96.encrypt_words)


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """JAMBU-SIMON encryption: ciphertext (as long as the plaintext) || 6-byte tag."""
    return jambu.encrypt(CIPHER, key, nonce, ad, plaintext)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """JAMBU-SIMON decryption and verification: the plaintext, or None if the tag is wrong."""
    return jambu.decrypt(CIPHER, key, nonce, ad, ciphertext_and_tag)
