"""The demo's self-check: it passes on the published vectors and fails loudly on wrong ones."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from cryptohls.errors import UserError
from cryptohls.golden import selfcheck
from cryptohls.golden.vectors import load_ascon_kat, vectors_dir


def test_all_published_vector_sets_pass():
    results = selfcheck.run_all()
    assert [r.passed for r in results] == [True] * len(selfcheck.CHECKS)
    by_name = {r.name: r.vectors for r in results}
    assert by_name["Ascon-AEAD128 enc+dec (SP 800-232 KAT)"] == 2 * 1089


@pytest.fixture
def shared_copy(tmp_path, monkeypatch):
    shutil.copytree(vectors_dir(), tmp_path / "vectors")
    monkeypatch.setenv("CRYPTOHLS_SHARED_DIR", str(tmp_path))
    return tmp_path / "vectors"


def test_a_wrong_published_value_is_reported(shared_copy):
    path = shared_copy / "aes-vectors.json"
    data = json.loads(path.read_text())
    data["fips197_appendix_c"][0]["ciphertext"] = "00" * 16
    path.write_text(json.dumps(data))
    results = {r.name: r for r in selfcheck.run_all()}
    assert results["AES-128/192/256 ECB enc+dec (FIPS-197 App. B, C.1-C.3)"].failures == 2


def test_malformed_kat_line_names_file_and_line(shared_copy):
    path = shared_copy / "ascon-aead128-kat.txt"
    lines = path.read_text().splitlines()
    lines[2] = "Nonce = 10111Z"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(UserError) as info:
        load_ascon_kat()
    assert str(info.value).startswith(f"{path}:3: error: Nonce is not hexadecimal")


def test_demo_golden_stage_passes():
    result = subprocess.run([sys.executable, "-m", "cryptohls.cli", "demo", "--stages", "golden"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("PASS") == len(selfcheck.CHECKS)


def test_demo_unknown_stage_is_a_user_error():
    result = subprocess.run([sys.executable, "-m", "cryptohls.cli", "demo", "--stages", "golden,nope"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "unknown stage(s) nope" in result.stderr and "Traceback" not in result.stderr
