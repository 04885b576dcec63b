"""Ascon-AEAD128, Ascon-Hash256 and the Ascon permutation, as finalised in NIST SP 800-232 (August 2025).

Written to be read next to the standard; section numbers refer to SP 800-232.

What changed from the CAESAR-era Ascon-128 v1.2 (and what this model follows):

- byte order is little-endian: byte 0 of a 64-bit word is its least significant byte (the
  conversion conventions of §2), so ``bytes_to_word`` is ``int.from_bytes(..., "little")``;
- Ascon-AEAD128 absorbs 128 bits per permutation call (rate r = 128: words S0 and S1), with
  p^a = Ascon-p[12] for initialisation and finalisation and p^b = Ascon-p[8] in between (§4);
- the initial value is IV = 0x00001000808C0001 (§4.1.1);
- padding appends a single 1 bit then zeros, which in little-endian order is the byte 0x01
  right after the data (§4.1.2);
- the domain-separation bit is the most significant bit of S4 (§4.1.2).

State convention: a list of five 64-bit integers ``[S0, S1, S2, S3, S4]`` (§3.1).
"""

from __future__ import annotations

import hmac

MASK64 = (1 << 64) - 1
KEY_BYTES = 16
NONCE_BYTES = 16
TAG_BYTES = 16
RATE_BYTES = 16  # Ascon-AEAD128 absorbs/squeezes 128 bits per block (§4)

# §4.1.1: IV for Ascon-AEAD128 (version 1, a = 12, b = 8, tag length 128, rate 16 bytes).
IV_AEAD128 = 0x00001000808C0001

ROUNDS_A = 12  # p^a: initialisation and finalisation
ROUNDS_B = 8   # p^b: between blocks
MAX_ROUNDS = 16

# §3.2: round constants c_0 ... c_15; Ascon-p[rnd] uses the last `rnd` of them.
ROUND_CONSTANTS = (0x3C, 0x2D, 0x1E, 0x0F, 0xF0, 0xE1, 0xD2, 0xC3,
                   0xB4, 0xA5, 0x96, 0x87, 0x78, 0x69, 0x5A, 0x4B)

# §3.3: the 5-bit S-box as a lookup table (used by tests to check the bitsliced form).
SBOX = (0x04, 0x0B, 0x1F, 0x14, 0x1A, 0x15, 0x09, 0x02, 0x1B, 0x05, 0x08, 0x12, 0x1D, 0x03, 0x06, 0x1C,
        0x1E, 0x13, 0x07, 0x0E, 0x00, 0x0D, 0x11, 0x18, 0x10, 0x0C, 0x01, 0x19, 0x16, 0x0A, 0x0F, 0x17)

# §3.4: rotation amounts (right rotations) of the linear layer Sigma_i for word i.
LINEAR_ROTATIONS = ((19, 28), (61, 39), (1, 6), (10, 17), (7, 41))


def _rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (64 - n))) & MASK64


def constant_addition(state: list[int], round_constant: int) -> list[int]:
    """p_C (§3.2): XOR the round constant into S2."""
    s = list(state)
    s[2] ^= round_constant
    return s


def substitution(state: list[int]) -> list[int]:
    """p_S (§3.3): the 5-bit S-box applied to all 64 bit-columns at once (bitsliced form)."""
    x0, x1, x2, x3, x4 = state
    x0 ^= x4
    x4 ^= x3
    x2 ^= x1
    t0 = ~x0 & x1
    t1 = ~x1 & x2
    t2 = ~x2 & x3
    t3 = ~x3 & x4
    t4 = ~x4 & x0
    x0 ^= t1
    x1 ^= t2
    x2 ^= t3
    x3 ^= t4
    x4 ^= t0
    x1 ^= x0
    x0 ^= x4
    x3 ^= x2
    x2 = ~x2
    return [x0 & MASK64, x1 & MASK64, x2 & MASK64, x3 & MASK64, x4 & MASK64]


def linear_diffusion(state: list[int]) -> list[int]:
    """p_L (§3.4): S_i ^= (S_i >>> r0) ^ (S_i >>> r1) for each word."""
    return [x ^ _rotr(x, r0) ^ _rotr(x, r1) for x, (r0, r1) in zip(state, LINEAR_ROTATIONS)]


def permutation(state: list[int], rounds: int) -> list[int]:
    """Ascon-p[rounds] (§3): `rounds` iterations of p_L . p_S . p_C, 1 <= rounds <= 16.

    Returns a new state; the input list is not modified.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"Ascon-p round count must be an integer in 1..{MAX_ROUNDS}, got {rounds!r}")
    if len(state) != 5 or any(not 0 <= int(word) <= MASK64 for word in state):
        raise ValueError("Ascon state must be five 64-bit unsigned integers")
    s = [int(word) for word in state]
    for constant in ROUND_CONSTANTS[MAX_ROUNDS - rounds:]:
        s = linear_diffusion(substitution(constant_addition(s, constant)))
    return s


def bytes_to_word(data: bytes) -> int:
    """Up to 8 bytes to a 64-bit word, byte 0 least significant (little-endian, §2)."""
    return int.from_bytes(data, "little")


def word_to_bytes(word: int, length: int = 8) -> bytes:
    return (word & MASK64).to_bytes(8, "little")[:length]


def _pad_word(offset: int) -> int:
    """The padding bit 1 placed right after `offset` data bytes of a word (§4.1.2)."""
    return 0x01 << (8 * offset)


def _blocks(data: bytes) -> list[bytes]:
    """Split into full 16-byte blocks plus a last, possibly empty, partial block."""
    full = len(data) // RATE_BYTES
    return [data[i * RATE_BYTES:(i + 1) * RATE_BYTES] for i in range(full)] + [data[full * RATE_BYTES:]]


def _xor_partial_block(state: list[int], block: bytes) -> None:
    """XOR a block of fewer than 16 bytes plus its padding into S0 || S1 (in place)."""
    low, high = block[:8], block[8:]
    state[0] ^= bytes_to_word(low)
    state[1] ^= bytes_to_word(high)
    if len(block) < 8:
        state[0] ^= _pad_word(len(block))
    else:
        state[1] ^= _pad_word(len(block) - 8)


def _rate_bytes(state: list[int]) -> bytes:
    return word_to_bytes(state[0]) + word_to_bytes(state[1])


def _check_lengths(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"Ascon-AEAD128 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"Ascon-AEAD128 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def _initialise(key: bytes, nonce: bytes) -> list[int]:
    """§4.1.1: S = IV || K || N, S = Ascon-p[12](S), S ^= 0^192 || K."""
    k0, k1 = bytes_to_word(key[:8]), bytes_to_word(key[8:])
    state = [IV_AEAD128, k0, k1, bytes_to_word(nonce[:8]), bytes_to_word(nonce[8:])]
    state = permutation(state, ROUNDS_A)
    state[3] ^= k0
    state[4] ^= k1
    return state


def _absorb_associated_data(state: list[int], ad: bytes) -> list[int]:
    """§4.1.2: absorb padded AD blocks (only if AD is non-empty), then flip the domain bit."""
    if ad:
        *full_blocks, last = _blocks(ad)
        for block in full_blocks:
            state[0] ^= bytes_to_word(block[:8])
            state[1] ^= bytes_to_word(block[8:])
            state = permutation(state, ROUNDS_B)
        _xor_partial_block(state, last)
        state = permutation(state, ROUNDS_B)
    state[4] ^= 1 << 63  # S ^= 0^319 || 1: the most significant bit of S4
    return state


def _finalise(state: list[int], key: bytes) -> bytes:
    """§4.1.4: S ^= 0^128 || K || 0^64, S = Ascon-p[12](S), T = S3 || S4 ^ K."""
    k0, k1 = bytes_to_word(key[:8]), bytes_to_word(key[8:])
    state[2] ^= k0
    state[3] ^= k1
    state = permutation(state, ROUNDS_A)
    return word_to_bytes(state[3] ^ k0) + word_to_bytes(state[4] ^ k1)


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """Ascon-AEAD128.enc (§4.1): returns ciphertext || 16-byte tag."""
    _check_lengths(key, nonce)
    state = _absorb_associated_data(_initialise(key, nonce), ad)
    # §4.1.3: C_i = S[0:128] ^= P_i, then Ascon-p[8] for all but the last (padded) block.
    ciphertext = bytearray()
    *full_blocks, last = _blocks(plaintext)
    for block in full_blocks:
        state[0] ^= bytes_to_word(block[:8])
        state[1] ^= bytes_to_word(block[8:])
        ciphertext += _rate_bytes(state)
        state = permutation(state, ROUNDS_B)
    _xor_partial_block(state, last)
    ciphertext += _rate_bytes(state)[:len(last)]
    return bytes(ciphertext) + _finalise(state, key)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """Ascon-AEAD128.dec (§4.2): the plaintext, or None when the tag does not verify."""
    _check_lengths(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = _absorb_associated_data(_initialise(key, nonce), ad)
    plaintext = bytearray()
    *full_blocks, last = _blocks(ciphertext)
    for block in full_blocks:
        c0, c1 = bytes_to_word(block[:8]), bytes_to_word(block[8:])
        plaintext += word_to_bytes(state[0] ^ c0) + word_to_bytes(state[1] ^ c1)
        state[0], state[1] = c0, c1  # the rate now holds the ciphertext block
        state = permutation(state, ROUNDS_B)
    # Last block: P = S ^ C on its bytes, those rate bytes become C, then pad as in encryption.
    keystream = _rate_bytes(state)
    last_plain = bytes(k ^ c for k, c in zip(keystream, last))
    plaintext += last_plain
    _xor_partial_block(state, last_plain)  # S ^= P || pad turns those bytes into C and adds pad
    expected = _finalise(state, key)
    if not hmac.compare_digest(expected, tag):  # constant-time compare, as a model should show
        return None
    return bytes(plaintext)


# ---------------------------------------------------------------------------------------------------
# Ascon-Hash256 (§5.1)
# ---------------------------------------------------------------------------------------------------

# §5.1 / Appendix B: IV = v || 0^8 || a || b || t || r/8 || 0^16 with version v = 2, a = b = 12
# rounds, t = 256-bit output and r/8 = 8 rate bytes.
IV_HASH256 = 0x0000080100CC0002
HASH_RATE_BYTES = 8    # r = 64 bits: the rate is S0 alone
HASH_DIGEST_BYTES = 32  # 256-bit digest: four squeezed rate words
HASH_ROUNDS = 12       # Ascon-p[12] everywhere (initialisation, between blocks, squeezing)


def _sponge_hash(message: bytes, iv: int, byteorder: str) -> bytes:
    """The Ascon hash sponge: S = p[12](IV || 0^256); absorb 64-bit blocks into S0 (padded, the
    last one without a permutation after it); then four times S = p[12](S), output S0.

    ``byteorder`` is how a block and an output word map to the 64-bit S0: "little" is SP 800-232;
    "big" with the v1.2 IV gives the CAESAR-era Ascon-Hash v1.2, which is how the tests compare
    this sponge with an independent implementation of that older version.
    """
    state = permutation([iv, 0, 0, 0, 0], HASH_ROUNDS)
    # Padding (§5.1, Algorithm 2 with the byte order of §2): a 1 bit right after the message,
    # then zeros to a multiple of the rate; a rate-aligned message gains a whole padding block.
    pad_byte = b"\x01" if byteorder == "little" else b"\x80"
    padded = message + pad_byte + bytes(-(len(message) + 1) % HASH_RATE_BYTES)
    blocks = [padded[i:i + HASH_RATE_BYTES] for i in range(0, len(padded), HASH_RATE_BYTES)]
    for block in blocks[:-1]:
        state[0] ^= int.from_bytes(block, byteorder)
        state = permutation(state, HASH_ROUNDS)
    state[0] ^= int.from_bytes(blocks[-1], byteorder)
    digest = b""
    for _ in range(HASH_DIGEST_BYTES // HASH_RATE_BYTES):
        state = permutation(state, HASH_ROUNDS)
        digest += state[0].to_bytes(HASH_RATE_BYTES, byteorder)
    return digest


def hash256(message: bytes) -> bytes:
    """Ascon-Hash256 (SP 800-232 §5.1, Algorithm 5): the 32-byte digest of ``message``."""
    if not isinstance(message, (bytes, bytearray)):
        raise TypeError(f"Ascon-Hash256 message must be bytes, got {type(message).__name__}")
    return _sponge_hash(bytes(message), IV_HASH256, "little")
