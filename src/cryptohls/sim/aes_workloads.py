"""Test workloads for the AES block cores: published vectors and seeded random blocks.

A workload is a list of :class:`Segment` s. A segment optionally starts with a setup handshake
(a key load for the decryption core, an IV/counter start for the CTR core) and then streams
blocks; ``expected`` comes from :mod:`cryptohls.golden`. Which workload a variant gets is its
``golden`` kind: ``aes128-encrypt``, ``aes128-decrypt`` or ``aes128-ctr``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cryptohls.golden import aes, ctr
from cryptohls.golden.vectors import load_aes_vectors

GOLDEN_KINDS = ("aes128-encrypt", "aes128-decrypt", "aes128-ctr")
MASK32 = 0xFFFFFFFF


@dataclass
class Segment:
    """One setup handshake (or none) followed by a stream of blocks."""
    setup: tuple[str, str, dict[str, int]] | None   # (valid port, ready port, values) or None
    beats: list[dict[str, int]] = field(default_factory=list)
    expected: list[int] = field(default_factory=list)
    held: dict[str, int] = field(default_factory=dict)  # ports held stable for the whole segment


def _int(data: bytes) -> int:
    return int.from_bytes(data, "big")


def fips197_c1() -> tuple[bytes, bytes, bytes]:
    """(key, plaintext, ciphertext) of FIPS-197 Appendix C.1 (AES-128)."""
    entry = next(e for e in load_aes_vectors()["fips197_appendix_c"] if "C.1" in e["name"])
    return tuple(bytes.fromhex(entry[k]) for k in ("key", "plaintext", "ciphertext"))


def sp800_38a_f51() -> tuple[bytes, bytes, list[bytes], list[bytes]]:
    """(key, initial counter block, plaintext blocks, ciphertext blocks) of SP 800-38A F.5.1."""
    entry = load_aes_vectors()["sp800_38a_f51_ctr_aes128"]
    return (bytes.fromhex(entry["key"]), bytes.fromhex(entry["initial_counter"]),
            [bytes.fromhex(b) for b in entry["plaintext_blocks"]],
            [bytes.fromhex(b) for b in entry["ciphertext_blocks"]])


# --- encryption core: key_i and in_data_i sampled with every block ---------------------------

def encrypt_segment(pairs: list[tuple[bytes, bytes]]) -> Segment:
    return Segment(None, [{"key_i": _int(k), "in_data_i": _int(p)} for k, p in pairs],
                   [_int(aes.encrypt_block(k, p)) for k, p in pairs])


def encrypt_published() -> list[Segment]:
    key, plaintext, ciphertext = fips197_c1()
    segment = encrypt_segment([(key, plaintext)])
    assert segment.expected == [_int(ciphertext)]      # golden model agrees with FIPS-197
    return [segment]


def encrypt_random(rng: random.Random, blocks: int) -> list[Segment]:
    # Keys change often (a new key every few blocks) so per-block key sampling is exercised.
    pairs = []
    key = rng.randbytes(16)
    for _ in range(blocks):
        if rng.random() < 0.3:
            key = rng.randbytes(16)
        pairs.append((key, rng.randbytes(16)))
    return [encrypt_segment(pairs)]


# --- decryption core: key loaded with key_valid_i / key_ready_o -----------------------------

def decrypt_segment(key: bytes, ciphertexts: list[bytes]) -> Segment:
    return Segment(("key_valid_i", "key_ready_o", {"key_i": _int(key)}),
                   [{"in_data_i": _int(c)} for c in ciphertexts],
                   [_int(aes.decrypt_block(key, c)) for c in ciphertexts])


def decrypt_published() -> list[Segment]:
    key, plaintext, ciphertext = fips197_c1()
    segment = decrypt_segment(key, [ciphertext])
    assert segment.expected == [_int(plaintext)]
    return [segment]


def decrypt_random(rng: random.Random, blocks: int) -> list[Segment]:
    segments = []
    while blocks > 0:
        count = min(blocks, rng.randint(1, 80))
        segments.append(decrypt_segment(rng.randbytes(16), [rng.randbytes(16) for _ in range(count)]))
        blocks -= count
    return segments


# --- CTR core: IV and counter loaded with start_valid_i / start_ready_o, key_i held ---------

def ctr_segment(key: bytes, iv: bytes, counter: int, blocks: list[bytes]) -> Segment:
    stream = ctr.ctr_crypt(key, iv, counter, b"".join(blocks))
    return Segment(("start_valid_i", "start_ready_o", {"iv_i": _int(iv), "ctr_i": counter}),
                   [{"in_data_i": _int(b)} for b in blocks],
                   [_int(stream[16 * i:16 * i + 16]) for i in range(len(blocks))],
                   held={"key_i": _int(key)})


def ctr_published() -> list[Segment]:
    key, counter_block, plaintexts, ciphertexts = sp800_38a_f51()
    iv, counter = counter_block[:12], _int(counter_block[12:])
    encrypt = ctr_segment(key, iv, counter, plaintexts)
    assert encrypt.expected == [_int(c) for c in ciphertexts]   # golden model agrees with F.5.1
    decrypt = ctr_segment(key, iv, counter, ciphertexts)          # F.5.2: the same operation
    assert decrypt.expected == [_int(p) for p in plaintexts]
    return [encrypt, decrypt]


def ctr_random(rng: random.Random, blocks: int) -> list[Segment]:
    segments = []
    while blocks > 0:
        count = min(blocks, rng.randint(1, 60))
        # A third of the messages start near 2^32 so the counter wraps inside the message.
        counter = (MASK32 - rng.randint(0, count)) if rng.random() < 0.34 else rng.getrandbits(32)
        segments.append(ctr_segment(rng.randbytes(16), rng.randbytes(12), counter,
                                    [rng.randbytes(16) for _ in range(count)]))
        blocks -= count
    return segments


def published(kind: str) -> list[Segment]:
    return {"aes128-encrypt": encrypt_published, "aes128-decrypt": decrypt_published,
            "aes128-ctr": ctr_published}[kind]()


def random_segments(kind: str, rng: random.Random, blocks: int) -> list[Segment]:
    return {"aes128-encrypt": encrypt_random, "aes128-decrypt": decrypt_random,
            "aes128-ctr": ctr_random}[kind](rng, blocks)


def timing_segment(kind: str, rng: random.Random, blocks: int = 32) -> Segment:
    """``blocks`` blocks under one key/IV, for the full-speed latency and interval measurement."""
    key = rng.randbytes(16)
    data = [rng.randbytes(16) for _ in range(blocks)]
    if kind == "aes128-encrypt":
        return encrypt_segment([(key, d) for d in data])
    if kind == "aes128-decrypt":
        return decrypt_segment(key, data)
    return ctr_segment(key, rng.randbytes(12), rng.getrandbits(32), data)
