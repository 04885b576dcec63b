"""Deoxys-I-128-128 v1.3 (Deoxys!=, nonce-respecting; SUPERCOP ``deoxysneq128128v13``) and its
tweakable block cipher Deoxys-BC-256 as v1.3 defines it.

Specification: Jérémy Jean, Ivica Nikolić and Thomas Peyrin, "Deoxys v1.3", CAESAR round-2
submission, 2015: the tweakable block cipher Deoxys-BC-256 and the nonce-respecting mode Deoxys!=
(called Deoxys-I from v1.4 on). The submission's reference code (SUPERCOP 20160716
``crypto_aead/deoxysneq128128v13/ref``) was read to pin the points below; this model is written
from that reading, and the KAT file ``<shared>/vectors/caesar/deoxysneq128128v13`` (same code)
checks it: all 1089 records (tests/golden/test_deoxysneq128128v13.py).

**v1.3 is not v1.41.** Two differences in the block cipher and two in the mode, each of which alone
makes every KAT fail:

- tweakey schedule: the key half is multiplied by 2 in GF(2^8) (AES's xtime, x^8 + x^4 + x^3 + x + 1)
  each round, where v1.41 applies the LFSR2 (x7..x0) -> (x6..x0, x7 ^ x5); and the byte permutation h
  moves byte i of the tweakey word to position H_PERMUTATION[i] (v1.41's reference indexes the other
  way round);
- mode: the AD blocks' tweaks carry no nonce (stage || 0^64 || block number); the tag of a message
  with a partial last block uses the block number of that block (the number of full blocks), as the
  keystream block does, not one more.

Deoxys-BC-256 is AES-like: a 128-bit state (bytes in AES column order), an initial AddRoundTweakey
and 14 rounds of SubBytes, ShiftRows, MixColumns (in every round, the last included) and
AddRoundTweakey. The tweakey is KEY || TWEAK (two 128-bit words); round i's subtweakey is

  STK_i = TK_i ^ TW_i ^ RC_i,   TK_(i+1) = 2 * h(TK_i),   TW_(i+1) = h(TW_i)

(TK the key word, TW the tweak word), RC_i = 01 02 04 08 in bytes 0..3 and rcon_i in bytes 4..7.
Hardware computes this on the fly, one step per round (:func:`tweakey_step`, :func:`subtweakey`).

Deoxys!= with a 64-bit nonce N: the 128-bit tweak is a 4-bit stage, 64 bits (N, or zero for AD),
a 60-bit block number, big-endian (:func:`make_tweak`). Stages: 0010 full AD block, 0110 last partial
AD block (padded 10*), 0000 full message block (the block cipher itself encrypts it), 0100 last
partial message block (keystream E(0^128)), 0001 tag when the message has no partial block, 0101 tag
when it has one. Tag = E_K^(stage, N, blocks)(checksum of the message blocks, the partial one padded)
^ Auth (XOR of the AD blocks' encryptions).
"""

from __future__ import annotations

import hmac
from functools import lru_cache

from cryptohls.golden.aes import inv_mix_columns, inv_shift_rows, inv_sub_bytes
from cryptohls.golden.aes_round import aes_round, word_from_bytes, word_to_bytes

SUPERCOP_NAME = "deoxysneq128128v13"
KEY_BYTES = 16
NONCE_BYTES = 8
TAG_BYTES = 16
BLOCK_BYTES = 16
ROUNDS = 14

H_PERMUTATION = (1, 6, 11, 12, 5, 10, 15, 0, 9, 14, 3, 4, 13, 2, 7, 8)   # byte i -> position H[i]
# rcon_0 .. rcon_14 of Deoxys-BC-256: the AES key-schedule constants x^i from i = 15 (0x2F) on.
RCON = (0x2F, 0x5E, 0xBC, 0x63, 0xC6, 0x97, 0x35, 0x6A, 0xD4, 0xB3, 0x7D, 0xFA, 0xEF, 0xC5, 0x91)

PREFIX_AD = 0b0010
PREFIX_AD_LAST = 0b0110
PREFIX_MESSAGE = 0b0000
PREFIX_MESSAGE_LAST = 0b0100
PREFIX_TAG = 0b0001
PREFIX_TAG_AFTER_PARTIAL = 0b0101


# --- Deoxys-BC-256 (v1.3) ------------------------------------------------------------------------

def h(block: bytes) -> bytes:
    """The tweakey byte permutation h: input byte i goes to output position H_PERMUTATION[i]."""
    out = bytearray(16)
    for i, j in enumerate(H_PERMUTATION):
        out[j] = block[i]
    return bytes(out)


def times2(block: bytes) -> bytes:
    """Every byte multiplied by 2 in GF(2^8) mod x^8 + x^4 + x^3 + x + 1 (v1.3's G for the key word)."""
    return bytes(((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF for x in block)


def round_constant(round_index: int) -> bytes:
    """RC_i: column 0 = (1, 2, 4, 8), column 1 = rcon_i four times, columns 2 and 3 zero."""
    r = RCON[round_index]
    return bytes((1, 2, 4, 8, r, r, r, r)) + bytes(8)


def tweakey_step(tweak_word: bytes, key_word: bytes) -> tuple[bytes, bytes]:
    """One step of the tweakey schedule: (TW, TK) -> (h(TW), 2 * h(TK))."""
    return h(tweak_word), times2(h(key_word))


def subtweakey(tweak_word: bytes, key_word: bytes, round_index: int) -> bytes:
    """STK_i = TW_i ^ TK_i ^ RC_i."""
    rc = round_constant(round_index)
    return bytes(a ^ b ^ c for a, b, c in zip(tweak_word, key_word, rc))


def tweakey_schedule(tweak: bytes, key: bytes) -> list[tuple[bytes, bytes]]:
    """(TW_i, TK_i) for i = 0..14, as a round-per-cycle datapath holds them."""
    states = [(bytes(tweak), bytes(key))]
    for _ in range(ROUNDS):
        states.append(tweakey_step(*states[-1]))
    return states


def subtweakeys(tweak: bytes, key: bytes) -> list[bytes]:
    """STK_0 .. STK_14, straight from :func:`tweakey_schedule`."""
    return [subtweakey(tk1, tk2, i) for i, (tk1, tk2) in enumerate(tweakey_schedule(tweak, key))]


def _h_power(times: int) -> tuple[int, ...]:
    """The byte order of h applied `times` times: output byte j is input byte order[j]."""
    order = tuple(range(16))
    for _ in range(times):
        order = tuple(h(bytes(order)))
    return order


_H_POWERS = tuple(_h_power(i) for i in range(ROUNDS + 1))


@lru_cache(maxsize=16)
def _key_parts(key: bytes) -> tuple[int, ...]:
    # TK_i ^ RC_i for every round: a mode calls the cipher many times with one key, and only the
    # tweak word changes. The tests check this shortcut against subtweakeys().
    parts, key_word = [], bytes(key)
    for i in range(ROUNDS + 1):
        parts.append(word_from_bytes(bytes(a ^ b for a, b in zip(key_word, round_constant(i)))))
        key_word = times2(h(key_word))
    return tuple(parts)


def _fast_subtweakeys(tweak: bytes, key: bytes) -> list[int]:
    return [part ^ word_from_bytes(bytes(tweak[j] for j in _H_POWERS[i]))
            for i, part in enumerate(_key_parts(bytes(key)))]


def _check_block_cipher_inputs(tweak: bytes, key: bytes, block: bytes) -> None:
    for name, value in (("tweak", tweak), ("key", key), ("block", block)):
        if len(value) != 16:
            raise ValueError(f"Deoxys-BC-256 {name} must be 16 bytes, got {len(value)}")


def bc_encrypt(key: bytes, tweak: bytes, block: bytes) -> bytes:
    """Deoxys-BC-256 encryption E_K^T(P): P ^ STK_0, then 14 x (AES round with STK_i)."""
    _check_block_cipher_inputs(tweak, key, block)
    stk = _fast_subtweakeys(tweak, key)
    state = word_from_bytes(block) ^ stk[0]
    for i in range(1, ROUNDS + 1):
        state = aes_round(state, stk[i])
    return word_to_bytes(state)


def bc_decrypt(key: bytes, tweak: bytes, block: bytes) -> bytes:
    """Deoxys-BC-256 decryption D_K^T(C), the inverse of :func:`bc_encrypt` round by round."""
    _check_block_cipher_inputs(tweak, key, block)
    stk = [word_to_bytes(w) for w in _fast_subtweakeys(tweak, key)]
    state = bytes(block)
    for i in range(ROUNDS, 0, -1):
        state = bytes(a ^ b for a, b in zip(state, stk[i]))
        state = inv_sub_bytes(inv_shift_rows(inv_mix_columns(state)))
    return bytes(a ^ b for a, b in zip(state, stk[0]))


# --- Deoxys!= (v1.3) -----------------------------------------------------------------------------

def make_tweak(prefix: int, nonce: bytes, block_number: int) -> bytes:
    """stage (4 bits) || nonce (64 bits; zero for AD) || block number (60 bits), big-endian."""
    value = (prefix << 124) | (int.from_bytes(nonce, "big") << 60) | block_number
    return value.to_bytes(16, "big")


def pad10(data: bytes) -> bytes:
    """pad10*: a partial block followed by one 1 bit (byte 0x80) and zeros to 16 bytes."""
    return bytes(data) + b"\x80" + bytes(BLOCK_BYTES - 1 - len(data))


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _split(data: bytes) -> tuple[list[bytes], bytes]:
    """Full 16-byte blocks and the (possibly empty) partial last block."""
    full = len(data) // BLOCK_BYTES * BLOCK_BYTES
    return [data[i: i + BLOCK_BYTES] for i in range(0, full, BLOCK_BYTES)], data[full:]


def authenticate_associated_data(key: bytes, nonce: bytes, ad: bytes) -> bytes:
    """Auth = XOR of E_K^(0010, 0, i)(A_i), plus E_K^(0110, 0, la)(pad10*(A_*)) for a partial A_*
    (v1.3: no nonce in the AD tweaks)."""
    del nonce   # the AD part does not depend on it in v1.3
    blocks, last = _split(ad)
    no_nonce = bytes(NONCE_BYTES)
    auth = bytes(BLOCK_BYTES)
    for i, block in enumerate(blocks):
        auth = _xor(auth, bc_encrypt(key, make_tweak(PREFIX_AD, no_nonce, i), block))
    if last:
        auth = _xor(auth, bc_encrypt(key, make_tweak(PREFIX_AD_LAST, no_nonce, len(blocks)), pad10(last)))
    return auth


def _tag(key: bytes, nonce: bytes, auth: bytes, checksum: bytes, full_blocks: int, partial: bool) -> bytes:
    """E_K^(stage, N, full_blocks)(checksum) ^ Auth; the stage says whether a partial block was padded."""
    stage = PREFIX_TAG_AFTER_PARTIAL if partial else PREFIX_TAG
    return _xor(bc_encrypt(key, make_tweak(stage, nonce, full_blocks), checksum), auth)


def _check_sizes(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_BYTES:
        raise ValueError(f"Deoxys-I-128-128 key must be {KEY_BYTES} bytes, got {len(key)}")
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"Deoxys-I-128-128 nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")


def encrypt(key: bytes, nonce: bytes, ad: bytes, plaintext: bytes) -> bytes:
    """Deoxys!= encryption: ciphertext (as long as the plaintext) || 16-byte tag."""
    _check_sizes(key, nonce)
    auth = authenticate_associated_data(key, nonce, ad)
    blocks, last = _split(plaintext)
    checksum, ciphertext = bytes(BLOCK_BYTES), bytearray()
    for j, block in enumerate(blocks):
        checksum = _xor(checksum, block)
        ciphertext += bc_encrypt(key, make_tweak(PREFIX_MESSAGE, nonce, j), block)
    if last:
        checksum = _xor(checksum, pad10(last))
        pad = bc_encrypt(key, make_tweak(PREFIX_MESSAGE_LAST, nonce, len(blocks)), bytes(BLOCK_BYTES))
        ciphertext += _xor(last, pad)
    return bytes(ciphertext) + _tag(key, nonce, auth, checksum, len(blocks), bool(last))


def decrypt(key: bytes, nonce: bytes, ad: bytes, ciphertext_and_tag: bytes) -> bytes | None:
    """Deoxys!= decryption and verification: the plaintext, or None if the tag is wrong."""
    _check_sizes(key, nonce)
    if len(ciphertext_and_tag) < TAG_BYTES:
        return None
    ciphertext, tag = ciphertext_and_tag[:-TAG_BYTES], ciphertext_and_tag[-TAG_BYTES:]
    auth = authenticate_associated_data(key, nonce, ad)
    blocks, last = _split(ciphertext)
    checksum, plaintext = bytes(BLOCK_BYTES), bytearray()
    for j, block in enumerate(blocks):
        message_block = bc_decrypt(key, make_tweak(PREFIX_MESSAGE, nonce, j), block)
        checksum = _xor(checksum, message_block)
        plaintext += message_block
    if last:
        pad = bc_encrypt(key, make_tweak(PREFIX_MESSAGE_LAST, nonce, len(blocks)), bytes(BLOCK_BYTES))
        message_last = _xor(last, pad)
        checksum = _xor(checksum, pad10(message_last))
        plaintext += message_last
    expected = _tag(key, nonce, auth, checksum, len(blocks), bool(last))
    return bytes(plaintext) if hmac.compare_digest(expected, tag) else None
