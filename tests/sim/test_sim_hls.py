"""`cryptohls sim` for HLS variants (interface ap_ctrl_hs): compile, cosim on the vectors, measured timing.

The latency/interval below are what the CURRENT HLS compiler's RTL measures in simulation; when the
compiler's schedule changes, rerun `cryptohls sim aes128-ecb-enc/hls-vN --blocks 16` and update them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.designs import repo_root

# Measured with the compiler of 2026-11-23 00:06 UTC at design.toml's clock_ns = 12 (calibrated ecp5 delays; loop-exit fusion without
# chains of fusions; v0's latency varies with the data, the maximum is reported).
# Update here when the compiler changes.
EXPECTED = {
    "hls-v0": {"latency": 2908, "interval": 2909},
    "hls-v1": {"latency": 1825, "interval": 1826},
    "hls-v2": {"latency": 10, "interval": 10},
}
# tb_aes.c checks FIPS-197 C.1 and Appendix B, then reads at least 1000 vectors from the file that
# `cryptohls sim` writes (its MIN_FILE_VECTORS), so fewer --blocks still run 1000 random blocks.
CHECKED_BLOCKS = 2 + 1000

HLS_DIR = repo_root() / "designs" / "aes128-ecb-enc" / "hls"
BUILD = repo_root() / "build" / "test_sim_hls"


def run_sim(variant: str, *args: str, build: str, env: dict[str, str] | None = None):
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", variant, *args,
                           "--build-dir", str(BUILD / build)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})


def last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


def test_expected_numbers_keep_the_case_study_order():
    # v0 (software C) > v1 (round keys on the fly) > v2 (directives); each is asserted as measured below
    assert EXPECTED["hls-v0"]["latency"] > EXPECTED["hls-v1"]["latency"] > EXPECTED["hls-v2"]["latency"]


def test_sim_hls_v2_passes_64_blocks_with_measured_timing():
    proc = run_sim("aes128-ecb-enc/hls-v2", "--blocks", "64", "--seed", "7", build="v2")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert last_json(proc.stdout) == {"variant": "aes128-ecb-enc/hls-v2", "passed": True,
                                      **EXPECTED["hls-v2"], "blocks": CHECKED_BLOCKS}
    assert proc.stderr.count("PASS: 1002 vectors") == 2     # one call at a time, then back to back


@pytest.mark.parametrize("name", ["hls-v0", "hls-v1"])
def test_sim_slow_hls_variants_measured_timing(name):
    proc = run_sim(f"aes128-ecb-enc/{name}", "--blocks", "16", build=name)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert last_json(proc.stdout) == {"variant": f"aes128-ecb-enc/{name}", "passed": True,
                                      **EXPECTED[name], "blocks": CHECKED_BLOCKS}


def _fixture_design(root: Path, variant_table: str, source_text: str | None = None) -> None:
    design = root / "broken-aes"
    (design / "hls").mkdir(parents=True)
    shutil.copy(HLS_DIR / "tb_aes.c", design / "hls" / "tb_aes.c")
    (design / "hls" / "aes.c").write_text(source_text or (HLS_DIR / "aes_v2.c").read_text())
    (design / "design.toml").write_text(
        '[design]\nname = "broken-aes"\nblock_bits = 128\n\n[variants.hls]\nkind = "hls"\n'
        'interface = "ap_ctrl_hs"\nsources = ["hls/aes.c"]\nclock_ns = 10.0\ngolden = "aes128-encrypt"\n'
        + variant_table)


def test_sim_hls_variant_computing_the_wrong_answer_exits_1(tmp_path):
    # MixColumns in the last round as well: a classic AES slip, wrong on every vector.
    source, count = re.subn(r"if \(r != 9\) mix_columns\(s\);", "mix_columns(s);",
                            (HLS_DIR / "aes_v2.c").read_text())
    assert count == 1
    _fixture_design(tmp_path, 'top = "aes128_encrypt"\ntb = "hls/tb_aes.c"\n', source)
    proc = run_sim("broken-aes/hls", "--blocks", "4", build="broken",
                   env={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert proc.returncode == 1, proc.stderr[-3000:]
    result = last_json(proc.stdout)
    assert result["variant"] == "broken-aes/hls" and result["passed"] is False
    assert "MISMATCH FIPS-197 C.1" in proc.stderr and "FAILED" in proc.stderr


@pytest.mark.parametrize("table, fragment", [
    ('top = "aes128_encrypt"\n', "need tb"),
    ('tb = "hls/tb_aes.c"\n', "top"),
    ('top = "aes128_encrypt"\ntb = "hls/no_such_tb.c"\n', "does not exist"),
])
def test_sim_hls_variant_without_tb_or_top_is_a_user_error(tmp_path, table, fragment):
    _fixture_design(tmp_path, table)
    proc = run_sim("broken-aes/hls", build="user-error", env={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], proc.stderr
