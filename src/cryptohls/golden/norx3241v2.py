"""NORX32-4-1 v2.0 (SUPERCOP ``norx3241v2``): the permutation F and the NORX mode, parallelism 1.

Written from "NORX v2.0" (Aumasson, Jovanovic, Neves; CAESAR round-2 submission, 2015,
norx/resources specs/norxv20.pdf); section numbers refer to that document: §2.4 the permutation F^l
(Fig. 2.4, Table 2.2), §2.5.2 the low-level mode (padding, domain separation Table 2.3, initialise,
absorb, encrypt, decrypt, finalise: Fig. 2.6), Table 2.4 the initialisation constants.

Instance: word size W = 32, round count l = 4, parallelism p = 1, tag size t = 4W = 128 bits.
State: sixteen 32-bit words s0..s15 (a 4x4 matrix, row-major); rate r = 12 words (384 bits, s0..s11),
capacity 4 words (s12..s15). Words are loaded from and stored to bytes little-endian.

Interface difference (follows the KAT files, see <shared>/vectors/caesar/README.md): NORX v2.0 has a
2W = 64-bit nonce (8 bytes) and a 4W = 128-bit key, and this model takes exactly those; SUPERCOP's
api.h for norx3241v2 says 32-byte key / 16-byte nonce / 32-byte tag (NORX64's values), which is wrong.
"""

from __future__ import annotations

import hmac

MASK32 = (1 << 32) - 1
KEY_BYTES = 16
NONCE_BYTES = 8
TAG_BYTES = 16
SUPERCOP_NAME = "norx3241v2"

WORD_BITS = 32
ROUNDS = 4          # l: rounds of G per call of F^l
PARALLELISM = 1     # p
TAG_BITS = 128      # t
RATE_WORDS = 12
RATE_BYTES = RATE_WORDS * 4  # 48

# §2.4, Table 2.2: right-rotation offsets (r0, r1, r2, r3) of G for W = 32.
ROTATIONS = (8, 11, 16, 31)

# §2.5.2, Table 2.4: initialisation constants u0..u15 for W = 32; (u0, ..., u15) = F^2(0, ..., 15),
# which also serves as the published test vector of F. Only u2, u3, u8..u15 enter the state.
U = (0x0454EDAB, 0xAC6851CC, 0xB707322F, 0xA0C7C90D, 0x99AB09AC, 0xA643466D, 0x21C22362, 0x1230C950,
     0xA3D8D930, 0x3FA8B72C, 0xED84EB49, 0xEDCA4787, 0x335463EB, 0xF994220B, 0xBE0BF5C9, 0xD7C49104)

# §2.5.2, Table 2.3: domain-separation constants XORed into s15 before F^l.
HEADER_TAG = 0x01
PAYLOAD_TAG = 0x02
TRAILER_TAG = 0x04
FINAL_TAG = 0x08

# §2.4: the column step then the diagonal step, as the four word indices G acts on.
COLUMNS = ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15))
DIAGONALS = ((0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14))


def _rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & MASK32


def h(x: int, y: int) -> int:
    """§2.4: the non-linear map H(x, y) = (x ^ y) ^ ((x & y) << 1), replacing integer addition."""
    return (x ^ y ^ ((x & y) << 1)) & MASK32


def g(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int]:
    """§2.4 (Fig. 2.4): the quarter-round G on four words."""
    r0, r1, r2, r3 = ROTATIONS
    a = h(a, b)
    d = _rotr(a ^ d, r0)
    c = h(c, d)
    b = _rotr(b ^ c, r1)
    a = h(a, b)
    d = _rotr(a ^ d, r2)
    c = h(c, d)
    b = _rotr(b ^ c, r3)
    return a, b, c, d


def round_function(state: list[int]) -> list[int]:
    """F (§2.4): one full round, G on the four columns then on the four diagonals. Returns a new state."""
    s = list(state)
    for group in COLUMNS + DIAGONALS:
        i, j, k, m = group
        s[i], s[j], s[k], s[m] = g(s[i], s[j], s[k], s[m])
    return s


def permutation(state: list[int], rounds: int = ROUNDS) -> list[int]:
    """F^l (§2.4): `rounds` iterations of F (l = 4 for NORX32-4-1). Returns a new state."""
    if len(state) != 16 or any(not 0 <= int(w) <= MASK32 for w in state):
        raise ValueError("NORX32 state must be sixteen 32-bit unsigned integers")
    s = [int(w) for w in state]
    for _ in range(rounds):
        s = round_function(s)
    return s


def _load_words(data: bytes) -> list[int]:
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]


def _store_words(words: list[int]) -> bytes:
    return b"".join(w.to_bytes(4, "little") for w in words)


def initialise(key: bytes, nonce: bytes) -> list[int]:
    """§2.5.2 (initialise): S = (n0, n1, u2, u3, k0..k3, u8..u15), XOR the instance parameters
    (W, l, p, t) into s12..s15, then apply F^l."""
    s = _load_words(nonce) + [U[2], U[3]] + _load_words(key) + list(U[8:])
    s[12] ^= WORD_BITS
    s[13] ^= ROUNDS
    s[14] ^= PARALLELISM
    s[15] ^= TAG_BITS
    return permutation(s)


def _pad(block: bytes) -> bytes:
    """§2.5.2: multi-rate padding pad_r: append 0x01, zeros, and set the top bit of the last rate byte."""
    padded = bytearray(block) + bytes(RATE_BYTES - len(block))
    padded[len(block)] ^= 0x01
    padded[RATE_BYTES - 1] ^= 0x80
    return bytes(padded)


def _blocks(data: bytes) -> list[bytes]:
    """Full 48-byte blocks, then the last partial (possibly empty) block that gets padded.

    Non-empty data always ends with a padded block, so a multiple of 48 bytes gets one more block."""
    full = len(data) // RATE_BYTES
    return [data[i * RATE_BYTES:(i + 1) * RATE_BYTES] for i in range(full + 1)]


def _next_block(state: list[int], domain: int) -> list[int]:
    """§2.5.2: s15 ^= domain constant, then F^l — done before every block of a phase."""
    state = list(state)
    state[15] ^= domain
    return permutation(state)


def _absorb(state: list[int], data: bytes, domain: int) -> list[int]:
    """§2.5.2 (absorb): absorb header (or trailer) blocks; nothing at all when the data is empty."""
    if not data:
        return state
    for index, block in enumerate(_blocks(data)):
        is_last = index == len(data) // RATE_BYTES
        state = _next_block(state, domain)
        words = _load_words(_pad(block) if is_last else block)
        state = [s ^ w for s, w in zip(state[:RATE_WORDS], words)] + state[RATE_WORDS:]
    return state


def _finalise(state: list[int]) -> bytes:
    """§2.5.2 (finalise): s15 ^= 0x08, F^l, F^l, tag = s0..s3."""
    state = permutation(_next_block(state, FINAL_TAG))
    return _store_words(state[:4])


def _crypt(state: list[int], data: bytes, decrypting: bool) -> tuple[list[int], bytes]:
    """§2.5.2 (encrypt / decrypt): per block, s15 ^= 0x02, F^l, then C = rate ^ P and the rate becomes C
    (with the padding of the last block absorbed on top). Returns the new state and the output."""
    if not data:
        return state, b""
    out = bytearray()
    for block in _blocks(data):
        state = _next_block(state, PAYLOAD_TAG)
        keystream = _store_words(state[:RATE_WORDS])
        produced = bytes(k ^ x for k, x in zip(keystream, block))
        plain = produced if decrypting else block
        out += produced
        padded = _pad(plain) if len(block) < RATE_BYTES else plain
        words = _load_words(padded)
        state = [s ^ w for s, w in zip(state[:RATE_WORDS], words)] + state[RATE_WORDS:]
    return state, bytes(out)


def _check_lengths(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"NORX32-4-1 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"NORX32-4-1 v2.0 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """NORX AEAD encryption (§2.5.1, AEADEnc with p = 1: no branch/merge) with header = AD and an empty trailer: ciphertext || 16-byte tag."""
    _check_lengths(key, nonce)
    state = _absorb(initialise(key, nonce), ad, HEADER_TAG)
    state, ciphertext = _crypt(state, plaintext, decrypting=False)
    return ciphertext + _finalise(state)


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """NORX AEAD decryption (§2.5.1, AEADDec): the plaintext, or None when the tag does not verify."""
    _check_lengths(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = _absorb(initialise(key, nonce), ad, HEADER_TAG)
    state, plaintext = _crypt(state, ciphertext, decrypting=True)
    if not hmac.compare_digest(_finalise(state), tag):
        return None
    return plaintext
