"""A stream write and a later access of another stream: a cycle apart (a state fires its transfers
together, and the later one's partner may wait for the write: the LWC PostProcessor takes msg_auth only
after the last bdo word), unless both are predicated and never happen in one cycle
(schedule/exclusive.py): JAMBU's bdo word (the output buffer is not empty) and its msg_auth (the tag
step, which needs the buffer empty)."""

import pytest

from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.exclusive import never_together
from cryptohls.schedule.sdc import schedule_function

# if (n != 0 && ready) out.write(x);  if (PRED) auth.write(ok);   (n: the output buffer's bytes)
TWO_WRITES = """function f {}
  param n {"direction":"in","width":4}
  param ph {"direction":"in","width":3}
  param ready {"direction":"in","width":1}
  param dec {"direction":"in","width":1}
  param x {"direction":"in","width":8}
  memory out {"kind":"stream","width":8,"depth":1,"ports":1,"latency":0,"read":false,"write":true,"direction":"out","mode":"valid_ready"}
  memory auth {"kind":"stream","width":1,"depth":1,"ports":1,"latency":0,"read":false,"write":true,"direction":"out","mode":"valid_ready"}
  block entry
    %1:i4 = param {"param":"n"} @1:1
    %2:i3 = param {"param":"ph"} @1:1
    %3:i1 = param {"param":"ready"} @1:1
    %4:i1 = param {"param":"dec"} @1:1
    %5:i8 = param {"param":"x"} @1:1
    %6:i1 = icmp %1, 0:i4 {"pred":"eq"} @2:1
    %7:i1 = xor %6, 1:i1 @2:1
    %8:i1 = select %7, %3, 0:i1 @2:1
    store 0:i1, %5, %8 {"mem":"out"} @3:1
    %10:i1 = icmp %2, 4:i3 {"pred":"eq"} @4:1
    %11:i1 = icmp %2, 2:i3 {"pred":"eq"} @4:1
    %12:i1 = select %4, %6, %3 @4:1
    %13:i1 = select %11, %3, %12 @4:1
    %14:i1 = and %10, %13 @4:1
    %15:i1 = and %14, PRED @4:1
    store 0:i1, %6, %15 {"mem":"auth"} @5:1
    ret @6:1
}
"""


def _cycles(pred: str) -> tuple[int, int]:
    fn = parse_function(TWO_WRITES.replace("PRED", pred))
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    sched.verify(fn)
    out, auth = (op for op in fn.all_ops() if op.opcode == "store")
    return sched.cycle[out.id], sched.cycle[auth.id]


def test_exclusive_writes_share_a_state():
    """ph == 4 and dec: the tag step needs n == 0 (through ph == 2 being false), the bdo write n != 0."""
    assert _cycles("%4") == (0, 0)


def test_writes_that_may_meet_keep_their_order():
    """Without dec the auth write may happen with n != 0 (the select's other arm): a cycle later."""
    assert _cycles("1:i1") == (0, 1)


def test_an_unpredicated_access_is_never_exclusive():
    fn = parse_function(TWO_WRITES.replace("PRED", "%4"))
    ops = {op.id: op for op in fn.all_ops()}
    assert never_together(ops[8], ops[15])
    assert not never_together(None, ops[15]) and not never_together(ops[8], None)
    assert not never_together(ops[8], ops[8])


@pytest.mark.parametrize("pred, exclusive", [("eq", True), ("ne", False)])
def test_equalities_on_one_value_are_one_atom(pred, exclusive):
    """ph == 4 excludes ph == 2 (the truth table skips rows with two values for ph); ph != 2 does not."""
    fn = parse_function(TWO_WRITES.replace("PRED", "%4").replace(
        '%11:i1 = icmp %2, 2:i3 {"pred":"eq"}', f'%11:i1 = icmp %2, 2:i3 {{"pred":"{pred}"}}'))
    ops = {op.id: op for op in fn.all_ops()}
    assert never_together(ops[10], ops[11]) is exclusive
