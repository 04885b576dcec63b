"""IR text: print → parse → print is the identity; the verifier rejects malformed IR."""

import pytest

from cryptohls.ir import IRVerifyError, parse_function, print_function, verify

LOOP_IR = """function acc {"block_protocol":"ap_ctrl_hs","return":{"c_type":"uint32_t","signed":false,"width":32}}
  param n {"c_type":"uint32_t","direction":"in","mode":"ap_none","signed":false,"width":32}
  memory tab {"kind":"rom","width":8,"depth":4,"impl":"lut","latency":0,"ports":0} init [1,2,3,4]
  block entry
    %1:i32 = param {"param":"n"} @3:1
    br {"targets":["loop"]} @4:3
  block loop
    %3:i32 = phi 0:i32, %7 {"blocks":["entry","loop"],"name":"i"} @4:8
    %4:i32 = phi 0:i32, %8 {"blocks":["entry","loop"],"name":"s"} @5:3
    %5:i2 = trunc %3 @6:10
    %6:i8 = load %5 {"mem":"tab"} @6:10
    %7:i32 = add %3, 1:i32 @4:20
    %9:i32 = zext %6 @6:10
    %8:i32 = add %4, %9 @6:7
    %10:i1 = icmp %7, %1 {"pred":"ult"} @4:15
    br %10 {"loop_line":4,"targets":["loop","exit"]} @4:3
  block exit
    ret %8 @8:3
}
"""


def test_round_trip_is_identity():
    fn = parse_function(LOOP_IR)
    verify(fn)
    text = print_function(fn)
    assert print_function(parse_function(text)) == text
    assert "%8:i32 = add %4, %9 @6:7" in text


def test_source_locations_survive():
    fn = parse_function(LOOP_IR)
    load = next(op for op in fn.all_ops() if op.opcode == "load")
    assert (load.line, load.col) == (6, 10)


@pytest.mark.parametrize("bad, message", [
    ("%8:i32 = add %4, %9 @6:7", "%8:i16 = add %4, %9 @6:7"),
    ('%10:i1 = icmp %7, %1 {"pred":"ult"} @4:15', '%10:i1 = icmp %7, %1 {"pred":"lt"} @4:15'),
    ('"blocks":["entry","loop"],"name":"i"', '"blocks":["entry"],"name":"i"'),
])
def test_verifier_rejects(bad, message):
    fn = parse_function(LOOP_IR.replace(bad, message))
    with pytest.raises(IRVerifyError):
        verify(fn)
