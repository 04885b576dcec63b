"""JAMBU-SIMON (SIMON-JAMBU96/96, JAMBU v2; SUPERCOP ``simonjambu96v2``).

Specification: Hongjun Wu and Tao Huang, "The JAMBU Lightweight Authentication Encryption Mode (v2)",
CAESAR round-2 submission, 29 August 2015: section 2 (the mode), section 3 (SIMON-JAMBU with
SIMON-96/96, n = 48), Appendix B (SIMON). The block cipher is :mod:`cryptohls.golden.simon96`.

The state is the 96-bit block-cipher input (U, V) — U the left SIMON word x, V the right word y —
plus the 48-bit register R. Every step is one SIMON-96/96 call:

  step(block, frame):  (X, Y) = E_K(U, V);  U <- X ^ block;  V <- Y ^ R ^ frame;  R <- R ^ U

- initialization: (X, Y) = E_K(0, IV); U = X, V = Y ^ 5, R = X;
- associated data: one step per padded 48-bit block with frame 1;
- message: one step per padded block with frame 0, and C_i = P_i ^ (Y ^ R), i.e. the new V;
- finalization: one step with block 0 and frame 3, then (X, Y) = E_K(U, V), tag = X ^ Y ^ R.

Padding appends a 1 bit and zeros to the last partial block; a length that is a multiple of 6 bytes
(including empty AD and empty message) gets one extra block 80 00 00 00 00 00. The frame constants
sit in the least significant bits of V.

Byte order, fixed by the KAT files (whose ``ref`` code reads words on a little-endian host): a
6-byte block, the nonce and each key half are 48-bit little-endian integers; key bytes 0..5 are k0
(the first round key) and bytes 6..11 are k1. Ciphertext and tag bytes are the little-endian bytes
of their words. The submission PDF was not available while this was written: the step structure
above is the mode as recalled from it, with the byte order and the exact place of each frame constant
pinned down by the KATs (all 1089 records agree; the tests also check that every frame constant
matters).
"""

from __future__ import annotations

import hmac
from functools import lru_cache

from cryptohls.golden import simon96

SUPERCOP_NAME = "simonjambu96v2"
KEY_BYTES = 12
NONCE_BYTES = 6
TAG_BYTES = 6
BLOCK_BYTES = 6

FRAME_INIT = 5
FRAME_AD = 1
FRAME_MESSAGE = 0
FRAME_FINAL = 3


def word(data: bytes) -> int:
    return int.from_bytes(data, "little")


def word_bytes(value: int) -> bytes:
    return value.to_bytes(BLOCK_BYTES, "little")


@lru_cache(maxsize=16)
def round_keys(key: bytes) -> tuple[int, ...]:
    """SIMON-96/96 round keys from the 12-byte key: k0 = bytes 0..5, k1 = bytes 6..11, little-endian."""
    return tuple(simon96.expand_key(word(key[6:12]), word(key[0:6])))


def padded_blocks(data: bytes) -> list[bytes]:
    """10* padding to 6-byte blocks; always at least one padding byte, so a full last block adds one."""
    padded = bytes(data) + b"\x80"
    padded += bytes(-len(padded) % BLOCK_BYTES)
    return [padded[i: i + BLOCK_BYTES] for i in range(0, len(padded), BLOCK_BYTES)]


class State:
    """(U, V, R) and the expanded key; `step` is the one operation the mode repeats."""

    def __init__(self, key: bytes, nonce: bytes) -> None:
        self.keys = round_keys(bytes(key))
        x, y = simon96.encrypt_words(self.keys, 0, word(nonce))
        self.u, self.v, self.r = x, y ^ FRAME_INIT, x

    def encrypt_state(self) -> tuple[int, int]:
        """(X, Y) = E_K(U, V); Y ^ R is the keystream word of a message block."""
        return simon96.encrypt_words(self.keys, self.u, self.v)

    def update(self, x: int, y: int, block: int, frame: int) -> None:
        self.u = x ^ block
        self.v = y ^ self.r ^ frame
        self.r ^= self.u

    def step(self, block: int, frame: int) -> int:
        """One E_K call and the state update; returns Y ^ R (the message keystream word)."""
        x, y = self.encrypt_state()
        keystream = y ^ self.r
        self.update(x, y, block, frame)
        return keystream

    def tag(self) -> bytes:
        self.step(0, FRAME_FINAL)
        x, y = self.encrypt_state()
        return word_bytes(x ^ y ^ self.r)


def _check_sizes(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"JAMBU-SIMON key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"JAMBU-SIMON nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def _start(key: bytes, nonce: bytes, ad: bytes) -> State:
    _check_sizes(key, nonce)
    state = State(key, nonce)
    for block in padded_blocks(ad):
        state.step(word(block), FRAME_AD)
    return state


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """JAMBU-SIMON encryption: ciphertext (as long as the plaintext) || 6-byte tag."""
    state = _start(key, nonce, ad)
    ciphertext = bytearray()
    for block in padded_blocks(plaintext):
        p = word(block)
        ciphertext += word_bytes(p ^ state.step(p, FRAME_MESSAGE))
    return bytes(ciphertext[: len(plaintext)]) + state.tag()


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """JAMBU-SIMON decryption and verification: the plaintext, or None if the tag is wrong."""
    _check_sizes(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = _start(key, nonce, ad)
    plaintext = bytearray()
    # The keystream of a block does not depend on that block, so decrypt block by block: the
    # plaintext found is re-padded and absorbed exactly as encryption absorbed it.
    chunks = [ciphertext[i: i + BLOCK_BYTES] for i in range(0, len(ciphertext), BLOCK_BYTES)]
    if len(ciphertext) % BLOCK_BYTES == 0:
        chunks.append(b"")  # the padding-only block after a full last block
    for chunk in chunks:
        x, y = state.encrypt_state()
        block = bytes(c ^ k for c, k in zip(chunk, word_bytes(y ^ state.r)))
        plaintext += block
        state.update(x, y, word(padded_blocks(block)[0]), FRAME_MESSAGE)
    expected = state.tag()
    return bytes(plaintext) if hmac.compare_digest(expected, tag) else None
