"""cocotb tests of ACORN-128 v2 in the LWC frame (the generated top acorn128v2_lwc: designs/lwc-frame
around the CipherCore), run from pytest with Verilator, on the shared LWC bench (cryptohls.sim.lwc_bench):

- the KATs of ../shared/vectors/caesar/acorn128v2 (49 edge records; all 1089 in the slow tests): ENC
  and DEC of each on the shared bench's kats scenario, do checked exactly and against the key words
  except where the expected word is one (these KATs' plaintext is 00 01 02 .. as their key is, so DEC
  must release the key's words: lwc_driver.check_do);
- the vector set of `cryptohls tv --cipher acorn128v2` (written to files and parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands, bad keys, and exact cycles: n 4-byte blocks take Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests. The
rtl variant runs all of them, the hls variant (the HLS CipherCore in the same frame and top) the
core's four in make test and all in make test-slow.

pytest designs/acorn128v2/tests/test_acorn128v2.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

# ACORN's block is its 32-bit word: one cycle of 32 steps
MODEL = CIPHER_MODELS["acorn128v2"]()
CIPHER = LwcCipher(MODEL, block_bytes=MODEL.block_bytes)   # 4 bytes (CAESAR_AEADS)
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n 4-byte blocks = TA + n * TB, per variant.
TIMINGS = {
    "rtl": {("enc", "pt"): (102, 1), ("dec", "pt"): (103, 2), ("enc", "ad"): (102, 1)},
    "hls": {("enc", "pt"): (102, 1), ("dec", "pt"): (103, 2), ("enc", "ad"): (102, 1)},
}
TESTS = 7        # cocotb tests per run
# `cryptohls sim` (cryptohls.sim.lwc_driver, workload `cryptohls tv --cipher acorn128v2`, 4-byte blocks):
# first PT word accepted -> first CT word on do, and cycles per block on do for long messages (Tb)
SIM_LATENCY = {"rtl": 9, "hls": 9}
SIM_INTERVAL = 1
# make test: the records whose AD and PT lengths are both word or segment edges (49 of 1089: every step
# count 8, 16, 24, 32 of a last word, a second word, a long segment); all 1089
# with CRYPTOHLS_ACORN_KATS=all (the slow tests)
EDGES = {0, 1, 2, 3, 4, 5, 32}


def kat_records() -> list[dict[str, bytes]]:
    """The KAT records as the bench's kats scenario takes them ({key, nonce, ad, pt, ct, tag})."""
    records = load_caesar_kat("acorn128v2")
    assert len(records) == 1089
    if os.environ.get("CRYPTOHLS_ACORN_KATS", "edges") != "all":
        records = [r for r in records if len(r["AD"]) in EDGES and len(r["PT"]) in EDGES]
        assert len(records) == 49
    return [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-16],
             "tag": r["CT"][-16:]} for r in records]


# the shared bench's cocotb tests (cryptohls.sim.lwc_bench), for the variant under test: its published_kats
# scenario runs ENC and DEC of every record, do checked against the key words except where the published
# plaintext is one (these KATs count key and plaintext both 00 01 02 ..., so DEC must release key words)
globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(4, 6, 70), kats=kat_records))


def run_variant(name: str, test_id: str, testcase: str | None = None, simulator: str = "verilator", **env: str):
    """The cocotb tests of this module (or those named in `testcase`, comma-separated) on variant
    acorn128v2/`name`, as run_design_tests runs them (one model per variant, shared with `cryptohls sim`)."""
    from pathlib import Path

    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.hls_lwc import hls_variant_verilog
    from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run

    v = find_variant(f"acorn128v2/{name}")
    return build_and_run(sources=hls_variant_verilog(v) if v.kind == "hls" else v.sources(), top=v.top,
                         test_module=Path(__file__).stem, test_dir=Path(__file__).parent,
                         run_dir=repo_root() / "build" / "sim-tests" / test_id, simulator=simulator,
                         build_args=SPLIT_MODEL_BUILD_ARGS if simulator == "verilator" else (), testcase=testcase,
                         extra_env={"CRYPTOHLS_VARIANT": v.name, "CRYPTOHLS_SEED": "1", **env})


def test_acorn128v2(request):
    result = run_variant("rtl", request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


# make test on the HLS core: what the core decides (KAT edges, random messages and wrong tags, exact
# cycles, constant time); the frame-side scenarios (tv files, malformed commands, bad keys) in the slow run
HLS_FAST = "published_kats,random_messages_and_wrong_tags,timing,constant_time"


@pytest.mark.slow   # make test-slow: the make test budget (~40 s per cipher) goes to the RTL bench and the HLS
# core's csim = cosim (test_*_hls_core.py); this run asserts the HLS core's Ta/Tb equal to the RTL's
def test_acorn128v2_hls(request):
    """The core's cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    result = run_variant("hls", request.node.name, HLS_FAST)
    assert result.passed and result.tests == 4, result.summary()


@pytest.mark.slow   # make test-slow: every cocotb test with all 1089 KATs, on both cores
@pytest.mark.parametrize("name", ["rtl", "hls"])
def test_acorn128v2_all_kats(request, name):
    result = run_variant(name, f"test_acorn128v2_all_kats_{name}", CRYPTOHLS_ACORN_KATS="all")
    assert result.passed and result.tests == TESTS, result.summary()


@pytest.mark.slow   # make test-slow: the second simulator (Icarus, zero-delay: lwc-frame/docs.md's output rule)
def test_acorn128v2_icarus(request):
    """The RTL core on Icarus: KAT edges, malformed commands, exact cycles."""
    result = run_variant("rtl", request.node.name, "published_kats,malformed_input,timing", simulator="icarus")
    assert result.passed and result.tests == 3, result.summary()


@pytest.mark.slow   # 15-25 s each on the loaded machine: the make test budget of the design is spent; the registry
#                     plumbing is in make test (tests/sim/test_lwc_registry.py)
@pytest.mark.parametrize("name", ["rtl", "hls"])
def test_cryptohls_sim_lwc_path(name):
    """`cryptohls sim acorn128v2/<variant>` (the LWC registry's workload): the tv vectors pass and the
    measured figures are the module's (interval = Tb of docs.md, "Timing")."""
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.variant import simulate_variant

    result = simulate_variant(find_variant(f"acorn128v2/{name}"), seed=2, blocks=20, build_dir=repo_root() / "build")
    assert (result.passed, result.latency, result.interval) == (True, SIM_LATENCY[name], SIM_INTERVAL), result
    assert result.blocks > 100 + 20
