"""Test workloads for the MISTY1 block cores: RFC 2994 vectors and seeded random blocks.

Both cores (``misty1-encrypt``, ``misty1-decrypt``) sample ``key_i`` with every block, as the AES
encryption core does, so a workload is one segment without a setup handshake. Blocks are 64 bits,
RFC 2994 byte 0 in bits [63:56]; keys 128 bits, byte 0 in bits [127:120]. ``expected`` comes from
:mod:`cryptohls.golden.misty1` (itself checked against RFC 2994 Appendix A, asserted again here).
"""

from __future__ import annotations

import random

from cryptohls.golden import misty1
from cryptohls.golden.vectors import load_misty1_vectors
from cryptohls.sim.aes_workloads import Segment

GOLDEN_KINDS = ("misty1-encrypt", "misty1-decrypt")


def _int(data: bytes) -> int:
    return int.from_bytes(data, "big")


def rfc2994_ecb() -> list[tuple[bytes, bytes, bytes]]:
    """(key, plaintext, ciphertext) of the two ECB examples of RFC 2994 Appendix A."""
    return [tuple(bytes.fromhex(e[k]) for k in ("key", "plaintext", "ciphertext"))
            for e in load_misty1_vectors()["ecb"]]


def segment(kind: str, pairs: list[tuple[bytes, bytes]]) -> Segment:
    """Blocks ``(key, input block)`` with the golden output of ``kind``."""
    function = misty1.encrypt_block if kind == "misty1-encrypt" else misty1.decrypt_block
    return Segment(None, [{"key_i": _int(k), "in_data_i": _int(b)} for k, b in pairs],
                   [_int(function(k, b)) for k, b in pairs])


def published(kind: str) -> list[Segment]:
    cases = rfc2994_ecb()
    if kind == "misty1-encrypt":
        result = segment(kind, [(k, p) for k, p, _ in cases])
        assert result.expected == [_int(c) for _, _, c in cases]    # golden model agrees with the RFC
    else:
        result = segment(kind, [(k, c) for k, _, c in cases])
        assert result.expected == [_int(p) for _, p, _ in cases]
    return [result]


def random_segments(kind: str, rng: random.Random, blocks: int) -> list[Segment]:
    # Keys change often (a new key every few blocks) so per-block key sampling is exercised.
    pairs = []
    key = rng.randbytes(16)
    for _ in range(blocks):
        if rng.random() < 0.3:
            key = rng.randbytes(16)
        pairs.append((key, rng.randbytes(8)))
    return [segment(kind, pairs)]


def timing_segment(kind: str, rng: random.Random, blocks: int = 32) -> Segment:
    """``blocks`` blocks under one key, for the full-speed latency and interval measurement."""
    key = rng.randbytes(16)
    return segment(kind, [(key, rng.randbytes(8)) for _ in range(blocks)])
