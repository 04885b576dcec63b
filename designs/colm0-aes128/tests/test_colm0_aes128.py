"""cocotb tests of COLM0-AES128 (colm0v1) in the LWC frame (the generated top
colm0_aes128_lwc: designs/lwc-frame around the CipherCore), run from pytest with Verilator, on the shared
LWC bench (cryptohls.sim.lwc_bench):

- the KAT file of seed 002 (<shared>/vectors/caesar/colm0v1, 1089 records from the
  SUPERCOP reference code; the frame's CT is the first |M| bytes of COLM's output, the tag the last 16): ENC, DEC and a DEC with a wrong tag of each record; `make test` runs the 49
  records at the block edges (about 45 s of simulation for all 1089: CRYPTOHLS_COLM0_KATS=all, the
  slow test below);
- the vector set of `cryptohls tv --cipher colm0v1` (written to files and parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands: FAILURE alone, then the next good commands work; no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests;
every do word is checked against every key word.

pytest designs/colm0-aes128/tests/test_colm0_aes128.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

NAME = "colm0v1"
CIPHER = LwcCipher(CIPHER_MODELS[NAME]())
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n full blocks = TA + n * TB. Two AES units in a pipeline: block i's second call
# beside block i+1's first.
TIMINGS = {
    "rtl": {
        ("enc", "pt"): (47, 10),    # ENC, empty AD, n PT blocks
        ("dec", "pt"): (49, 14),    # DEC, empty AD, n CT blocks (plaintext released after the tag check)
        ("enc", "ad"): (53, 10),    # ENC, n AD blocks, empty PT
    },
    "hls": {                        # the HLS CipherCore in the same frame: the RTL's
        ("enc", "pt"): (47, 10),
        ("dec", "pt"): (49, 14),
        ("enc", "ad"): (53, 10),
    },
}
TESTS = 7        # cocotb tests per run


def kat_records() -> list[dict[str, bytes]]:
    """The KAT file: all 1089 records (CRYPTOHLS_COLM0_KATS=all), else every (AD, PT) length pair at the
    block edges 0, 1, 15, 16, 17, 31, 32 bytes (49 records)."""
    kats = load_caesar_kat(NAME)
    assert len(kats) == 1089
    if os.environ.get("CRYPTOHLS_COLM0_KATS", "edges") != "all":
        edges = {0, 1, 15, 16, 17, 31, 32}
        kats = [k for k in kats if len(k["AD"]) in edges and len(k["PT"]) in edges]
        assert len(kats) == 49
    return [{"key": k["Key"], "nonce": k["Nonce"], "ad": k["AD"], "pt": k["PT"], "ct": k["CT"][:-16],
             "tag": k["CT"][-16:]} for k in kats]


# the cocotb tests (cryptohls.sim.lwc_bench), for the variant under test
globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(4, 8, 70), kats=kat_records,
                            kat_wrong_tag=True))


def test_colm0_aes128(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("colm0-aes128/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()



@pytest.mark.slow   # make test-slow (about 60 s with the compilation; the csim test runs in make test)
def test_colm0_aes128_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("colm0-aes128/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


@pytest.mark.slow   # make test-slow: all 1089 KAT records (about 45 s with the build)
def test_colm0_aes128_all_kats(request, monkeypatch):
    from cryptohls.sim.design_tests import run_design_tests

    monkeypatch.setenv("CRYPTOHLS_COLM0_KATS", "all")   # the simulator process inherits it
    result = run_design_tests("colm0-aes128/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()
