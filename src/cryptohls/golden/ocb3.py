"""OCB3 with AES-128 and a 128-bit tag (RFC 7253, "The OCB Authenticated-Encryption Algorithm", 2014).

SUPERCOP name aeadaes128ocbtaglen128v1; key 16, nonce 12, tag 16 bytes. Notation of RFC 7253 §2 and
§4, on byte strings (every length here is a whole number of bytes):

  L_*  = ENCIPHER(K, zeros(128)),  L_$ = double(L_*),  L_0 = double(L_$),  L_i = double(L_(i-1))
  HASH(K, A) (§4.1): Offset_i = Offset_(i-1) xor L_ntz(i), Sum ^= ENCIPHER(K, A_i xor Offset_i);
      a final partial block A_* is padded 10* and taken with Offset_* = Offset_m xor L_*.
  OCB-ENCRYPT (§4.2):
      Nonce   = num2str(TAGLEN mod 128, 7) ‖ zeros(120 - bitlen(N)) ‖ 1 ‖ N
      bottom  = the last 6 bits of Nonce,  Ktop = ENCIPHER(K, Nonce with those 6 bits cleared)
      Stretch = Ktop ‖ (Ktop[1..64] xor Ktop[9..72]),  Offset_0 = Stretch[1+bottom..128+bottom]
      C_i = Offset_i xor ENCIPHER(K, P_i xor Offset_i),  Checksum ^= P_i   (full blocks)
      P_* (partial): Offset_* = Offset_m xor L_*, C_* = P_* xor Pad[1..bitlen(P_*)] with
          Pad = ENCIPHER(K, Offset_*), Checksum ^= P_* ‖ 1 ‖ 0*
      Tag = ENCIPHER(K, Checksum xor Offset xor L_$) xor HASH(K, A)
  OCB-DECRYPT (§4.3) runs the same offsets with DECIPHER on the full blocks and checks the tag.
"""

from __future__ import annotations

import hmac

from cryptohls.golden.aes import BLOCK_BYTES
from cryptohls.golden.aes_modes import Aes128, KEY_BYTES, blocks, double, format_nonce, pad10, xor

NONCE_BYTES = 12
TAG_BYTES = 16
SUPERCOP_NAME = "aeadaes128ocbtaglen128v1"
_ZERO = bytes(BLOCK_BYTES)


def block_cipher(key: bytes, block: bytes) -> bytes:
    """ENCIPHER(K, X): AES-128 (FIPS-197), the block cipher OCB3 is instantiated with (RFC 7253 §3.1)."""
    return Aes128(key).encrypt(block)


def _ntz(i: int) -> int:
    """Number of trailing zero bits of i > 0."""
    return (i & -i).bit_length() - 1


class _Ocb:
    """The key-dependent values of RFC 7253 §4.1 and the offset sequence."""

    def __init__(self, key: bytes) -> None:
        self.aes = Aes128(key)
        self.l_star = self.aes.encrypt(_ZERO)
        self.l_dollar = double(self.l_star)
        self._l = [double(self.l_dollar)]  # L_0, L_1, ... extended on demand

    def l_of(self, i: int) -> bytes:
        while len(self._l) <= i:
            self._l.append(double(self._l[-1]))
        return self._l[i]

    def hash(self, ad: bytes) -> bytes:
        """HASH(K, A) of §4.1."""
        total, offset = _ZERO, _ZERO
        for i, block in enumerate(blocks(ad), start=1):
            if len(block) == BLOCK_BYTES:
                offset = xor(offset, self.l_of(_ntz(i)))
                total = xor(total, self.aes.encrypt(xor(block, offset)))
            else:
                offset = xor(offset, self.l_star)
                total = xor(total, self.aes.encrypt(xor(pad10(block), offset)))
        return total

    def initial_offset(self, nonce: bytes) -> bytes:
        """Offset_0 from the nonce (§4.2 steps 'Nonce' to 'Offset_0')."""
        nonce_block = bytearray(format_nonce(nonce, TAG_BYTES))
        bottom = nonce_block[-1] & 0x3F
        nonce_block[-1] &= 0xC0
        ktop = self.aes.encrypt(bytes(nonce_block))
        stretch = int.from_bytes(ktop + xor(ktop[:8], ktop[1:9]), "big")  # 192 bits
        return ((stretch >> (64 - bottom)) & ((1 << 128) - 1)).to_bytes(BLOCK_BYTES, "big")

    def crypt(self, nonce: bytes, data: bytes, decrypting: bool) -> tuple[bytes, bytes]:
        """(output, checksum xor offset xor L_$) for encryption or decryption of `data`."""
        offset, checksum, out = self.initial_offset(nonce), _ZERO, bytearray()
        for i, block in enumerate(blocks(data), start=1):
            if len(block) == BLOCK_BYTES:
                offset = xor(offset, self.l_of(_ntz(i)))
                cipher = self.aes.decrypt if decrypting else self.aes.encrypt
                result = xor(offset, cipher(xor(block, offset)))
                checksum = xor(checksum, result if decrypting else block)
            else:
                offset = xor(offset, self.l_star)
                result = xor(block, self.aes.encrypt(offset)[:len(block)])
                checksum = xor(checksum, pad10(result if decrypting else block))
            out += result
        return bytes(out), xor(xor(checksum, offset), self.l_dollar)

    def tag(self, tag_input: bytes, ad: bytes) -> bytes:
        return xor(self.aes.encrypt(tag_input), self.hash(ad))[:TAG_BYTES]


def _check(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"OCB3 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"OCB3 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """OCB-ENCRYPT(K, N, A, P) of RFC 7253 §4.2: ciphertext ‖ 16-byte tag."""
    _check(key, nonce)
    ocb = _Ocb(key)
    ciphertext, tag_input = ocb.crypt(nonce, plaintext, decrypting=False)
    return ciphertext + ocb.tag(tag_input, ad)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """OCB-DECRYPT(K, N, A, C ‖ T) of RFC 7253 §4.3: the plaintext, or None when the tag is wrong."""
    _check(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    ocb = _Ocb(key)
    plaintext, tag_input = ocb.crypt(nonce, ciphertext, decrypting=True)
    if not hmac.compare_digest(ocb.tag(tag_input, ad), bytes(tag)):
        return None
    return plaintext
