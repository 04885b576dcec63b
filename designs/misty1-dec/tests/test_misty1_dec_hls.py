"""The `hls` variant of misty1-dec (hls/misty1_dec_hls.cpp, free-running stream core).

1. csim: `cryptohls csim` builds the core with its C++ testbench (the encryption testbench with the
   ciphertext going in: RFC 2994 Appendix A, both ECB blocks in one stream, then the 1000
   golden-model vectors of misty1-enc/hls/vectors.txt); the same binary fails on a vector file with
   one wrong plaintext.
2. cosim: `cryptohls sim misty1-dec/hls` compiles the core with cryptohls and runs the RTL's own
   block_valid_ready bench on it through the port adapter (RFC 2994 vectors, 32 back-to-back
   blocks, 1000 random blocks with changing keys under random back-pressure, every output checked
   against cryptohls.golden.misty1): exactly the hand-written core's latency 5 and interval 4.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HLS = Path(__file__).resolve().parents[1] / "hls"
VECTORS = HLS.parents[1] / "misty1-enc" / "hls" / "vectors.txt"
REPO = HLS.parents[2]
BUILD = REPO / "build" / "tests" / "hls-csim-misty1-dec"


def test_csim_passes_and_catches_a_wrong_plaintext(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / "misty1_dec_hls.cpp"), "--tb",
         str(HLS / "tb_misty1_dec_hls.cpp"), "--top", "misty1_dec", "-o", str(BUILD)],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "misty1_dec hls: 2 published vectors + 1000 file vectors, 0 mismatches"

    lines = VECTORS.read_text().splitlines()
    key, pt, ct = lines[600].split()
    lines[600] = f"{key} {pt[:-1]}{'1' if pt[-1] == '0' else '0'} {ct}"
    bad = tmp_path / "vectors.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = subprocess.run([str(BUILD / "csim"), str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "MISMATCH vector 601" in run.stderr
    assert "1 mismatches" in run.stdout


def test_cosim_matches_the_rtl_cycle_for_cycle() -> None:
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", "misty1-dec/hls"],
                          capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    # 2 RFC 2994 blocks + 4 keys × 32 timing blocks + 1000 random blocks, every output checked
    assert result == {"variant": "misty1-dec/hls", "passed": True, "latency": 5, "interval": 4,
                      "blocks": 1130}
