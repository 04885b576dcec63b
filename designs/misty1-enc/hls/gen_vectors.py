"""Writes vectors.txt: 1000 `KEY PT CT` lines (hex, RFC 2994 byte order) for tb_misty1_hls.cpp,
from the golden model cryptohls.golden.misty1 (checked against RFC 2994 Appendix A).
Seeded, so the file is reproducible: ``python designs/misty1-enc/hls/gen_vectors.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

from cryptohls.golden.misty1 import encrypt_block

COUNT = 1000
SEED = 2994


def lines(rng: random.Random, count: int) -> list[str]:
    out = []
    for _ in range(count):
        key, block = rng.randbytes(16), rng.randbytes(8)
        out.append(f"{key.hex()} {block.hex()} {encrypt_block(key, block).hex()}")
    return out


def main() -> None:
    path = Path(__file__).resolve().parent / "vectors.txt"
    path.write_text("\n".join(lines(random.Random(SEED), COUNT)) + "\n")


if __name__ == "__main__":
    main()
