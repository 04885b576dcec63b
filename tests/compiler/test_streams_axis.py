"""AXI-stream arguments on a free-running (ap_ctrl_none) top: one word per cycle, cosim vs native."""

from __future__ import annotations

from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

SRC, TB = KERNELS / "xor_axis.cpp", KERNELS / "tb_xor_axis.cpp"


def test_xor_axis_ports(build_dir):
    result = compile_file(SRC, "xor_axis", out_dir=build_dir)
    lint(result.verilog_path)
    iface = result.report["interface"]
    assert iface["block_protocol"] == "ap_ctrl_none"
    args = {a["name"]: a for a in iface["args"]}
    assert args["in"]["ports"] == {"data": "in_TDATA", "valid": "in_TVALID", "ready": "in_TREADY"}
    assert args["out"]["ports"] == {"data": "out_TDATA", "valid": "out_TVALID", "ready": "out_TREADY"}
    assert args["in"]["width"] == 128 and args["in"]["mode"] == "axis"
    text = result.verilog_path.read_text()
    assert "ap_start" not in text and "ap_done" not in text
    # AXI rule: TVALID must not wait for TREADY (it waits only for the other stream of the state)
    assert "if (((state_q == S_ENTRY_0) && in_TVALID)) begin\n      out_TVALID = 1'd1;" in text


def test_xor_axis_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines()[0] == "out 0 0123456789abcdeffedcba9876543211"
    cosim, stats = cosim_run(SRC, TB, "xor_axis", build_dir)
    assert cosim == native
    # the first call drains the input: 5 words in 5 cycles (one per cycle); later calls find it empty
    assert (stats["calls"], stats["max"]) == (5, 5)
