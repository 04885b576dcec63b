"""Writes vectors.txt: AES-128 known answers from the project's golden model, for tb_aes.c.

One vector per line, `KEY PLAINTEXT CIPHERTEXT` as lowercase hex (FIPS-197 byte order). The keys and
plaintexts come from a fixed-seed PRNG, so the file is reproducible byte for byte:
    python designs/aes128-ecb-enc/hls/gen_vectors.py [--count N] [-o FILE]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from cryptohls.golden.aes import encrypt_block

DEFAULT_COUNT = 1000
SEED = 2016  # any fixed value; the year of the case study


def vector_lines(count: int = DEFAULT_COUNT, seed: int = SEED) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        key = rng.randbytes(16)
        block = rng.randbytes(16)
        lines.append(f"{key.hex()} {block.hex()} {encrypt_block(key, block).hex()}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("-o", "--output", type=Path, default=Path(__file__).with_name("vectors.txt"))
    args = parser.parse_args()
    args.output.write_text("\n".join(vector_lines(args.count)) + "\n")


if __name__ == "__main__":
    main()
