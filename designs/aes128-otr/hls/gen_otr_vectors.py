"""Writes AES-OTR test messages for tb_aes128_otr_hls_core.cpp.

One message per line: KEY NONCE AD PT CT TAG (hex, "-" for an empty field; nonce 12 bytes, tag 16 bytes).
First the 49 records of the KAT file (<shared>/vectors/caesar/aes128otrpv3) whose AD and PT
lengths are at the block edges 0, 1, 15, 16, 17, 31, 32 bytes, as published; then random messages
sealed by cryptohls.golden.aes_otr (AD and PT 0..80 bytes, and every 25th of 0..700 bytes: long
chains of chunks and of AD blocks).
Usage: python gen_otr_vectors.py OUT [--count N] [--seed S]
"""

from __future__ import annotations

from cryptohls.golden import aes_otr
from cryptohls.sim.aead_line_vectors import aead_vector_lines, write_vectors_main


def vector_lines(count: int, seed: int) -> list[str]:
    return aead_vector_lines(aes_otr, nonce_bytes=12, tag_bytes=16, count=count, seed=seed)


if __name__ == "__main__":
    write_vectors_main(__doc__, vector_lines)
