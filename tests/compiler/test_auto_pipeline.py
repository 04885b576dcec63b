"""auto-pipeline (passes/auto_pipeline.py) and prefetch (passes/prefetch.py): innermost loops without
directives are offered to the modulo scheduler, which keeps them only when faster; reads indexed by
the counter of a loop to be pipelined are issued one iteration ahead. IR text in and out, then a
kernel without directives simulated (Icarus) against a Python model with exact cycles."""

from __future__ import annotations

from pathlib import Path

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function, print_function, verify
from cryptohls.passes.auto_pipeline import AutoPipeline
from cryptohls.passes.prefetch import Prefetch
from simharness import lint, run_call

# for (t = 0; t < 20; t++) acc = acc + M[t]   (M: a local RAM, or the ap_memory argument 'm')
LOOP = """function f ATTRS
  param y {"direction":"out","width":32}
  memory M {"depth":20,"kind":"ram","latency":1,"ports":2,"width":32}
  memory m {"depth":20,"kind":"arg","latency":1,"ports":1,"width":32,"read":true,"write":false}
  block entry
    %1 = br {"targets":["loop"]} @1:1
  block loop
    %2:i5 = phi 0:i5, %6 {"blocks":["entry","loop"],"name":"t"} @1:1
    %3:i32 = phi 0:i32, %5 {"blocks":["entry","loop"],"name":"acc"} @1:1
    %4:i32 = load %2 {"mem":"MEM"} @2:1
    %5:i32 = add %3, %4 @2:1
    %6:i5 = add %2, 1:i5 @1:1
    %7:i1 = icmp %2, 19:i5 {"pred":"ult"} @1:1
    %8 = br %7 {"loop_line":1,"loop_name":"L","targets":["loop","done"]} @1:1
  block done
    %9 = out %5 {"param":"y"} @3:1
    %10 = ret @4:1
}
"""


def loop_ir(attrs: str = "{}", mem: str = "M") -> str:
    return LOOP.replace("ATTRS", attrs).replace("MEM", mem)


def test_innermost_loop_without_directive_is_offered():
    fn = parse_function(loop_ir())
    assert AutoPipeline().run(fn)
    assert fn.attrs["pipeline"] == {"1": 1} and fn.attrs["auto_pipeline"] == ["1"]


def test_loop_with_a_directive_or_a_data_trip_count_is_not():
    fn = parse_function(loop_ir('{"directive_loops":["1"]}'))
    assert not AutoPipeline().run(fn)
    fn = parse_function(loop_ir().replace("%7:i1 = icmp %2, 19:i5", "%7:i1 = icmp %3, 19:i32"))
    assert not AutoPipeline().run(fn) and "pipeline" not in fn.attrs


def test_loop_with_a_stream_access_is_not():
    text = loop_ir().replace('"kind":"ram"', '"kind":"stream"')
    assert not AutoPipeline().run(parse_function(text))


def test_prefetch_reads_the_next_element_ahead():
    fn = parse_function(loop_ir('{"pipeline":{"1":1}}'))
    assert Prefetch().run(fn)
    verify(fn)
    text = print_function(fn)
    entry, loop = fn.block("entry"), fn.block("loop")
    first = [op for op in entry.ops if op.opcode == "load"]
    assert len(first) == 1 and first[0].operands[0].value == 0          # M[0] before the loop
    ahead, = [op for op in loop.ops if op.opcode == "load"]
    assert ahead.operands[0].id == 6                                    # M[t + 1] in the loop
    carried = loop.ops[0]
    assert carried.opcode == "phi" and carried.operands == [first[0], ahead]
    assert "add %3, %4" not in text and f"add %3, %{carried.id}" in text


def test_prefetch_follows_a_counter_with_the_constant_first():
    """A pointer walk's next index is imported as ``add 1, p`` (frontend/import_pointers.py); it is an
    induction all the same (Blowfish's ``l ^= *p++`` over the P-array: a round took 3 cycles, not 2).
    Its trip count is found too (ir/analysis.py const_step)."""
    from cryptohls.ir.analysis import constant_trip_count, natural_loops
    fn = parse_function(loop_ir('{"pipeline":{"1":1}}').replace("%6:i5 = add %2, 1:i5", "%6:i5 = add 1:i5, %2"))
    assert constant_trip_count(fn, natural_loops(fn)[0]) == 20
    assert Prefetch().run(fn)
    verify(fn)
    first, = [op for op in fn.block("entry").ops if op.opcode == "load"]
    ahead, = [op for op in fn.block("loop").ops if op.opcode == "load"]
    assert first.operands[0].value == 0 and ahead.operands[0].id == 6    # M[0] before, M[1 + t] ahead
    fn = parse_function(loop_ir('{"pipeline":{"1":1}}').replace("%6:i5 = add %2, 1:i5", "%6:i5 = add %2, %2"))
    assert not Prefetch().run(fn)                                        # a step that is no constant


def test_prefetch_leaves_a_read_that_feeds_no_recurrence():
    """Issued ahead, a read only shortens an iteration when its value is carried to the next one; one
    that only feeds a store (AES add_round_key's ``*state++ ^= *rk++``) would only lengthen the
    entering block (aes_encrypt.c: 671 -> 694 cycles when pointer walks became inductions)."""
    text = loop_ir('{"pipeline":{"1":1}}').replace("%5:i32 = add %3, %4", "%5:i32 = add %3, 1:i32").replace(
        "    %6:i5 = add %2, 1:i5", '    %20 = store %2, %4 {"mem":"N"} @2:1\n    %6:i5 = add %2, 1:i5').replace(
        '  block entry', '  memory N {"depth":20,"kind":"ram","latency":1,"ports":2,"width":32}\n  block entry')
    fn = parse_function(text)
    assert not Prefetch().run(fn)


def test_prefetch_leaves_argument_ports_and_unrequested_loops():
    assert not Prefetch().run(parse_function(loop_ir('{"pipeline":{"1":1}}', mem="m")))
    assert not Prefetch().run(parse_function(loop_ir()))


def test_prefetch_clones_the_guard_of_a_guarded_read():
    """A read with a guard computed from the counter (a bank of an ARRAY_PARTITION, read at a run-time
    bank: passes/array_partition.py) is issued ahead with its guard recomputed for the next element;
    before, the guard of the copy was the current iteration's op (verifier: does not dominate)."""
    text = loop_ir('{"pipeline":{"1":1}}').replace(
        '    %4:i32 = load %2 {"mem":"M"} @2:1\n',
        '    %11:i1 = slice %2 {"lo":4} @2:1\n    %4:i32 = load %2, %11 {"mem":"M"} @2:1\n')
    assert "load %2, %11" in text
    fn = parse_function(text)
    assert Prefetch().run(fn)
    verify(fn)
    first, = [op for op in fn.block("entry").ops if op.opcode == "load"]
    ahead, = [op for op in fn.block("loop").ops if op.opcode == "load"]
    assert first.operands[1].opcode == "slice" and first.operands[1].operands[0] == first.operands[0]
    assert ahead.operands[1].opcode == "slice" and ahead.operands[1].operands[0].id == 6   # (t + 1)[4]


def test_prefetch_from_a_loop_gets_a_preheader():
    """When the loop is entered straight from another loop, the first read goes in a block of its own
    on that edge, not into every iteration of the other loop."""
    text = loop_ir('{"pipeline":{"1":1}}').replace(
        '    %1 = br {"targets":["loop"]} @1:1\n',
        '    %1 = br {"targets":["prev"]} @1:1\n  block prev\n'
        '    %20:i2 = phi 0:i2, %21 {"blocks":["entry","prev"],"name":"k"} @1:1\n'
        '    %21:i2 = add %20, 1:i2 @1:1\n    %22:i1 = icmp %20, 2:i2 {"pred":"ult"} @1:1\n'
        '    %23 = br %22 {"loop_line":9,"targets":["prev","loop"]} @1:1\n').replace(
        '"blocks":["entry","loop"],"name":"t"', '"blocks":["prev","loop"],"name":"t"').replace(
        '"blocks":["entry","loop"],"name":"acc"', '"blocks":["prev","loop"],"name":"acc"')
    fn = parse_function(text)
    assert Prefetch().run(fn)
    verify(fn)
    assert [b.name for b in fn.blocks] == ["entry", "prev", "loop_preheader", "loop", "done"]
    assert not any(op.opcode == "load" for op in fn.block("prev").ops)
    assert [op.opcode for op in fn.block("loop_preheader").ops] == ["load", "br"]


KERNEL = Path(__file__).resolve().parent / "auto" / "sha_round.c"
M32 = (1 << 32) - 1


def rol(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & M32


def sha_round(words: list[int], h: int) -> int:
    w = list(words) + [0] * 16
    for t in range(16, 32):
        w[t] = rol(w[t - 3] ^ w[t - 16], 1)
    a, b, c, e = h, ~h & M32, h ^ 0x5A5A5A5A, 0
    for t in range(32):
        tmp = (rol(a, 5) + ((b & c) | (~b & M32 & e)) + e + w[t] + 0x5A827999) & M32
        a, b, c, e = tmp, a, rol(b, 30), c
    return a ^ b ^ c ^ e


def round_loop(report: dict) -> dict:
    return next(lp for lp in report["loops"] if lp["line"] == 13)


# loop-fuse would run the schedule loop inside the round loop (tests/compiler/test_pass_loop_fusion.py);
# these tests measure the round loop alone
NO_FUSE = ("loop-fuse",)


def test_round_loop_one_cycle_per_round(tmp_path):
    res = compile_file(KERNEL, "sha_round", out_dir=tmp_path / "hls", skip_passes=NO_FUSE)
    rep = res.report
    assert lint(res.verilog_path) == ""
    assert round_loop(rep)["pipeline"] == {"ii": 1, "ii_requested": 1, "depth": 2, "ii_reason": "", "automatic": True}
    assert round_loop(rep)["latency"] == {"min": 33, "max": 33}
    assert not any("PIPELINE" in w for w in rep["warnings"])
    words = [(i * 2654435761 + 12345) & M32 for i in range(16)]
    for h in (0x67452301, 0):
        sim = run_call(res.verilog_path, rep, {"h": h}, memories={"in": words}, work=tmp_path)
        assert sim["ret"] == [sha_round(words, h)]
        assert sim["latency"] == [rep["latency"]["min"]]


def test_without_the_passes_a_round_takes_two_cycles(tmp_path):
    res = compile_file(KERNEL, "sha_round", out_dir=tmp_path / "hls", skip_passes=NO_FUSE + ("auto-pipeline",))
    assert "pipeline" not in round_loop(res.report) and round_loop(res.report)["latency"]["min"] == 64
    res = compile_file(KERNEL, "sha_round", out_dir=tmp_path / "hls2", skip_passes=NO_FUSE + ("prefetch",))
    assert "pipeline" not in round_loop(res.report)   # II=1 needs W[t] a cycle early: not kept at II=2
    res = compile_file(KERNEL, "sha_round", out_dir=tmp_path / "hls3", skip_passes=NO_FUSE + ("balance",))
    assert "pipeline" not in round_loop(res.report)   # four chained adds do not fit one 10 ns cycle


COPY = """#include <stdint.h>
void copy3(const uint16_t in[16], uint16_t out[16]) {
  for (int i = 0; i < 16; i++) {
PRAGMA
    out[i] = (uint16_t)(in[i] * 3);
  }
}
"""


def test_pipeline_off_keeps_the_loop_as_written(tmp_path):
    """The same loop is pipelined automatically without a directive and not with PIPELINE off."""
    latencies = []
    for pragma in ("", "#pragma HLS PIPELINE off"):
        src = tmp_path / f"copy3_{len(latencies)}.c"
        src.write_text(COPY.replace("PRAGMA", pragma))
        rep = compile_file(src, "copy3", out_dir=tmp_path / src.stem).report
        loop, = rep["loops"]
        assert ("pipeline" in loop) == (not pragma)
        latencies.append(rep["latency"]["max"])
    assert latencies[0] < latencies[1]


def test_large_loop_body_is_not_offered():
    """Each II the scheduler tries is an LP over the body: bodies over MAX_OPS stay as they are."""
    from cryptohls.passes.auto_pipeline import MAX_OPS
    filler = "".join(f"    %{100 + k}:i32 = xor %3, {k + 1}:i32 @2:1\n" for k in range(MAX_OPS))
    fn = parse_function(loop_ir().replace("    %5:i32 = add %3, %4 @2:1\n", "    %5:i32 = add %3, %4 @2:1\n" + filler))
    assert not AutoPipeline().run(fn)
