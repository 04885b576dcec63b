"""cocotb tests of MORUS-1280-128 v1 in the LWC frame at W = CCW = 256 (the generated top
morus1280128v1_lwc: designs/lwc-frame around the 256-bit CipherCore), run from pytest with Verilator, on
the shared LWC bench (cryptohls.sim.lwc_bench), every word 256 bits on pdi, do, bdi and bdo:

- the KATs of ../shared/vectors/caesar/morus1280128v1 (the records whose AD and PT lengths are block
  edges in make test; all 1089 in the slow tests): ENC and DEC of each, do checked exactly (a key word
  on do only where the expected word is that word: these KATs' plaintext is 00 01 02 .. as their key);
- the vector set of `cryptohls tv --cipher morus1280128v1 --width 256` (written to files, parsed back);
- random messages with key changes and wrong-tag / wrong-ciphertext decryptions;
- malformed commands, bad keys, and exact cycles: n 32-byte blocks take Ta + n * Tb (docs.md, "Timing");
- constant time: cycle counts of messages of one shape do not depend on data, key or tag.
Random pdi/sdi gaps and do back-pressure with long stalls throughout, except in the cycle tests. The
rtl variant runs all of them, the hls variant (the HLS CipherCore in the same frame and top) the
core's four in make test and all in make test-slow.

pytest designs/morus1280128v1/tests/test_morus1280128v1.py
"""

from __future__ import annotations

import os

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

# MORUS-1280's block is 256 bits: one bdi word, absorbed with its StateUpdate in one cycle
CIPHER = LwcCipher(CIPHER_MODELS["morus1280128v1"](), block_bytes=32)
# Measured, asserted exactly (docs.md, "Timing"): cycles from the ENC/DEC instruction to the status
# word for a message of n 32-byte blocks = TA + n * TB, per variant.
TIMINGS = {
    "rtl": {("enc", "pt"): (32, 1), ("dec", "pt"): (33, 2), ("enc", "ad"): (31, 1)},
    "hls": {("enc", "pt"): (32, 1), ("dec", "pt"): (33, 2), ("enc", "ad"): (31, 1)},
    # W = 32 (rtl-w32: the core behind lwc_ccw_gearbox): 8 bdi words of 32 bits per block
    "rtl-w32": {("enc", "pt"): (38, 8), ("dec", "pt"): (36, 16), ("enc", "ad"): (30, 8)},
}
TESTS = 7        # cocotb tests per run
# make test: the records whose AD and PT lengths are both block edges (49 of 1089); all 1089 with
# CRYPTOHLS_MORUS_KATS=all (the slow tests)
EDGES = {0, 1, 15, 16, 17, 31, 32}


def kat_records() -> list[dict[str, bytes]]:
    """The KAT records as the bench's `kats` takes them: {key, nonce, ad, pt, ct, tag}."""
    records = load_caesar_kat("morus1280128v1")
    assert len(records) == 1089
    if os.environ.get("CRYPTOHLS_MORUS_KATS", "edges") != "all":
        records = [r for r in records if len(r["AD"]) in EDGES and len(r["PT"]) in EDGES]
        assert len(records) == len(EDGES) ** 2
    return [{"key": r["Key"], "nonce": r["Nonce"], "ad": r["AD"], "pt": r["PT"], "ct": r["CT"][:-16],
             "tag": r["CT"][-16:]} for r in records]


# the shared bench's cocotb tests (cryptohls.sim.lwc_bench), for the variant under test
globals().update(aead_tests(CIPHER, timing=TIMINGS[variant()], random_messages=(3, 6, 100), kats=kat_records))


def run_variant(name: str, test_id: str, testcase: str | None = None, simulator: str = "verilator", **env: str):
    """The cocotb tests of this module (or those named in `testcase`, comma-separated) on variant
    morus1280128v1/`name`, as run_design_tests runs them (one model per variant, shared with `cryptohls sim`)."""
    from pathlib import Path

    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.hls_lwc import hls_variant_verilog
    from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run

    v = find_variant(f"morus1280128v1/{name}")
    return build_and_run(sources=hls_variant_verilog(v) if v.kind == "hls" else v.sources(), top=v.top,
                         test_module=Path(__file__).stem, test_dir=Path(__file__).parent,
                         run_dir=repo_root() / "build" / "sim-tests" / test_id, simulator=simulator,
                         build_args=SPLIT_MODEL_BUILD_ARGS if simulator == "verilator" else (), testcase=testcase,
                         extra_env={"CRYPTOHLS_VARIANT": v.name, "CRYPTOHLS_SEED": "1", **env})


def test_morus1280128v1(request):
    result = run_variant("rtl", request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


def test_morus1280128v1_w32_timing(request):
    """The W = 32 figure (rtl-w32: the wide core behind designs/lwc-gearbox's lwc_ccw_gearbox in the frame
    at W = 32): the bench's exact Ta + n * Tb test alone, on Icarus (no Verilator build in make test)."""
    result = run_variant("rtl-w32", request.node.name, "timing", simulator="icarus")
    assert result.passed and result.tests == 1, result.summary()


@pytest.mark.slow   # make test-slow: the whole bench at W = 32 (the timing alone runs in make test)
def test_morus1280128v1_w32(request):
    """Every cocotb test on rtl-w32 (edge KATs, tv vectors at W = 32, random messages, malformed commands,
    bad keys, exact cycles, constant time)."""
    result = run_variant("rtl-w32", request.node.name)
    assert result.passed and result.tests == TESTS, result.summary()


# make test on the HLS core: what the core decides (KAT edges, random messages and wrong tags, exact
# cycles, constant time); the frame-side scenarios (tv files, malformed commands, bad keys) in the slow run
HLS_FAST = "published_kats,random_messages_and_wrong_tags,timing,constant_time"


@pytest.mark.slow   # make test-slow: the make test budget (~40 s per cipher) goes to the RTL bench and the HLS
# core's csim = cosim (test_*_hls_core.py); this run asserts the HLS core's Ta/Tb equal to the RTL's
def test_morus1280128v1_hls(request):
    """The core's cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
    result = run_variant("hls", request.node.name, HLS_FAST)
    assert result.passed and result.tests == 4, result.summary()


@pytest.mark.slow   # make test-slow: every cocotb test with all 1089 KATs, on both cores
@pytest.mark.parametrize("name", ["rtl", "hls"])
def test_morus1280128v1_all_kats(request, name):
    result = run_variant(name, f"test_morus1280128v1_all_kats_{name}", CRYPTOHLS_MORUS_KATS="all")
    assert result.passed and result.tests == TESTS, result.summary()
