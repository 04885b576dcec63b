"""MORUS-1280-128 v1 (SUPERCOP ``morus1280128v1``): the state update and the AEAD mode.

Follows "MORUS: A Fast Authenticated Cipher (v1)" (Hongjun Wu, Tao Huang; CAESAR round-1 submission,
2014): state update (five rounds), initialization, associated-data processing, encryption and v1's
finalization. MORUS v2 (the round-3 version, which Wycheproof's MORUS vectors use) is a different
cipher: it changed the finalization (ten updates with the plain lengths block, tag from the
encryption mask) — this model keeps v1's (``_finalise``). Source note: the v1 PDF was not available
offline here; the state update, initialization and encryption were written from the MORUS design
(common to v1 and v2), and v1's finalization was taken from the structure of SUPERCOP's v1 ``ref``
(read, not copied) after the v2 form failed the KATs. All 1089 KAT records check it.

State: five 256-bit elements S0..S4, each held as one Python int whose bit 64*i + j is bit j of the
spec's 64-bit word i; bytes map little-endian (byte 0 is the low byte of word 0).
``Rotl_256_64(x, b)`` rotates each 64-bit word left by b bits; ``x <<< w`` (w a multiple of 64)
rotates the whole 256-bit element left, i.e. word i of the result is word i - w/64 of x.
"""

from __future__ import annotations

import hmac

KEY_BYTES = 16
NONCE_BYTES = 16
TAG_BYTES = 16
SUPERCOP_NAME = "morus1280128v1"
BLOCK_BYTES = 32

MASK256 = (1 << 256) - 1
MASK64 = (1 << 64) - 1
_WORD_LSBS = sum(1 << (64 * i) for i in range(4))  # bit 0 of each 64-bit word

# Per-round bit rotations b0..b4 (inside each 64-bit word) and element rotations w0..w4 (bits).
BIT_ROTATIONS = (13, 46, 38, 7, 4)
WORD_ROTATIONS = (64, 128, 192, 128, 64)

# const0 (the Fibonacci sequence mod 256) and const1, 16 bytes each in state byte order.
CONST0 = bytes.fromhex("000101020305080d1522375990e97962")
CONST1 = bytes.fromhex("db3d18556dc22ff12011314273b528dd")

INIT_STEPS = 16
FINAL_STEPS = 8   # v1 (v2 uses 10)

State = list[int]  # five 256-bit elements S0..S4


def rotl_256_64(x: int, bits: int) -> int:
    """Rotl_256_64(x, bits): rotate each of the four 64-bit words of x left by `bits` (0 < bits < 64)."""
    stays_in_word = _WORD_LSBS * ((1 << (64 - bits)) - 1)  # the low (64 - bits) bits of each word move up
    wraps_around = _WORD_LSBS * ((1 << bits) - 1)          # after >> (64 - bits): each word's top bits
    return ((x & stays_in_word) << bits) | ((x >> (64 - bits)) & wraps_around)


def rotl_element(x: int, bits: int) -> int:
    """x <<< bits: rotate the 256-bit element left (bits a multiple of 64 in MORUS-1280)."""
    return ((x << bits) | (x >> (256 - bits))) & MASK256


def state_update(state: State, message: int) -> State:
    """StateUpdate(S, m): five rounds; round i (0-based) updates S_i and rotates S_{i+3}:

        S_i     = Rotl_256_64(S_i ^ (S_{i+1} & S_{i+2}) ^ S_{i+3} [^ m for i > 0], b_i)
        S_{i+3} = S_{i+3} <<< w_i                (indices mod 5)

    Round 0 does not use the message block; rounds 1..4 XOR it in. Returns a new state.
    """
    s = list(state)
    for i in range(5):
        i1, i2, i3 = (i + 1) % 5, (i + 2) % 5, (i + 3) % 5
        mixed = s[i] ^ (s[i1] & s[i2]) ^ s[i3]
        if i > 0:
            mixed ^= message
        s[i] = rotl_256_64(mixed, BIT_ROTATIONS[i])
        s[i3] = rotl_element(s[i3], WORD_ROTATIONS[i])
    return s


def bytes_to_element(block: bytes) -> int:
    """Up to 32 bytes (zero-padded) to a 256-bit element, little-endian."""
    return int.from_bytes(block, "little")


def element_to_bytes(x: int) -> bytes:
    return x.to_bytes(BLOCK_BYTES, "little")


def keystream(state: State) -> int:
    """The encryption mask S0 ^ (S1 <<< 192) ^ (S2 & S3)."""
    s0, s1, s2, s3, _ = state
    return s0 ^ rotl_element(s1, 192) ^ (s2 & s3)


def initialise(key: bytes, nonce: bytes) -> State:
    """Initialization: S0 = IV || 0^128, S1 = K || K, S2 = 1^256, S3 = 0^256, S4 = const0 || const1;
    16 state updates with m = 0; then S1 ^= K || K."""
    key_element = bytes_to_element(key + key)
    state = [bytes_to_element(nonce), key_element, MASK256, 0, bytes_to_element(CONST0 + CONST1)]
    for _ in range(INIT_STEPS):
        state = state_update(state, 0)
    state[1] ^= key_element
    return state


def _blocks(data: bytes) -> list[bytes]:
    return [data[i:i + BLOCK_BYTES] for i in range(0, len(data), BLOCK_BYTES)]


def _absorb_associated_data(state: State, ad: bytes) -> State:
    """Each 256-bit AD block (the last one zero-padded) updates the state; nothing is output."""
    for block in _blocks(ad):
        state = state_update(state, bytes_to_element(block))
    return state


def _finalise(state: State, ad_bytes: int, message_bytes: int) -> bytes:
    """Finalization of v1: t = S3 ^ (adlen || msglen || 0^128) with 64-bit bit lengths; S4 ^= S0;
    eight state updates with m = t; the tag is the first 128 bits of S1 ^ S2 ^ S3 ^ S4."""
    s = list(state)
    lengths = ((8 * ad_bytes) & MASK64) | (((8 * message_bytes) & MASK64) << 64)
    block = s[3] ^ lengths
    s[4] ^= s[0]
    for _ in range(FINAL_STEPS):
        s = state_update(s, block)
    return element_to_bytes(s[1] ^ s[2] ^ s[3] ^ s[4])[:TAG_BYTES]


def _check_lengths(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"MORUS-1280-128 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"MORUS-1280-128 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def _xor_bytes(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """MORUS-1280-128 encryption: ciphertext || 16-byte tag.

    Per 256-bit block: C_i = P_i ^ mask, then StateUpdate(S, P_i) (the last block zero-padded)."""
    _check_lengths(key, nonce)
    state = _absorb_associated_data(initialise(key, nonce), ad)
    ciphertext = bytearray()
    for block in _blocks(plaintext):
        ciphertext += _xor_bytes(block, element_to_bytes(keystream(state)))
        state = state_update(state, bytes_to_element(block))
    return bytes(ciphertext) + _finalise(state, len(ad), len(plaintext))


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """MORUS-1280-128 decryption: the plaintext, or None when the tag does not verify."""
    _check_lengths(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = _absorb_associated_data(initialise(key, nonce), ad)
    plaintext = bytearray()
    for block in _blocks(ciphertext):
        plain = _xor_bytes(block, element_to_bytes(keystream(state)))
        plaintext += plain
        state = state_update(state, bytes_to_element(plain))
    if not hmac.compare_digest(_finalise(state, len(ad), len(ciphertext)), tag):
        return None
    return bytes(plaintext)
