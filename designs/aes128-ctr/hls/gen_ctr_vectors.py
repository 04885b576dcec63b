"""Writes CTR test messages for tb_aes_ctr_hls.cpp from the project's golden model.

One message per line: KEY IV CTR0 PT CT (hex; IV 12 bytes, CTR0 4 bytes big-endian, PT/CT a whole
number of 16-byte blocks). Initial counters near 2^32 make the counter wrap inside messages.
Usage: python gen_ctr_vectors.py OUT [--count N] [--seed S]
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

from cryptohls.golden.ctr import ctr_crypt


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.write_text("\n".join(vector_lines(args.count, args.seed)) + "\n")


if __name__ == "__main__":
    main()
