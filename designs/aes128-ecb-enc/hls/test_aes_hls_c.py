"""The AES-128 HLS C sources (v0, v1, v2) and their shared C testbench, in csim and cosim.

tb_aes.c checks FIPS-197 Appendix C.1 and Appendix B, then the 1000 vectors of vectors.txt, which
come from the project's golden model and are re-checked here against pycryptodome (an independent
oracle, tests only).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from Crypto.Cipher import AES

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
BUILD = REPO / "build" / "tests" / "aes128-ecb-enc-hls"
VARIANTS = ["aes_v0", "aes_v1", "aes_v2"]
TOP = "aes128_encrypt"

sys.path.insert(0, str(HERE))
from gen_vectors import vector_lines  # noqa: E402  (the generator script beside this file)


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          timeout=900)


def test_vector_file_is_reproducible_and_correct():
    lines = (HERE / "vectors.txt").read_text().splitlines()
    assert lines == vector_lines()
    assert len(lines) == 1000
    for line in lines:
        key, pt, ct = (bytes.fromhex(h) for h in line.split())
        assert AES.new(key, AES.MODE_ECB).encrypt(pt) == ct


@pytest.mark.parametrize("variant", VARIANTS)
def test_csim_passes(variant: str):
    proc = cli("csim", str(HERE / f"{variant}.c"), "--tb", str(HERE / "tb_aes.c"), "--top", TOP)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "PASS: 1002 vectors"


def test_testbench_catches_a_wrong_vector(tmp_path: Path):
    lines = (HERE / "vectors.txt").read_text().splitlines()
    key, pt, ct = lines[500].split()
    lines[500] = f"{key} {pt} {ct[:-1]}{'0' if ct[-1] != '0' else '1'}"
    bad = tmp_path / "vectors.txt"
    bad.write_text("\n".join(lines) + "\n")
    proc = cli("csim", str(HERE / "aes_v1.c"), "--tb", str(HERE / "tb_aes.c"), "--arg", str(bad))
    assert proc.returncode == 1
    assert "MISMATCH" in proc.stderr and "FAIL: 1 of 1002 vectors" in proc.stderr


def test_testbench_needs_the_vectors(tmp_path: Path):
    short = tmp_path / "vectors.txt"
    short.write_text("\n".join((HERE / "vectors.txt").read_text().splitlines()[:10]) + "\n")
    proc = cli("csim", str(HERE / "aes_v1.c"), "--tb", str(HERE / "tb_aes.c"), "--arg", str(short))
    assert proc.returncode == 1 and "only 10 vectors" in proc.stderr


def test_cosim_all_variants_pass_and_directives_cut_latency():
    """The same testbench against the RTL of each variant; v2 < v1 < v0 cycles per block (Table I)."""
    mean_cycles = {}
    for variant in VARIANTS:
        proc = cli("cosim", str(HERE / f"{variant}.c"), "--tb", str(HERE / "tb_aes.c"), "--top", TOP,
                   "-o", str(BUILD / variant))
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        *tb_lines, stats_line = proc.stdout.splitlines()
        assert tb_lines == ["PASS: 1002 vectors"]
        stats = json.loads(stats_line)
        assert stats["status"] == 0 and stats["calls"] == 1002
        mean_cycles[variant] = stats["cycles_mean"]
    assert mean_cycles["aes_v2"] < mean_cycles["aes_v1"] < mean_cycles["aes_v0"], mean_cycles
