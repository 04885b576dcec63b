"""cocotb tests of SILC-AES (aes128n12t8silcv2) in the LWC frame (the generated top silc_aes128_lwc:
designs/lwc-frame around the CipherCore), run from pytest with Verilator, on the shared LWC bench
(cryptohls.sim.lwc_bench):

- the KAT file of seed 002 (<shared>/vectors/caesar/aes128n12t8silcv2, 1089 records from the SUPERCOP
  reference code): ENC, DEC and a DEC with a wrong tag of each record; `make test` runs the 49 records
  at the block edges (all 1089: CRYPTOHLS_SILC_KATS=all, the slow test below);
- the vector set of `cryptohls tv --cipher aes128n12t8silcv2` (written to files and parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands: FAILURE alone, then the next good commands work; no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests;
every do word is checked against every key word.

pytest designs/silc-aes128/tests/test_silc_aes128.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

NAME = "aes128n12t8silcv2"
TAG_BYTES = 8
CIPHER = LwcCipher(CIPHER_MODELS[NAME]())
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n full blocks = TA + n * TB.
TIMINGS = {
    "rtl": {
        ("enc", "pt"): (45, 10),    # ENC, empty AD, n PT blocks
        ("dec", "pt"): (46, 14),    # DEC, empty AD, n CT blocks (the frame releases the plaintext after the tag check: +4)
        ("enc", "ad"): (40, 10),    # ENC, n AD blocks, empty PT
    },
    "hls": {                        # the HLS CipherCore in the same frame: the RTL's
        ("enc", "pt"): (45, 10),
        ("dec", "pt"): (46, 14),
        ("enc", "ad"): (40, 10),
    },
}
TESTS = 7        # cocotb tests per run


def kat_records() -> list[dict[str, bytes]]:
    """The KAT file: all 1089 records (CRYPTOHLS_SILC_KATS=all), else every (AD, PT) length pair at the
    block edges 0, 1, 15, 16, 17, 31, 32 bytes (49 records)."""
    kats = load_caesar_kat(NAME)
    assert len(kats) == 1089
    if os.environ.get("CRYPTOHLS_SILC_KATS", "edges") != "all":
        edges = {0, 1, 15, 16, 17, 31, 32}
        kats = [k for k in kats if len(k["AD"]) in edges and len(k["PT"]) in edges]
        assert len(kats) == 49
    return [{"key": k["Key"], "nonce": k["Nonce"], "ad": k["AD"], "pt": k["PT"], "ct": k["CT"][:-TAG_BYTES],
             "tag": k["CT"][-TAG_BYTES:]} for k in kats]


# the cocotb tests (cryptohls.sim.lwc_bench), for the variant under test
globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(4, 8, 70), kats=kat_records,
                            kat_wrong_tag=True))


def test_silc_aes128(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("silc-aes128/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


@pytest.mark.slow   # make test-slow (the HLS compilation and the same simulation; the csim test runs in make test)
def test_silc_aes128_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("silc-aes128/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


@pytest.mark.slow   # make test-slow: all 1089 KAT records 
def test_silc_aes128_all_kats(request, monkeypatch):
    from cryptohls.sim.design_tests import run_design_tests

    monkeypatch.setenv("CRYPTOHLS_SILC_KATS", "all")   # the simulator process inherits it
    result = run_design_tests("silc-aes128/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()
