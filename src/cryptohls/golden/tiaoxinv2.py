"""Tiaoxin-346 authenticated encryption, CAESAR round-2 version 2 (SUPERCOP ``tiaoxinv2``).

Specification: Ivica Nikolić, "Tiaoxin-346 (v2.0)", CAESAR round-2 submission, 2015, section 2
(the Update function, initialization, associated data, encryption, finalization, decryption); the
algorithm is unchanged from v1.0, v2 fixed only the software's length encoding.

The state is three rotating registers of 128-bit words, T3 (3 words), T4 (4) and T6 (6). Updating
register T_s with a word M costs two AES rounds (A(X, K) = one keyed AES round):

  T_s[0] <- A(T_s[s-1], T_s[0]) ^ M,   T_s[1] <- A(T_s[0], Z0),   T_s[i] <- T_s[i-1] for i >= 2

and Update(T3, T4, T6, M0, M1, M2) updates the three registers in parallel (six AES rounds: one step
per cycle in hardware). Z0 and Z1 are SHA-512's first four round constants
(K0 || K1 and K2 || K3).

Length encoding (the KAT files follow the designer's ``ref`` code, and so does this model): the
finalization Update absorbs |AD| and |M| as byte counts, each as a 128-bit big-endian number (so the
64-bit big-endian count sits in bytes 8..15 of its word). The KAT files decide this: counting in bits,
or putting the count in bytes 0..7 as SUPERCOP's AES-NI ``nim`` implementation does, matches only the
record with empty AD and empty message (<shared>/vectors/caesar/README.md;
tests/golden/test_tiaoxinv2.py checks both). The submission PDF was not available here, so whether
its text says bits or bytes is unchecked; the designer's page says v2 changed only this encoding in
the software, so the ``ref`` code is the designer's own statement of it.
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes_round import aes_round, word_from_bytes, word_to_bytes

SUPERCOP_NAME = "tiaoxinv2"
KEY_BYTES = 16
NONCE_BYTES = 16
TAG_BYTES = 16
BLOCK_BYTES = 32  # two 128-bit message words per Update

Z0 = 0x428A2F98D728AE227137449123EF65CD
Z1 = 0xB5C0FBCFEC4D3B2FE9B5DBA58189DBBC

INIT_UPDATES = 15
FINAL_UPDATES = 20

Register = list[int]
State = tuple[Register, Register, Register]  # (T3, T4, T6)


def update_register(t: Register, m: int) -> Register:
    """Update(T_s, M) for one register of s = len(t) words."""
    return [aes_round(t[-1], t[0]) ^ m, aes_round(t[0], Z0)] + t[1:-1]


def update(state: State, m0: int, m1: int, m2: int) -> State:
    """Update(T3, T4, T6, M0, M1, M2) of the specification: the three registers in parallel."""
    t3, t4, t6 = state
    return update_register(t3, m0), update_register(t4, m1), update_register(t6, m2)


def keystream(state: State) -> tuple[int, int]:
    """The two output words of the encryption, taken right after the Update that absorbed (M0, M1, M0 ^ M1):
    T3[0] ^ T3[2] ^ T4[1] ^ (T6[3] & T4[3])  and  T6[0] ^ T4[2] ^ T3[1] ^ (T6[5] & T3[2])."""
    t3, t4, t6 = state
    return (t3[0] ^ t3[2] ^ t4[1] ^ (t6[3] & t4[3]),
            t6[0] ^ t4[2] ^ t3[1] ^ (t6[5] & t3[2]))


def initialize(key: bytes, nonce: bytes) -> State:
    """Initialization: T3 = (K, K, N), T4 = (K, K, N, Z0), T6 = (K, K, N, Z1, 0, 0), then 15 x Update(Z0, Z1, Z0)."""
    k, n = word_from_bytes(key), word_from_bytes(nonce)
    state: State = ([k, k, n], [k, k, n, Z0], [k, k, n, Z1, 0, 0])
    for _ in range(INIT_UPDATES):
        state = update(state, Z0, Z1, Z0)
    return state


def _blocks(data: bytes) -> list[tuple[int, int]]:
    """`data` zero-padded to a multiple of 32 bytes, as (word0, word1) pairs."""
    padded = bytes(data) + bytes(-len(data) % BLOCK_BYTES)
    return [(word_from_bytes(padded[i: i + 16]), word_from_bytes(padded[i + 16: i + 32]))
            for i in range(0, len(padded), BLOCK_BYTES)]


def absorb_associated_data(state: State, ad: bytes) -> State:
    """Associated data: each 32-byte AD block (A0, A1), the last zero-padded, is Update(A0, A1, A0 ^ A1)."""
    for a0, a1 in _blocks(ad):
        state = update(state, a0, a1, a0 ^ a1)
    return state


def length_word(length_bytes: int) -> int:
    """A length as the KATs encode it: the byte count as a 128-bit big-endian word (module docstring)."""
    return length_bytes


def finalize(state: State, ad_bytes: int, msg_bytes: int) -> bytes:
    """Finalization: Update(|AD|, |M|, |AD| ^ |M|), 20 x Update(Z1, Z0, Z1), tag = XOR of all 13 words."""
    ad_len, msg_len = length_word(ad_bytes), length_word(msg_bytes)
    state = update(state, ad_len, msg_len, ad_len ^ msg_len)
    for _ in range(FINAL_UPDATES):
        state = update(state, Z1, Z0, Z1)
    tag = 0
    for register in state:
        for word in register:
            tag ^= word
    return word_to_bytes(tag)


def _check_sizes(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"Tiaoxin-346 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"Tiaoxin-346 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """Tiaoxin-346 encryption: ciphertext || 16-byte tag; the last block is zero-padded."""
    _check_sizes(key, nonce)
    state = absorb_associated_data(initialize(key, nonce), ad)
    ciphertext = bytearray()
    for m0, m1 in _blocks(plaintext):
        state = update(state, m0, m1, m0 ^ m1)
        z0, z1 = keystream(state)
        ciphertext += word_to_bytes(z0) + word_to_bytes(z1)
    return bytes(ciphertext[: len(plaintext)]) + finalize(state, len(ad), len(plaintext))


def _mask(length: int) -> int:
    """The 128-bit word whose first `length` bytes (0..16) are ff and the rest 00."""
    length = max(0, min(16, length))
    return ((1 << (8 * length)) - 1) << (8 * (16 - length))


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """Tiaoxin-346 decryption and verification: the plaintext, or None if the tag is wrong.

    The output words depend on M0 only through T3[0] and on M1 only through T6[0] (which holds
    M0 ^ M1), so an Update with zero message gives the keystream: M0 = C0 ^ z0, M1 = C1 ^ z1 ^ M0.
    Bytes past a partial block's end are zero in the plaintext that gets absorbed.
    """
    _check_sizes(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = absorb_associated_data(initialize(key, nonce), ad)
    plaintext = bytearray()
    for offset in range(0, len(ciphertext), BLOCK_BYTES):
        length = min(BLOCK_BYTES, len(ciphertext) - offset)
        (c0, c1), = _blocks(ciphertext[offset: offset + length])
        t3, t4, t6 = update(state, 0, 0, 0)
        z0, z1 = keystream((t3, t4, t6))
        m0 = (c0 ^ z0) & _mask(length)
        m1 = (c1 ^ z1 ^ m0) & _mask(length - 16)
        # The message enters Update only by XOR into each register's word 0.
        state = ([t3[0] ^ m0] + t3[1:], [t4[0] ^ m1] + t4[1:], [t6[0] ^ m0 ^ m1] + t6[1:])
        plaintext += (word_to_bytes(m0) + word_to_bytes(m1))[:length]
    expected = finalize(state, len(ad), len(ciphertext))
    return bytes(plaintext) if hmac.compare_digest(expected, tag) else None
