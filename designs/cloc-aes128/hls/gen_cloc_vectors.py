"""Writes CLOC-AES test messages for tb_cloc_aes128_hls_core.cpp.

One message per line: KEY NONCE AD PT CT TAG (hex, "-" for an empty field; nonce 12 bytes, tag 8 bytes).
First the 49 records of the KAT file (<shared>/vectors/caesar/aes128n12t8clocv2) whose AD and PT
lengths are at the block edges 0, 1, 15, 16, 17, 31, 32 bytes, as published; then random messages
sealed by cryptohls.golden.cloc (AD and PT 0..80 bytes, and every 25th of 0..700 bytes: long
chains of message and AD blocks).
Usage: python gen_cloc_vectors.py OUT [--count N] [--seed S]
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

from cryptohls.golden import cloc
from cryptohls.golden.vectors import load_caesar_kat

EDGES = {0, 1, 15, 16, 17, 31, 32}


def _hex(b: bytes) -> str:
    return b.hex() or "-"


def vector_lines(count: int, seed: int) -> list[str]:
    lines = []
    for k in load_caesar_kat(cloc.SUPERCOP_NAME):
        if len(k["AD"]) in EDGES and len(k["PT"]) in EDGES:
            ct, tag = k["CT"][:-8], k["CT"][-8:]
            lines.append(" ".join(_hex(x) for x in (k["Key"], k["Nonce"], k["AD"], k["PT"], ct, tag)))
    rng = random.Random(seed)
    for i in range(count):
        top = 700 if i % 25 == 24 else 80
        key, nonce = rng.randbytes(16), rng.randbytes(12)
        ad, pt = rng.randbytes(rng.randint(0, top)), rng.randbytes(rng.randint(0, top))
        sealed = cloc.encrypt(key, nonce, ad, pt)
        lines.append(" ".join(_hex(x) for x in (key, nonce, ad, pt, sealed[:-8], sealed[-8:])))
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
