"""SILC-AES, parameter set aes128n12t8 (T. Iwata, K. Minematsu, J. Guo, S. Morioka, E. Kobayashi,
"CLOC and SILC v3" / "SILC v2", CAESAR submissions, 2015-2016; v2 = v3 for this set).

SUPERCOP name aes128n12t8silcv2; key 16, nonce 12, tag 8 bytes. SILC (SImple Lightweight CFB) is
built upon CLOC: the same CFB encryption ENC_K (:func:`cryptohls.golden.cloc.cfb_encrypt`), but the
hash of (N, A) and the PRF of C are plain CBC-MACs closed by one byte-wise map g and a length block,
which is cheaper in hardware than CLOC's five word maps:

  SILC-E_K(N, A, M):  V = HASH_K(N, A),  C = ENC_K(V, M),  T = PRF_K(V, C)
  HASH_K(N, A):  V = g(CBC_K(nonce block; zpp(A))) xor Len(A)
  PRF_K(V, C):   T = msb_τ(E_K(g(CBC_K(g(V); zpp(C))) xor Len(C)))
  CBC_K(X; Y[1..y]):  S = E_K(X), then S = E_K(S xor Y[i]) for each block (none for empty Y)
g on the sixteen bytes (X1, ..., X16) is (X2, X3, ..., X16, X1 xor X2); zpp pads with zero bytes.

Two encodings are taken from the KAT file (SUPERCOP's ref, the aesni implementation agrees), as
the specification text was not at hand when this model was written:
  - the nonce block is 0^24 ‖ param ‖ N with the parameter byte 0xC0 (:data:`PARAM`, the same byte
    CLOC puts before N);
  - Len(X) is the byte length of X as a 15-byte big-endian integer followed by a zero byte
    (the KAT reaches only lengths up to 32 bytes).
"""

from __future__ import annotations

from cryptohls.golden.aes import BLOCK_BYTES
from cryptohls.golden.aes_modes import Aes128, KEY_BYTES, blocks, xor
from cryptohls.golden.cloc import PARAM, cfb_open, cfb_seal

NONCE_BYTES = 12
TAG_BYTES = 8
SUPERCOP_NAME = "aes128n12t8silcv2"


def block_cipher(key: bytes, block: bytes) -> bytes:
    """E_K: AES-128 (FIPS-197), SILC's blockcipher for 16-byte blocks."""
    return Aes128(key).encrypt(block)


def g(block: bytes) -> bytes:
    """g(X1, ..., X16) = (X2, ..., X16, X1 xor X2) on bytes."""
    return block[1:] + bytes([block[0] ^ block[1]])


def length_block(data: bytes) -> bytes:
    """Len(X): |X| in bytes, 15-byte big-endian, then a zero byte."""
    return len(data).to_bytes(BLOCK_BYTES - 1, "big") + b"\x00"


def nonce_block(nonce: bytes) -> bytes:
    """0* ‖ param ‖ N, one block."""
    return bytes(BLOCK_BYTES - 1 - len(nonce)) + bytes([PARAM]) + bytes(nonce)


def _closed_cbc_mac(aes: Aes128, first: bytes, data: bytes) -> bytes:
    """g(CBC_K(first; zpp(data))) xor Len(data): the shape HASH and PRF share."""
    state = aes.encrypt(first)
    for block in blocks(data):
        state = aes.encrypt(xor(state, block + bytes(BLOCK_BYTES - len(block))))
    return xor(g(state), length_block(data))


def _hash(aes: Aes128, nonce: bytes, ad: bytes) -> bytes:
    """HASH_K(N, A) = V."""
    return _closed_cbc_mac(aes, nonce_block(nonce), ad)


def _prf(aes: Aes128, v: bytes, ciphertext: bytes) -> bytes:
    """PRF_K(V, C) = T."""
    return aes.encrypt(_closed_cbc_mac(aes, g(v), ciphertext))[:TAG_BYTES]


def _check(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"SILC key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"SILC nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """SILC-E_K(N, A, M): ciphertext ‖ 8-byte tag."""
    _check(key, nonce)
    aes = Aes128(key)
    return cfb_seal(aes, _hash(aes, nonce, ad), plaintext, _prf)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """SILC-D_K(N, A, C, T): the plaintext, or None when the tag is wrong (checked before decrypting)."""
    _check(key, nonce)
    aes = Aes128(key)
    return cfb_open(aes, _hash(aes, nonce, ad), ciphertext_and_tag, _prf)
