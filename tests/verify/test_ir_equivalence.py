"""verify/ir_equivalence.py: assert_equivalent proves a function after a pass computes what it did
before, and names what differs (with the inputs) when it does not."""

from __future__ import annotations

import pytest

from cryptohls.ir import parse_function
from cryptohls.verify.ir_equivalence import NotEquivalent, assert_equivalent
from cryptohls.verify.symbolic import Limits

# y = a / b when a != 0; the quotient is also returned; mem[0] = a
DIV = """function f {}
  param a {"direction":"in","width":8}
  param b {"direction":"in","width":8}
  param y {"direction":"out","width":8}
  memory mem {"kind":"arg","width":8,"depth":2,"ports":1,"latency":1,"read":false,"write":true}
  block entry
    %1:i8 = param {"param":"a"} @1:1
    %2:i8 = param {"param":"b"} @1:2
    %3:i8 = udiv %1, %2 @2:1
    %4:i1 = icmp %1, 0:i8 {"pred":"ne"} @3:1
    store 0:i1, %1 {"mem":"mem"} @4:1
    br %4 {"targets":["then","done"]} @3:2
  block then
    out %3 {"param":"y"} @5:1
    br {"targets":["done"]} @5:2
  block done
    ret %3 @6:1
}
"""


def test_the_same_function_is_equivalent():
    assert_equivalent(parse_function(DIV), parse_function(DIV))


def test_a_different_result_is_named_with_the_inputs():
    with pytest.raises(NotEquivalent, match=r"the return value.*with a = \d+, b = \d+"):
        assert_equivalent(parse_function(DIV), parse_function(DIV.replace("ret %3", "ret %1")))


def test_an_out_parameter_written_on_other_inputs_differs():
    after = DIV.replace('br %4 {"targets":["then","done"]}', 'br {"targets":["then"]}')
    with pytest.raises(NotEquivalent, match="whether 'y' is written"):
        assert_equivalent(parse_function(DIV), parse_function(after))


def test_an_argument_memory_written_differently_differs():
    after = DIV.replace('store 0:i1, %1 {"mem":"mem"}', 'store 1:i1, %1 {"mem":"mem"}')
    with pytest.raises(NotEquivalent, match=r"mem\[\d+\] after the call, with a = \d+, b = \d+"):
        assert_equivalent(parse_function(DIV), parse_function(after))


def test_inputs_with_undefined_behaviour_before_are_outside_the_claim():
    # b = 0 divides by zero before: after may return anything there (here a select that avoids it)
    after = DIV.replace("    %3:i8 = udiv %1, %2 @2:1\n",
                        "    %9:i1 = icmp %2, 0:i8 {\"pred\":\"eq\"} @2:1\n"
                        "    %10:i8 = select %9, 1:i8, %2 @2:1\n"
                        "    %3:i8 = udiv %1, %10 @2:1\n")
    assert_equivalent(parse_function(DIV), parse_function(after))
    # the other way round: after divides by zero where before was defined
    with pytest.raises(NotEquivalent, match="its behaviour is undefined"):
        assert_equivalent(parse_function(after), parse_function(DIV))


# s = 0; for (i = 0; i != n; i++) s += i: the trip count is the input n (3 bits: at most 7 trips)
LOOP = """function g {}
  param n {"direction":"in","width":3}
  block entry
    %1:i3 = param {"param":"n"} @1:1
    br {"targets":["head"]} @2:1
  block head
    %3:i3 = phi 0:i3, %7 {"blocks":["entry","body"],"name":"i"} @2:1
    %4:i8 = phi 0:i8, %6 {"blocks":["entry","body"],"name":"s"} @2:1
    %5:i1 = icmp %3, %1 {"pred":"ne"} @2:2
    br %5 {"targets":["body","done"]} @2:3
  block body
    %8:i8 = zext %3 @3:1
    %6:i8 = add %4, %8 @3:2
    %7:i3 = add %3, 1:i3 @2:4
    br {"targets":["head"]} @2:5
  block done
    ret %4 @4:1
}
"""


def test_a_loop_with_an_input_trip_count_is_proved_path_by_path():
    assert_equivalent(parse_function(LOOP), parse_function(LOOP))
    # after skips i = 6, which only the 7-trip path adds
    after = LOOP.replace("    %6:i8 = add %4, %8 @3:2\n", "    %9:i1 = icmp %3, 6:i3 {\"pred\":\"eq\"} @3:1\n"
                         "    %10:i8 = select %9, 0:i8, %8 @3:1\n    %6:i8 = add %4, %10 @3:2\n")
    with pytest.raises(NotEquivalent, match=r"the return value.*with n = 7$"):
        assert_equivalent(parse_function(LOOP), parse_function(after))


def test_past_the_limits_there_is_no_proof():
    with pytest.raises(NotEquivalent, match="no proof: more than 2 paths"):
        assert_equivalent(parse_function(LOOP), parse_function(LOOP), limits=Limits(max_paths=2))


def test_a_missing_argument_memory_is_a_difference():
    after = DIV.replace('  memory mem {"kind":"arg","width":8,"depth":2,"ports":1,"latency":1,"read":false,"write":true}\n',
                        "").replace('    store 0:i1, %1 {"mem":"mem"} @4:1\n', "")
    with pytest.raises(NotEquivalent, match="'mem' is missing"):
        assert_equivalent(parse_function(DIV), parse_function(after))
