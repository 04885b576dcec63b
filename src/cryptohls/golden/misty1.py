"""MISTY1 64-bit block cipher, 128-bit key, 8 rounds (RFC 2994, "A Description of the MISTY1
Encryption Algorithm", Ohta & Matsui, 2000; also ISO/IEC 18033-3).

Words are big-endian: the key is K[0..15], EK[i] = K[2i] * 256 + K[2i+1]; a 64-bit block is
D0 (bytes 0-3) ‖ D1 (bytes 4-7). The functions follow RFC 2994 §2.2-§2.4 one to one:

- :func:`key_schedule` — the 16 expanded-key words EK[0..15] (§2.2): EK[0..7] are the key,
  EK[8+i] = FI(EK[i], EK[(i+1) % 8]). The RFC's EK[16..31] are only the 9-bit low and 7-bit high
  parts of EK[8..15]; :func:`fi` splits its key argument itself, so they are not stored.
- :func:`fi` — the 16-bit, three-round FI function with the S-boxes S7 and S9;
- :func:`fo` — the 32-bit, three-round FO function (sub-keys from :func:`fo_subkeys`);
- :func:`fl`, :func:`fl_inv` — the key-dependent linear FL function and its inverse (:func:`fl_subkeys`).

Encryption (§2.4): for each pair of rounds r = 0, 2, 4, 6:
  D0 = FL(D0, r); D1 = FL(D1, r+1); D1 ^= FO(D0, r); D0 ^= FO(D1, r+1)
then D0 = FL(D0, 8), D1 = FL(D1, 9) and the ciphertext is D1 ‖ D0. Decryption runs it backwards
with FLINV.
"""

from __future__ import annotations

from typing import Sequence

KEY_BYTES = 16
BLOCK_BYTES = 8
ROUNDS = 8

# S7 and S9 as published in RFC 2994 §2.3 (decimal). Both are permutations that are almost perfect
# nonlinear (every nonzero input difference gives each output difference at most twice), which the
# tests check, so a mistyped entry cannot go unnoticed.
S7: tuple[int, ...] = (
     27,  50,  51,  90,  59,  16,  23,  84,  91,  26, 114, 115, 107,  44, 102,  73,
     31,  36,  19, 108,  55,  46,  63,  74,  93,  15,  64,  86,  37,  81,  28,   4,
     11,  70,  32,  13, 123,  53,  68,  66,  43,  30,  65,  20,  75, 121,  21, 111,
     14,  85,   9,  54, 116,  12, 103,  83,  40,  10, 126,  56,   2,   7,  96,  41,
     25,  18, 101,  47,  48,  57,   8, 104,  95, 120,  42,  76, 100,  69, 117,  61,
     89,  72,   3,  87, 124,  79,  98,  60,  29,  33,  94,  39, 106, 112,  77,  58,
      1, 109, 110,  99,  24, 119,  35,   5,  38, 118,   0,  49,  45, 122, 127,  97,
     80,  34,  17,   6,  71,  22,  82,  78, 113,  62, 105,  67,  52,  92,  88, 125,
)

S9: tuple[int, ...] = (
    451, 203, 339, 415, 483, 233, 251,  53, 385, 185, 279, 491, 307,   9,  45, 211,
    199, 330,  55, 126, 235, 356, 403, 472, 163, 286,  85,  44,  29, 418, 355, 280,
    331, 338, 466,  15,  43,  48, 314, 229, 273, 312, 398,  99, 227, 200, 500,  27,
      1, 157, 248, 416, 365, 499,  28, 326, 125, 209, 130, 490, 387, 301, 244, 414,
    467, 221, 482, 296, 480, 236,  89, 145,  17, 303,  38, 220, 176, 396, 271, 503,
    231, 364, 182, 249, 216, 337, 257, 332, 259, 184, 340, 299, 430,  23, 113,  12,
     71,  88, 127, 420, 308, 297, 132, 349, 413, 434, 419,  72, 124,  81, 458,  35,
    317, 423, 357,  59,  66, 218, 402, 206, 193, 107, 159, 497, 300, 388, 250, 406,
    481, 361, 381,  49, 384, 266, 148, 474, 390, 318, 284,  96, 373, 463, 103, 281,
    101, 104, 153, 336,   8,   7, 380, 183,  36,  25, 222, 295, 219, 228, 425,  82,
    265, 144, 412, 449,  40, 435, 309, 362, 374, 223, 485, 392, 197, 366, 478, 433,
    195, 479,  54, 238, 494, 240, 147,  73, 154, 438, 105, 129, 293,  11,  94, 180,
    329, 455, 372,  62, 315, 439, 142, 454, 174,  16, 149, 495,  78, 242, 509, 133,
    253, 246, 160, 367, 131, 138, 342, 155, 316, 263, 359, 152, 464, 489,   3, 510,
    189, 290, 137, 210, 399,  18,  51, 106, 322, 237, 368, 283, 226, 335, 344, 305,
    327,  93, 275, 461, 121, 353, 421, 377, 158, 436, 204,  34, 306,  26, 232,   4,
    391, 493, 407,  57, 447, 471,  39, 395, 198, 156, 208, 334, 108,  52, 498, 110,
    202,  37, 186, 401, 254,  19, 262,  47, 429, 370, 475, 192, 267, 470, 245, 492,
    269, 118, 276, 427, 117, 268, 484, 345,  84, 287,  75, 196, 446, 247,  41, 164,
     14, 496, 119,  77, 378, 134, 139, 179, 369, 191, 270, 260, 151, 347, 352, 360,
    215, 187, 102, 462, 252, 146, 453, 111,  22,  74, 161, 313, 175, 241, 400,  10,
    426, 323, 379,  86, 397, 358, 212, 507, 333, 404, 410, 135, 504, 291, 167, 440,
    321,  60, 505, 320,  42, 341, 282, 417, 408, 213, 294, 431,  97, 302, 343, 476,
    114, 394, 170, 150, 277, 239,  69, 123, 141, 325,  83,  95, 376, 178,  46,  32,
    469,  63, 457, 487, 428,  68,  56,  20, 177, 363, 171, 181,  90, 386, 456, 468,
     24, 375, 100, 207, 109, 256, 409, 304, 346,   5, 288, 443, 445, 224,  79, 214,
    319, 452, 298,  21,   6, 255, 411, 166,  67, 136,  80, 351, 488, 289, 115, 382,
    188, 194, 201, 371, 393, 501, 116, 460, 486, 424, 405,  31,  65,  13, 442,  50,
     61, 465, 128, 168,  87, 441, 354, 328, 217, 261,  98, 122,  33, 511, 274, 264,
    448, 169, 285, 432, 422, 205, 243,  92, 258,  91, 473, 324, 502, 173, 165,  58,
    459, 310, 383,  70, 225,  30, 477, 230, 311, 506, 389, 140, 143,  64, 437, 190,
    120,   0, 172, 272, 350, 292,   2, 444, 162, 234, 112, 508, 278, 348,  76, 450,
)

_MASK16 = 0xFFFF
_MASK32 = 0xFFFFFFFF


def fi(fi_in: int, fi_key: int) -> int:
    """FI (RFC 2994 §2.3): 16 bits in, split 9 (high) + 7 (low); the key's low 9 and high 7 bits mix in."""
    d9 = fi_in >> 7
    d7 = fi_in & 0x7F
    d9 = S9[d9] ^ d7
    d7 = S7[d7] ^ (d9 & 0x7F)
    d7 ^= fi_key >> 9
    d9 ^= fi_key & 0x1FF
    d9 = S9[d9] ^ d7
    return (d7 << 9) | d9


def key_schedule(key: bytes) -> list[int]:
    """EK[0..15] (16-bit words) for a 16-byte key (RFC 2994 §2.2)."""
    if len(key) != KEY_BYTES:
        raise ValueError(f"MISTY1 key must be {KEY_BYTES} bytes, got {len(key)}")
    ek = [int.from_bytes(key[2 * i: 2 * i + 2], "big") for i in range(8)]
    ek += [fi(ek[i], ek[(i + 1) % 8]) for i in range(8)]
    return ek


def fo_subkeys(ek: Sequence[int], k: int) -> tuple[int, int, int, int, int, int, int]:
    """(KO1, KI1, KO2, KI2, KO3, KI3, KO4) used by FO number k (0..7)."""
    return (ek[k], ek[(k + 5) % 8 + 8], ek[(k + 2) % 8], ek[(k + 1) % 8 + 8],
            ek[(k + 7) % 8], ek[(k + 3) % 8 + 8], ek[(k + 4) % 8])


def fo(fo_in: int, ek: Sequence[int], k: int) -> int:
    """FO number k (RFC 2994 §2.3): a three-round Feistel network on 16-bit halves with FI inside."""
    ko1, ki1, ko2, ki2, ko3, ki3, ko4 = fo_subkeys(ek, k)
    t0 = fo_in >> 16
    t1 = fo_in & _MASK16
    t0 = fi(t0 ^ ko1, ki1) ^ t1
    t1 = fi(t1 ^ ko2, ki2) ^ t0
    t0 = fi(t0 ^ ko3, ki3) ^ t1
    t1 ^= ko4
    return (t1 << 16) | t0


def fl_subkeys(ek: Sequence[int], k: int) -> tuple[int, int]:
    """(AND key, OR key) used by FL/FLINV number k (0..9)."""
    if k % 2 == 0:
        return ek[k // 2], ek[(k // 2 + 6) % 8 + 8]
    return ek[((k - 1) // 2 + 2) % 8 + 8], ek[((k - 1) // 2 + 4) % 8]


def fl(fl_in: int, ek: Sequence[int], k: int) -> int:
    """FL number k (RFC 2994 §2.3): d1 ^= d0 & KL1; d0 ^= d1 | KL2 on the 16-bit halves d0 ‖ d1."""
    and_key, or_key = fl_subkeys(ek, k)
    d0 = fl_in >> 16
    d1 = fl_in & _MASK16
    d1 ^= d0 & and_key
    d0 ^= d1 | or_key
    return (d0 << 16) | d1


def fl_inv(fl_in: int, ek: Sequence[int], k: int) -> int:
    """FLINV number k (RFC 2994 §2.3): undoes :func:`fl` by applying its two steps in reverse order."""
    and_key, or_key = fl_subkeys(ek, k)
    d0 = fl_in >> 16
    d1 = fl_in & _MASK16
    d0 ^= d1 | or_key
    d1 ^= d0 & and_key
    return (d0 << 16) | d1


def _check_block(block: bytes) -> tuple[int, int]:
    if len(block) != BLOCK_BYTES:
        raise ValueError(f"MISTY1 block must be {BLOCK_BYTES} bytes, got {len(block)}")
    return int.from_bytes(block[:4], "big"), int.from_bytes(block[4:], "big")


def encrypt_with_schedule(ek: Sequence[int], block: bytes) -> bytes:
    """Encryption of one 8-byte block with EK from :func:`key_schedule` (RFC 2994 §2.4)."""
    d0, d1 = _check_block(block)
    for r in range(0, ROUNDS, 2):
        d0 = fl(d0, ek, r)
        d1 = fl(d1, ek, r + 1)
        d1 ^= fo(d0, ek, r)
        d0 ^= fo(d1, ek, r + 1)
    d0 = fl(d0, ek, ROUNDS)
    d1 = fl(d1, ek, ROUNDS + 1)
    return d1.to_bytes(4, "big") + d0.to_bytes(4, "big")


def decrypt_with_schedule(ek: Sequence[int], block: bytes) -> bytes:
    """Decryption of one 8-byte block: the encryption steps in reverse with FLINV (RFC 2994 §2.4)."""
    d1, d0 = _check_block(block)  # the ciphertext is D1 ‖ D0
    d0 = fl_inv(d0, ek, ROUNDS)
    d1 = fl_inv(d1, ek, ROUNDS + 1)
    for r in range(ROUNDS - 2, -1, -2):
        d0 ^= fo(d1, ek, r + 1)
        d1 ^= fo(d0, ek, r)
        d0 = fl_inv(d0, ek, r)
        d1 = fl_inv(d1, ek, r + 1)
    return d0.to_bytes(4, "big") + d1.to_bytes(4, "big")


def encrypt_block(key: bytes, block: bytes) -> bytes:
    """MISTY1 encryption of one 8-byte block with a 16-byte key."""
    return encrypt_with_schedule(key_schedule(key), block)


def decrypt_block(key: bytes, block: bytes) -> bytes:
    """MISTY1 decryption of one 8-byte block with a 16-byte key."""
    return decrypt_with_schedule(key_schedule(key), block)
