"""The JAMBU v2 mode over any block cipher of 2n bits (JAMBU-SIMON, JAMBU-AES).

Specification: Hongjun Wu and Tao Huang, "The JAMBU Lightweight Authentication Encryption Mode (v2)",
CAESAR round-2 submission, 29 August 2015: section 2 (the mode on a 2n-bit block cipher), section 3
(the instances: SIMON-96/96 with n = 48, AES-128 with n = 64). The submission PDF was not available
while this was written: the step structure below is the mode as recalled from it, with each instance's
byte order and the exact place of each frame constant pinned down by its KAT file (every record of
both agrees; the tests also check that every frame constant matters).

The state is the 2n-bit block-cipher input (U, V) plus the n-bit register R. Every step is one call
of the block cipher E_K:

  step(block, frame):  (X, Y) = E_K(U, V);  U <- X ^ block;  V <- Y ^ R ^ frame;  R <- R ^ U

- initialization: (X, Y) = E_K(0, IV); U = X, V = Y ^ 5, R = X;
- associated data: one step per padded n-bit block with frame 1;
- message: one step per padded block with frame 0, and C_i = P_i ^ (Y ^ R), i.e. the new V;
- finalization: one step with block 0 and frame 3, then (X, Y) = E_K(U, V), tag = X ^ Y ^ R.

Padding appends a 1 bit and zeros to the last partial block; a length that is a multiple of n/8 bytes
(including empty AD and empty message) gets one extra block 80 00 .. 00. Blocks, the nonce and the
tag are n-bit integers read from / written as bytes in the instance's byte order; the frame constants
sit in the least significant bits of V. An instance is a :class:`JambuCipher`: its sizes, byte order,
key expansion and the block cipher on two n-bit halves (where U and V sit in the cipher's block is
the instance's business).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any, Callable

FRAME_INIT = 5
FRAME_AD = 1
FRAME_MESSAGE = 0
FRAME_FINAL = 3


@dataclass(frozen=True)
class JambuCipher:
    """A JAMBU instance: `encrypt_halves(keys, u, v)` is E_K on the halves, `keys` from `expand_key`."""
    name: str                     # for error messages, e.g. "JAMBU-AES"
    key_bytes: int
    half_bytes: int               # n / 8: the block, nonce, tag and R size
    byteorder: str                # "little" or "big": bytes of a block / nonce / tag <-> n-bit integer
    expand_key: Callable[[bytes], Any]
    encrypt_halves: Callable[[Any, int, int], tuple[int, int]]

    def word(self, data: bytes) -> int:
        return int.from_bytes(data, self.byteorder)

    def word_bytes(self, value: int) -> bytes:
        return value.to_bytes(self.half_bytes, self.byteorder)

    def padded_blocks(self, data: bytes) -> list[bytes]:
        """10* padding to n-bit blocks; always at least one padding byte, so a full last block adds one."""
        padded = bytes(data) + b"\x80"
        padded += bytes(-len(padded) % self.half_bytes)
        return [padded[i: i + self.half_bytes] for i in range(0, len(padded), self.half_bytes)]


class State:
    """(U, V, R) and the expanded key; `step` is the one operation the mode repeats."""

    def __init__(self, cipher: JambuCipher, key: bytes, nonce: bytes) -> None:
        self.cipher = cipher
        self.keys = cipher.expand_key(bytes(key))
        x, y = cipher.encrypt_halves(self.keys, 0, cipher.word(nonce))
        self.u, self.v, self.r = x, y ^ FRAME_INIT, x

    def encrypt_state(self) -> tuple[int, int]:
        """(X, Y) = E_K(U, V); Y ^ R is the keystream word of a message block."""
        return self.cipher.encrypt_halves(self.keys, self.u, self.v)

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
        return self.cipher.word_bytes(x ^ y ^ self.r)


def _check_sizes(cipher: JambuCipher, key: bytes, nonce: bytes) -> None:
    if len(key) != cipher.key_bytes:
        raise ValueError(f"{cipher.name} key must be {cipher.key_bytes} bytes, got {len(key)}")
    if len(nonce) != cipher.half_bytes:
        raise ValueError(f"{cipher.name} nonce must be {cipher.half_bytes} bytes, got {len(nonce)}")


def _start(cipher: JambuCipher, key: bytes, nonce: bytes, ad: bytes) -> State:
    _check_sizes(cipher, key, nonce)
    state = State(cipher, key, nonce)
    for block in cipher.padded_blocks(ad):
        state.step(cipher.word(block), FRAME_AD)
    return state


def encrypt(cipher: JambuCipher, key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """JAMBU encryption: ciphertext (as long as the plaintext) || n-bit tag."""
    state = _start(cipher, key, nonce, ad)
    ciphertext = bytearray()
    for block in cipher.padded_blocks(plaintext):
        p = cipher.word(block)
        ciphertext += cipher.word_bytes(p ^ state.step(p, FRAME_MESSAGE))
    return bytes(ciphertext[: len(plaintext)]) + state.tag()


def decrypt(cipher: JambuCipher, key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """JAMBU decryption and verification: the plaintext, or None if the tag is wrong."""
    _check_sizes(cipher, key, nonce)
    size = cipher.half_bytes
    if len(ciphertext_and_tag) < size:
        return None
    ciphertext, tag = ciphertext_and_tag[:-size], ciphertext_and_tag[-size:]
    state = _start(cipher, key, nonce, ad)
    plaintext = bytearray()
    # The keystream of a block does not depend on that block, so decrypt block by block: the
    # plaintext found is re-padded and absorbed exactly as encryption absorbed it.
    chunks = [ciphertext[i: i + size] for i in range(0, len(ciphertext), size)]
    if len(ciphertext) % size == 0:
        chunks.append(b"")  # the padding-only block after a full last block
    for chunk in chunks:
        x, y = state.encrypt_state()
        block = bytes(c ^ k for c, k in zip(chunk, cipher.word_bytes(y ^ state.r)))
        plaintext += block
        state.update(x, y, cipher.word(cipher.padded_blocks(block)[0]), FRAME_MESSAGE)
    expected = state.tag()
    return bytes(plaintext) if hmac.compare_digest(expected, tag) else None
