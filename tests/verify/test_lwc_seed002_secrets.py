"""`cryptohls verify` of seed 002's LWC CipherCores (issues 34-36) with the key and the bdi data word
secret: each is proved secret-independent for every cycle (docs/verify.md, "Field-level secrets", the
table's seed 002 rows; 2 s to 7 min each on the shared machine, so make test-slow only). A control
field declared secret instead is refuted, so the proofs are not vacuous.

pytest -m slow tests/verify/test_lwc_seed002_secrets.py
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from cryptohls.designs import repo_root

SEED002_VARIANTS = [f"{design}/{kind}" for design in (
    "ocb3-aes128", "aes128-otr", "deoxys-i128", "jambu-simon96", "acorn128v2", "ketjesrv1", "aegis128l",
    "tiaoxin346", "morus1280128v1", "norx3241v2", "cloc-aes128", "silc-aes128", "colm0-aes128", "jambu-aes128")
    for kind in ("rtl", "hls")]
SEED002_VARIANTS += ["aegis128l/rtl-w32", "aegis128l/hls-w32"]
# the wide cores behind lwc_ccw_gearbox (the generated <core>_w32: gearbox and core verified together)
SEED002_VARIANTS += [f"{design}/{kind}" for design in ("tiaoxin346", "morus1280128v1", "norx3241v2")
                     for kind in ("rtl-w32", "hls-w32")]


def _verify(variant: str, secret: str) -> tuple[int, dict, str]:
    out = repo_root() / "build" / "tests" / "verify-seed002" / f"{variant.replace('/', '-')}-{secret.replace(',', '_')}"
    shutil.rmtree(out, ignore_errors=True)
    run = subprocess.run([sys.executable, "-m", "cryptohls.cli", "verify", variant, "--no-equivalence",
                          "--secret", secret, "--timeout", "900", "-o", str(out)], capture_output=True, text=True)
    return run.returncode, json.loads(run.stdout.strip().splitlines()[-1]), run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("variant", SEED002_VARIANTS)
def test_seed002_cipher_core_is_proved_with_key_and_data_secret(variant):
    code, summary, stderr = _verify(variant, "key,bdi.bdi")
    assert code == 0, stderr
    assert summary["secrets"] == ["key", "bdi.bdi"] and summary["secret_independent"] is True
    assert summary["miter"]["bound"].startswith("every cycle")


@pytest.mark.slow
def test_a_control_field_declared_secret_is_refuted():
    code, summary, _ = _verify("ketjesrv1/rtl", "key,bdi.bdi_eot")
    assert code == 1 and summary["miter"]["status"] == "counterexample"
