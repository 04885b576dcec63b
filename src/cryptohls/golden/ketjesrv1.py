"""Ketje Sr v1 (SUPERCOP ``ketjesrv1``): Keccak-p[400, n_r] and MonkeyWrap over MonkeyDuplex.

Follows "CAESAR submission: Ketje v1" (Bertoni, Daemen, Peeters, Van Assche, Van Keer; 2014):
Ketje Sr = MonkeyWrap on Keccak-p[400] with block size rho = 32 bits, n_start = 12, n_step = 1 and
n_stride = 6 rounds; the permutation is Keccak-p[b, n_r] of "The Keccak reference" / FIPS 202 §3
(the last n_r rounds of Keccak-f[b], here with 16-bit lanes). Ketje v2 is a different cipher (it
"twists" the state, moving the rate lanes); this model is v1, without the twist. Source note: the v1
PDF was not available offline here; the model follows the MonkeyDuplex / MonkeyWrap definitions, and
one detail was settled on the KATs: the tag-extending step absorbs the one-bit string 0 (padding starts
at bit 1), not an empty string. Keccak-f[400] is checked against the Keccak team's published
intermediate values (tests).

State: 25 lanes of 16 bits, lane index x + 5*y, as a list of ints. Bit i of the 400-bit state is bit
i % 16 of lane i // 16, and byte strings map onto it little-endian (byte 0 = bits 0..7).

MonkeyDuplex (rate r = rho + 4 = 36 bits):
  start(I):      s = I || pad10*1 (over the 400-bit width); s = f[n_start](s)
  step(sigma, l):   s ^= sigma || pad10*1[r]; s = f[n_step](s);   return the first l bits
  stride(sigma, l): s ^= sigma || pad10*1[r]; s = f[n_stride](s); return the first l bits
MonkeyWrap: initialize(K, N) = start(keypack(K, |K| + 16) || N), with keypack(K, l) =
enc8(l / 8) || K || pad10* to l bits; wrap(A, B) frames associated-data blocks with the bits 00
(the last one 01), plaintext blocks with 11, the last plaintext block with 10 into a stride; the tag
continues with step(0, rho) calls (the one-bit string 0, no frame bits) when it is longer than rho.
"""

from __future__ import annotations

import hmac

KEY_BYTES = 16
NONCE_BYTES = 16
TAG_BYTES = 16
SUPERCOP_NAME = "ketjesrv1"

LANE_BITS = 16
LANE_MASK = (1 << LANE_BITS) - 1
WIDTH_BYTES = 50
BLOCK_BYTES = 4        # rho = 32 bits
DUPLEX_RATE_BITS = 36  # rho + 2 frame bits + at least 2 padding bits
N_START, N_STEP, N_STRIDE = 12, 1, 6
FULL_ROUNDS = 20       # Keccak-f[400]: 12 + 2*log2(16)

# Keccak round constants (the 64-bit RC[i_r] of FIPS 202 §3.2.5); for 16-bit lanes only the low 16 bits.
_RC64 = (0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
         0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
         0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
         0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
         0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A)
ROUND_CONSTANTS = tuple(rc & LANE_MASK for rc in _RC64)

# rho offsets r[x, y] (FIPS 202 §3.2.2, Table 2), reduced mod 16; index x + 5*y.
_RHO64 = (0, 1, 62, 28, 27,
          36, 44, 6, 55, 20,
          3, 10, 43, 25, 39,
          41, 45, 15, 21, 8,
          18, 2, 61, 56, 14)
RHO_OFFSETS = tuple(r % LANE_BITS for r in _RHO64)

FRAME_AD, FRAME_LAST_AD, FRAME_PAYLOAD, FRAME_LAST_PAYLOAD = 0b00, 0b10, 0b11, 0b01  # bits LSB first


def _rotl16(x: int, n: int) -> int:
    n %= LANE_BITS
    return ((x << n) | (x >> (LANE_BITS - n))) & LANE_MASK if n else x


# pi: lane (x, y) moves to (y, 2x + 3y); as (source index, destination index, rho offset) triples.
_RHO_PI = tuple((x + 5 * y, y + 5 * ((2 * x + 3 * y) % 5), RHO_OFFSETS[x + 5 * y])
                for y in range(5) for x in range(5))


def keccak_round(lanes: list[int], round_index: int) -> list[int]:
    """One Keccak-p[400] round R = iota . chi . pi . rho . theta (FIPS 202 §3.3) with round index i_r."""
    a = lanes
    # theta: D[x] = C[x - 1] ^ (C[x + 1] <<< 1), C[x] the parity of column x
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
    d = [c[(x - 1) % 5] ^ (((c[(x + 1) % 5] << 1) | (c[(x + 1) % 5] >> 15)) & LANE_MASK) for x in range(5)]
    # rho then pi: B[y, 2x + 3y] = (A[x, y] ^ D[x]) <<< r[x, y]
    b = [0] * 25
    for source, destination, offset in _RHO_PI:
        v = a[source] ^ d[source % 5]
        b[destination] = ((v << offset) | (v >> (LANE_BITS - offset))) & LANE_MASK
    # chi: A[x, y] = B[x, y] ^ (~B[x + 1, y] & B[x + 2, y]), row by row (w < 2^16 keeps ~v & w in 16 bits)
    out = []
    for row in range(0, 25, 5):
        b0, b1, b2, b3, b4 = b[row:row + 5]
        out += [b0 ^ (~b1 & b2), b1 ^ (~b2 & b3), b2 ^ (~b3 & b4), b3 ^ (~b4 & b0), b4 ^ (~b0 & b1)]
    # iota
    out[0] ^= ROUND_CONSTANTS[round_index]
    return out


def _permute(lanes: list[int], rounds: int) -> list[int]:
    for round_index in range(FULL_ROUNDS - rounds, FULL_ROUNDS):
        lanes = keccak_round(lanes, round_index)
    return lanes


def keccak_p400(lanes: list[int], rounds: int) -> list[int]:
    """Keccak-p[400, rounds]: the last `rounds` rounds of Keccak-f[400] (round indices 20 - rounds .. 19)."""
    if len(lanes) != 25 or any(not 0 <= int(v) <= LANE_MASK for v in lanes):
        raise ValueError("Keccak-p[400] state must be 25 lanes of 16 bits")
    if not 1 <= rounds <= FULL_ROUNDS:
        raise ValueError(f"Keccak-p[400] round count must be in 1..{FULL_ROUNDS}, got {rounds}")
    return _permute([int(v) for v in lanes], rounds)


def keccak_f400(lanes: list[int]) -> list[int]:
    """Keccak-f[400] = Keccak-p[400, 20]."""
    return keccak_p400(lanes, FULL_ROUNDS)


def state_to_bytes(lanes: list[int]) -> bytes:
    return b"".join(v.to_bytes(2, "little") for v in lanes)


def bytes_to_state(data: bytes) -> list[int]:
    return [int.from_bytes(data[2 * i:2 * i + 2], "little") for i in range(25)]


class MonkeyDuplex:
    """The MonkeyDuplex construction on Keccak-p[400] with Ketje Sr's round numbers."""

    def __init__(self, start_input: bytes) -> None:
        """start(I): I || pad10*1 over the full 400-bit width, then f[n_start]."""
        padded = bytearray(start_input) + bytes(WIDTH_BYTES - len(start_input))
        padded[len(start_input)] ^= 0x01
        padded[WIDTH_BYTES - 1] ^= 0x80
        self.lanes = keccak_p400(bytes_to_state(bytes(padded)), N_START)

    def _duplex(self, block: bytes, tail: int, tail_bits: int, rounds: int, out_bytes: int) -> bytes:
        """s ^= block || tail bits || pad10*1[r]; s = f[rounds](s); return the first out_bytes.

        The tail is the two frame bits of MonkeyWrap (or the single 0 bit of a squeezing step)."""
        bits = (int.from_bytes(block, "little")
                | ((tail | (1 << tail_bits)) << (8 * len(block)))  # the tail bits, then the first padding bit
                | (1 << (DUPLEX_RATE_BITS - 1)))                     # the last padding bit
        lanes = list(self.lanes)
        for index in range(3):  # the 36-bit duplex rate lies in lanes 0..2
            lanes[index] ^= (bits >> (LANE_BITS * index)) & LANE_MASK
        self.lanes = _permute(lanes, rounds)
        return (self.lanes[0] | (self.lanes[1] << LANE_BITS)).to_bytes(BLOCK_BYTES, "little")[:out_bytes]

    def step(self, block: bytes, frame: int, out_bytes: int) -> bytes:
        """step(block || frame, l) with n_step rounds."""
        return self._duplex(block, frame, 2, N_STEP, out_bytes)

    def stride(self, block: bytes, frame: int, out_bytes: int) -> bytes:
        """stride(block || frame, l) with n_stride rounds."""
        return self._duplex(block, frame, 2, N_STRIDE, out_bytes)

    def squeeze(self, out_bytes: int) -> bytes:
        """step(0, l): the one-bit string 0 (no frame bits), n_step rounds — extends the tag."""
        return self._duplex(b"", 0, 1, N_STEP, out_bytes)


def _keypack(key: bytes) -> bytes:
    """keypack(K, |K| + 16) = enc8((|K| + 16) / 8) || K || pad10* (one 0x01 byte for byte-sized K)."""
    return bytes([len(key) + 2]) + key + b"\x01"


def _blocks(data: bytes) -> list[bytes]:
    """rho-bit blocks: at least one (possibly empty) block; a multiple of rho ends with a full block."""
    blocks = [data[i:i + BLOCK_BYTES] for i in range(0, len(data), BLOCK_BYTES)]
    return blocks or [b""]


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _wrap(key: bytes, nonce: bytes, ad: bytes, data: bytes, decrypting: bool) -> tuple[bytes, bytes]:
    """MonkeyWrap.initialize then wrap/unwrap: returns (output data, tag)."""
    duplex = MonkeyDuplex(_keypack(key) + nonce)
    ad_blocks = _blocks(ad)
    for block in ad_blocks[:-1]:
        duplex.step(block, FRAME_AD, 0)
    data_blocks = _blocks(data)
    keystream = duplex.step(ad_blocks[-1], FRAME_LAST_AD, len(data_blocks[0]))
    out = bytearray()
    for index, block in enumerate(data_blocks):
        produced = _xor(block, keystream)
        out += produced
        plain = produced if decrypting else block
        if index + 1 < len(data_blocks):
            keystream = duplex.step(plain, FRAME_PAYLOAD, len(data_blocks[index + 1]))
        else:
            tag = duplex.stride(plain, FRAME_LAST_PAYLOAD, BLOCK_BYTES)
    while len(tag) < TAG_BYTES:
        tag += duplex.squeeze(BLOCK_BYTES)
    return bytes(out), tag[:TAG_BYTES]


def _check_lengths(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"Ketje Sr key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"Ketje Sr nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """Ketje Sr v1 (MonkeyWrap.wrap): ciphertext || 16-byte tag."""
    _check_lengths(key, nonce)
    ciphertext, tag = _wrap(key, nonce, ad, plaintext, decrypting=False)
    return ciphertext + tag


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """Ketje Sr v1 (MonkeyWrap.unwrap): the plaintext, or None when the tag does not verify."""
    _check_lengths(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    plaintext, expected = _wrap(key, nonce, ad, ciphertext, decrypting=True)
    if not hmac.compare_digest(expected, tag):
        return None
    return plaintext
