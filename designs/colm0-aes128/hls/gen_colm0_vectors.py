"""Writes COLM0 test messages for tb_colm0_aes128_hls_core.cpp.

One message per line: KEY NONCE AD PT CT TAG (hex, "-" for an empty field; nonce 8 bytes, tag 16 bytes:
the LWC split of COLM's output, CT the first |PT| bytes, the tag the last 16).
First the 49 records of the KAT file (<shared>/vectors/caesar/colm0v1) whose AD and PT lengths are at the
block edges 0, 1, 15, 16, 17, 31, 32 bytes, as published; then random messages sealed by
cryptohls.golden.colm0 (AD and PT 0..80 bytes, and every 25th of 0..700 bytes).
Usage: python gen_colm0_vectors.py OUT [--count N] [--seed S]
"""

from __future__ import annotations

from cryptohls.golden import colm0
from cryptohls.sim.aead_line_vectors import aead_vector_lines, write_vectors_main


def vector_lines(count: int, seed: int) -> list[str]:
    return aead_vector_lines(colm0, nonce_bytes=colm0.NONCE_BYTES, tag_bytes=16, count=count, seed=seed)


if __name__ == "__main__":
    write_vectors_main(__doc__, vector_lines)
