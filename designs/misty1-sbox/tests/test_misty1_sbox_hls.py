"""The HLS variants of misty1-sbox (hls/misty1_type1..4.cpp, free-running stream cores).

1. csim: `cryptohls csim` builds each style with the testbench of misty1-enc/hls (RFC 2994 Appendix A,
   both ECB blocks in one stream, then the 1000 golden-model vectors of that folder's vectors.txt);
   exact summary line.
2. cosim: `cryptohls sim misty1-sbox/hls-typeN` compiles the core with cryptohls and runs the RTL's
   block_valid_ready bench on it through the port adapter (RFC 2994 vectors, 32 back-to-back blocks,
   1000 random blocks with changing keys under random back-pressure, every output checked against
   cryptohls.golden.misty1), with the exact cycles the compiler reaches for each style at 68 ns
   (docs.md says why).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HLS = Path(__file__).resolve().parents[1] / "hls"
REPO = HLS.parents[2]
TB = REPO / "designs" / "misty1-enc" / "hls" / "tb_misty1_hls.cpp"

# (latency, interval) of `cryptohls sim` at the variants' 68 ns clock
COSIM = {1: (48, 47), 2: (5, 4), 3: (9, 8), 4: (5, 4)}


@pytest.mark.parametrize("style", sorted(COSIM))
def test_csim(style: int) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / f"misty1_type{style}.cpp"), "--tb", str(TB),
         "--top", "misty1_enc", "-o", str(REPO / "build" / "tests" / f"hls-csim-misty1-sbox-{style}")],
        capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "misty1_enc hls: 2 published vectors + 1000 file vectors, 0 mismatches"


@pytest.mark.slow   # make test-slow (the core's csim = cosim and cycle tests run in make test)
@pytest.mark.parametrize("style", sorted(COSIM))
def test_cosim(style: int) -> None:
    variant = f"misty1-sbox/hls-type{style}"
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", variant],
                          capture_output=True, text=True, timeout=3600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    latency, interval = COSIM[style]
    # 2 RFC 2994 blocks + 4 keys × 32 timing blocks + 1000 random blocks, every output checked
    assert result == {"variant": variant, "passed": True, "latency": latency, "interval": interval,
                      "blocks": 1130}
