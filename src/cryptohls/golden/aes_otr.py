"""AES-OTR v3 with AES-128, parallel associated-data processing (K. Minematsu, "AES-OTR v3", CAESAR
round-3 submission, 2016, §1.3 Algorithm); SUPERCOP name aes128otrpv3, key 16, nonce 12, tag 16 bytes.

OTR (Offset Two-Round) encrypts the message two blocks at a time with a two-round Feistel network
whose round function is AES under a block mask (§1.3); 2X and 3X are the GF(2^128)
doublings of :mod:`cryptohls.golden.aes_modes`, ozp(X) is X ‖ 1 ‖ 0* for |X| < 128 (X itself if
|X| = 128), msb_s(X) the first s bits:

  EF_K(N, M):  Nonce = Format(τ, N) = num2str(τ mod 128, 7) ‖ 0* ‖ 1 ‖ N,  L = E_K(Nonce),  Σ = 0
      for each chunk (M[2i-1], M[2i]) but the last:
          C[2i-1] = E_K(L xor M[2i-1]) xor M[2i]
          C[2i]   = E_K(3L xor C[2i-1]) xor M[2i-1]
          Σ ^= M[2i],  L = 2L
      last chunk, m even:  Z = E_K(L xor M[m-1]),  C[m] = msb_|M[m]|(Z) xor M[m],
          C[m-1] = E_K(3L xor ozp(C[m])) xor M[m-1],  Σ ^= Z xor ozp(C[m]),  L* = 3L
      last chunk, m odd:   C[m] = msb_|M[m]|(E_K(L)) xor M[m],  Σ ^= ozp(M[m]),  L* = L
      TE = E_K(3^2·L* xor Σ) if |M[m]| < 128 else E_K(7·L* xor Σ)
  (an empty message is one empty block: m = 1, |M[1]| = 0.)
  HASH_K(A), parallel ADP (§1.3), for A non-empty:
      Q = E_K(0^128),  Ξ = 0;  Ξ ^= E_K(Q xor A[i]), Q = 2Q for each block but the last;
      Ξ ^= ozp(A[a]);  TA = E_K(3Q xor Ξ) if |A[a]| < 128 else E_K(3^2·Q xor Ξ)
  Tag: T = msb_τ(TE xor TA), with TA = 0 when A is empty.
Decryption runs the same Feistel rounds backwards (C[2i-1] is needed before M[2i-1] can be
recovered), so it too needs only AES encryption.
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes import BLOCK_BYTES
from cryptohls.golden import aes_modes
from cryptohls.golden.aes_modes import Aes128, KEY_BYTES, blocks, double, ozp, times_seven, triple, xor

NONCE_BYTES = 12
TAG_BYTES = 16
SUPERCOP_NAME = "aes128otrpv3"
_ZERO = bytes(BLOCK_BYTES)


def block_cipher(key: bytes, block: bytes) -> bytes:
    """E_K: AES-128 (FIPS-197), the blockcipher of the aes128otr parameter sets (AES-OTR v3 §1.2)."""
    return Aes128(key).encrypt(block)


def format_nonce(nonce: bytes) -> bytes:
    """Format(τ, N) = num2str(τ mod 128, 7) ‖ 0* ‖ 1 ‖ N, one block."""
    return aes_modes.format_nonce(nonce, TAG_BYTES)


def _final_mask(mask: bytes, last_block_full: bool) -> bytes:
    """7·mask after a full last block, 3^2·mask after a partial (or empty) one."""
    return times_seven(mask) if last_block_full else triple(triple(mask))


def associated_data_hash(aes: Aes128, ad: bytes) -> bytes:
    """TA = HASH_K(A), parallel version; 0^128 for empty A."""
    if not ad:
        return _ZERO
    pieces = blocks(ad)
    q, xi = aes.encrypt(_ZERO), _ZERO
    for block in pieces[:-1]:
        xi = xor(xi, aes.encrypt(xor(q, block)))
        q = double(q)
    last = pieces[-1]
    xi = xor(xi, ozp(last))
    return aes.encrypt(xor(triple(triple(q)) if len(last) == BLOCK_BYTES else triple(q), xi))


def _feistel_chunk(aes: Aes128, mask: bytes, first: bytes, second: bytes,
                   decrypting: bool) -> tuple[bytes, bytes, bytes]:
    """One two-block chunk (not the last): (output first, output second, plaintext second)."""
    if decrypting:  # first, second are C[2i-1], C[2i]
        m_first = xor(aes.encrypt(xor(triple(mask), first)), second)
        m_second = xor(aes.encrypt(xor(mask, m_first)), first)
        return m_first, m_second, m_second
    c_first = xor(aes.encrypt(xor(mask, first)), second)
    c_second = xor(aes.encrypt(xor(triple(mask), c_first)), first)
    return c_first, c_second, second


def _crypt(aes: Aes128, nonce: bytes, data: bytes, decrypting: bool) -> tuple[bytes, bytes]:
    """EF_K(N, M) -> (C, TE) when encrypting; the matching (M, TE) from C when decrypting."""
    mask, checksum = aes.encrypt(format_nonce(nonce)), _ZERO
    pieces = blocks(data) or [b""]
    out: list[bytes] = []
    for i in range((len(pieces) - 1) // 2):  # every chunk before the last (which has 1 or 2 blocks)
        out_first, out_second, m_second = _feistel_chunk(aes, mask, pieces[2 * i], pieces[2 * i + 1],
                                                        decrypting)
        out += [out_first, out_second]
        checksum = xor(checksum, m_second)
        mask = double(mask)
    last = pieces[-1]
    if len(pieces) % 2 == 0:
        # The last block is short or full; its ciphertext C[m] enters the second round padded.
        if decrypting:
            c_last = last
            m_first = xor(aes.encrypt(xor(triple(mask), ozp(c_last))), pieces[-2])
            z = aes.encrypt(xor(mask, m_first))
            out += [m_first, xor(z[:len(last)], c_last)]
        else:
            z = aes.encrypt(xor(mask, pieces[-2]))
            c_last = xor(z[:len(last)], last)
            out += [xor(aes.encrypt(xor(triple(mask), ozp(c_last))), pieces[-2]), c_last]
        checksum = xor(checksum, xor(z, ozp(c_last)))
        final = triple(mask)
    else:
        result = xor(aes.encrypt(mask)[:len(last)], last)
        out.append(result)
        checksum = xor(checksum, ozp(result if decrypting else last))
        final = mask
    tag_e = aes.encrypt(xor(_final_mask(final, len(last) == BLOCK_BYTES), checksum))
    return b"".join(out), tag_e


def _check(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"AES-OTR key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"AES-OTR nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """AES-OTR.E_K(N, A, M): ciphertext ‖ 16-byte tag."""
    _check(key, nonce)
    aes = Aes128(key)
    ciphertext, tag_e = _crypt(aes, nonce, plaintext, decrypting=False)
    return ciphertext + xor(tag_e, associated_data_hash(aes, ad))[:TAG_BYTES]


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """AES-OTR.D_K(N, A, C, T): the plaintext, or None when the tag is wrong."""
    _check(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    aes = Aes128(key)
    plaintext, tag_e = _crypt(aes, nonce, ciphertext, decrypting=True)
    expected = xor(tag_e, associated_data_hash(aes, ad))[:TAG_BYTES]
    if not hmac.compare_digest(expected, bytes(tag)):
        return None
    return plaintext
