"""Writes GCM test messages for tb_aes128_gcm_hls_core.cpp from the project's golden model.

One message per line: KEY IV AD PT CT TAG (hex, "-" for an empty field; IV 12 bytes, tag 16 bytes).
The McGrew-Viega test cases 1-4 (AES-128, 96-bit IV) first, as published, then random messages
(AD and PT 0..80 bytes) sealed by cryptohls.golden.gcm.
Usage: python gen_gcm_vectors.py OUT [--count N] [--seed S]
"""
from __future__ import annotations

import random

from cryptohls.golden.gcm import gcm_encrypt
from cryptohls.golden.vectors import load_aes_vectors
from cryptohls.sim.aead_line_vectors import write_vectors_main


def _hex(b: bytes) -> str:
    return b.hex() or "-"


def vector_lines(count: int, seed: int) -> list[str]:
    lines = []
    for case in load_aes_vectors()["gcm_spec_mcgrew_viega"]:
        f = {k: bytes.fromhex(case[k]) for k in ("key", "iv", "aad", "plaintext", "ciphertext", "tag")}
        if len(f["key"]) == 16 and len(f["iv"]) == 12:
            lines.append(" ".join(_hex(f[k]) for k in ("key", "iv", "aad", "plaintext", "ciphertext", "tag")))
    rng = random.Random(seed)
    for _ in range(count):
        key, iv = rng.randbytes(16), rng.randbytes(12)
        ad, pt = rng.randbytes(rng.randint(0, 80)), rng.randbytes(rng.randint(0, 80))
        ct, tag = gcm_encrypt(key, iv, pt, ad)
        lines.append(" ".join(_hex(x) for x in (key, iv, ad, pt, ct, tag)))
    return lines


if __name__ == "__main__":
    write_vectors_main(__doc__, vector_lines, count=200)
