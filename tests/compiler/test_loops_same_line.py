"""Issue 17: loops are identified by (file, line, column). Two loops that start on one source line
were merged into one loop entry (one name, the second loop's PIPELINE applied to both)."""

from __future__ import annotations

import json
from pathlib import Path

from cryptohls.hls import compile_file
from simharness import run_call

KERNEL = Path(__file__).resolve().parent / "kernels" / "two_loops_one_line.c"


def test_two_loops_on_one_line_are_two_loops(build_dir):
    result = compile_file(KERNEL, "two_loops_one_line", out_dir=build_dir)
    loops = json.loads((build_dir / "report.json").read_text())["loops"]
    assert [lp["name"] for lp in loops] == ["VITIS_LOOP_6_1", "VITIS_LOOP_6_2"]
    assert "pipeline" not in loops[0]                    # the PIPELINE is inside the second loop only
    assert loops[1]["pipeline"]["ii"] == 1
    assert loops[0]["latency"] == {"min": 16, "max": 16} and loops[1]["latency"] == {"min": 9, "max": 9}
    ir = (build_dir / "ir" / "two_loops_one_line.ir").read_text()
    assert '"loop_key":"6:3"' in ir and '"loop_key":"6:42"' in ir
    assert result.verilog_path.is_file()
    a = [3, 1, 4, 1, 5, 9, 2, 6]
    sim = run_call(result.verilog_path, result.report, {}, memories={"a": a})
    assert sim["ret"] == [sum(a)] and sim["latency"] == [26]
    assert sim["mem"]["b"] == [x + 1 for x in a]
