"""The AES-128 case-study C (designs/aes128-ecb-enc/hls): compile v0/v1/v2, check v2's interface,
latency (10 cycles: the output is written in round 10's cycle) and ciphertexts against FIPS-197 and the golden model."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from cryptohls.golden.aes import encrypt_block
from cryptohls.hls import compile_file
from simharness import lint, run_call, run_stream

HLS = Path(__file__).resolve().parents[2] / "designs" / "aes128-ecb-enc" / "hls"
# FIPS-197 Appendix C.1 (AES-128): key 000102..0f, plaintext 00112233..ff
FIPS_KEY = bytes(range(16))
FIPS_PT = bytes.fromhex("00112233445566778899aabbccddeeff")
FIPS_CT = bytes.fromhex("69c4e0d86a7b0430d8cdb78070b4c55a")
V2_CLOCK_NS = 10.0   # one round (S-box ROM + MixColumns + key schedule) per cycle: ≈ 8.3 ns estimated


def le(b: bytes) -> int:
    return int.from_bytes(b, "little")   # reshaped port: byte i at bits [8i+7:8i]


def test_v2_one_round_per_cycle(build_dir):
    start = time.perf_counter()
    result = compile_file(HLS / "aes_v2.c", "aes128_encrypt", clock_ns=V2_CLOCK_NS, out_dir=build_dir)
    assert time.perf_counter() - start < 10.0
    rep = result.report
    assert lint(result.verilog_path) == ""
    rounds = 10 * rep["loops"][0]["iteration_latency"]   # 1 cycle per round (2 with the calibrated ecp5 model)
    assert rep["latency"] == {"min": rounds, "max": rounds}   # was rounds + 1 before loop-exit fusion
    iface = {a["name"]: a for a in rep["interface"]["args"]}
    assert iface["key"]["mode"] == "reshaped" and iface["key"]["ports"] == {"in": "key"}
    assert iface["out"]["ports"] == {"out": "out", "out_vld": "out_ap_vld"}
    assert rep["interface"]["block_protocol"] == "ap_ctrl_hs" and rep["interface"]["return"] is None
    mems = {m["name"]: (m["kind"], m["impl"]) for m in rep["resources"]["memories"]}
    assert mems == {"SBOX": ("rom", "lut"), "RCON": ("rom", "lut")}   # BIND_STORAGE impl=lutram
    sim = run_call(result.verilog_path, rep, {"key": le(FIPS_KEY), "in": le(FIPS_PT)}, calls=2)
    assert sim["latency"] == [rounds, rounds]
    assert sim["out"]["out"].to_bytes(16, "little") == FIPS_CT


def test_v2_random_blocks_match_golden(build_dir):
    result = compile_file(HLS / "aes_v2.c", "aes128_encrypt", clock_ns=V2_CLOCK_NS, out_dir=build_dir)
    key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
    block = bytes.fromhex("6bc1bee22e409f96e93d7e117393172a")
    sim = run_call(result.verilog_path, result.report, {"key": le(key), "in": le(block)})
    assert sim["out"]["out"].to_bytes(16, "little") == encrypt_block(key, block)


def test_v2_back_to_back_interval(build_dir):
    """17 blocks with ap_start held high: one block every 10 round times, the loop's bound (round 10 of
    a block writes the output and, in the same cycle, reads the next block and adds its key 0; at one
    round per cycle: 10 cycles, as the hand-written core; Vitis needs 12), all equal to the golden model."""
    result = compile_file(HLS / "aes_v2.c", "aes128_encrypt", clock_ns=V2_CLOCK_NS, out_dir=build_dir)
    rounds = 10 * result.report["loops"][0]["iteration_latency"]
    assert result.report["interval"] == rounds   # was rounds + 1
    assert result.report["interval_bound"] == rounds and result.report["interval_reason"] == ""
    assert result.report["handshake"] == {"early_ready": True, "call_overlap": True}
    blocks = [(bytes((7 * i + j) % 256 for j in range(16)), bytes((i * 31 + 5 * j) % 256 for j in range(16)))
              for i in range(17)]
    sim = run_stream(result.verilog_path, result.report, [{"key": le(k), "in": le(p)} for k, p in blocks])
    gaps = {b - a for a, b in zip(sim["done"], sim["done"][1:])}
    assert gaps == {rounds}
    assert [v.to_bytes(16, "little") for v in sim["vld"]["out"]] == [encrypt_block(k, p) for k, p in blocks]


@pytest.mark.parametrize("variant", ["aes_v0.c", "aes_v1.c"])
def test_rolled_variants(build_dir, variant):
    result = compile_file(HLS / variant, "aes128_encrypt", clock_ns=10.0, out_dir=build_dir)
    assert lint(result.verilog_path) == ""
    rep = result.report
    sim = run_call(result.verilog_path, rep, {}, memories={"key": list(FIPS_KEY), "in": list(FIPS_PT)})
    assert bytes(sim["mem"]["out"]) == FIPS_CT
    assert rep["latency"]["min"] <= sim["latency"][0] <= rep["latency"]["max"]
