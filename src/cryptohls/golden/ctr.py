"""AES in counter mode (NIST SP 800-38A §6.5) with the counter-block layout used across cryptohls.

Counter block j = IV (12 bytes) ‖ (counter + j) mod 2^32 as a 32-bit big-endian integer — the
"standard incrementing function" of SP 800-38A Appendix B.1 applied to the low 32 bits (the same
layout and increment as the GCM counter, SP 800-38D inc_32). SP 800-38A F.5.1's initial counter block
f0f1...feff fits it: IV = f0f1f2f3f4f5f6f7f8f9fafb, counter = 0xfcfdfeff.

Output block j = AES_K(counter block j); the data is XORed with the concatenated output blocks, a
partial last block using only the leading bytes. Encryption and decryption are the same operation.
"""

from __future__ import annotations

from cryptohls.golden.aes import BLOCK_BYTES, encrypt_with_round_keys, expand_key

IV_BYTES = 12
COUNTER_MODULUS = 1 << 32


def ctr_blocks(iv: bytes, counter: int, n: int) -> list[bytes]:
    """The n counter blocks IV ‖ counter, IV ‖ counter+1, ... (counter wraps mod 2^32)."""
    if len(iv) != IV_BYTES:
        raise ValueError(f"CTR IV must be {IV_BYTES} bytes, got {len(iv)}")
    if not 0 <= counter < COUNTER_MODULUS:
        raise ValueError(f"CTR counter must be in [0, 2^32), got {counter}")
    return [bytes(iv) + ((counter + j) % COUNTER_MODULUS).to_bytes(4, "big") for j in range(n)]


def keystream(key: bytes, iv: bytes, counter: int, length: int) -> bytes:
    """The first `length` bytes of AES_K(counter block 0) ‖ AES_K(counter block 1) ‖ ..."""
    round_keys = expand_key(key)
    n_blocks = -(-length // BLOCK_BYTES)
    stream = b"".join(encrypt_with_round_keys(round_keys, block) for block in ctr_blocks(iv, counter, n_blocks))
    return stream[:length]


def ctr_crypt(key: bytes, iv: bytes, counter: int, data: bytes) -> bytes:
    """Encrypt or decrypt `data` (any length) in CTR mode starting at counter block IV ‖ counter."""
    return bytes(d ^ k for d, k in zip(data, keystream(key, iv, counter, len(data))))
