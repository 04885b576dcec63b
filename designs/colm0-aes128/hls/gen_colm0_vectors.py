"""Writes COLM0 test messages for tb_colm0_aes128_hls_core.cpp.

One message per line: KEY NONCE AD PT CT TAG (hex, "-" for an empty field; nonce 8 bytes, tag 16 bytes:
the LWC split of COLM's output, CT the first |PT| bytes, the tag the last 16).
First the 49 records of the KAT file (<shared>/vectors/caesar/colm0v1) whose AD and PT lengths are at the
block edges 0, 1, 15, 16, 17, 31, 32 bytes, as published; then random messages sealed by
cryptohls.golden.colm0 (AD and PT 0..80 bytes, and every 25th of 0..700 bytes).
Usage: python gen_colm0_vectors.py OUT [--count N] [--seed S]
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

from cryptohls.golden import colm0
from cryptohls.golden.vectors import load_caesar_kat

EDGES = {0, 1, 15, 16, 17, 31, 32}


def _hex(b: bytes) -> str:
    return b.hex() or "-"


def vector_lines(count: int, seed: int) -> list[str]:
    lines = []
    for k in load_caesar_kat(colm0.SUPERCOP_NAME):
        if len(k["AD"]) in EDGES and len(k["PT"]) in EDGES:
            ct, tag = k["CT"][:-16], k["CT"][-16:]
            lines.append(" ".join(_hex(x) for x in (k["Key"], k["Nonce"], k["AD"], k["PT"], ct, tag)))
    rng = random.Random(seed)
    for i in range(count):
        top = 700 if i % 25 == 24 else 80
        key, nonce = rng.randbytes(16), rng.randbytes(colm0.NONCE_BYTES)
        ad, pt = rng.randbytes(rng.randint(0, top)), rng.randbytes(rng.randint(0, top))
        sealed = colm0.encrypt(key, nonce, ad, pt)
        lines.append(" ".join(_hex(x) for x in (key, nonce, ad, pt, sealed[:-16], sealed[-16:])))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.write_text("\n".join(vector_lines(args.count, args.seed)) + "\n")


if __name__ == "__main__":
    main()
