"""sim/verilator_malloc.py: Verilator runs with jemalloc or tcmalloc preloaded where one is installed, and
the allocator changes nothing Verilator writes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cryptohls.sim import cosim, verilator_malloc

needs_allocator = pytest.mark.skipif(verilator_malloc.installed_allocator() is None,
                                     reason="libjemalloc2 is installed by `make setup`")


def _design(registers: int = 64) -> str:
    """A state machine with many registers, muxes and a case: enough nodes for Verilator's passes to
    order, merge and split (where an allocator's addresses could leak into the output)."""
    decls = "\n".join(f"  reg [31:0] r{i};" for i in range(registers))
    updates = "\n".join(f"      r{i} <= (state == 8'd{i % 200}) ? r{(i + 1) % registers} ^ {{24'd0, state}} : r{i} + 32'd{i};"
                        for i in range(registers))
    cases = "\n".join(f"      8'd{i}: sel = r{i} | r{(i * 7) % registers};" for i in range(registers))
    return f"""module fuzz_top (input wire ap_clk, input wire ap_rst, input wire ap_start, output wire ap_done,
                 output wire ap_idle, output wire ap_ready, output wire [31:0] ap_return);
  reg [7:0] state;
{decls}
  reg [31:0] sel;
  always @* begin
    case (state)
{cases}
      default: sel = 32'd0;
    endcase
  end
  always @(posedge ap_clk) begin
    if (ap_rst) state <= 8'd0;
    else begin
      state <= state + 8'd1;
{updates}
    end
  end
  assign ap_done = state == 8'd{registers};
  assign ap_ready = ap_done;
  assign ap_idle = 1'b0;
  assign ap_return = sel;
endmodule
"""


def _emitted(obj_dir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(obj_dir.iterdir()) if p.suffix in (".cpp", ".h", ".mk")}


@needs_allocator
def test_the_allocator_is_preloaded_unless_turned_off(monkeypatch):
    monkeypatch.setenv("LD_PRELOAD", "libother.so")
    monkeypatch.delenv("CRYPTOHLS_VERILATOR_MALLOC", raising=False)
    env = verilator_malloc.verilator_env()
    assert env["LD_PRELOAD"] == f"{verilator_malloc.installed_allocator()} libother.so"
    monkeypatch.setenv("CRYPTOHLS_VERILATOR_MALLOC", "system")
    assert verilator_malloc.verilator_env() is None


@needs_allocator
@pytest.mark.skipif(shutil.which("verilator") is None, reason="source scripts/env.sh")
def test_verilator_writes_the_same_model_with_either_allocator(tmp_path, monkeypatch):
    verilog = tmp_path / "fuzz_top.v"
    verilog.write_text(_design())
    preloads = []
    real_run = subprocess.run

    def run(cmd, *args, **kwargs):   # which environment each Verilator run was given
        preloads.append((kwargs.get("env") or {}).get("LD_PRELOAD"))
        return real_run(cmd, *args, **kwargs)

    monkeypatch.setattr(cosim.subprocess, "run", run)
    monkeypatch.delenv("CRYPTOHLS_VERILATOR_MALLOC", raising=False)
    cosim.verilate(verilog, "fuzz_top", tmp_path / "fast", None, cheap=True)
    monkeypatch.setenv("CRYPTOHLS_VERILATOR_MALLOC", "system")
    cosim.verilate(verilog, "fuzz_top", tmp_path / "system", None, cheap=True)
    assert preloads == [str(verilator_malloc.installed_allocator()), None]
    fast, system = _emitted(tmp_path / "fast"), _emitted(tmp_path / "system")
    assert fast.keys() == system.keys() and len(fast) >= 4
    assert fast == system
