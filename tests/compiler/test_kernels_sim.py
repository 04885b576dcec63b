"""Small C/C++ kernels: compile, lint with verilator -Wall, simulate one or two calls with Icarus and
compare with a Python model of the same C (exact values)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cryptohls.hls import compile_file
from simharness import lint, run_call, run_stream

KERNELS = Path(__file__).resolve().parent / "kernels"
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def s32(x: int) -> int:
    x &= M32
    return x - (1 << 32) if x >> 31 else x


def scalar_ops(a, b, c):
    s = (a + b * 3) & M32
    t = ((s << 5) ^ (a >> 3)) & M32
    u = c >> 2
    m = t if a < b else s
    if c < -5:
        m = (m + u) & M32
    return m ^ int(c > 7)


def rolled_loop(n, seed):
    acc = seed
    for i in range(n):
        acc = ((((acc << 1) | (acc >> 31)) & M32) + i) & M32
    return acc


def roms(x):
    small = [7, 1, 9, 4, 12, 3, 0, 15, 2, 8, 6, 11, 5, 14, 10, 13]
    big = [(i * 2654435761) & M32 for i in range(1024)]
    return sum(small[(x >> (4 * i)) & 15] + big[(x + i) & 1023] for i in range(4)) & M32


def local_ram(seed, k):
    buf = [(seed * i + 1) & M32 for i in range(64)]
    acc = 0
    for i in range(64):
        acc ^= (buf[(i * k) & 63] + i) & M32
    return acc


def rotl(x, r):
    return ((x << r) | (x >> (32 - r))) & M32


def mix(a, b):
    return (rotl(a ^ b, 7) + rotl(b, 13)) & M32


def arith64(a, b, c, d):
    p = (a * b) & M64
    q = a // (b | 1)
    r = a % 1000003
    dd = 1 if d == 0 else d
    sq = abs(c) // abs(dd) * (1 if (c < 0) == (dd < 0) else -1)
    sr = abs(c) % 7 * (1 if c >= 0 else -1)
    return (p ^ (q << 1) ^ (r << 3) ^ (sq & M64) ^ ((sr & M32) << 40)) & M64


def apint(a, b, c):
    p = (a * b) & ((1 << 40) - 1)
    q = p ^ ((a & 0xFF) << 30)
    if c >> 11:
        q += 1
    return q & ((1 << 40) - 1)


def bits(x, a, b, c, d, r):
    lz = 32 - (x | 1).bit_length()
    v = x | 0x80000000
    tz = (v & -v).bit_length() - 1
    us = min(a + b, 255)
    ss = max(-128, min(127, c + d)) & 0xFF
    n = r & 31
    rot = ((x << n) | (x >> ((32 - r) & 31))) & M32
    return (lz | (tz << 6) | (us << 12) | (ss << 20)) ^ rot


SCALAR_CASES = [
    ("scalar_ops.c", "scalar_ops", {"a": 1000, "b": 7, "c": -100}, scalar_ops(1000, 7, -100)),
    ("scalar_ops.c", "scalar_ops", {"a": 3, "b": 0xFFFF0000, "c": 9}, scalar_ops(3, 0xFFFF0000, 9)),
    ("rolled_loop.c", "rolled_loop", {"n": 13, "seed": 0x80000001}, rolled_loop(13, 0x80000001)),
    ("rolled_loop.c", "rolled_loop", {"n": 0, "seed": 77}, 77),
    ("roms.c", "roms", {"x": 0xDEADBEEF}, roms(0xDEADBEEF)),
    ("local_ram.c", "local_ram", {"seed": 0x12345, "k": 5}, local_ram(0x12345, 5)),
    ("arith64.c", "arith64", {"a": 0xFEDCBA9876543210, "b": 0x1234567, "c": -1000, "d": 7},
     arith64(0xFEDCBA9876543210, 0x1234567, -1000, 7)),
    ("bits.c", "bits", {"x": 0x00F0_0000, "a": 200, "b": 100, "c": 100, "d": 100, "r": 13},
     bits(0x00F0_0000, 200, 100, 100, 100, 13)),
    ("bits.c", "bits", {"x": 0x8000_0001, "a": 20, "b": 10, "c": -100, "d": -100, "r": 32},
     bits(0x8000_0001, 20, 10, -100, -100, 32)),
    ("apint.cpp", "apint", {"a": 0xABCDEF, "b": 0x1FFFF, "c": 0x800}, apint(0xABCDEF, 0x1FFFF, 0x800)),
]


def _compile(build_dir: Path, src: str, top: str, clock_ns: float = 10.0):
    result = compile_file(KERNELS / src, top, clock_ns=clock_ns, out_dir=build_dir)
    assert lint(result.verilog_path) == ""
    return result


@pytest.mark.parametrize("src, top, inputs, expected", SCALAR_CASES,
                         ids=[f"{c[1]}-{k}" for k, c in enumerate(SCALAR_CASES)])
def test_scalar_kernel(build_dir, src, top, inputs, expected):
    result = _compile(build_dir, src, top)
    sim = run_call(result.verilog_path, result.report, inputs, calls=2)
    assert sim["ret"] == [expected, expected]
    lat = result.report["latency"]
    assert sim["latency"][0] >= lat["min"]
    if lat["max"] is not None:
        assert sim["latency"][0] <= lat["max"]


def test_rolled_loop_report(build_dir):
    result = _compile(build_dir, "rolled_loop.c", "rolled_loop")
    rep = result.report
    (loop,) = rep["loops"]
    assert loop["line"] == 5 and loop["trip_count"] == {"min": 1, "max": 32}
    sim = run_call(result.verilog_path, rep, {"n": 32, "seed": 1})
    assert sim["latency"][0] == rep["latency"]["max"]   # the LOOP_TRIPCOUNT max is the simulated worst case
    json.dumps(rep)


def test_array_memory_kernel(build_dir):
    result = _compile(build_dir, "array_memory.c", "array_memory")
    iface = {a["name"]: a for a in result.report["interface"]["args"]}
    assert iface["in"]["mode"] == "ap_memory" and iface["in"]["ports"] == {
        "address": "in_address0", "ce": "in_ce0", "q": "in_q0"}
    assert iface["out"]["ports"] == {"address": "out_address0", "ce": "out_ce0", "we": "out_we0", "d": "out_d0"}
    data = [(i * 4099) & 0xFFFF for i in range(16)]
    sim = run_call(result.verilog_path, result.report, {"bias": 500}, memories={"in": data})
    assert sim["mem"]["out"] == [(d * 3 + 500 + i) & 0xFFFF for i, d in enumerate(data)]
    assert result.report["loops"][0]["trip_count"] == 16


def test_inlined_calls_and_pointer_ports(build_dir):
    result = _compile(build_dir, "calls.c", "calls")
    iface = {a["name"]: a for a in result.report["interface"]["args"]}
    assert iface["out"]["direction"] == "out" and iface["out"]["ports"] == {"out": "out", "out_vld": "out_ap_vld"}
    assert iface["state"]["direction"] == "inout" and iface["state"]["ports"] == {
        "in": "state_i", "out": "state_o", "out_vld": "state_o_ap_vld"}
    assert iface["state"]["mode"] == "ap_vld"
    text = result.verilog_path.read_text()
    assert "input wire [31:0] state_i" in text and "output reg [31:0] state_o" in text


def test_partitioned_arguments(build_dir):
    result = _compile(build_dir, "partitioned.c", "partitioned")
    iface = {a["name"]: a for a in result.report["interface"]["args"]}
    assert iface["a"]["mode"] == "partitioned" and iface["a"]["ports"]["elements"] == ["a_0", "a_1", "a_2", "a_3"]
    a = [10, 20, 30, 250]
    sim = run_call(result.verilog_path, result.report, {"a_0": 10, "a_1": 20, "a_2": 30, "a_3": 250, "sel": 3})
    assert [sim["out"][f"b_{i}"] for i in range(4)] == [(a[i] + a[(3 + i) & 3]) & 0xFF for i in range(4)]
    assert result.report["latency"] == {"min": 0, "max": 0}   # combinational: ap_done with ap_start


def test_ap_ctrl_none_has_no_handshake(build_dir):
    result = _compile(build_dir, "ctrl_none.c", "ctrl_none")
    text = result.verilog_path.read_text()
    assert result.report["interface"]["block_protocol"] == "ap_ctrl_none"
    assert "ap_start" not in text and "ap_done" not in text and "input wire ap_rst" in text
    assert "output reg y_ap_vld" in text


def test_rolled_loop_back_to_back(build_dir):
    """Inputs are registered when read (ap_ready then pulses) and consecutive calls overlap by one state."""
    result = _compile(build_dir, "rolled_loop.c", "rolled_loop")
    rep = result.report
    assert rep["handshake"] == {"early_ready": True, "call_overlap": True}
    calls = [{"n": n, "seed": 0x1234 * n + 1} for n in (3, 0, 7, 1, 5)]
    sim = run_stream(result.verilog_path, rep, calls)
    assert sim["ret"] == [rolled_loop(c["n"], c["seed"]) for c in calls]
    single = [run_call(result.verilog_path, rep, c)["latency"][0] for c in calls[:2]]
    assert sim["done"][1] - sim["done"][0] == single[1]     # call 2 starts in call 1's return state


def partial_unroll(seed, k):
    t = [((seed >> i) + i) & 0xFFFF for i in range(8)]
    acc = 0
    for i in range(12):
        t[(i * k) & 7] ^= (acc + i) & 0xFFFF
        acc = (acc + t[(i + k) & 7]) & M32
    for j in (0, 3, 6):
        acc = (acc * 3 + t[j]) & M32
    return acc


def test_partial_unroll_and_register_file(build_dir):
    result = _compile(build_dir, "partial_unroll.c", "partial_unroll")
    loops = {lp["line"]: lp["trip_count"] for lp in result.report["loops"]}
    assert loops[8] == 6                     # 12 iterations unrolled by 2
    assert result.report["resources"]["memories"][0]["kind"] == "regs"
    for seed, k in ((0xDEADBEEF, 3), (12345, 6)):
        assert run_call(result.verilog_path, result.report, {"seed": seed, "k": k})["ret"] == [partial_unroll(seed, k)]


def test_block_rom_and_persistent_ram(build_dir):
    result = _compile(build_dir, "state_ram.c", "state_ram")
    mems = {m["name"]: (m["kind"], m["impl"]) for m in result.report["resources"]["memories"]}
    assert mems == {"T": ("rom", "bram"), "state": ("ram", "bram")}
    table = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]
    state = [1, 2, 3] + [0] * 61
    calls = [{"a": 1, "b": 2, "v": 7}, {"a": 2, "b": 2, "v": 4}, {"a": 1, "b": 5, "v": 9}, {"a": 63, "b": 1, "v": 2}]
    expected = []
    for c in calls:
        a, b, v = c["a"], c["b"], c["v"]
        x = table[a & 15] + table[b & 15] + table[(a + b) & 15]
        if v & 1:
            state[a & 63] = (state[a & 63] + v) & M32
        else:
            state[b & 63] ^= x
        expected.append((x + state[a & 63] + state[b & 63]) & M32)
    assert run_stream(result.verilog_path, result.report, calls)["ret"] == expected


def test_a_wide_access_past_the_end_of_its_object_keeps_the_object_s_own_bytes(build_dir):
    """kernels/past_the_end.c: an 8-byte store into a 4-byte array wrote its high half over r[0..3]
    (the address wrapped: TACLe's rijndael_enc differed from native); now the bytes past the end are
    dropped (a load's read as 0), each access with a located warning in the report."""
    result = compile_file(KERNELS / "past_the_end.c", "past_the_end", out_dir=build_dir)
    src = KERNELS / "past_the_end.c"
    warnings = result.report["warnings"]
    assert any(w.startswith(f"{src}:12:") and "a store of 8 bytes at byte 0 of 'r' (4 bytes) reaches bytes 4..7"
               in w and "not written" in w for w in warnings), warnings
    assert any(w.startswith(f"{src}:14:") and "a load of 8 bytes at byte 4 of 'w' (8 bytes) reaches bytes 8..11"
               in w and "read as 0" in w for w in warnings), warnings
    x = 0x8877665544332211
    for i in range(4):   # one call from reset each: w[1] is v after an odd i, else 0; w[2] (past the end) 0
        v = 0xA0B0C0D0 + i
        y = (v if i & 1 else 0) | (0 << 32)   # with the wrap, w[0] (v for an even i) came in as the high half
        sim = run_call(result.verilog_path, result.report, {"x": x, "i": i, "v": v})
        assert sim["ret"] == [((x >> (8 * i)) & 0xFF) ^ ((y >> 8) & M32)], (i, sim)
