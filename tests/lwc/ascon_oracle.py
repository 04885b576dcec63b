"""A second, independently structured Ascon-AEAD128 (NIST SP 800-232) used as a test oracle.

No package on PyPI implements the SP 800-232 version (the ``ascon`` and ``fast_ascon`` packages
implement the CAESAR-era Ascon-128 v1.2, which differs in byte order, IV and rate), so the LWC
tests check the Ascon vectors against this re-derivation from the standard instead. It deliberately
shares no code or structure with :mod:`cryptohls.golden.ascon`:

- the S-box is applied column by column through the 32-entry lookup table of SP 800-232 §3.3, not
  in bitsliced form;
- round constants come from the formula ((0xF - r) << 4) | r of the 12-round schedule (p^8 uses
  its last 8), not from the 16-entry table;
- AD and plaintext are padded as whole byte strings (data || 0x01 || 0*) before absorption.

It is itself checked against the published KAT file (tests/lwc/test_lwc_generate.py).
"""

from __future__ import annotations

SBOX_TABLE = (4, 11, 31, 20, 26, 21, 9, 2, 27, 5, 8, 18, 29, 3, 6, 28,
              30, 19, 7, 14, 0, 13, 17, 24, 16, 12, 1, 25, 22, 10, 15, 23)
ROTATIONS = ((19, 28), (61, 39), (1, 6), (10, 17), (7, 41))
IV = 0x00001000808C0001
M = (1 << 64) - 1


# The table as 5-character bit strings, S0's bit first (string form keeps the column loop fast).
_SBOX_BITS = tuple(format(y, "05b") for y in SBOX_TABLE)


def _round(s: list[int], r: int) -> list[int]:
    s = list(s)
    s[2] ^= ((0xF - r) << 4) | r
    rows = [format(word, "064b") for word in s]  # bit 63 first
    # column j holds bit j of S0..S4, S0 being the most significant S-box input bit
    columns = [_SBOX_BITS[int(a + b + c + d + e, 2)] for a, b, c, d, e in zip(*rows)]
    out = [int("".join(column[i] for column in columns), 2) for i in range(5)]
    rot = lambda v, n: ((v >> n) | (v << (64 - n))) & M  # noqa: E731
    return [v ^ rot(v, a) ^ rot(v, b) for v, (a, b) in zip(out, ROTATIONS)]


def _p(s: list[int], rounds: int) -> list[int]:
    for r in range(12 - rounds, 12):
        s = _round(s, r)
    return s


def _pad(data: bytes) -> list[bytes]:
    padded = data + b"\x01" + bytes(-(len(data) + 1) % 16)
    return [padded[i:i + 16] for i in range(0, len(padded), 16)]


def _le(b: bytes) -> int:
    return int.from_bytes(b, "little")


def _start(key: bytes, nonce: bytes, ad: bytes) -> list[int]:
    k = [_le(key[:8]), _le(key[8:])]
    s = _p([IV, k[0], k[1], _le(nonce[:8]), _le(nonce[8:])], 12)
    s[3] ^= k[0]
    s[4] ^= k[1]
    if ad:
        for block in _pad(ad):
            s[0] ^= _le(block[:8])
            s[1] ^= _le(block[8:])
            s = _p(s, 8)
    s[4] ^= 1 << 63
    return s


def _tag(s: list[int], key: bytes) -> bytes:
    k = [_le(key[:8]), _le(key[8:])]
    s = list(s)
    s[2] ^= k[0]
    s[3] ^= k[1]
    s = _p(s, 12)
    return (s[3] ^ k[0]).to_bytes(8, "little") + (s[4] ^ k[1]).to_bytes(8, "little")


def seal(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> tuple[bytes, bytes]:
    """(ciphertext, tag)."""
    s = _start(key, nonce, ad)
    blocks = _pad(plaintext)
    out = b""
    for index, block in enumerate(blocks):
        s[0] ^= _le(block[:8])
        s[1] ^= _le(block[8:])
        out += s[0].to_bytes(8, "little") + s[1].to_bytes(8, "little")
        if index < len(blocks) - 1:
            s = _p(s, 8)
    return out[:len(plaintext)], _tag(s, key)


def open_(key: bytes, nonce: bytes, ad: bytes, ciphertext: bytes, tag: bytes) -> bytes | None:
    """Recover the plaintext block by block, then accept it only if sealing it gives (ciphertext, tag)."""
    s = _start(key, nonce, ad)
    plaintext = b""
    for start in range(0, len(ciphertext) + 1, 16):
        chunk = ciphertext[start:start + 16]
        rate = s[0].to_bytes(8, "little") + s[1].to_bytes(8, "little")
        plaintext += bytes(a ^ b for a, b in zip(rate, chunk))
        if len(chunk) == 16:
            s[0], s[1] = _le(chunk[:8]), _le(chunk[8:])
            s = _p(s, 8)
    return plaintext if seal(key, nonce, ad, plaintext) == (ciphertext, tag) else None
