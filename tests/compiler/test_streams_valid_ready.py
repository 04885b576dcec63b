"""valid_ready streams (a port per struct field, one valid/ready pair per stream: the LWC CipherCore
port list) and predicated stream accesses (a conditional read or write that if-conversion moves into
its state). Kernel: stream_kernels/vr_filter.cpp; the full use is designs/ascon-aead128/hls."""

from __future__ import annotations

import re

import pytest
from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.errors import UserError
from cryptohls.hls import compile_file
from cryptohls.ir import parse_function, print_function, verify
from cryptohls.ir.nodes import Const
from cryptohls.passes.if_convert import IfConversion
from cryptohls.schedule.delay import delay_model

SRC, TB = KERNELS / "vr_filter.cpp", KERNELS / "tb_vr_filter.cpp"


def _ports(verilog: str) -> set[tuple[str, int, str]]:
    """(direction, width, name) of every port in the module header."""
    start = verilog.index("\nmodule ")
    header = verilog[start:verilog.index(");", start)]
    found = set()
    for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header):
        found.add((m.group(1), int(m.group(2) or 0) + 1, m.group(3)))
    return found


def test_vr_filter_ports_are_the_fields(build_dir):
    result = compile_file(SRC, "vr_filter", out_dir=build_dir)
    lint(result.verilog_path)
    text = result.verilog_path.read_text()
    assert _ports(text) == {
        ("input", 1, "ap_clk"), ("input", 1, "ap_rst"),
        ("input", 32, "din"), ("input", 4, "din_keep"), ("input", 1, "din_last"),
        ("input", 1, "din_valid"), ("output", 1, "din_ready"),
        ("output", 32, "dout"), ("output", 3, "dout_count"), ("output", 1, "dout_last"),
        ("output", 1, "dout_valid"), ("input", 1, "dout_ready"),
        ("output", 1, "empty"), ("output", 1, "empty_valid"), ("input", 1, "empty_ready")}
    args = {a["name"]: a for a in result.report["interface"]["args"]}
    assert args["din"]["mode"] == "valid_ready"
    assert args["din"]["ports"] == {"valid": "din_valid", "ready": "din_ready",
                                    "fields": ["din", "din_keep", "din_last"]}
    # a field's bits in the word the stream moves: its C offset (struct bytes), its type's width
    assert args["din"]["fields"] == [{"port": "din", "lo": 0, "width": 32},
                                     {"port": "din_keep", "lo": 32, "width": 4},
                                     {"port": "din_last", "lo": 40, "width": 1}]
    assert args["empty"]["ports"] == {"data": "empty", "valid": "empty_valid", "ready": "empty_ready"}
    # handshake outputs are continuous assignments (the frame's rule, designs/lwc-frame/docs.md)
    for port in ("din_ready", "dout_valid", "empty_valid", "empty"):
        assert re.search(rf"^  assign {port} = ", text, re.M), port
        assert not re.search(rf"^\s+{port} = ", text, re.M), port


def test_vr_filter_conditional_write_costs_no_state(build_dir):
    """`if (keep) dout.write(o)` is a predicated write in the loop's one state: a word per cycle."""
    result = compile_file(SRC, "vr_filter", out_dir=build_dir)
    (loop,) = result.report["loops"]
    assert loop["iteration_latency"] == 1
    assert "dout_write_if" in result.verilog_path.read_text()


def test_vr_filter_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert native.splitlines()[:2] == ["dout 11223344 count 1 last 0", "dout 000099cc count 2 last 0"]
    cosim, stats = cosim_run(SRC, TB, "vr_filter", build_dir)
    assert cosim == native
    # per call (a packet): its words at one per cycle, the flag in the last word's cycle (fused), the
    # restart; packets of 5, 2 and 3 words
    assert (stats["calls"], stats["min"], stats["max"]) == (3, 2, 7)


IR_WRITE = """function f {"block_protocol":"ap_ctrl_none"}
  memory out {"depth":1,"direction":"out","kind":"stream","latency":0,"mode":"valid_ready","ports":1,"width":8,"write":true}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i1 = icmp %1, 0:i8 {"pred":"ne"} @2:1
    br %2 {"targets":["then","join"]} @2:1
  block then
    store 0:i1, %1 {"mem":"out"} @3:1
    br {"targets":["join"]} @3:1
  block join
    ret @4:1
}
"""

IR_READ = """function f {"block_protocol":"ap_ctrl_none"}
  memory in {"depth":1,"direction":"in","kind":"stream","latency":0,"mode":"valid_ready","ports":1,"read":true,"width":8}
  param a {"direction":"in","width":8}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i1 = icmp %1, 0:i8 {"pred":"eq"} @2:1
    br %2 {"targets":["join","then"]} @2:1
  block then
    %4:i8 = load 0:i1 {"mem":"in"} @3:1
    br {"targets":["join"]} @3:1
  block join
    %6:i8 = phi %4, %1 {"blocks":["then","entry"],"name":"x"} @4:1
    ret %6 @5:1
}
"""


def test_if_convert_predicates_a_stream_write():
    fn = parse_function(IR_WRITE)
    assert IfConversion().run(fn)
    verify(fn)
    assert [b.name for b in fn.blocks] == ["entry"]   # if-convert merges the join it leaves
    (store,) = [op for op in fn.all_ops() if op.opcode == "store"]
    assert len(store.operands) == 3 and store.operands[2].id == 2   # written when a != 0
    assert "store 0:i1, %1, %2" in print_function(fn)


def test_if_convert_predicates_a_stream_read_on_the_else_side():
    fn = parse_function(IR_READ)
    assert IfConversion().run(fn)
    verify(fn)
    (load,) = [op for op in fn.all_ops() if op.opcode == "load"]
    pred = load.operands[1]   # the read happens when a == 0 is false: its negation
    assert pred.opcode == "xor" and pred.operands[0].id == 2 and pred.operands[1] == Const(1, 1)
    assert any(op.opcode == "select" for op in fn.all_ops())   # x = a == 0 ? a : word


def test_two_writes_in_one_side_are_left_alone():
    two = IR_WRITE.replace('    store 0:i1, %1 {"mem":"out"} @3:1\n',
                           '    store 0:i1, %1 {"mem":"out"} @3:1\n    store 0:i1, %1 {"mem":"out"} @3:5\n')
    assert not IfConversion().run(parse_function(two))


def test_a_bit_test_of_a_struct_stream_field_is_a_wire():
    """`(w & bit) != 0` on the 128-bit word of a valid_ready struct stream (a bool field) costs no LUT
    level, a 4-bit field test the levels of a 4-bit comparison, not of a 128-bit one; the same test on
    a plain input keeps the comparator's cost (existing schedules stay as they were)."""
    fn = parse_function("""function f {"block_protocol":"ap_ctrl_none"}
  memory in {"depth":1,"direction":"in","fields":[["d",0,64],["last",64,1]],"kind":"stream","latency":0,"mode":"valid_ready","ports":1,"read":true,"width":128}
  param w {"direction":"in","width":128}
  block entry
    %1:i128 = load 0:i1 {"mem":"in"} @1:1
    %2:i128 = and %1, 18446744073709551616:i128 @2:1
    %3:i1 = icmp %2, 0:i128 {"pred":"ne"} @2:1
    %4:i128 = and %1, 240:i128 @3:1
    %5:i1 = icmp %4, 0:i128 {"pred":"eq"} @3:1
    %6:i128 = param {"param":"w"} @4:1
    %7:i128 = and %6, 18446744073709551616:i128 @4:1
    %8:i1 = icmp %7, 0:i128 {"pred":"ne"} @4:1
    %9:i1 = and %3, %5 @5:1
    %10:i1 = and %9, %8 @5:1
    ret %10 @6:1
}
""")
    verify(fn)
    model = delay_model("ecp5")
    ops = {op.id: op for op in fn.all_ops()}
    assert model.op_delay_ns(fn, ops[3]) == 0.0
    four, plain = model.op_delay_ns(fn, ops[5]), model.op_delay_ns(fn, ops[8])
    assert 0 < four < plain


BAD = {
    "array_field": ("""#include "ap_int.h"
#include "hls_stream.h"
struct bus { ap_uint<8> data[2]; bool last; };
void top(hls::stream<bus> &in, hls::stream<bool> &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=in
  out.write(in.read().last);
}
""", "field 'data' of stream 'in' has type", 4),
    "field_clash": ("""#include "ap_int.h"
#include "hls_stream.h"
struct bus { ap_uint<8> out_valid; bool last; };
void top(hls::stream<bus> &in, hls::stream<bool> &out) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=in
#pragma HLS INTERFACE mode=valid_ready port=out
  out.write(in.read().last);
}
""", "port 'out_valid' of argument 'out' is also a port of 'in'", 4),
    "dataflow_struct": ("""#include "ap_int.h"
#include "hls_stream.h"
struct bus { ap_uint<8> data; bool last; };
static void p1(hls::stream<bus> &a, hls::stream<bool> &b) { b.write(a.read().last); }
void top(hls::stream<bus> &a, hls::stream<bool> &b) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
#pragma HLS INTERFACE mode=valid_ready port=a
#pragma HLS DATAFLOW
  p1(a, b);
}
""", "DATAFLOW: stream 'a' of a struct cannot be valid_ready yet", 5),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_unsupported_struct_streams_are_located_errors(build_dir, case):
    text, message, line = BAD[case]
    src = build_dir / "k.cpp"
    src.write_text(text)
    with pytest.raises(UserError) as err:
        compile_file(src, "top", out_dir=build_dir / "out")
    assert message in str(err.value)
    assert err.value.location.line == line and str(err.value.location).startswith(str(src))


def test_stream_check_next_to_a_recursive_template_compiles(build_dir):
    """empty() beside ap_uint shifts (whose templates call each other): the stream check is no call
    left over after inlining (it was reported as recursion)."""
    src = build_dir / "k.cpp"
    src.write_text("""#include "ap_int.h"
#include "hls_stream.h"
void top(hls::stream<ap_uint<32> > &in, hls::stream<ap_uint<32> > &out, ap_uint<5> n) {
#pragma HLS INTERFACE mode=ap_ctrl_none port=return
  if (!in.empty()) out.write(in.read() << n);
}
""")
    result = compile_file(src, "top", out_dir=build_dir / "out")
    lint(result.verilog_path)
