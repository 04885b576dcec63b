"""AEGIS-128L authenticated encryption, CAESAR final-portfolio version (SUPERCOP ``aegis128l``).

Specification: Hongjun Wu and Bart Preneel, "AEGIS: A Fast Authenticated Encryption Algorithm
(v1.1)", CAESAR final-round submission, 2016, section 2, the AEGIS-128L part (state update,
initialization, processing the associated data, encryption, finalization, decryption). Its values
also agree with draft-irtf-cfrg-aegis-aead (128-bit tag), whose test vectors the tests use.
Key, nonce and tag are 128 bits each (the CAESAR version has only the 128-bit tag).

The state is eight 128-bit words S0..S7; each update absorbs two words (32 bytes) and costs eight
AES rounds, all independent of each other (hardware: one update per cycle):

  StateUpdate128L(S, M0, M1):  S'0 = AESRound(S7, S0 ^ M0)   S'4 = AESRound(S3, S4 ^ M1)
                               S'i = AESRound(S(i-1), Si)    for i = 1, 2, 3, 5, 6, 7

Words are 16-byte blocks held as 128-bit big-endian integers (see :mod:`cryptohls.golden.aes_round`);
the lengths of the finalization are 64-bit little-endian bit counts, |AD| in bytes 0..7 and |M| in
bytes 8..15 of the block.
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes_round import aes_round, word_from_bytes, word_to_bytes

SUPERCOP_NAME = "aegis128l"
KEY_BYTES = 16
NONCE_BYTES = 16
TAG_BYTES = 16
BLOCK_BYTES = 32  # two 128-bit words per state update

# Initialization constants: the Fibonacci sequence modulo 256, bytes 0..31, split into two words.
CONST0 = word_from_bytes(bytes.fromhex("000101020305080d1522375990e97962"))
CONST1 = word_from_bytes(bytes.fromhex("db3d18556dc22ff12011314273b528dd"))

INIT_UPDATES = 10
FINAL_UPDATES = 7

State = list[int]


def state_update(state: State, m0: int, m1: int) -> State:
    """StateUpdate128L(S, M0, M1) of the specification; returns the new eight words."""
    s = state
    return [
        aes_round(s[7], s[0] ^ m0),
        aes_round(s[0], s[1]),
        aes_round(s[1], s[2]),
        aes_round(s[2], s[3]),
        aes_round(s[3], s[4] ^ m1),
        aes_round(s[4], s[5]),
        aes_round(s[5], s[6]),
        aes_round(s[6], s[7]),
    ]


def keystream(state: State) -> tuple[int, int]:
    """The two keystream words of the encryption: S1 ^ S6 ^ (S2 & S3) and S2 ^ S5 ^ (S6 & S7)."""
    s = state
    return s[1] ^ s[6] ^ (s[2] & s[3]), s[2] ^ s[5] ^ (s[6] & s[7])


def initialize(key: bytes, nonce: bytes) -> State:
    """Initialization: load key and nonce, then ten updates absorbing (nonce, key)."""
    k, n = word_from_bytes(key), word_from_bytes(nonce)
    state = [k ^ n, CONST1, CONST0, CONST1, k ^ n, k ^ CONST0, k ^ CONST1, k ^ CONST0]
    for _ in range(INIT_UPDATES):
        state = state_update(state, n, k)
    return state


def _blocks(data: bytes) -> list[tuple[int, int]]:
    """`data` zero-padded to a multiple of 32 bytes, as (word0, word1) pairs."""
    padded = bytes(data) + bytes(-len(data) % BLOCK_BYTES)
    return [(word_from_bytes(padded[i: i + 16]), word_from_bytes(padded[i + 16: i + 32]))
            for i in range(0, len(padded), BLOCK_BYTES)]


def _pair_to_bytes(w0: int, w1: int) -> bytes:
    return word_to_bytes(w0) + word_to_bytes(w1)


def absorb_associated_data(state: State, ad: bytes) -> State:
    """Associated data: every 32-byte AD block (the last one zero-padded) is one update; empty AD: none."""
    for a0, a1 in _blocks(ad):
        state = state_update(state, a0, a1)
    return state


def finalize(state: State, ad_bytes: int, msg_bytes: int) -> bytes:
    """Finalization: seven updates with tmp = S2 ^ (|AD| || |M|) in both inputs, then tag = S0 ^ ... ^ S6."""
    lengths = (8 * ad_bytes).to_bytes(8, "little") + (8 * msg_bytes).to_bytes(8, "little")
    tmp = state[2] ^ word_from_bytes(lengths)
    for _ in range(FINAL_UPDATES):
        state = state_update(state, tmp, tmp)
    tag = 0
    for word in state[:7]:
        tag ^= word
    return word_to_bytes(tag)


def _check_sizes(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"AEGIS-128L key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"AEGIS-128L nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """AEGIS-128L encryption: ciphertext || 16-byte tag."""
    _check_sizes(key, nonce)
    state = absorb_associated_data(initialize(key, nonce), ad)
    ciphertext = bytearray()
    for m0, m1 in _blocks(plaintext):
        z0, z1 = keystream(state)
        ciphertext += _pair_to_bytes(m0 ^ z0, m1 ^ z1)
        state = state_update(state, m0, m1)  # the last block is absorbed zero-padded
    return bytes(ciphertext[: len(plaintext)]) + finalize(state, len(ad), len(plaintext))


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """AEGIS-128L decryption and verification: the plaintext, or None if the tag is wrong."""
    _check_sizes(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = absorb_associated_data(initialize(key, nonce), ad)
    plaintext = bytearray()
    for offset in range(0, len(ciphertext), BLOCK_BYTES):
        chunk = ciphertext[offset: offset + BLOCK_BYTES]
        (c0, c1), = _blocks(chunk)
        z0, z1 = keystream(state)
        # Bytes past a partial block's end must be absorbed as zeros, not as keystream.
        block = _pair_to_bytes(c0 ^ z0, c1 ^ z1)[: len(chunk)]
        plaintext += block
        (m0, m1), = _blocks(block)
        state = state_update(state, m0, m1)
    expected = finalize(state, len(ad), len(ciphertext))
    return bytes(plaintext) if hmac.compare_digest(expected, tag) else None
