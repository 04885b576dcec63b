"""The `hls` variant of misty1-enc (hls/misty1_hls.cpp, free-running stream core).

1. csim: `cryptohls csim` builds the core with its C++ testbench (RFC 2994 Appendix A, both ECB
   blocks in one stream, then the 1000 golden-model vectors of hls/vectors.txt); the same binary
   fails on a vector file with one wrong ciphertext.
2. cosim: `cryptohls sim misty1-enc/hls` compiles the core with cryptohls and runs the RTL's own
   block_valid_ready bench on it through the port adapter (RFC 2994 vectors, 32 back-to-back
   blocks, 1000 random blocks with changing keys under random back-pressure, every output checked
   against cryptohls.golden.misty1): exactly the hand-written core's latency 5 and interval 4.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cryptohls.golden import misty1

HLS = Path(__file__).resolve().parents[1] / "hls"
REPO = HLS.parents[2]
BUILD = REPO / "build" / "tests" / "hls-csim-misty1-enc"


def test_vector_file_is_the_golden_model() -> None:
    lines = (HLS / "vectors.txt").read_text().splitlines()
    assert len(lines) == 1000
    for line in lines:
        key, pt, ct = (bytes.fromhex(f) for f in line.split())
        assert misty1.encrypt_block(key, pt) == ct


def test_csim_passes_and_catches_a_wrong_ciphertext(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / "misty1_hls.cpp"), "--tb",
         str(HLS / "tb_misty1_hls.cpp"), "--top", "misty1_enc", "-o", str(BUILD)],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "misty1_enc hls: 2 published vectors + 1000 file vectors, 0 mismatches"

    lines = (HLS / "vectors.txt").read_text().splitlines()
    key, pt, ct = lines[400].split()
    lines[400] = f"{key} {pt} {ct[:-1]}{'1' if ct[-1] == '0' else '0'}"
    bad = tmp_path / "vectors.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = subprocess.run([str(BUILD / "csim"), str(bad)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "MISMATCH vector 401" in run.stderr
    assert "1 mismatches" in run.stdout


def test_cosim_matches_the_rtl_cycle_for_cycle() -> None:
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", "misty1-enc/hls"],
                          capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    # 2 RFC 2994 blocks + 4 keys × 32 timing blocks + 1000 random blocks, every output checked
    assert result == {"variant": "misty1-enc/hls", "passed": True, "latency": 5, "interval": 4,
                      "blocks": 1130}
