"""cocotb tests of Deoxys-I-128-128 v1.3 (deoxysneq128128v13) in the LWC frame (the generated top
deoxys_i128_lwc: designs/lwc-frame around the CipherCore), on the shared LWC bench
(cryptohls.sim.lwc_bench):

- the KAT file of seed 002 (<shared>/vectors/caesar/deoxysneq128128v13, 1089 records from the
  SUPERCOP reference code): ENC, DEC and a DEC with a wrong tag of each record; `make test` runs the
  records whose AD and PT lengths are both block edges (0, 15, 16, 17, 32 bytes: 25 records),
  the slow test all 1089;
- (slow test) the vector set of `cryptohls tv --cipher deoxysneq128128v13`;
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands, bad keys; exact cycle counts Ta + n * Tb (docs.md, "Timing"); constant time.

pytest designs/deoxys-i128/tests/test_deoxys_i128.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests

NAME = "deoxysneq128128v13"
CIPHER = LwcCipher(CIPHER_MODELS[NAME]())
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n full blocks = Ta + n * Tb; the HLS CipherCore has the RTL's.
TIMING = {
    ("enc", "pt"): (34, 15),    # ENC, empty AD, n PT blocks
    ("dec", "pt"): (35, 19),    # DEC, empty AD, n CT blocks (plaintext released after the tag check)
    ("enc", "ad"): (33, 15),    # ENC, n AD blocks, empty PT
}
# CRYPTOHLS_DEOXYS_FULL=1 (the slow test): all 1089 KATs and the `cryptohls tv` vector set (about 30 s
# of simulation more); make test runs the 49 edge KATs and the rest.
FULL = os.environ.get("CRYPTOHLS_DEOXYS_FULL") == "1"
TESTS = 7 if FULL else 6     # cocotb tests per run
EDGES = {0, 15, 16, 17, 32}


def kat_records() -> list[dict[str, bytes]]:
    kats = load_caesar_kat(NAME)
    assert len(kats) == 1089
    if not FULL:
        kats = [k for k in kats if len(k["AD"]) in EDGES and len(k["PT"]) in EDGES]
        assert len(kats) == 25
    return [{"key": k["Key"], "nonce": k["Nonce"], "ad": k["AD"], "pt": k["PT"], "ct": k["CT"][:-16],
             "tag": k["CT"][-16:]} for k in kats]


globals().update(aead_tests(CIPHER, timing=TIMING, random_messages=(3, 8, 70), kats=kat_records,
                            kat_wrong_tag=True, tv=FULL))


def test_deoxys_i128(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("deoxys-i128/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


@pytest.mark.slow   # make test-slow (the compilation of the HLS core and about 40 s of simulation)
def test_deoxys_i128_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls): the RTL's
    Ta / Tb asserted."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("deoxys-i128/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


@pytest.mark.slow   # make test-slow: all 1089 KAT records and the tv vector set
def test_deoxys_i128_full(request, monkeypatch):
    from cryptohls.sim.design_tests import run_design_tests

    monkeypatch.setenv("CRYPTOHLS_DEOXYS_FULL", "1")   # the simulator process inherits it
    result = run_design_tests("deoxys-i128/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()
