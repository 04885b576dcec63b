"""Writes CTR test messages for tb_aes_ctr_hls.cpp from the project's golden model.

One message per line: KEY IV CTR0 PT CT (hex; IV 12 bytes, CTR0 4 bytes big-endian, PT/CT a whole
number of 16-byte blocks). Initial counters near 2^32 make the counter wrap inside messages.
Usage: python gen_ctr_vectors.py OUT [--count N] [--seed S]
"""
from __future__ import annotations

import random

from cryptohls.golden.ctr import ctr_crypt
from cryptohls.sim.aead_line_vectors import write_vectors_main


def vector_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for index in range(count):
        key = rng.randbytes(16)
        iv = rng.randbytes(12)
        # Every fourth message starts 0..3 blocks below 2^32, so the counter wraps inside it.
        counter = (2**32 - rng.randrange(1, 4)) if index % 4 == 0 else rng.randrange(2**32)
        data = rng.randbytes(16 * rng.randrange(1, 9))
        out = ctr_crypt(key, iv, counter, data)
        lines.append(f"{key.hex()} {iv.hex()} {counter:08x} {data.hex()} {out.hex()}")
    return lines


if __name__ == "__main__":
    write_vectors_main(__doc__, vector_lines, count=100)
