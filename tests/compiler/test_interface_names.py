"""INTERFACE name= on an ordinary top: the ports of scalars, pointers, ap_memory and partitioned arrays and
streams take the given prefix; report.json lists them, and cosim (driven by the report) still matches csim."""

from __future__ import annotations

import pytest
from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.errors import UserError
from cryptohls.hls import compile_file

SRC, TB = KERNELS / "named_ports.cpp", KERNELS / "tb_named_ports.cpp"


def test_ports_take_the_interface_names(build_dir):
    result = compile_file(SRC, "named_ports", out_dir=build_dir)
    lint(result.verilog_path)
    ports = {a["name"]: a["ports"] for a in result.report["interface"]["args"]}
    assert ports["in"] == {"data": "src_dout", "valid": "src_empty_n", "ready": "src_read"}
    assert ports["out"] == {"data": "dst_TDATA", "valid": "dst_TVALID", "ready": "dst_TREADY"}
    assert ports["tab"] == {"address": "rom_address0", "ce": "rom_ce0", "q": "rom_q0"}
    assert ports["k"] == {"in": "key"} and ports["res"] == {"out": "result", "out_vld": "result_ap_vld"}
    assert ports["part"] == {"elements": ["pair_0", "pair_1"]}
    text = result.verilog_path.read_text()
    for decl in ("input wire [7:0] key", "output reg [7:0] result", "output reg [1:0] rom_address0",
                 "input wire [31:0] src_dout", "output reg [31:0] dst_TDATA", "output reg [7:0] pair_1"):
        assert decl in text
    assert "tab_address0" not in text and "input wire [7:0] k," not in text


def test_named_ports_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines()[0] == "call 0: ret 00a1b2c3 res c3 part b2 a1 out 00a1b2e3"
    cosim, _ = cosim_run(SRC, TB, "named_ports", build_dir)
    assert cosim == native


@pytest.mark.parametrize("pragmas, message", [
    ("#pragma HLS INTERFACE port=a name=b", "arguments 'a' and 'b' would both have ports named 'b_*'"),
    ("#pragma HLS INTERFACE port=a name=ap_clk", "INTERFACE name 'ap_clk' is not a port name"),
    ("#pragma HLS INTERFACE port=a name=2x", "INTERFACE name '2x' is not a port name"),
])
def test_bad_interface_names(build_dir, pragmas, message):
    src = build_dir / "k.c"
    src.write_text(f"unsigned top(unsigned a, unsigned b) {{\n{pragmas}\n  return a + b;\n}}\n")
    with pytest.raises(UserError) as err:
        compile_file(src, "top", out_dir=build_dir / "out")
    assert message in str(err.value)


def test_signature_names_every_port_once_by_role(build_dir):
    """report.json's "signature" (issue 39 item 2): every port of the Verilog header exactly once, with
    its direction and width, and owned by its C parameter (a partitioned element by its index)."""
    from cryptohls.ir.module_signature import ModuleSignature
    from cryptohls.sim.cosim_shim import verilog_ports

    result = compile_file(SRC, "named_ports", out_dir=build_dir)
    sig = ModuleSignature.from_json(result.report["signature"])
    header = verilog_ports(result.verilog_path.read_text())
    assert sig.table() == header and len(sig.ports) == len(header)
    assert sig.roles("tab") == {"address": "rom_address0", "ce": "rom_ce0", "q": "rom_q0"}
    assert sig.roles("part", 1) == {"out": "pair_1", "out_vld": "pair_1_ap_vld"} and sig.roles("part") == {}
    assert sig.control("clock") == "ap_clk" and sig.control("start") == "ap_start"


def test_signature_of_inout_elements_and_renamed_clock(build_dir):
    src = build_dir / "k.c"
    src.write_text("#include <stdint.h>\nvoid top(uint8_t v[2]) {\n#pragma HLS ARRAY_PARTITION variable=v complete\n"
                   "  v[0] += v[1];\n  v[1] ^= 3;\n}\n")
    result = compile_file(src, "top", out_dir=build_dir / "out", clock_port="clk_i", reset_port="rst_i")
    from cryptohls.ir.module_signature import ModuleSignature
    from cryptohls.sim.cosim_shim import verilog_ports

    sig = ModuleSignature.from_json(result.report["signature"])
    assert sig.table() == verilog_ports(result.verilog_path.read_text())
    assert sig.roles("v", 0) == {"in": "v_0_i", "out": "v_0_o", "out_vld": "v_0_o_ap_vld"}
    assert (sig.control("clock"), sig.control("reset")) == ("clk_i", "rst_i")
