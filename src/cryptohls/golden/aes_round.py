"""One keyed AES round on a 128-bit word, for the AES-round-based ciphers (AEGIS-128L, Tiaoxin-346, Deoxys-BC).

AESRound(X, K) = MixColumns(ShiftRows(SubBytes(X))) xor K: the full (non-final) round of FIPS-197
§5.1 with K as its round key. AEGIS-128L's state update, Tiaoxin-346's A(X, K) and the rounds of
Deoxys-BC (which keep MixColumns in the last round too) are all exactly this.

The transformations are those of :mod:`cryptohls.golden.aes`; this module only folds them into four
256-entry column tables (the classic "T-table" form) so that the 1089-record KAT tests stay within a
second or two. :func:`aes_round_reference` composes the aes.py functions directly, and the tests check
that both agree.

Word convention: a 16-byte block as a 128-bit big-endian integer, so byte 0 of the block (FIPS-197
row 0, column 0) is the most significant byte. Helpers convert between the two forms.
"""

from __future__ import annotations

from cryptohls.golden.aes import SBOX, gf_mul, mix_columns, shift_rows, sub_bytes

MASK128 = (1 << 128) - 1


def word_from_bytes(block: bytes) -> int:
    """A 16-byte block as a 128-bit integer, byte 0 most significant."""
    if len(block) != 16:
        raise ValueError(f"a 128-bit word needs 16 bytes, got {len(block)}")
    return int.from_bytes(block, "big")


def word_to_bytes(word: int) -> bytes:
    return word.to_bytes(16, "big")


def _column_table(row: int) -> tuple[int, ...]:
    # Output column (bytes r0..r3, r0 most significant) produced by a byte x that sits in input row
    # `row` after ShiftRows: MixColumns row i multiplies input row j by the circulant entry (j - i) of
    # (02 03 01 01), so the byte contributes mul(coefficient, S[x]) to every output row.
    coefficients = (2, 3, 1, 1)
    table = []
    for x in range(256):
        s = SBOX[x]
        column = 0
        for out_row in range(4):
            column = (column << 8) | gf_mul(coefficients[(row - out_row) % 4], s)
        table.append(column)
    return tuple(table)


_T = tuple(_column_table(row) for row in range(4))


def aes_round(state: int, round_key: int) -> int:
    """MixColumns(ShiftRows(SubBytes(state))) xor round_key on 128-bit words (FIPS-197 §5.1)."""
    b = state.to_bytes(16, "big")
    t0, t1, t2, t3 = _T
    # ShiftRows: output column c takes row r from input column (c + r) mod 4, i.e. byte 4((c+r)%4)+r.
    c0 = t0[b[0]] ^ t1[b[5]] ^ t2[b[10]] ^ t3[b[15]]
    c1 = t0[b[4]] ^ t1[b[9]] ^ t2[b[14]] ^ t3[b[3]]
    c2 = t0[b[8]] ^ t1[b[13]] ^ t2[b[2]] ^ t3[b[7]]
    c3 = t0[b[12]] ^ t1[b[1]] ^ t2[b[6]] ^ t3[b[11]]
    return ((c0 << 96) | (c1 << 64) | (c2 << 32) | c3) ^ round_key


def aes_round_reference(state: bytes, round_key: bytes) -> bytes:
    """The same round written with :mod:`cryptohls.golden.aes`'s transformations, on 16-byte blocks."""
    mixed = mix_columns(shift_rows(sub_bytes(state)))
    return bytes(a ^ b for a, b in zip(mixed, round_key))
