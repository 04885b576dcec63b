"""The line vector files of the AES-based CAESAR cores' C testbenches (designs/lwc-frame/hls/lwc_kat_tb.h),
written from a golden model, shared by every design's ``hls/gen_<name>_vectors.py``.

One message per line: KEY NONCE AD PT CT TAG (hex, "-" for an empty field). First the records of the
cipher's CAESAR KAT file whose AD and PT lengths are both at the block edges 0, 1, 15, 16, 17, 31, 32
bytes (49 of them), as published; then ``count`` random messages sealed by the golden model (16-byte
key, AD and PT 0..80 bytes, and every 25th 0..700 bytes: long chains of blocks).

A design's generator names its model and sizes::

    def vector_lines(count: int, seed: int) -> list[str]:
        return aead_vector_lines(cloc, nonce_bytes=12, tag_bytes=8, count=count, seed=seed)

    if __name__ == "__main__":
        write_vectors_main(__doc__, vector_lines)
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from cryptohls.golden.vectors import load_caesar_kat

BLOCK_EDGES = {0, 1, 15, 16, 17, 31, 32}


def _hex(b: bytes) -> str:
    return b.hex() or "-"


def aead_vector_lines(model: ModuleType, *, nonce_bytes: int, tag_bytes: int, count: int, seed: int) -> list[str]:
    """The lines for ``model`` (a cryptohls.golden module with SUPERCOP_NAME and encrypt(key, nonce, ad, pt),
    whose output is the ciphertext followed by a ``tag_bytes`` tag)."""
    lines = []
    for k in load_caesar_kat(model.SUPERCOP_NAME):
        if len(k["AD"]) in BLOCK_EDGES and len(k["PT"]) in BLOCK_EDGES:
            ct, tag = k["CT"][:-tag_bytes], k["CT"][-tag_bytes:]
            lines.append(" ".join(_hex(x) for x in (k["Key"], k["Nonce"], k["AD"], k["PT"], ct, tag)))
    rng = random.Random(seed)
    for i in range(count):
        top = 700 if i % 25 == 24 else 80
        key, nonce = rng.randbytes(16), rng.randbytes(nonce_bytes)
        ad, pt = rng.randbytes(rng.randint(0, top)), rng.randbytes(rng.randint(0, top))
        sealed = model.encrypt(key, nonce, ad, pt)
        lines.append(" ".join(_hex(x) for x in (key, nonce, ad, pt, sealed[:-tag_bytes], sealed[-tag_bytes:])))
    return lines


def write_vectors_main(doc: str, vector_lines: Callable[[int, int], list[str]], *, count: int = 150) -> None:
    """The command line of a design's vector generator (this module's or its own `vector_lines(count, seed)`):
    ``OUT [--count N] [--seed S]`` (`count` random messages, seed 1 by default)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--count", type=int, default=count)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.write_text("\n".join(vector_lines(args.count, args.seed)) + "\n")
