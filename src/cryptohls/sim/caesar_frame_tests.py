"""The tests of an AES-based CAESAR AEAD core in the LWC frame (CLOC, SILC, COLM0, OTR, OCB3), shared:
the cocotb scenarios of :func:`cryptohls.sim.lwc_bench.aead_tests` on the cipher's published KAT file,
and the pytest functions that run them.

- KATs: the cipher's CAESAR KAT file (1089 records, seed 002), ENC, DEC and a DEC with a wrong tag of
  each; by default the 49 records whose AD and PT lengths are both at the block edges 0, 1, 15, 16, 17,
  31, 32 bytes, all 1089 when the design's environment variable (e.g. CRYPTOHLS_OCB3_KATS) is "all";
- pytest: ``test_<design>`` (variant rtl), and, marked slow, ``test_<design>_hls`` (the HLS CipherCore in
  the same frame and top) and ``test_<design>_all_kats`` (rtl on all 1089 records).

- exact cycles (docs.md of the design, "Timing"): from the ENC/DEC instruction to the status word, a
  message of n full blocks takes Ta + n * Tb cycles; `timing` gives (Ta, Tb) for ("enc", "pt") (ENC,
  empty AD, n PT blocks), ("dec", "pt") (DEC, empty AD, n CT blocks: the frame releases the plaintext
  after the tag check) and ("enc", "ad") (ENC, n AD blocks, empty PT); the HLS CipherCore in the same
  frame has the RTL's unless `hls_timing` says otherwise.

A design's test module names its cipher, tag size and measured cycles::

    globals().update(caesar_frame_tests("ocb3-aes128", __file__, name="aeadaes128ocbtaglen128v1",
                                        tag_bytes=16, kats_env="CRYPTOHLS_OCB3_KATS",
                                        timing={("enc", "pt"): (34, 10), ("dec", "pt"): (35, 14),
                                                ("enc", "ad"): (34, 10)}))
"""
from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.aead_line_vectors import BLOCK_EDGES
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests, variant

KAT_RECORDS = 1089


def bench_record(kat: dict[str, bytes], tag_bytes: int) -> dict[str, bytes]:
    """A KAT file record as the bench's KAT scenario takes it (CT and tag apart)."""
    return {"key": kat["Key"], "nonce": kat["Nonce"], "ad": kat["AD"], "pt": kat["PT"], "ct": kat["CT"][:-tag_bytes],
            "tag": kat["CT"][-tag_bytes:]}


def kat_records(name: str, *, tag_bytes: int, kats_env: str | None,
                edges: set[int] = BLOCK_EDGES) -> Callable[[], list[dict[str, bytes]]]:
    """The KAT records of cipher `name` for the bench: those whose AD and PT lengths are both in `edges`
    (the 49 at the 16-byte block edges by default), all when the variable `kats_env` (if any) is "all"."""
    def records() -> list[dict[str, bytes]]:
        kats = load_caesar_kat(name)
        assert len(kats) == KAT_RECORDS
        if kats_env is None or os.environ.get(kats_env, "edges") != "all":
            kats = [k for k in kats if len(k["AD"]) in edges and len(k["PT"]) in edges]
            assert len(kats) == len(edges) ** 2
        return [bench_record(k, tag_bytes) for k in kats]
    return records


def caesar_frame_tests(design: str, test_file: str, *, name: str, tag_bytes: int, timing: dict,
                       kats_env: str | None, hls_timing: dict | None = None, other_timings: dict | None = None,
                       block_bytes: int = 16, random_messages: tuple[int, int, int] = (4, 8, 70),
                       w32: str | list[str] | None = None, hls_w32: str | None = None) -> dict[str, object]:
    """The cocotb tests and the pytest functions of `design`'s test module (``globals().update``);
    `timing` = {("enc"|"dec", "pt"|"ad"): (Ta, Tb)} measured on rtl, `hls_timing` the HLS core's if not the same,
    `other_timings` = {variant: timing} of further variants (e.g. "rtl-w32"). `block_bytes`: the block of
    the cycle measurements. No `kats_env`: the edge KATs only (no ``_all_kats`` test). `w32`: a variant
    at W = 32 (``test_<design>_w32``, slow) or a list of them (the same test, parametrized); `hls_w32`: the
    HLS core behind the gearbox (``test_<design>_hls_w32``, slow), with the cycles of the variant `w32`."""
    timings = {"rtl": timing, "hls": hls_timing or timing, **(other_timings or {})}
    if hls_w32:
        timings[hls_w32] = timings[w32]
    cocotb_tests = aead_tests(LwcCipher(CIPHER_MODELS[name](), block_bytes=block_bytes),
                              timing=timings[variant()], random_messages=random_messages,
                              kats=kat_records(name, tag_bytes=tag_bytes, kats_env=kats_env), kat_wrong_tag=True)

    def run(variant_name: str, request) -> None:
        from cryptohls.sim.design_tests import run_design_tests   # not needed in the simulator process

        result = run_design_tests(f"{design}/{variant_name}", test_file, test_id=request.node.name)
        assert result.passed and result.tests == len(cocotb_tests), result.summary()

    def rtl(request):
        run("rtl", request)

    @pytest.mark.slow   # make test-slow (the HLS compilation and the same simulation; its csim test runs in make test)
    def hls(request):
        """The same cocotb tests on the HLS CipherCore in the same frame and top (variant hls)."""
        run("hls", request)

    @pytest.mark.slow   # make test-slow: all 1089 KAT records (about a minute or two each)
    def all_kats(request, monkeypatch):
        monkeypatch.setenv(kats_env, "all")   # the simulator process inherits it
        run("rtl", request)

    @pytest.mark.slow   # make test-slow (the same core at its own CCW runs in make test)
    def at_w32(request):
        """The same cocotb tests on the core behind the gearbox in the frame at W = 32 (variant `w32`)."""
        run(w32, request)

    @pytest.mark.slow   # make test-slow (the HLS core at its own CCW runs in make test)
    def hls_at_w32(request):
        """The same cocotb tests on the HLS CipherCore behind the gearbox at W = 32 (variant `hls_w32`)."""
        run(hls_w32, request)

    @pytest.mark.slow   # make test-slow (the same cores at their own CCW run in make test)
    @pytest.mark.parametrize("name", w32 if isinstance(w32, list) else [])
    def each_at_w32(request, name):
        """The same cocotb tests on the cores at CCW = 32 in the frame at W = 32 (the variants of `w32`)."""
        run(name, request)

    base = "test_" + design.replace("-", "_")
    pytest_tests = {base: rtl}
    if w32:
        pytest_tests[f"{base}_w32"] = each_at_w32 if isinstance(w32, list) else at_w32
    if hls_w32:
        pytest_tests[f"{base}_hls_w32"] = hls_at_w32
    pytest_tests[f"{base}_hls"] = hls
    if kats_env:
        pytest_tests[f"{base}_all_kats"] = all_kats
    for test_name, function in pytest_tests.items():
        function.__name__ = function.__qualname__ = test_name
    return {**cocotb_tests, **pytest_tests}


def strided_kat_records(name: str, *, tag_bytes: int, stride: int) -> Callable[[], list[dict[str, bytes]]]:
    """Every `stride`-th KAT record of cipher `name` (all with stride 1)."""
    def records() -> list[dict[str, bytes]]:
        kats = load_caesar_kat(name)
        assert len(kats) == KAT_RECORDS
        return [bench_record(k, tag_bytes) for k in kats[::stride]]
    return records


def strided_frame_tests(design: str, test_file: str, *, name: str, key_bytes: int, tag_bytes: int,
                        block_bytes: int, timing: dict, full_env: str, kat_stride: int = 34,
                        random_messages: tuple[int, int, int] = (3, 8, 40)) -> dict[str, object]:
    """The cocotb tests and the pytest functions of a CAESAR cipher in the frame whose KATs are taken every
    `kat_stride`-th record (34 by default: 33 records, every AD and every PT length 0 .. 32) and all 1089
    with the `cryptohls tv` vector set when the variable `full_env` is "1" (JAMBU-AES, JAMBU-SIMON).
    `timing` = {("enc"|"dec", "pt"|"ad"): (Ta, Tb)} for `block_bytes`-byte blocks, the same on rtl and hls.
    pytest: ``test_<design>[rtl]`` (make test), ``[hls]`` (slow: its csim = cosim is in make test),
    ``test_full_module_lint`` (the generated top with the RTL core) and ``test_<design>_full[rtl|hls]``
    (slow: all KATs and the tv set)."""
    def cocotb_tests(full: bool) -> dict[str, object]:
        cipher = LwcCipher(CIPHER_MODELS[name](), key_bytes=key_bytes, tag_bytes=tag_bytes, block_bytes=block_bytes)
        records = strided_kat_records(name, tag_bytes=tag_bytes, stride=1 if full else kat_stride)
        return aead_tests(cipher, timing=timing, random_messages=random_messages, kats=records,
                          kat_wrong_tag=True, tv=full)

    tests = cocotb_tests(os.environ.get(full_env) == "1")
    count, full_count = len(cocotb_tests(False)), len(cocotb_tests(True))

    def run(variant_name: str, request, expected: int) -> None:
        from cryptohls.sim.design_tests import run_design_tests   # not needed in the simulator process

        result = run_design_tests(f"{design}/{variant_name}", test_file, test_id=request.node.name)
        assert result.passed and result.tests == expected, result.summary()

    @pytest.mark.parametrize("variant_name", ["rtl", pytest.param("hls", marks=pytest.mark.slow)])
    def in_frame(request, variant_name):
        run(variant_name, request, count)

    def test_full_module_lint():
        """verilator --lint-only -Wall of the generated top with the RTL core."""
        from cryptohls.sim.rtl_lint_tests import lint_errors

        top = f"{design.replace('-', '_')}_lwc"
        errors = lint_errors(f"{design}/rtl", top)
        assert not errors, errors

    @pytest.mark.slow
    @pytest.mark.parametrize("variant_name", ["rtl", "hls"])
    def full(request, monkeypatch, variant_name):
        """The same cocotb tests with all 1089 KATs (ENC, DEC, DEC with a wrong tag) and the tv vector set."""
        monkeypatch.setenv(full_env, "1")   # the simulator's environment inherits it
        run(variant_name, request, full_count)

    base = "test_" + design.replace("-", "_")
    pytest_tests = {base: in_frame, "test_full_module_lint": test_full_module_lint, f"{base}_full": full}
    for test_name, function in pytest_tests.items():
        function.__name__ = function.__qualname__ = test_name
    return {**tests, **pytest_tests}
