"""Write deoxys_vectors.txt, the C testbench's messages: `KEY NONCE AD PT CT TAG` in hex ('-' = empty).

First the KAT records of <shared>/vectors/caesar/deoxysneq128128v13 whose AD and PT lengths are both
block edges (0, 1, 15, 16, 17, 31, 32 bytes: 49 records, as published), then golden-model messages
(src/cryptohls/golden/deoxysneq128128v13.py) with random keys, nonces and AD / PT of 0..80 bytes.

python designs/deoxys-i128/hls/gen_deoxys_vectors.py
"""

from __future__ import annotations

import random
from pathlib import Path

from cryptohls.golden import deoxysneq128128v13 as deoxys
from cryptohls.golden.vectors import load_caesar_kat

EDGES = {0, 1, 15, 16, 17, 31, 32}


def _hex(b: bytes) -> str:
    return b.hex() if b else "-"


def vector_lines(count: int, seed: int) -> list[str]:
    lines = []
    for k in load_caesar_kat(deoxys.SUPERCOP_NAME):
        if len(k["AD"]) in EDGES and len(k["PT"]) in EDGES:
            fields = (k["Key"], k["Nonce"], k["AD"], k["PT"], k["CT"][:-16], k["CT"][-16:])
            lines.append(" ".join(map(_hex, fields)))
    rng = random.Random(seed)
    for _ in range(count):
        key, nonce = rng.randbytes(16), rng.randbytes(8)
        ad, pt = rng.randbytes(rng.randrange(81)), rng.randbytes(rng.randrange(81))
        sealed = deoxys.encrypt(key, nonce, ad, pt)
        lines.append(" ".join(map(_hex, (key, nonce, ad, pt, sealed[:-16], sealed[-16:]))))
    return lines


if __name__ == "__main__":
    out = Path(__file__).with_name("deoxys_vectors.txt")
    out.write_text("\n".join(vector_lines(60, seed=1)) + "\n")
    print(f"wrote {out}")
