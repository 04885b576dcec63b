"""Golden model of toy-aead (rtl/toy_aead_core.v; NOT a cipher): keyed XOR with a counter and an
XOR-fold tag, written to test the LWC frame's template for a new cipher, nothing else."""

from __future__ import annotations

from cryptohls.lwc.generate import CipherModel
from cryptohls.lwc.protocol import data_words, words_to_data

MASK = 0xFFFFFFFF


def _crypt(key: bytes, nonce: bytes, ad: bytes, data: bytes, *, decrypt: bool) -> tuple[bytes, bytes]:
    """(output, tag): the XOR of `data` with the keystream, and the tag over AD and the ciphertext."""
    k, n = data_words(key), data_words(nonce)
    acc = list(k)
    for a, word in enumerate(data_words(ad)):
        acc[a % 4] ^= word
    out = []
    for i, word in enumerate(data_words(data)):
        valid = min(4, len(data) - 4 * i)
        mask = (MASK << 8 * (4 - valid)) & MASK
        result = (word ^ k[i % 4] ^ n[i % 2] ^ i) & mask
        ct = word if decrypt else result
        acc[i % 4] ^= ((ct << 1) | (ct >> 31)) & MASK
        out.append(result)
    tag = words_to_data([acc[j] ^ k[(j + 1) % 4] for j in range(4)], 16)
    return words_to_data(out, len(data)), tag


def seal(key: bytes, nonce: bytes, ad: bytes, pt: bytes) -> tuple[bytes, bytes]:
    return _crypt(key, nonce, ad, pt, decrypt=False)


def open_(key: bytes, nonce: bytes, ad: bytes, ct: bytes, tag: bytes) -> bytes | None:
    pt, expected = _crypt(key, nonce, ad, ct, decrypt=True)
    return pt if expected == tag else None


MODEL = CipherModel("toy-aead", 8, True, seal=seal, open=open_)
