"""cocotb tests of JAMBU-AES in the LWC frame (the generated top jambu_aes128_lwc: designs/lwc-frame
around the RTL or the HLS CipherCore; 16-byte key, 8-byte nonce and tag), run from pytest with
Verilator, on the shared LWC bench (cryptohls.sim.lwc_bench):

- published KATs (<shared>/vectors/caesar/aesjambuv2): ENC compared with the published CT and tag,
  DEC, DEC with a flipped tag bit; every 34th record in make test (33 records: every AD and every PT
  length 0..32), all 1089 in the slow test;
- the vector set of `cryptohls tv --cipher aesjambuv2` (slow test);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands (FAILURE alone; after the core has started the frame flushes it with empty
  segments and a zero tag of 8 bytes), no key / bad keys;
- exact cycles: n 8-byte blocks take Ta + n * Tb at the full module; constant time.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests; every
do word is checked against every key word.

pytest designs/jambu-aes128/tests/test_jambu_aes128.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests

CIPHER = LwcCipher(CIPHER_MODELS["aesjambuv2"](), key_bytes=16, tag_bytes=8, block_bytes=8)
# Measured, asserted exactly (both variants): cycles from the ENC/DEC instruction to the status word for
# n 8-byte blocks of PT/CT (AD empty) or of AD (PT empty) = Ta + n * Tb
# (Tb = 10: one AES-128 call per 8-byte block; DEC + 2: the release of 2 do words per block)
TIMING = {("enc", "pt"): (59, 10), ("dec", "pt"): (58, 12), ("enc", "ad"): (59, 10)}
KAT_STRIDE = 34   # 33 records, AD and PT lengths each 0 .. 32 (Count = 33 |PT| + |AD| + 1)
# JAMBU_FULL=1 (the slow test): all 1089 KATs and the `cryptohls tv` vector set
FULL = os.environ.get("JAMBU_FULL") == "1"
TESTS = 6         # cocotb tests per run in make test (7 with FULL)


def kat_records() -> list[dict[str, bytes]]:
    """Every KAT_STRIDE-th published record (all 1089 with FULL)."""
    from cryptohls.golden.vectors import load_caesar_kat

    records = load_caesar_kat("aesjambuv2")
    assert len(records) == 1089
    stride = 1 if FULL else KAT_STRIDE
    return [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-8],
             "tag": r["CT"][-8:]} for r in records[::stride]]


globals().update(aead_tests(CIPHER, timing=TIMING, random_messages=(3, 8, 40), kats=kat_records,
                            kat_wrong_tag=True, tv=FULL))


# make test: the RTL core on the whole bench; the HLS core there in make test-slow (its csim = cosim is in
# make test, test_jambu_aes128_hls_core.py), where its Ta/Tb are asserted equal to the RTL's
@pytest.mark.parametrize("name", ["rtl", pytest.param("hls", marks=pytest.mark.slow)])
def test_jambu_aes128(request, name):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests(f"jambu-aes128/{name}", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


def test_full_module_lint():
    """verilator --lint-only -Wall of the generated top with the RTL core (frame at NPUB_BYTES = TAG_BYTES = 8)."""
    import subprocess

    from cryptohls.designs import find_variant

    variant = find_variant("jambu-aes128/rtl")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top,
                           *map(str, variant.sources())], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rtl", "hls"])
def test_jambu_aes128_full(request, monkeypatch, name):
    """The same cocotb tests with all 1089 KATs (ENC, DEC, DEC with a wrong tag) and the `cryptohls tv`
    vector set."""
    from cryptohls.sim.design_tests import run_design_tests

    monkeypatch.setenv("JAMBU_FULL", "1")   # the simulator's environment inherits it
    result = run_design_tests(f"jambu-aes128/{name}", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS + 1, result.summary()
