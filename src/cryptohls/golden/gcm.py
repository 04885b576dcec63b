"""AES-GCM authenticated encryption and GHASH (NIST SP 800-38D, 2007).

Bit and byte conventions follow SP 800-38D §6: a 16-byte block is read as a 128-bit big-endian
integer, so bit 0 of the block (the standard's leftmost bit, coefficient of x^0) is the integer's
most significant bit. Multiplication in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1 is Algorithm 1 of
§6.3 with R = 11100001 ‖ 0^120.

GCM-AE_K(IV, P, A) (§7.1):
  H  = AES_K(0^128)
  J0 = IV ‖ 0^31 ‖ 1                                    if len(IV) = 96 bits (the fast path)
     = GHASH_H(IV ‖ 0^(s+64) ‖ [len(IV)]_64)           otherwise, s pads IV to a block multiple
  C  = GCTR_K(inc32(J0), P)        — identical to cryptohls.golden.ctr with IV = J0[0:12]
  S  = GHASH_H(A ‖ 0^v ‖ C ‖ 0^u ‖ [len(A)]_64 ‖ [len(C)]_64)
  T  = MSB_t(GCTR_K(J0, S))
GCM-AD (§7.2) recomputes T and releases the plaintext only when it matches.
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes import BLOCK_BYTES, encrypt_block
from cryptohls.golden.ctr import COUNTER_MODULUS, ctr_crypt

TAG_BYTES = 16
# Tag lengths SP 800-38D §5.2.1.2 allows (in bytes); 4 and 8 only for special applications (Appendix C).
ALLOWED_TAG_BYTES = (4, 8, 12, 13, 14, 15, 16)
_R = 0xE1 << 120  # 11100001 ‖ 0^120


def gf128_mul(x: int, y: int) -> int:
    """X • Y in GF(2^128), blocks as 128-bit big-endian integers (SP 800-38D §6.3 Algorithm 1)."""
    z, v = 0, y
    for i in range(128):
        if (x >> (127 - i)) & 1:  # bit i of X, counted from the left
            z ^= v
        v = (v >> 1) ^ _R if v & 1 else v >> 1  # V • x: shift right, reduce if x^127 fell off
    return z


def _zero_pad(data: bytes) -> bytes:
    """`data` followed by zero bytes up to a multiple of 16 bytes (the 0^u, 0^v, 0^s of §7)."""
    return bytes(data) + bytes(-len(data) % BLOCK_BYTES)


def ghash_blocks(h: bytes, data: bytes) -> bytes:
    """GHASH_H(X) of §6.4: Y_i = (Y_(i-1) xor X_i) • H; `data` must be a multiple of 16 bytes."""
    if len(data) % BLOCK_BYTES:
        raise ValueError(f"GHASH input must be a multiple of 16 bytes, got {len(data)}")
    h_int, y = int.from_bytes(h, "big"), 0
    for i in range(0, len(data), BLOCK_BYTES):
        y = gf128_mul(y ^ int.from_bytes(data[i: i + BLOCK_BYTES], "big"), h_int)
    return y.to_bytes(BLOCK_BYTES, "big")


def _length_block(first_bytes: int, second_bytes: int) -> bytes:
    return (8 * first_bytes).to_bytes(8, "big") + (8 * second_bytes).to_bytes(8, "big")


def ghash(h: bytes, aad: bytes, ciphertext: bytes) -> bytes:
    """S = GHASH_H(A ‖ 0^v ‖ C ‖ 0^u ‖ [len(A)]_64 ‖ [len(C)]_64), the value the tag encrypts (§7.1 step 5)."""
    return ghash_blocks(h, _zero_pad(aad) + _zero_pad(ciphertext) + _length_block(len(aad), len(ciphertext)))


def hash_subkey(key: bytes) -> bytes:
    """H = AES_K(0^128)."""
    return encrypt_block(key, bytes(BLOCK_BYTES))


def pre_counter_block(h: bytes, iv: bytes) -> bytes:
    """J0 (§7.1 step 2): IV ‖ 0^31 ‖ 1 for a 96-bit IV, else GHASH_H(IV ‖ 0^(s+64) ‖ [len(IV)]_64)."""
    if not iv:
        raise ValueError("GCM IV must not be empty")
    if len(iv) == 12:
        return bytes(iv) + b"\x00\x00\x00\x01"
    return ghash_blocks(h, _zero_pad(iv) + _length_block(0, len(iv)))


def _gctr(key: bytes, counter_block: bytes, data: bytes) -> bytes:
    """GCTR_K(ICB, X) of §6.5: counter mode with inc32, exactly the cryptohls CTR layout."""
    return ctr_crypt(key, counter_block[:12], int.from_bytes(counter_block[12:], "big"), data)


def _tag(key: bytes, h: bytes, j0: bytes, aad: bytes, ciphertext: bytes) -> bytes:
    return _gctr(key, j0, ghash(h, aad, ciphertext))


def _inc32(block: bytes) -> bytes:
    counter = (int.from_bytes(block[12:], "big") + 1) % COUNTER_MODULUS
    return block[:12] + counter.to_bytes(4, "big")


def gcm_encrypt(key: bytes, iv: bytes, plaintext: bytes, aad: bytes, *,
                tag_bytes: int = TAG_BYTES) -> tuple[bytes, bytes]:
    """GCM-AE_K(IV, P, A) → (C, T); T is 16 bytes unless a shorter allowed `tag_bytes` is asked for."""
    if tag_bytes not in ALLOWED_TAG_BYTES:
        raise ValueError(f"GCM tag length must be one of {ALLOWED_TAG_BYTES} bytes, got {tag_bytes}")
    h = hash_subkey(key)
    j0 = pre_counter_block(h, iv)
    ciphertext = _gctr(key, _inc32(j0), plaintext)
    return ciphertext, _tag(key, h, j0, aad, ciphertext)[:tag_bytes]


def gcm_decrypt(key: bytes, iv: bytes, ciphertext: bytes, aad: bytes, tag: bytes) -> bytes | None:
    """GCM-AD_K(IV, C, A, T) → P, or None when T does not match (the tag length is len(tag))."""
    if len(tag) not in ALLOWED_TAG_BYTES:
        raise ValueError(f"GCM tag length must be one of {ALLOWED_TAG_BYTES} bytes, got {len(tag)}")
    h = hash_subkey(key)
    j0 = pre_counter_block(h, iv)
    expected = _tag(key, h, j0, aad, ciphertext)[:len(tag)]
    if not hmac.compare_digest(expected, bytes(tag)):  # no early exit on the first differing byte
        return None
    return _gctr(key, _inc32(j0), ciphertext)
