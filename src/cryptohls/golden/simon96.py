"""SIMON-96/96: the block cipher under JAMBU-SIMON (48-bit words, 96-bit key, 52 rounds).

Specification: Ray Beaulieu, Douglas Shors, Jason Smith, Stefan Treatman-Clark, Bryan Weeks and
Louis Wingers, "The SIMON and SPECK Families of Lightweight Block Ciphers", IACR ePrint 2013/404:
section 3 (the round function and key schedule) and Appendix B (test vectors; SIMON96/96 is checked
in tests/golden/test_simonjambu96v2.py). JAMBU v2's submission repeats it in its Appendix B.

Words are 48-bit integers. The block is the pair (x, y), x the left (high) word; the key is
(k1, k0) as the paper writes it, k0 being the first round key. One round, on the fly in hardware:

  R_k(x, y) = (y ^ f(x) ^ k, x),   f(x) = (S^1 x & S^8 x) ^ S^2 x      (S^j: rotate left by j)

Key schedule for m = 2 key words: k_(i+2) = c ^ (z2)_i ^ k_i ^ S^-3 k_(i+1) ^ S^-4 k_(i+1) with
c = 2^48 - 4 and z2 the paper's third constant sequence (period 62).
"""

from __future__ import annotations

from collections.abc import Sequence

WORD_BITS = 48
MASK = (1 << WORD_BITS) - 1
ROUNDS = 52
KEY_WORDS = 2
C = MASK ^ 3  # 2^n - 4
Z2 = "10101111011100000011010010011000101000010001111110010110110011"


def rol(x: int, n: int) -> int:
    return ((x << n) | (x >> (WORD_BITS - n))) & MASK


def ror(x: int, n: int) -> int:
    return ((x >> n) | (x << (WORD_BITS - n))) & MASK


def f(x: int) -> int:
    return (rol(x, 1) & rol(x, 8)) ^ rol(x, 2)


def round_function(x: int, y: int, round_key: int) -> tuple[int, int]:
    """One SIMON round: (x, y) -> (y ^ f(x) ^ k, x)."""
    return y ^ f(x) ^ round_key, x


def key_schedule_step(k_i: int, k_next: int, i: int) -> int:
    """k_(i+2) from k_i and k_(i+1) (m = 2): what an on-the-fly key register computes each round."""
    tmp = ror(k_next, 3)
    return C ^ int(Z2[i % 62]) ^ k_i ^ tmp ^ ror(tmp, 1)


def expand_key(k1: int, k0: int) -> list[int]:
    """Round keys k_0 .. k_51 from the key words (k1, k0)."""
    keys = [k0 & MASK, k1 & MASK]
    for i in range(ROUNDS - KEY_WORDS):
        keys.append(key_schedule_step(keys[i], keys[i + 1], i))
    return keys


def encrypt_words(round_keys: Sequence[int], x: int, y: int) -> tuple[int, int]:
    """SIMON-96/96 encryption of the block (x, y) with expanded round keys."""
    # round_function inlined (same arithmetic): the KAT tests run ~100k rounds.
    for k in round_keys:
        x1 = ((x << 1) | (x >> 47)) & MASK
        x8 = ((x << 8) | (x >> 40)) & MASK
        x2 = ((x << 2) | (x >> 46)) & MASK
        x, y = y ^ (x1 & x8) ^ x2 ^ k, x
    return x, y


def decrypt_words(round_keys: Sequence[int], x: int, y: int) -> tuple[int, int]:
    """The inverse: (x, y) -> (y, x ^ f(y) ^ k) with the round keys in reverse order."""
    for k in reversed(round_keys):
        x, y = y, x ^ f(y) ^ k
    return x, y
