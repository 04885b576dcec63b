"""Writes Tiaoxin-346 v2 test messages for tb_tiaoxin346_hls_core.cpp.

One message per line: KEY NONCE AD PT CT TAG (hex, "-" for an empty field; 16-byte key, nonce, tag).
Every 11th record of the CAESAR KAT file (<shared>/vectors/caesar/tiaoxinv2, AD and PT of 0..32 bytes)
as published, then random messages with AD and PT of 0..100 bytes sealed by cryptohls.golden.tiaoxinv2.
Usage: python gen_tiaoxin_vectors.py OUT [--count N] [--seed S]
"""
from __future__ import annotations

import random

from cryptohls.golden import tiaoxinv2
from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.sim.aead_line_vectors import write_vectors_main


def _hex(b: bytes) -> str:
    return b.hex() or "-"


def vector_lines(count: int, seed: int) -> list[str]:
    lines = [" ".join(_hex(x) for x in (r["Key"], r["Nonce"], r["AD"], r["PT"], r["CT"][:-16], r["CT"][-16:]))
             for r in load_caesar_kat("tiaoxinv2")[::11]]
    rng = random.Random(seed)
    for _ in range(count):
        key, nonce = rng.randbytes(16), rng.randbytes(16)
        ad, pt = rng.randbytes(rng.randint(0, 100)), rng.randbytes(rng.randint(0, 100))
        sealed = tiaoxinv2.encrypt(key, nonce, ad, pt)
        lines.append(" ".join(_hex(x) for x in (key, nonce, ad, pt, sealed[:-16], sealed[-16:])))
    return lines


if __name__ == "__main__":
    write_vectors_main(__doc__, vector_lines, count=40)
