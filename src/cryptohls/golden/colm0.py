"""COLM0: COLM v1 with AES-128 and no intermediate tags (E. Andreeva, A. Bogdanov, N. Datta, A. Luykx,
B. Mennink, M. Nandi, E. Tischhauser, K. Yasuda, "COLM v1", CAESAR round-3 submission, 2016).

SUPERCOP name colm0v1; key 16, nonce 8 bytes; the ciphertext is 16 bytes longer than the message
(TAG_BYTES = 16: the last message block is encrypted twice). COLM is encrypt-mix-encrypt: each block
is masked and enciphered, mixed into a running state W by ρ, enciphered again and masked.

  L = E_K(0^128);  2X, 3X, 7X in GF(2^128) as in :mod:`cryptohls.golden.aes_modes`
  IV (associated data): the blocks of N ‖ param ‖ A, param = 0^64 for COLM0 (the first block is
      always full); Δ_A = 3L for the first block, then Δ_A = 2Δ_A before each full block and
      Δ_A = 7Δ_A before a last partial block, which is padded 10*; IV = xor of E_K(A_i xor Δ_A).
  ρ(Y, W) = (Y xor 3W, Y xor 2W): the output block and the next state; W starts at IV.
  Message M[1..l] (l >= 1; an empty message is one empty block), Δ_M = L, Δ_C = 3^2 L:
      blocks i < l:  Δ_M = 2Δ_M, Δ_C = 2Δ_C,  C[i] = E_K(ρ(E_K(M[i] xor Δ_M), W)) xor Δ_C
      block l:       Σ = M[1] xor ... xor M[l-1] xor pad10(M[l]) (M[l] itself when full);
                     Δ_M = 7Δ_M, Δ_C = 7Δ_C when M[l] is full, else 7^2Δ_M, 7^2Δ_C;
                     C[l] = E_K(ρ(E_K(Σ xor Δ_M), W)) xor Δ_C
      block l+1:     Δ_M = 2Δ_M, Δ_C = 2Δ_C, C[l+1] the same formula on Σ, cut to |M[l]|
  Output C[1] ‖ ... ‖ C[l] ‖ msb_|M[l]|(C[l+1]).
Decryption runs blocks 1..l backwards with E_K^-1 (so COLM needs the inverse cipher), recovers Σ
and M[l], then accepts only if M[l]'s 10* padding is intact and block l+1 recomputes to C[l+1].
Every mask and the ρ above were also checked one block at a time on the KAT records (E_K^-1 peels
a block: the mask that makes it consistent is the one listed).
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes import BLOCK_BYTES
from cryptohls.golden.aes_modes import Aes128, KEY_BYTES, blocks, double, pad10, times_seven, triple, xor

NONCE_BYTES = 8
TAG_BYTES = 16
SUPERCOP_NAME = "colm0v1"
PARAM = bytes(8)  # the 64-bit parameter block after the nonce; all zero for COLM0 (no intermediate tags)
_ZERO = bytes(BLOCK_BYTES)


def block_cipher(key: bytes, block: bytes) -> bytes:
    """E_K: AES-128 (FIPS-197), COLM's blockcipher."""
    return Aes128(key).encrypt(block)


def block_decipher(key: bytes, block: bytes) -> bytes:
    """E_K^-1: AES-128 decryption (FIPS-197 InvCipher), used by COLM decryption."""
    return Aes128(key).decrypt(block)


def rho(y: bytes, w: bytes) -> tuple[bytes, bytes]:
    """ρ(Y, W) = (Y xor 3W, Y xor 2W): the mixed block and the new state."""
    return xor(y, triple(w)), xor(y, double(w))


def rho_inverse(y_mixed: bytes, w: bytes) -> tuple[bytes, bytes]:
    """The Y and the new state for which ρ(Y, W) gives `y_mixed`."""
    y = xor(y_mixed, triple(w))
    return y, xor(y, double(w))


def _seven_for(block: bytes, full: bool) -> bytes:
    return times_seven(block) if full else times_seven(times_seven(block))


def associated_data_iv(aes: Aes128, l_value: bytes, nonce: bytes, ad: bytes) -> bytes:
    """IV, the PMAC-like sum over the blocks of N ‖ param ‖ A (L = E_K(0^128) given)."""
    mask, iv = triple(l_value), _ZERO
    for i, block in enumerate(blocks(bytes(nonce) + PARAM + bytes(ad))):
        if i:
            mask = double(mask) if len(block) == BLOCK_BYTES else times_seven(mask)
        padded = block if len(block) == BLOCK_BYTES else pad10(block)
        iv = xor(iv, aes.encrypt(xor(padded, mask)))
    return iv


class _Masks:
    """Δ_M and Δ_C, stepped together."""

    def __init__(self, l_value: bytes) -> None:
        self.m, self.c = l_value, triple(triple(l_value))

    def double(self) -> None:
        self.m, self.c = double(self.m), double(self.c)

    def last(self, full: bool) -> None:
        self.m, self.c = _seven_for(self.m, full), _seven_for(self.c, full)


def _encrypt_block(aes: Aes128, masks: _Masks, block: bytes, w: bytes) -> tuple[bytes, bytes]:
    mixed, w = rho(aes.encrypt(xor(block, masks.m)), w)
    return xor(aes.encrypt(mixed), masks.c), w


def _split(data: bytes) -> tuple[list[bytes], bytes]:
    """All blocks but the last, and the last (possibly short or empty) one."""
    pieces = blocks(data) or [b""]
    return pieces[:-1], pieces[-1]


def _check(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"COLM key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"COLM nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """COLM0 encryption: C[1..l] ‖ msb_|M[l]|(C[l+1]), |M| + 16 bytes."""
    _check(key, nonce)
    aes = Aes128(key)
    l_value = aes.encrypt(_ZERO)
    w = associated_data_iv(aes, l_value, nonce, ad)
    masks = _Masks(l_value)
    body, last = _split(plaintext)
    out, checksum = bytearray(), _ZERO
    for block in body:
        masks.double()
        c_block, w = _encrypt_block(aes, masks, block, w)
        out += c_block
        checksum = xor(checksum, block)
    full = len(last) == BLOCK_BYTES
    checksum = xor(checksum, last if full else pad10(last))
    masks.last(full)
    c_block, w = _encrypt_block(aes, masks, checksum, w)
    out += c_block
    masks.double()
    c_block, _ = _encrypt_block(aes, masks, checksum, w)
    return bytes(out) + c_block[:len(last)]


def _decrypt_block(aes: Aes128, masks: _Masks, c_block: bytes, w: bytes) -> tuple[bytes, bytes]:
    """(the block that was encrypted, the new state) for one ciphertext block."""
    y, w = rho_inverse(aes.decrypt(xor(c_block, masks.c)), w)
    return xor(aes.decrypt(y), masks.m), w


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """COLM0 decryption: the message, or None when the padding or the last block does not verify."""
    _check(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    aes = Aes128(key)
    l_value = aes.encrypt(_ZERO)
    w = associated_data_iv(aes, l_value, nonce, ad)
    masks = _Masks(l_value)
    message_bytes = len(ciphertext_and_tag) - TAG_BYTES
    body_blocks = max(0, -(-message_bytes // BLOCK_BYTES) - 1)  # blocks before the last one
    last_bytes = message_bytes - BLOCK_BYTES * body_blocks
    out, checksum = bytearray(), _ZERO
    for i in range(body_blocks):
        masks.double()
        block, w = _decrypt_block(aes, masks, ciphertext_and_tag[BLOCK_BYTES * i: BLOCK_BYTES * (i + 1)], w)
        out += block
        checksum = xor(checksum, block)
    full = last_bytes == BLOCK_BYTES
    masks.last(full)
    start = BLOCK_BYTES * body_blocks
    sigma, w = _decrypt_block(aes, masks, ciphertext_and_tag[start: start + BLOCK_BYTES], w)
    padded_last = xor(sigma, checksum)
    if not full and padded_last != pad10(padded_last[:last_bytes]):
        return None
    masks.double()
    expected, _ = _encrypt_block(aes, masks, sigma, w)
    if not hmac.compare_digest(expected[:last_bytes], ciphertext_and_tag[start + BLOCK_BYTES:]):
        return None
    return bytes(out) + padded_last[:last_bytes]
