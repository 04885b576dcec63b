"""The `hls` variant of aes128-ecb-enc (hls/aes_hls.cpp, stream core) in C simulation.

`cryptohls csim` builds the core with its C++ testbench (FIPS-197 C.1 and B, SP 800-38A F.1.1, the
1000 vectors of hls/vectors.txt, which test_aes_hls_c.py re-checks against pycryptodome). The
failing case runs the same csim binary on a vector file with one wrong ciphertext.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HLS = Path(__file__).resolve().parents[1] / "hls"
REPO = HLS.parents[2]
BUILD = REPO / "build" / "tests" / "hls-csim-aes128-ecb-enc"


def test_csim_passes_and_catches_a_wrong_ciphertext(tmp_path: Path) -> None:
    """csim passes with the exact summary; the same binary fails on one wrong expected ciphertext."""
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / "aes_hls.cpp"), "--tb", str(HLS / "tb_aes_hls.cpp"),
         "--top", "aes128_ecb_enc", "-o", str(BUILD)],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "aes128_ecb_enc hls: 3 published vectors + 1000 file vectors, 0 mismatches"

    lines = (HLS / "vectors.txt").read_text().splitlines()
    key, pt, ct = lines[700].split()
    lines[700] = f"{key} {pt} {ct[:-1]}{'1' if ct[-1] == '0' else '0'}"
    bad = tmp_path / "vectors.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = subprocess.run([str(BUILD / "csim"), str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "MISMATCH vector 701" in run.stderr
    assert "1 mismatches" in run.stdout
