"""AES-128/192/256 reference model (FIPS-197, "Advanced Encryption Standard", 2001; Upd. 1 2023).

Written for reading, not speed: the state is a 16-byte ``bytes`` in FIPS-197 input order, i.e. byte
``4*c + r`` is row ``r`` of column ``c`` (FIPS-197 §3.4). Every step of the cipher is a function of
its own so RTL and HLS test benches can compare intermediate values:

- :func:`expand_key` — KeyExpansion (§5.2), returns Nr+1 round keys of 16 bytes;
- :func:`encrypt_trace` / :func:`decrypt_trace` — the state after each round (FIPS-197 Appendix C
  prints the same values as ``round[r].start`` of the next round);
- :func:`sub_bytes`, :func:`shift_rows`, :func:`mix_columns`, :func:`add_round_key` and their
  inverses (§5.1, §5.3).

The S-box is not pasted from the standard: it is computed at import time from its definition
(§5.1.1) — the multiplicative inverse in GF(2^8) modulo x^8+x^4+x^3+x+1 (0 maps to 0), followed by the
affine map b'_i = b_i ^ b_(i+4) ^ b_(i+5) ^ b_(i+6) ^ b_(i+7) ^ c_i with c = 0x63 (indices mod 8).
"""

from __future__ import annotations

BLOCK_BYTES = 16
_ROUNDS_BY_KEY_BYTES = {16: 10, 24: 12, 32: 14}  # Nr for Nk = 4, 6, 8 (FIPS-197 Figure 4)
_AES_POLY = 0x11B  # x^8 + x^4 + x^3 + x + 1


def gf_mul(a: int, b: int) -> int:
    """Product of two bytes in GF(2^8) modulo the AES polynomial (FIPS-197 §4.2)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 0x100:
            a ^= _AES_POLY
    return product


def _gf_inverse(a: int) -> int:
    """Multiplicative inverse in GF(2^8): a^254, since a^255 = 1 for a != 0; 0 maps to 0 by definition."""
    result = 1
    for _ in range(254):
        result = gf_mul(result, a)
    return result if a else 0


def _rotl8(x: int, n: int) -> int:
    return ((x << n) | (x >> (8 - n))) & 0xFF


def _affine(b: int) -> int:
    # b ^ rotl(b,1) ^ ... ^ rotl(b,4) ^ 0x63 is the FIPS-197 §5.1.1 affine map written bytewise.
    return b ^ _rotl8(b, 1) ^ _rotl8(b, 2) ^ _rotl8(b, 3) ^ _rotl8(b, 4) ^ 0x63


def _build_sboxes() -> tuple[tuple[int, ...], tuple[int, ...]]:
    sbox = tuple(_affine(_gf_inverse(x)) for x in range(256))
    inverse = [0] * 256
    for x, y in enumerate(sbox):
        inverse[y] = x
    return sbox, tuple(inverse)


SBOX, INV_SBOX = _build_sboxes()


def _check_key(key: bytes) -> int:
    if len(key) not in _ROUNDS_BY_KEY_BYTES:
        raise ValueError(f"AES key must be 16, 24 or 32 bytes, got {len(key)}")
    return _ROUNDS_BY_KEY_BYTES[len(key)]


def _check_block(block: bytes) -> None:
    if len(block) != BLOCK_BYTES:
        raise ValueError(f"AES block must be 16 bytes, got {len(block)}")


def rounds_for_key(key: bytes) -> int:
    """Nr, the number of rounds for this key length (10, 12 or 14)."""
    return _check_key(key)


# --- KeyExpansion (FIPS-197 §5.2) -------------------------------------------------------------

def expand_key(key: bytes) -> list[bytes]:
    """Round keys 0..Nr, 16 bytes each (words w[4r..4r+3] of FIPS-197 §5.2 concatenated)."""
    rounds = _check_key(key)
    nk = len(key) // 4
    words = [list(key[4 * i: 4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (rounds + 1)):
        temp = list(words[i - 1])
        if i % nk == 0:
            temp = [SBOX[b] for b in temp[1:] + temp[:1]]  # SubWord(RotWord(temp))
            temp[0] ^= rcon
            rcon = gf_mul(rcon, 2)
        elif nk > 6 and i % nk == 4:
            temp = [SBOX[b] for b in temp]  # the extra SubWord of AES-256
        words.append([a ^ b for a, b in zip(words[i - nk], temp)])
    return [bytes(sum(words[4 * r: 4 * r + 4], [])) for r in range(rounds + 1)]


# --- Round transformations on 16-byte states (FIPS-197 §5.1, §5.3) ----------------------------

def sub_bytes(state: bytes) -> bytes:
    return bytes(SBOX[b] for b in state)


def inv_sub_bytes(state: bytes) -> bytes:
    return bytes(INV_SBOX[b] for b in state)


def shift_rows(state: bytes) -> bytes:
    """Row r is rotated left by r columns: new s[r][c] = s[r][(c + r) mod 4]."""
    return bytes(state[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4))


def inv_shift_rows(state: bytes) -> bytes:
    return bytes(state[4 * ((c - r) % 4) + r] for c in range(4) for r in range(4))


# Multiplication tables for the MixColumns constants, so the model stays fast enough for
# thousands of random test cases; each entry is gf_mul(constant, x).
_MUL = {c: tuple(gf_mul(c, x) for x in range(256)) for c in (1, 2, 3, 9, 11, 13, 14)}


def _mix_column(column: bytes, coefficients: tuple[int, int, int, int]) -> list[int]:
    # Multiplies the column by the circulant matrix whose first row is `coefficients`:
    # out[r] = sum_j coefficients[j] * column[(r + j) mod 4].
    m0, m1, m2, m3 = (_MUL[c] for c in coefficients)
    return [
        m0[column[r]] ^ m1[column[(r + 1) % 4]] ^ m2[column[(r + 2) % 4]] ^ m3[column[(r + 3) % 4]]
        for r in range(4)
    ]


def _mix(state: bytes, coefficients: tuple[int, int, int, int]) -> bytes:
    out: list[int] = []
    for c in range(4):
        out += _mix_column(state[4 * c: 4 * c + 4], coefficients)
    return bytes(out)


def mix_columns(state: bytes) -> bytes:
    """Each column times the circulant matrix with first row (02 03 01 01) over GF(2^8) (§5.1.3)."""
    return _mix(state, (2, 3, 1, 1))


def inv_mix_columns(state: bytes) -> bytes:
    """Each column times the inverse matrix with first row (0e 0b 0d 09) (§5.3.3)."""
    return _mix(state, (0x0E, 0x0B, 0x0D, 0x09))


def add_round_key(state: bytes, round_key: bytes) -> bytes:
    """XOR with the round key; it is its own inverse (§5.1.4)."""
    return bytes(a ^ b for a, b in zip(state, round_key))


inv_add_round_key = add_round_key


# --- Cipher and InvCipher (FIPS-197 §5.1, §5.3) -----------------------------------------------

def encrypt_trace(key: bytes, block: bytes) -> list[bytes]:
    """States after each round: [0] after the initial AddRoundKey, ..., [Nr] = ciphertext.

    trace[r] is what FIPS-197 Appendix C prints as ``round[r+1].start`` (and ``round[Nr].output``).
    """
    return encrypt_trace_with_round_keys(expand_key(key), block)


def encrypt_trace_with_round_keys(round_keys: list[bytes], block: bytes) -> list[bytes]:
    """:func:`encrypt_trace` with an already expanded key (modes expand the key once)."""
    _check_block(block)
    rounds = len(round_keys) - 1
    state = add_round_key(bytes(block), round_keys[0])
    trace = [state]
    for r in range(1, rounds + 1):
        state = shift_rows(sub_bytes(state))
        if r != rounds:  # the last round has no MixColumns
            state = mix_columns(state)
        state = add_round_key(state, round_keys[r])
        trace.append(state)
    return trace


def decrypt_trace(key: bytes, block: bytes) -> list[bytes]:
    """InvCipher states: [0] after the initial AddRoundKey (round key Nr), ..., [Nr] = plaintext.

    This is the straightforward inverse cipher of FIPS-197 §5.3: round r (1..Nr) applies
    InvShiftRows, InvSubBytes, AddRoundKey(round key Nr-r) and, except in the last round,
    InvMixColumns. trace[r] is what FIPS-197 Appendix C prints as ``round[r+1].istart``; for r < Nr
    it equals shift_rows(sub_bytes(encrypt_trace(key, plaintext)[Nr-1-r])).
    """
    return decrypt_trace_with_round_keys(expand_key(key), block)


def decrypt_trace_with_round_keys(round_keys: list[bytes], block: bytes) -> list[bytes]:
    """:func:`decrypt_trace` with an already expanded key."""
    _check_block(block)
    rounds = len(round_keys) - 1
    state = add_round_key(bytes(block), round_keys[rounds])
    trace = [state]
    for r in range(1, rounds + 1):
        state = inv_sub_bytes(inv_shift_rows(state))
        state = add_round_key(state, round_keys[rounds - r])
        if r != rounds:
            state = inv_mix_columns(state)
        trace.append(state)
    return trace


def encrypt_block(key: bytes, block: bytes) -> bytes:
    """AES encryption of one 16-byte block (FIPS-197 Cipher)."""
    return encrypt_trace(key, block)[-1]


def encrypt_with_round_keys(round_keys: list[bytes], block: bytes) -> bytes:
    """AES encryption of one block with round keys from :func:`expand_key`."""
    return encrypt_trace_with_round_keys(round_keys, block)[-1]


def decrypt_block(key: bytes, block: bytes) -> bytes:
    """AES decryption of one 16-byte block (FIPS-197 InvCipher)."""
    return decrypt_trace(key, block)[-1]
