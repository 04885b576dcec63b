"""cocotb tests of JAMBU-SIMON in the LWC frame (the generated top jambu_simon96_lwc: designs/lwc-frame
around the RTL or the HLS CipherCore; 12-byte key, 6-byte nonce and tag), run from pytest with
Verilator, on the shared LWC bench (cryptohls.sim.lwc_bench):

- published KATs (<shared>/vectors/caesar/simonjambu96v2): ENC compared with the published CT and tag,
  DEC, DEC with a flipped tag bit; every 34th record in make test (33 records: every AD and every PT
  length 0..32), all 1089 in the slow test (the HLS core's C testbench runs all of them in csim and
  cosim too, test_jambu_simon96_hls_core.py);
- the vector set of `cryptohls tv --cipher simonjambu96v2` (KEY segment of 12 bytes, NPUB and TAG of 6);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands (FAILURE alone; after the core has started the frame flushes it with empty
  segments and a zero tag of 4 + 2 bytes), no key / bad keys;
- exact cycles: n 6-byte blocks take Ta + n * Tb at the full module; constant time.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests; every
do word is checked against every key word.

pytest designs/jambu-simon96/tests/test_jambu_simon96.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests

# The cycle measurements count in 12-byte blocks (two JAMBU blocks, three bus words): a DEC's plaintext
# is released at 4 bytes per do word, 1.5 words per 6-byte block, so only whole bus words give a
# linear Ta + n * Tb (docs.md, "Cycles").
CIPHER = LwcCipher(CIPHER_MODELS["simonjambu96v2"](), key_bytes=12, tag_bytes=6, block_bytes=12)
# Measured, asserted exactly (both variants): cycles from the ENC/DEC instruction to the status word for
# n 12-byte blocks of PT/CT (AD empty) or of AD (PT empty) = Ta + n * Tb
# (Tb = 2 x 52: one SIMON-96/96 call per 6-byte block; DEC + 3: the release of 3 do words per 12 bytes)
TIMING = {("enc", "pt"): (269, 104), ("dec", "pt"): (268, 107), ("enc", "ad"): (269, 104)}
KAT_STRIDE = 34   # 33 records, AD and PT lengths each 0 .. 32 (Count = 33 |PT| + |AD| + 1)
# JAMBU_FULL=1 (the slow test): all 1089 KATs and the `cryptohls tv` vector set (about 50 s of
# simulation at 52 cycles per 6-byte block), left out of make test for its budget
FULL = os.environ.get("JAMBU_FULL") == "1"
TESTS = 6         # cocotb tests per run in make test (7 with FULL)


def kat_records() -> list[dict[str, bytes]]:
    """Every JAMBU_KAT_STRIDE-th published record (all 1089 with stride 1)."""
    from cryptohls.golden.vectors import load_caesar_kat

    records = load_caesar_kat("simonjambu96v2")
    assert len(records) == 1089
    stride = 1 if FULL else KAT_STRIDE
    return [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-6],
             "tag": r["CT"][-6:]} for r in records[::stride]]


globals().update(aead_tests(CIPHER, timing=TIMING, random_messages=(3, 8, 40), kats=kat_records,
                            kat_wrong_tag=True, tv=FULL))


# make test: the RTL core on the whole bench; the HLS core there in make test-slow (its csim = cosim is in
# make test, test_jambu_simon96_hls_core.py), where its Ta/Tb are asserted equal to the RTL's
@pytest.mark.parametrize("name", ["rtl", pytest.param("hls", marks=pytest.mark.slow)])
def test_jambu_simon96(request, name):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests(f"jambu-simon96/{name}", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


def test_full_module_lint():
    """verilator --lint-only -Wall of the generated top with the RTL core (frame at KEY_BYTES = 12,
    NPUB_BYTES = TAG_BYTES = 6)."""
    import subprocess

    from cryptohls.designs import find_variant

    variant = find_variant("jambu-simon96/rtl")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top,
                           *map(str, variant.sources())], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", ["rtl", "hls"])
def test_jambu_simon96_full(request, monkeypatch, name):
    """The same cocotb tests with all 1089 KATs (ENC, DEC, DEC with a wrong tag) and the `cryptohls tv`
    vector set."""
    from cryptohls.sim.design_tests import run_design_tests

    monkeypatch.setenv("JAMBU_FULL", "1")   # the simulator's environment inherits it
    result = run_design_tests(f"jambu-simon96/{name}", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS + 1, result.summary()
