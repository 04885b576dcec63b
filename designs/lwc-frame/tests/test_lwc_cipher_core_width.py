"""hls/lwc_cipher_core.h at CipherCore widths other than 32 (docs.md, "Bus width W"): a core that
defines CCW before including the header gets the frame's port widths for that CCW (bdi / bdo CCW bits,
byte-lane buses CCW/8, bdi_size clog2(CCW/8 + 1), key 32), and the default stays the 32-bit port list.

pytest designs/lwc-frame/tests/test_lwc_cipher_core_width.py
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).parent / "wide_echo_core.cpp"


def _port_widths(tmp_path: Path, defines: list[str]) -> dict[str, int]:
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(SOURCE), "--top", "wide_echo_core",
                           "-o", str(out), "--clock-port", "clk_i", "--reset-port", "rst_i", *defines],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    text = (out / "wide_echo_core.v").read_text()
    ports = re.findall(r"^\s*(?:input|output) wire (?:\[(\d+):0\] )?(\w+)", text, flags=re.M)
    return {name: int(msb) + 1 if msb else 1 for msb, name in ports}


@pytest.mark.parametrize("ccw,size_bits", [(None, 3), (256, 6), (384, 6)])
def test_header_widths_follow_ccw(tmp_path, ccw, size_bits):
    widths = _port_widths(tmp_path, [f"-DCCW={ccw}"] if ccw else [])
    data = ccw or 32
    assert widths["bdi"] == widths["bdo"] == data
    assert widths["bdi_valid_bytes"] == widths["bdi_pad_loc"] == widths["bdo_valid_bytes"] == data // 8
    assert widths["bdi_size"] == size_bits and widths["key"] == 32 and widths["bdi_type"] == 4
