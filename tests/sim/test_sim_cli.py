"""`cryptohls sim` end to end (contract C3): JSON last on stdout, exit status, user errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from cryptohls.designs import Variant, repo_root
from cryptohls.errors import UserError
from cryptohls.sim.variant import simulate_variant

DESIGNS = repo_root() / "designs"


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", *args],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, **(env or {})})


def last_json(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])


def test_sim_aes128_ecb_enc_reports_latency_11_interval_10():
    proc = run_cli("aes128-ecb-enc/rtl", "--blocks", "64")
    assert proc.returncode == 0, proc.stderr[-3000:]
    # 1 FIPS-197 block + 4 keys × 32 timing blocks + 64 random blocks
    assert last_json(proc.stdout) == {"variant": "aes128-ecb-enc/rtl", "passed": True,
                                      "latency": 11, "interval": 10, "blocks": 193}


def test_sim_design_failing_its_vectors_exits_1(tmp_path):
    # The encryption core declared with the decryption workload: same sources in the same order
    # (so the cached build is reused), but the workload needs a key-load port the core does not have.
    design = tmp_path / "wrong-golden"
    (design / "rtl").mkdir(parents=True)
    for source in [*sorted((DESIGNS / "aes-common" / "rtl").glob("*.v")),
                   DESIGNS / "aes128-ecb-enc" / "rtl" / "aes128_ecb_enc.v"]:
        shutil.copy(source, design / "rtl" / source.name)
    (design / "design.toml").write_text(
        '[design]\nname = "wrong-golden"\nblock_bits = 128\n\n[variants.rtl]\nkind = "rtl"\n'
        'top = "aes128_ecb_enc"\nsources = ["rtl/aes_*.v", "rtl/aes128_ecb_enc.v"]\ninterface = "block_valid_ready"\n'
        'golden = "aes128-decrypt"\n')
    proc = run_cli("wrong-golden/rtl", "--blocks", "4", env={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert proc.returncode == 1, proc.stderr[-3000:]
    result = last_json(proc.stdout)
    assert result["variant"] == "wrong-golden/rtl" and result["passed"] is False
    assert "FAILED" in proc.stderr


def test_sim_unknown_variant_is_a_user_error():
    proc = run_cli("no-such-design/rtl")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "unknown variant 'no-such-design/rtl'" in proc.stderr


def test_sim_negative_blocks_is_a_user_error():
    proc = run_cli("aes128-ecb-enc/rtl", "--blocks", "-1")
    assert proc.returncode == 2
    assert "--blocks must be 0 or more" in proc.stderr and "Traceback" not in proc.stderr


def test_unsupported_interface_is_a_user_error(tmp_path):
    variant = Variant(design="d", name="v", kind="rtl", top="t", directory=tmp_path,
                      source_globs=("*.v",), interface="wishbone", block_bits=128)
    with pytest.raises(UserError, match="interface 'wishbone' cannot be simulated"):
        simulate_variant(variant, blocks=1, build_dir=tmp_path)


def test_variant_without_golden_model_is_a_user_error(tmp_path):
    variant = Variant(design="d", name="v", kind="rtl", top="t", directory=tmp_path,
                      source_globs=("*.v",), interface="block_valid_ready", block_bits=128)
    with pytest.raises(UserError, match="no golden model"):
        simulate_variant(variant, blocks=1, build_dir=tmp_path)


def test_sim_verilog_that_does_not_build_is_a_user_error(tmp_path):
    design = tmp_path / "broken"
    (design / "rtl").mkdir(parents=True)
    (design / "rtl" / "broken.v").write_text("module broken(input wire clk_i);\n  oops\nendmodule\n")
    (design / "design.toml").write_text(
        '[design]\nname = "broken"\nblock_bits = 128\n\n[variants.rtl]\nkind = "rtl"\n'
        'top = "broken"\nsources = ["rtl/*.v"]\ninterface = "block_valid_ready"\n'
        'golden = "aes128-encrypt"\n')
    proc = run_cli("broken/rtl", "--build-dir", str(tmp_path / "build"),
                   env={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert proc.stdout == ""
    error = proc.stderr.strip().splitlines()[-1]
    assert "build.log: error: verilator could not build broken: %Error" in error


def test_designs_lists_the_block_core_variants():
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "designs", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    listed = {v["variant"]: (v["top"], v["interface"]) for v in json.loads(proc.stdout)}
    for name, top in [("aes128-ecb-enc/rtl", "aes128_ecb_enc"),
                      ("aes128-ecb-enc-x2/rtl", "aes128_ecb_enc_x2"),
                      ("aes128-ctr/rtl", "aes128_ctr"), ("aes128-ecb-dec/rtl", "aes128_ecb_dec"),
                      ("misty1-enc/rtl", "misty1_enc"), ("misty1-dec/rtl", "misty1_dec")]:
        assert listed[name] == (top, "block_valid_ready")
