"""The tests of a CAESAR stream/sponge AEAD core in the LWC frame (ACORN, Ketje, MORUS, NORX), shared:
the cocotb scenarios of :func:`cryptohls.sim.lwc_bench.aead_tests` on the cipher's published KAT file
(:func:`cryptohls.sim.caesar_frame_tests.kat_records`, at the cipher's own length edges), and the pytest
functions that run them on the design's variants. The scenarios: the KATs at the cipher's length edges
(ENC and DEC, do checked exactly; a key-valued word on do only where it is the expected word, as these
KATs' plaintext counts 00 01 02 .. as their key does: lwc_driver.check_do); the vector set of `cryptohls
tv`; random messages with key changes, wrong tags and ciphertexts; malformed commands and bad keys;
exact cycles Ta + n * Tb; constant time; random pdi/sdi gaps and do stalls except in the cycle tests.
The pytest functions:

- ``test_<design>`` (rtl, every cocotb test), in make test;
- with `w32`: ``test_<design>_w32_timing`` (rtl-w32, the exact Ta + n * Tb test alone on Icarus), in
  make test, ``test_<design>_w32`` (rtl-w32, every test), slow, and ``test_<design>_hls_w32`` (hls-w32:
  the HLS core behind the same gearbox; the core's four tests, with rtl-w32's Ta and Tb), slow;
- ``test_<design>_hls`` (the HLS CipherCore in the same frame and top: the core's four tests), slow;
- ``test_<design>_all_kats[rtl|hls]`` (every test on all 1089 KATs), slow;
- with `icarus`: ``test_<design>_icarus`` (rtl on Icarus: KAT edges, malformed commands, exact cycles), slow;
- with `sim_figures` = {variant: (latency, interval)}: ``test_cryptohls_sim_lwc_path[<variant>]`` (`cryptohls
  sim <design>/<variant>` on the LWC registry's workload gives those figures), slow.

`timings` = {variant: {("enc"|"dec", "pt"|"ad"): (Ta, Tb)}} is asserted exactly (docs.md, "Timing").
A design's test module names its cipher and figures::

    globals().update(stream_frame_tests("acorn128v2", __file__, block_bytes=4, kats_env="CRYPTOHLS_ACORN_KATS",
                                        edges={0, 1, 2, 3, 4, 5, 32}, timings=TIMINGS, random_messages=(4, 6, 70),
                                        icarus=True, sim_figures={"rtl": (9, 1), "hls": (9, 1)}))
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.caesar_frame_tests import kat_records
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

TAG_BYTES = 16
# make test on the HLS core: what the core decides (KAT edges, random messages and wrong tags, exact
# cycles, constant time); the frame-side scenarios (tv files, malformed commands, bad keys) in the slow run
HLS_FAST = "published_kats,random_messages_and_wrong_tags,timing,constant_time"


def run_variant(design: str, test_file: str, name: str, test_id: str, testcase: str | None = None,
                simulator: str = "verilator", **env: str):
    """The cocotb tests of `test_file` (or those named in `testcase`, comma-separated) on variant
    `design`/`name`, as run_design_tests runs them (one model per variant, shared with `cryptohls sim`)."""
    from cryptohls.designs import find_variant, repo_root
    from cryptohls.sim.hls_lwc import hls_variant_verilog
    from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run

    v = find_variant(f"{design}/{name}")
    return build_and_run(sources=hls_variant_verilog(v) if v.kind == "hls" else v.sources(), top=v.top,
                         test_module=Path(test_file).stem, test_dir=Path(test_file).parent,
                         run_dir=repo_root() / "build" / "sim-tests" / test_id, simulator=simulator,
                         build_args=SPLIT_MODEL_BUILD_ARGS if simulator == "verilator" else (), testcase=testcase,
                         extra_env={"CRYPTOHLS_VARIANT": v.name, "CRYPTOHLS_SEED": "1", **env})


def stream_frame_tests(design: str, test_file: str, *, block_bytes: int, kats_env: str, edges: set[int],
                       timings: dict, random_messages: tuple[int, int, int], w32: bool = False,
                       icarus: bool = False,
                       sim_figures: dict[str, tuple[int, int]] | None = None) -> dict[str, object]:
    """The cocotb tests and the pytest functions of `design`'s test module (``globals().update``); the
    design's name is its cipher's (CIPHER_MODELS)."""
    if w32:   # the HLS core behind the gearbox has the RTL core's cycles
        timings = {"hls-w32": timings["rtl-w32"], **timings}
    cipher = LwcCipher(CIPHER_MODELS[design](), block_bytes=block_bytes)
    cocotb_tests = aead_tests(cipher, timing=timings[variant()], random_messages=random_messages,
                              kats=kat_records(design, tag_bytes=TAG_BYTES, kats_env=kats_env, edges=edges))
    every = len(cocotb_tests)

    def run(name: str, test_id: str, testcase: str | None = None, simulator: str = "verilator", **env: str):
        return run_variant(design, test_file, name, test_id, testcase, simulator, **env)

    def rtl(request):
        result = run("rtl", request.node.name)
        assert result.passed and result.tests == every, result.summary()

    def w32_timing(request):
        """The W = 32 figure (rtl-w32: the wide core behind designs/lwc-gearbox's lwc_ccw_gearbox in the frame
        at W = 32): the bench's exact Ta + n * Tb test alone, on Icarus (no Verilator build in make test)."""
        result = run("rtl-w32", request.node.name, "timing", simulator="icarus")
        assert result.passed and result.tests == 1, result.summary()

    @pytest.mark.slow   # make test-slow: the whole bench at W = 32 (the timing alone runs in make test)
    def w32_all(request):
        """Every cocotb test on rtl-w32."""
        result = run("rtl-w32", request.node.name)
        assert result.passed and result.tests == every, result.summary()

    @pytest.mark.slow   # make test-slow: the make test budget (~40 s per cipher) goes to the RTL bench and the HLS
    # core's csim = cosim (test_*_hls_core.py); this run asserts the HLS core's Ta/Tb equal to the RTL's
    def hls(request):
        """The core's cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
        result = run("hls", request.node.name, HLS_FAST)
        assert result.passed and result.tests == 4, result.summary()

    @pytest.mark.slow   # make test-slow: as hls, behind the gearbox at W = 32
    def hls_w32(request):
        """The core's cocotb tests on the HLS CipherCore behind lwc_ccw_gearbox at W = 32 (hls-w32)."""
        result = run("hls-w32", request.node.name, HLS_FAST)
        assert result.passed and result.tests == 4, result.summary()

    base = "test_" + design

    @pytest.mark.slow   # make test-slow: every cocotb test with all 1089 KATs, on both cores
    @pytest.mark.parametrize("name", ["rtl", "hls"])
    def all_kats(request, name):
        result = run(name, f"{base}_all_kats_{name}", **{kats_env: "all"})
        assert result.passed and result.tests == every, result.summary()

    @pytest.mark.slow   # make test-slow: the second simulator (Icarus, zero-delay: lwc-frame/docs.md's output rule)
    def on_icarus(request):
        """The RTL core on Icarus: KAT edges, malformed commands, exact cycles."""
        result = run("rtl", request.node.name, "published_kats,malformed_input,timing", simulator="icarus")
        assert result.passed and result.tests == 3, result.summary()

    @pytest.mark.slow   # 15-25 s each on the loaded machine: the registry plumbing is in make test
    @pytest.mark.parametrize("name", list(sim_figures or ()))   # (tests/sim/test_lwc_registry.py)
    def sim_lwc_path(name):
        """`cryptohls sim <design>/<variant>` (the LWC registry's workload): the tv vectors pass and the
        measured figures are the module's (interval = Tb of docs.md, "Timing")."""
        from cryptohls.designs import find_variant, repo_root
        from cryptohls.sim.variant import simulate_variant

        result = simulate_variant(find_variant(f"{design}/{name}"), seed=2, blocks=20, build_dir=repo_root() / "build")
        assert (result.passed, (result.latency, result.interval)) == (True, sim_figures[name]), result
        assert result.blocks > 100 + 20

    pytest_tests = {base: rtl}
    if w32:
        pytest_tests |= {f"{base}_w32_timing": w32_timing, f"{base}_w32": w32_all, f"{base}_hls_w32": hls_w32}
    pytest_tests |= {f"{base}_hls": hls, f"{base}_all_kats": all_kats}
    if icarus:
        pytest_tests[f"{base}_icarus"] = on_icarus
    if sim_figures:
        pytest_tests["test_cryptohls_sim_lwc_path"] = sim_lwc_path
    for test_name, function in pytest_tests.items():
        function.__name__ = function.__qualname__ = test_name
    return {**cocotb_tests, **pytest_tests}
