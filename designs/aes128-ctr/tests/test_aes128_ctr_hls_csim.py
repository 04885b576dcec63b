"""The `hls` variant of aes128-ctr (hls/aes_ctr_hls.cpp, CTR stream core) in C simulation.

The testbench checks SP 800-38A F.5.1/F.5.2 and the messages of a vector file (`KEY IV CTR0 PT CT`,
from hls/gen_ctr_vectors.py and cryptohls.golden.ctr, re-checked here against pycryptodome). The test
generates a fresh file into a tmp dir, runs `cryptohls csim` on it, then runs the same csim binary on
a copy with one wrong ciphertext byte, which must fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from Crypto.Cipher import AES
from Crypto.Util import Counter

HLS = Path(__file__).resolve().parents[1] / "hls"
REPO = HLS.parents[2]
BUILD = REPO / "build" / "tests" / "hls-csim-aes128-ctr"

sys.path.insert(0, str(HLS))
from gen_ctr_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def pycryptodome_ctr(key: bytes, iv: bytes, counter: int, data: bytes) -> bytes:
    ctr = Counter.new(32, prefix=iv, initial_value=counter, allow_wraparound=True)
    return AES.new(key, AES.MODE_CTR, counter=ctr).encrypt(data)


def test_vectors_match_pycryptodome() -> None:
    committed = (HLS / "ctr_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(100, seed=1)
    wraps = 0
    for line in committed + vector_lines(120, seed=5):
        key, iv, ctr0, pt, ct = line.split()
        counter = int(ctr0, 16)
        data = bytes.fromhex(pt)
        assert pycryptodome_ctr(bytes.fromhex(key), bytes.fromhex(iv), counter, data) == bytes.fromhex(ct)
        wraps += counter + len(data) // 16 > 2**32
    assert wraps >= 25  # the counter wraps inside a quarter of the messages


def test_csim_passes_and_catches_a_wrong_block(tmp_path: Path) -> None:
    """csim passes on a fresh vector file; the same binary fails on a copy with one wrong digit."""
    vectors = tmp_path / "ctr_vectors.txt"
    lines = vector_lines(120, seed=5)
    vectors.write_text("\n".join(lines) + "\n")
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / "aes_ctr_hls.cpp"), "--tb",
         str(HLS / "tb_aes_ctr_hls.cpp"), "--top", "aes128_ctr", "-o", str(BUILD), "--arg", str(vectors)],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "aes128_ctr hls: SP 800-38A F.5.1/F.5.2 + 120 file messages, 0 mismatches"

    fields = lines[41].split()
    fields[4] = fields[4][:-1] + ("1" if fields[4][-1] == "0" else "0")
    lines[41] = " ".join(fields)
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = subprocess.run([str(BUILD / "csim"), str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "MISMATCH message 42" in run.stderr
    assert "1 mismatches" in run.stdout
