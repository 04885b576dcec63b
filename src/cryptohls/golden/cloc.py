"""CLOC-AES, parameter set aes128n12t8 (T. Iwata, K. Minematsu, J. Guo, S. Morioka, E. Kobayashi,
"CLOC and SILC v3", CAESAR round-3 submission, 2016, the specification of CLOC; v2 = v3 for this set).

SUPERCOP name aes128n12t8clocv2; key 16, nonce 12, tag 8 bytes. CLOC (Compact Low-Overhead CFB) is
CFB encryption between a CBC-MAC-like hash of (A, N) and a CBC-MAC-like PRF of the ciphertext:

  CLOC-E_K(N, A, M):  V = HASH_K(A, N),  C = ENC_K(V, M),  T = PRF_K(V, C)
  HASH_K(A, N):  A[1..a] = ozp(A) in blocks (an empty A is the single block ozp(ε) = 10^127)
      V = E_K(fix0(A[1])); if the first bit of A[1] is 1, V = h(V)
      V = E_K(V xor A[i]) for i = 2..a
      V = f1(V xor ozp(param ‖ N)) if |A[a]| = 128 (A not empty), else f2(V xor ozp(param ‖ N))
  ENC_K(V, M):   C[1] = M[1] xor E_K(V),  C[i] = M[i] xor E_K(fix1(C[i-1])), the last one cut to |M[m]|
  PRF_K(V, C):   empty C: T = msb_τ(E_K(g1(V)))
      else S = E_K(g2(V)), S = E_K(S xor C[i]) for i < m,
      T = msb_τ(E_K(f1(S xor C[m]))) if |C[m]| = 128, else msb_τ(E_K(f2(S xor ozp(C[m]))))
fix0 / fix1 clear / set the first bit of a block. With X = (X1, X2, X3, X4) in 32-bit words,
f2 = g2 = y, g1 = y^2, h = 1 + y and f1 = 1 + y^2 for the word map y(X) = (X2, X3, X4, X1 xor X2)
(:func:`word_map`), e.g. f1(X) = (X1 xor X3, X2 xor X4, X1 xor X2 xor X3, X2 xor X3 xor X4).

The nonce block: the KAT file (SUPERCOP's ref, the aesni implementation agrees) puts the parameter
byte ``0xC0`` (:data:`PARAM`) before the 12-byte nonce, ozp(0xC0 ‖ N), and adds it before f1 / f2;
this model follows the KAT there.
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes import BLOCK_BYTES
from cryptohls.golden.aes_modes import Aes128, KEY_BYTES, blocks, ozp, xor

NONCE_BYTES = 12
TAG_BYTES = 8
SUPERCOP_NAME = "aes128n12t8clocv2"
PARAM = 0xC0  # the byte before N in the nonce block, for n12t8 (see the module docstring)
_WORD = 4


def block_cipher(key: bytes, block: bytes) -> bytes:
    """E_K: AES-128 (FIPS-197), CLOC's blockcipher for 16-byte blocks (CLOC and SILC v3)."""
    return Aes128(key).encrypt(block)


def word_map(block: bytes) -> bytes:
    """y(X1, X2, X3, X4) = (X2, X3, X4, X1 xor X2) on 32-bit words; f1, f2, g1, g2, h are sums of its powers."""
    x1, x2, x3, x4 = (block[i: i + _WORD] for i in range(0, BLOCK_BYTES, _WORD))
    return x2 + x3 + x4 + xor(x1, x2)


def f1(block: bytes) -> bytes:
    """f1 = 1 + y^2."""
    return xor(block, word_map(word_map(block)))


def f2(block: bytes) -> bytes:
    """f2 = y."""
    return word_map(block)


def g1(block: bytes) -> bytes:
    """g1 = y^2."""
    return word_map(word_map(block))


def g2(block: bytes) -> bytes:
    """g2 = y (the same map as f2)."""
    return word_map(block)


def h(block: bytes) -> bytes:
    """h = 1 + y."""
    return xor(block, word_map(block))


def fix0(block: bytes) -> bytes:
    """The block with its first bit cleared."""
    return bytes([block[0] & 0x7F]) + block[1:]


def fix1(block: bytes) -> bytes:
    """The block with its first bit set."""
    return bytes([block[0] | 0x80]) + block[1:]


def cfb_encrypt(aes: Aes128, v: bytes, data: bytes, decrypting: bool) -> bytes:
    """ENC_K(V, M) (or its inverse DEC_K(V, C)): CFB with the feedback's first bit set by fix1."""
    out, keystream_input = bytearray(), v
    for block in blocks(data):
        result = xor(block, aes.encrypt(keystream_input)[:len(block)])
        out += result
        keystream_input = fix1(block if decrypting else result)  # the ciphertext block feeds back
    return bytes(out)


def _hash(aes: Aes128, ad: bytes, nonce: bytes) -> bytes:
    """HASH_K(A, N)."""
    pieces = blocks(ad) or [b""]
    padded = [ozp(block) for block in pieces]
    v = aes.encrypt(fix0(padded[0]))
    if padded[0][0] & 0x80:
        v = h(v)
    for block in padded[1:]:
        v = aes.encrypt(xor(v, block))
    v = xor(v, ozp(bytes([PARAM]) + nonce))
    return f1(v) if len(pieces[-1]) == BLOCK_BYTES else f2(v)


def _prf(aes: Aes128, v: bytes, ciphertext: bytes) -> bytes:
    """PRF_K(V, C): the tag."""
    if not ciphertext:
        return aes.encrypt(g1(v))[:TAG_BYTES]
    pieces = blocks(ciphertext)
    s = aes.encrypt(g2(v))
    for block in pieces[:-1]:
        s = aes.encrypt(xor(s, block))
    last = pieces[-1]
    final = f1(xor(s, last)) if len(last) == BLOCK_BYTES else f2(xor(s, ozp(last)))
    return aes.encrypt(final)[:TAG_BYTES]


def cfb_seal(aes: Aes128, v: bytes, plaintext: bytes, prf) -> bytes:
    """The second half CLOC and SILC share: CFB encryption from V, then the tag prf(aes, V, C)."""
    ciphertext = cfb_encrypt(aes, v, plaintext, decrypting=False)
    return ciphertext + prf(aes, v, ciphertext)


def cfb_open(aes: Aes128, v: bytes, ciphertext_and_tag: bytes, prf) -> bytes | None:
    """The inverse of cfb_seal: the tag is checked before anything is decrypted; None when it is wrong."""
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    if not hmac.compare_digest(prf(aes, v, ciphertext), bytes(tag)):
        return None
    return cfb_encrypt(aes, v, ciphertext, decrypting=True)


def _check(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"CLOC key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"CLOC nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """CLOC-E_K(N, A, M): ciphertext ‖ 8-byte tag."""
    _check(key, nonce)
    aes = Aes128(key)
    return cfb_seal(aes, _hash(aes, ad, nonce), plaintext, _prf)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """CLOC-D_K(N, A, C, T): the plaintext, or None when the tag is wrong (checked before decrypting)."""
    _check(key, nonce)
    aes = Aes128(key)
    return cfb_open(aes, _hash(aes, ad, nonce), ciphertext_and_tag, _prf)
