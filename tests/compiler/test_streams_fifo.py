"""hls::stream arguments: ap_fifo ports with blocking reads/writes (stall), cosim against the native run."""

from __future__ import annotations

import json

from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "sum_stream.cpp", KERNELS / "tb_sum_stream.cpp"


def test_sum_stream_ports_and_report(build_dir):
    result = compile_file(SRC, "sum_stream", out_dir=build_dir)
    lint(result.verilog_path)
    args = {a["name"]: a for a in result.report["interface"]["args"]}
    assert args["in"]["mode"] == "ap_fifo" and args["in"]["direction"] == "in" and args["in"]["width"] == 32
    assert args["in"]["ports"] == {"data": "in_dout", "valid": "in_empty_n", "ready": "in_read"}
    assert args["out"]["ports"] == {"data": "out_din", "valid": "out_write", "ready": "out_full_n"}
    assert args["out"]["direction"] == "out"
    text = result.verilog_path.read_text()
    for decl in ("input wire [31:0] in_dout", "input wire in_empty_n", "output reg in_read",
                 "output reg [31:0] out_din", "output reg out_write", "input wire out_full_n"):
        assert decl in text
    # the loop state waits for a word and for space
    assert "(state_q == S_FOR_BODY_0) && in_empty_n) && out_full_n" in text
    json.dumps(result.report)


def test_sum_stream_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert "call 0: total 0303030c, left 4" in native
    cosim, stats = cosim_run(SRC, TB, "sum_stream", build_dir)
    assert cosim == native
    # entry state + one cycle per word: n=3 -> 4 cycles, n=4 -> 5 cycles
    assert (stats["calls"], stats["min"], stats["max"]) == (2, 4, 5)


STRUCT_SRC, STRUCT_TB = KERNELS / "cmd_struct.cpp", KERNELS / "tb_cmd_struct.cpp"


def test_struct_stream_cosim_matches_native(build_dir):
    native = native_run(STRUCT_SRC, STRUCT_TB, build_dir)
    # kinds 0, 1, 2, 0: nothing; data ^ 0xff; data and ~data; nothing
    assert native.splitlines() == ["out 0 22222222222222220123456789abcd0f", "out 1 33333333333333330123456789abcdf1",
                                   "out 2 ccccccccccccccccfedcba987654320e"]
    cosim, stats = cosim_run(STRUCT_SRC, STRUCT_TB, "cmd_struct", build_dir)
    assert cosim == native
    report = json.loads((build_dir / "report.json").read_text())
    arg = report["interface"]["args"][0]
    # the struct's bytes: ap_uint<2> in byte 0, ap_uint<128> at byte 8 (8-byte alignment) -> 24 bytes
    assert (arg["mode"], arg["width"], arg["direction"]) == ("ap_fifo", 192, "in")
    assert stats["calls"] == 4
