"""cocotb tests of AES-128-GCM in the LWC frame (the generated top aes128_gcm_lwc: designs/lwc-frame
around the CipherCore), run from pytest with Verilator, on the shared LWC bench (cryptohls.sim.lwc_bench).

- the published McGrew-Viega test cases 1-4 (AES-128, 96-bit IV): ENC, DEC, DEC with a wrong tag;
- the vector set of `cryptohls tv --cipher aes128-gcm` (written to files and parsed back);
- >= 200 random golden-model messages (AD and PT 0..80 bytes, partial blocks) with key changes,
  a quarter of the DECs with a flipped tag or ciphertext bit (FAILURE, nothing released);
- malformed commands: FAILURE alone, then the next good commands work;
- no key / bad keys;
- exact cycle counts: cycles for n blocks = Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the timing test;
every do word is checked against every key word.

pytest designs/aes128-gcm/tests/test_aes128_gcm.py
"""

from __future__ import annotations

import pytest

from cryptohls.golden.vectors import load_aes_vectors
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

CIPHER = LwcCipher(CIPHER_MODELS["aes128-gcm"]())
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n full blocks = TA + n * TB.
TIMINGS = {
    "rtl": {
        ("enc", "pt"): (45, 10),    # ENC, empty AD, n PT blocks
        ("dec", "pt"): (46, 14),    # DEC, empty AD, n CT blocks (plaintext released after the tag check)
        ("enc", "ad"): (27, 9),     # ENC, n AD blocks, empty PT
    },
    "hls": {                        # the HLS CipherCore in the same frame: the RTL's (docs.md, "HLS CipherCore")
        ("enc", "pt"): (45, 10),
        ("dec", "pt"): (46, 14),
        ("enc", "ad"): (27, 9),
    },
    # W = 128 (the CCW = 32 cores; the frame splits / packs 128-bit words; lwc-frame/docs.md "Bus width
    # W"): as at W = 32, except DEC, whose plaintext release takes one do word per block instead of four
    "rtl-w128": {
        ("enc", "pt"): (45, 10),
        ("dec", "pt"): (46, 11),
        ("enc", "ad"): (27, 9),
    },
}
TIMINGS["hls-w128"] = TIMINGS["rtl-w128"]
LATENCY = 20     # `cryptohls sim`: first PT word accepted -> first CT word on do (waits for E_K(J0), E_K(J0+1))
INTERVAL = 10    # `cryptohls sim`: cycles per block on do, long messages (the AES)
LATENCY_W128 = 2  # W = 128 (rtl-w128, hls-w128): the pdi word is accepted with its last 32-bit bdi word


def published_cases() -> list[dict[str, bytes]]:
    """McGrew-Viega test cases 1-4 (AES-128, 96-bit IV) from <shared>/vectors/aes-vectors.json."""
    fields = ("key", "iv", "plaintext", "aad", "ciphertext", "tag")
    cases = [{k: bytes.fromhex(case[k]) for k in fields} for case in load_aes_vectors()["gcm_spec_mcgrew_viega"]]
    cases = [{"key": c["key"], "nonce": c["iv"], "ad": c["aad"], "pt": c["plaintext"], "ct": c["ciphertext"],
              "tag": c["tag"]} for c in cases if len(c["key"]) == 16 and len(c["iv"]) == 12]
    assert len(cases) == 4
    return cases


# the cocotb tests (cryptohls.sim.lwc_bench), for the variant under test: the published cases with a
# wrong-tag DEC each, and >= 200 random messages (AD and PT 0..80 bytes, partial blocks)
globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(10, 21, 80),
                            kats=published_cases, kat_wrong_tag=True))


def test_aes128_gcm(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aes128-gcm/rtl", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


@pytest.mark.slow   # make test-slow (ascon-aead128/rtl-w128 runs the bench at W = 128 in make test)
@pytest.mark.parametrize("name", ["rtl-w128", "hls-w128"])
def test_aes128_gcm_w128(request, name):
    """The same cocotb tests on a 128-bit pdi / do bus (variants rtl-w128, hls-w128)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests(f"aes128-gcm/{name}", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


@pytest.mark.slow   # make test-slow (the core's csim = cosim and cycle tests run in make test)
def test_aes128_gcm_hls(request):
    """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("aes128-gcm/hls", __file__, test_id=request.node.name)
    assert result.passed and result.tests == 7, result.summary()


def test_cryptohls_sim_lwc_path():
    """`cryptohls sim aes128-gcm/rtl` (cryptohls.sim.lwc_driver): the tv vectors pass and the
    measured figures are the module's."""
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(find_variant("aes128-gcm/rtl"), seed=2, blocks=20,
                              build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, LATENCY, INTERVAL), result
    assert result.blocks > 100 + 20


@pytest.mark.slow   # make test-slow (ascon-aead128's rtl-w128 runs in make test)
@pytest.mark.parametrize("variant", ["rtl-w128", "hls-w128"])
def test_cryptohls_sim_lwc_path_w128(variant):
    """`cryptohls sim aes128-gcm/rtl-w128 | hls-w128`: the CCW = 32 cores on a 128-bit pdi / do bus
    (designs/lwc-frame/docs.md, "Bus width W"): the tv vectors at W = 128 pass, 10 cycles per block."""
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(find_variant(f"aes128-gcm/{variant}"), seed=2, blocks=20,
                              build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, LATENCY_W128, INTERVAL), result
    assert result.blocks > 100 + 20
