"""The cheap Verilator build (sim/cosim.py CHEAP_VERILATOR_FLAGS) makes no lookup table of combinational
logic, and its model computes what the model with the table computes (and Icarus)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cryptohls.fuzz import icarus
from cryptohls.fuzz.direct_model import run_direct_model
from cryptohls.sim import cosim

pytestmark = pytest.mark.skipif(shutil.which("verilator") is None or shutil.which("iverilog") is None,
                                reason="source scripts/env.sh; Icarus Verilog is installed by `make setup`")

STATES = 40


def _fsm() -> str:
    """An FSM whose next state is a case over its 8-bit state and 4 condition bits, the shape of the
    compiler's controllers, which Verilator's table optimisation turns into a lookup table."""
    arms = "\n".join(f"      8'd{i}: state_d = c[{i % 4}] ? 8'd{(i * 7 + 3) % STATES + 1} : 8'd{i % STATES + 1};"
                     for i in range(1, STATES + 1))
    return f"""module fuzz_top (input wire ap_clk, input wire ap_rst, input wire ap_start, output wire ap_done,
                 output wire ap_idle, output wire ap_ready, output wire [31:0] ap_return);
  reg [7:0] state_q, state_d;
  reg [3:0] c;
  reg [15:0] n;
  reg [31:0] acc;
  always @* begin
    state_d = state_q;
    case (state_q)
      8'd0: if (ap_start) state_d = 8'd1;
{arms}
      default: state_d = 8'd0;
    endcase
  end
  always @(posedge ap_clk) begin
    if (ap_rst) begin state_q <= 0; c <= 0; n <= 0; acc <= 0; end
    else begin
      state_q <= (n == 200) ? 8'd0 : state_d;
      if (state_q != 0) begin
        n <= n + 1;
        c <= c + {{3'd0, n[0]}} ^ n[4:1];
        acc <= (acc << 3 | acc >> 29) + {{24'd0, state_q}};
      end
    end
  end
  assign ap_done = state_q != 0 && n == 200;
  assign ap_ready = ap_done;
  assign ap_idle = state_q == 0;
  assign ap_return = acc;
endmodule
"""


def _compiled(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "fuzz_top.v").write_text(_fsm())
    (folder / "report.json").write_text(json.dumps({
        "latency": {"min": 200, "max": 200},
        "interface": {"block_protocol": "ap_ctrl_hs", "args": [], "return": {"width": 32, "port": "ap_return"}}}))
    return folder


def _tables(obj_dir: Path) -> int:
    return sum(p.read_text().count("__Vtableidx") for p in obj_dir.glob("*.cpp"))


def test_the_cheap_build_makes_no_table(tmp_path):
    verilog = _compiled(tmp_path / "design") / "fuzz_top.v"
    cosim.verilate(verilog, "fuzz_top", tmp_path / "default", None)
    cosim.verilate(verilog, "fuzz_top", tmp_path / "cheap", None, cheap=True)
    assert _tables(tmp_path / "default") > 0
    assert _tables(tmp_path / "cheap") == 0


def test_the_model_without_the_table_computes_the_same(tmp_path, monkeypatch):
    without = run_direct_model(_compiled(tmp_path / "without"), 10_000, 10.0, 60)
    assert _tables(tmp_path / "without" / "direct" / "obj") == 0
    monkeypatch.setattr(cosim, "CHEAP_VERILATOR_FLAGS", [f for f in cosim.CHEAP_VERILATOR_FLAGS if f != "-fno-table"])
    with_table = run_direct_model(_compiled(tmp_path / "with"), 10_000, 10.0, 60)
    assert _tables(tmp_path / "with" / "direct" / "obj") > 0
    assert without is not None and without.checksum != "0"
    assert without == with_table == icarus.run_icarus(_compiled(tmp_path / "icarus"), 10_000)
