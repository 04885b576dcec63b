"""ACORN-128 v2 (SUPERCOP ``acorn128v2``): the step function, 32 steps at once, and the AEAD mode.

Follows "ACORN: A Lightweight Authenticated Cipher (v2)" (Hongjun Wu, 2015.08.29; CAESAR round 2,
competitions.cr.yp.to/round2/acornv2.pdf); section numbers refer to that document (§1.3.1 the state,
§1.3.2 the functions / one step, §1.3.3 initialization, §1.3.4 associated data, §1.3.5 encryption,
§1.3.6 finalization, §1.3.7 decryption). ACORN v3 (round 3) is a different cipher. Source note: the
PDF itself was not available offline here (only its table of contents); the step and the phases were
written from the ACORN design as recalled and are pinned by all 1089 KAT records (tests).

State: 293 bits S0..S292 (six concatenated LFSRs of 61, 46, 47, 39, 37, 59 bits and a last 4-bit
register), held as one int with bit i = S_i. Byte strings are fed one bit per step, least significant
bit of each byte first; keystream and tag bits are packed back into bytes the same way.

One step (§1.3.2), with message bit m and control bits ca, cb:
  1. LFSR feedbacks, in this order:  S289 ^= S235 ^ S230;  S230 ^= S196 ^ S193;  S193 ^= S160 ^ S154;
     S154 ^= S111 ^ S107;  S107 ^= S66 ^ S61;  S61 ^= S23 ^ S0
  2. keystream bit  ks = S12 ^ S154 ^ maj(S235, S61, S193)
  3. feedback bit   f  = S0 ^ ~S107 ^ maj(S244, S23, S160) ^ ch(S230, S111, S66) ^ (ca & S196) ^ (cb & ks)
  4. shift: S_j = S_{j+1} for j = 0..291, S292 = f ^ m.
Hardware runs 32 steps per cycle: every value a step reads was last written at least 33 steps
earlier by another tap, so 32 consecutive steps can be computed from one state (``steps``).
"""

from __future__ import annotations

import hmac

KEY_BYTES = 16
NONCE_BYTES = 16
TAG_BYTES = 16
SUPERCOP_NAME = "acorn128v2"

STATE_BITS = 293
STATE_MASK = (1 << STATE_BITS) - 1
MAX_PARALLEL_STEPS = 32

INIT_STEPS = 1792      # §1.3.3: 128 key bits, 128 IV bits, then 1536 more key-derived bits
PADDING_STEPS = 256    # §1.3.4 / §1.3.5: one 1 bit then 255 zero bits after AD and after the message
FINAL_STEPS = 768      # §1.3.6: the tag is the last 128 keystream bits


def _maj(x: int, y: int, z: int) -> int:
    return (x & y) ^ (x & z) ^ (y & z)


def _ch(x: int, y: int, z: int, mask: int) -> int:
    return (x & y) ^ (~x & mask & z)


def step(state: int, m: int, ca: int, cb: int) -> tuple[int, int]:
    """One ACORN step (§1.3.2), written bit by bit as the spec states it. Returns (new state, ks)."""
    s = [(state >> i) & 1 for i in range(STATE_BITS)]
    s[289] ^= s[235] ^ s[230]
    s[230] ^= s[196] ^ s[193]
    s[193] ^= s[160] ^ s[154]
    s[154] ^= s[111] ^ s[107]
    s[107] ^= s[66] ^ s[61]
    s[61] ^= s[23] ^ s[0]
    ks = s[12] ^ s[154] ^ _maj(s[235], s[61], s[193])
    f = (s[0] ^ (1 ^ s[107]) ^ _maj(s[244], s[23], s[160]) ^ _ch(s[230], s[111], s[66], 1)
         ^ (ca & s[196]) ^ (cb & ks))
    s = s[1:] + [f ^ m]
    return sum(bit << i for i, bit in enumerate(s)), ks


def steps(state: int, count: int, message_bits: int, ca: int, cb: int) -> tuple[int, int]:
    """`count` (1..32) consecutive steps at once, as hardware runs them.

    Bit t of `message_bits` is step t's message bit; ca and cb (0 or 1) hold for all `count` steps.
    Returns the new state and the `count` keystream bits (bit t = step t's ks).

    Each tap is read as a lane of `count` bits: lane p holds S_{p+t} as seen at step t. Because no tap
    is written within 32 steps before another tap reads it, every lane except 289's comes straight from
    `state`; lane 289 runs into the new feedback bits (S_{289+t} for t >= 4 is step t-4's f ^ m).
    """
    if not 1 <= count <= MAX_PARALLEL_STEPS:
        raise ValueError(f"ACORN runs 1..{MAX_PARALLEL_STEPS} steps at once, got {count}")
    lane = (1 << count) - 1
    ca_lane, cb_lane = (lane if ca else 0), (lane if cb else 0)
    s = state
    t0, t12, t23 = s & lane, (s >> 12) & lane, (s >> 23) & lane
    t61, t66, t107, t111 = (s >> 61) & lane, (s >> 66) & lane, (s >> 107) & lane, (s >> 111) & lane
    t154, t160, t193, t196 = (s >> 154) & lane, (s >> 160) & lane, (s >> 193) & lane, (s >> 196) & lane
    t230, t235, t244 = (s >> 230) & lane, (s >> 235) & lane, (s >> 244) & lane
    new230 = t230 ^ t196 ^ t193
    new193 = t193 ^ t160 ^ t154
    new154 = t154 ^ t111 ^ t107
    new107 = t107 ^ t66 ^ t61
    new61 = t61 ^ t23 ^ t0
    ks = t12 ^ new154 ^ _maj(t235, new61, new193)
    f = (t0 ^ (~new107 & lane) ^ _maj(t244, t23, t160) ^ _ch(new230, t111, t66, lane)
         ^ (ca_lane & t196) ^ (cb_lane & ks))
    fed = f ^ (message_bits & lane)
    # S289..S292 then the fed bits, in sequence order, before S289's own feedback is applied.
    tail = ((s >> 289) & 0xF) | (fed << 4)
    tail ^= t235 ^ t230
    # Write the updated lanes back (their positions are at least 33 apart, so they do not overlap).
    updated = s & _keep_mask(count)
    updated |= (new230 << 230) | (new193 << 193) | (new154 << 154) | (new107 << 107) | (new61 << 61)
    return ((updated | (tail << 289)) >> count) & STATE_MASK, ks


_KEEP_MASKS: dict[int, int] = {}


def _keep_mask(count: int) -> int:
    """Bits 0..288 of the state minus the five written lanes of `count` bits."""
    if count not in _KEEP_MASKS:
        lane = (1 << count) - 1
        mask = (1 << 289) - 1
        for position in (230, 193, 154, 107, 61):
            mask &= ~(lane << position)
        _KEEP_MASKS[count] = mask
    return _KEEP_MASKS[count]


def _run(state: int, bits: int, count: int, ca: int, cb: int) -> tuple[int, int]:
    """`count` steps with message bits `bits` (bit t for step t), 32 at a time; returns state, ks bits."""
    keystream = 0
    done = 0
    while done < count:
        chunk = min(MAX_PARALLEL_STEPS, count - done)
        state, ks = steps(state, chunk, bits >> done, ca, cb)
        keystream |= ks << done
        done += chunk
    return state, keystream


def _bits(data: bytes) -> int:
    """Bit 8*i + j is bit j (least significant first) of byte i."""
    return int.from_bytes(data, "little")


def initialise(key: bytes, nonce: bytes) -> int:
    """§1.3.3: from the all-zero state, 1792 steps with ca = cb = 1 and message bits
    K (128 steps), IV (128 steps), then K_{i mod 128} for i = 256..1791 with K_0 ^ 1 at step 256."""
    k = _bits(key)
    repeated_key = sum(k << (128 * i) for i in range(12))  # 1536 bits: K_{i mod 128}
    message = k | (_bits(nonce) << 128) | ((repeated_key ^ 1) << 256)
    state, _ = _run(0, message, INIT_STEPS, 1, 1)
    return state


def _padding(state: int, cb: int) -> int:
    """§1.3.4 / §1.3.5: 256 steps with message bits 1, 0, ..., 0; ca = 1 for the first 128, then 0."""
    half = PADDING_STEPS // 2
    state, _ = _run(state, 1, half, 1, cb)
    state, _ = _run(state, 0, half, 0, cb)
    return state


def _absorb_associated_data(state: int, ad: bytes) -> int:
    """§1.3.4: one step per AD bit (ca = cb = 1), then the padding with cb = 1."""
    state, _ = _run(state, _bits(ad), 8 * len(ad), 1, 1)
    return _padding(state, 1)


def _finalise(state: int) -> bytes:
    """§1.3.6: 768 steps with m = 0, ca = cb = 1; the tag is the last 128 keystream bits."""
    _, keystream = _run(state, 0, FINAL_STEPS, 1, 1)
    return (keystream >> (FINAL_STEPS - 8 * TAG_BYTES)).to_bytes(TAG_BYTES, "little")


def _check_lengths(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"ACORN-128 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"ACORN-128 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """ACORN-128 encryption (§1.3.5): c_i = p_i ^ ks_i with p_i as the message bit (ca = 1, cb = 0)."""
    _check_lengths(key, nonce)
    state = _absorb_associated_data(initialise(key, nonce), ad)
    state, keystream = _run(state, _bits(plaintext), 8 * len(plaintext), 1, 0)
    ciphertext = (_bits(plaintext) ^ keystream).to_bytes(len(plaintext), "little")
    return ciphertext + _finalise(_padding(state, 0))


def _decrypt_bits(state: int, ciphertext_bits: int, count: int) -> tuple[int, int]:
    """Message phase of decryption, 32 steps at a time: a step's keystream bit never depends on the
    message bits of the same 32-step batch (they enter at S292, the keystream taps stop at S235), so
    the batch's ks lane comes first, then the plaintext bits, then the batch runs with them."""
    plain = 0
    done = 0
    while done < count:
        chunk = min(MAX_PARALLEL_STEPS, count - done)
        _, ks = steps(state, chunk, 0, 1, 0)
        bits = ((ciphertext_bits >> done) ^ ks) & ((1 << chunk) - 1)
        state, _ = steps(state, chunk, bits, 1, 0)
        plain |= bits << done
        done += chunk
    return state, plain


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """ACORN-128 decryption (§1.3.7): the plaintext, or None when the tag does not verify."""
    _check_lengths(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    state = _absorb_associated_data(initialise(key, nonce), ad)
    state, plain_bits = _decrypt_bits(state, _bits(ciphertext), 8 * len(ciphertext))
    if not hmac.compare_digest(_finalise(_padding(state, 0)), tag):
        return None
    return plain_bits.to_bytes(len(ciphertext), "little")
