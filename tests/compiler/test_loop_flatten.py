"""loop-flatten (passes/loop_flatten.py): a perfect nest around a PIPELINEd loop becomes one pipelined
loop; IR text in and out, and kernels compiled, simulated (simharness) and compared with clang."""

from __future__ import annotations

from pathlib import Path

from simharness import lint, run_call
from test_pipeline_loops import c_array, native, show

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function
from cryptohls.ir.analysis import constant_trip_count, natural_loops
from cryptohls.passes.loop_flatten import LoopFlatten

KERNELS = Path(__file__).resolve().parent / "pipeline"

NEST = """function f {"pipeline":{"5":1}}
  param k {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"k"} @1:1
    br {"targets":["outer"]} @4:3
  block outer
    %2:i3 = phi 0:i3, %9 {"blocks":["entry","latch"]} @4:3
    %3:i8 = zext %2 @6:1
    br {"targets":["inner"]} @5:5
  block inner
    %4:i4 = phi 0:i4, %6 {"blocks":["outer","inner"]} @5:5
    %5:i8 = phi %3, %7 {"blocks":["outer","inner"]} @6:1
    %6:i4 = add %4, 1:i4 @5:29
    %7:i8 = xor %5, %1 @7:1
    %8:i1 = icmp %4, 7:i4 {"pred":"ult"} @5:23
    br %8 {"loop_line":5,"loop_name":"COLS","targets":["inner","latch"]} @5:5
  block latch
    %9:i3 = add %2, 1:i3 @4:27
    %10:i1 = icmp %2, 3:i3 {"pred":"ult"} @4:21
    br %10 {"loop_line":4,"loop_name":"ROWS","targets":["outer","done"]} @4:3
  block done
    ret %7 @9:1
}
"""


def test_flattened_ir_is_one_loop_of_all_iterations():
    fn = parse_function(NEST)
    assert LoopFlatten().run(fn)
    assert [b.name for b in fn.blocks] == ["entry", "inner", "done"]
    loop, = natural_loops(fn)
    assert constant_trip_count(fn, loop) == 32
    inner = fn.block("inner")
    assert [p.attrs.get("name") for p in inner.phis()][:1] == ["first"]
    # the row value enters the xor chain when a row starts (first), the carried value otherwise
    selects = [op for op in inner.ops if op.opcode == "select"]
    assert any(s.operands[0] is inner.phis()[0] for s in selects)
    assert fn.attrs["flattened"] == {"5": {"outer": "ROWS", "outer_line": 4, "trips": [4, 8]}}
    assert not LoopFlatten().run(fn)   # nothing left to flatten


def test_a_nest_whose_outer_loop_multiplies_stays():
    """The outer loop's work runs in every flattened iteration: a multiply there is not moved in."""
    fn = parse_function(NEST.replace("%3:i8 = zext %2 @6:1", "%11:i8 = zext %2 @6:1\n    %3:i8 = mul %11, 3:i8 @6:1"))
    assert not LoopFlatten().run(fn)
    assert [b.name for b in fn.blocks] == ["entry", "outer", "inner", "latch", "done"]


def _run(build_dir, src: Path):
    name = src.stem
    result = compile_file(src, name, clock_ns=10.0, out_dir=build_dir)
    assert lint(result.verilog_path) == ""
    a = [(i * 2654435761 + 11) % 256 for i in range(32)]
    sim = run_call(result.verilog_path, result.report, {"k": 0x5a}, memories={"a": a, "y": [0] * 32}, calls=2)
    expect = native(build_dir, src, c_array("a", "uint8_t", a) + "uint8_t y[32];",
                    f"uint32_t r = {name}(a, y, 0x5a)", show("y", 32) + 'printf("%u\\n", r);')
    assert sim["mem"]["y"][:32] == expect[:32] and sim["ret"] == [expect[32]] * 2
    return result.report, sim


def test_flattened_nest_matches_clang_and_runs_at_ii1(build_dir):
    rep, sim = _run(build_dir, KERNELS / "flatten.c")
    loop, = rep["loops"]
    assert (loop["name"], loop["trip_count"], loop["pipeline"]["ii"]) == ("COLS", 32, 1)
    assert loop["flattened"] == {"outer": "ROWS", "outer_line": 7, "trips": [4, 8]}
    depth = loop["pipeline"]["depth"]
    assert rep["latency"]["max"] == 1 + 31 + depth     # entry state, 32 iterations at II=1, drain
    assert sim["latency"] == [rep["latency"]["max"]] * 2
    text = (build_dir / "report.txt").read_text().splitlines()   # a short top name: the table stays aligned
    table = [line for line in text if line.startswith("    |") or line.startswith("    +")][:6]
    assert len({len(line) for line in table}) == 1, table
    assert "flattened with the enclosing loop ROWS (line 7): 4 x 8 iterations" in "\n".join(text)


def test_loop_flatten_off_keeps_the_nest(build_dir):
    src = build_dir / "flatten_off.c"   # the same kernel with the pragma
    src.write_text((KERNELS / "flatten.c").read_text().replace("#pragma HLS PIPELINE II=1", "#pragma HLS PIPELINE II=1\n"
                   "#pragma HLS LOOP_FLATTEN off").replace("uint32_t flatten(", "uint32_t flatten_off("))
    rep, sim = _run(build_dir, src)
    assert [lp["name"] for lp in rep["loops"]] == ["ROWS", "COLS"]
    assert sim["latency"][0] > 1 + 31 + rep["loops"][1]["pipeline"]["depth"]
