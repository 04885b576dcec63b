"""Loop-exit fusion with streams, empty join blocks and overlapped loop heads (schedule/fuse.py) on IR
text: the free-running nest of the AES stream cores, ``while (1) { w = in.read(); if (w[8]) {start}
else { for (r..4) s = f(s); out.write(s); } }``."""

from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function

NEST = """function f {"block_protocol":"ap_ctrl_none"}
  memory in {"depth":1,"direction":"in","kind":"stream","latency":0,"mode":"axis","ports":1,"read":true,"width":9,"write":false}
  memory out {"depth":1,"direction":"out","kind":"stream","latency":0,"mode":"axis","ports":1,"read":false,"width":8,"write":true}
  memory st {"depth":1,"kind":"regs","latency":0,"width":8}
  block entry
    br {"targets":["head"]} @1:1
  block head
    %2:i9 = load 0:i1 {"mem":"in"} @2:1
    %3:i1 = slice %2 {"lo":8} @2:2
    %4:i8 = trunc %2 @2:3
    br %3 {"targets":["start","pre"]} @3:1
  block start
    store 0:i1, %4 {"mem":"st"} @4:1
    br {"targets":["join"]} @4:2
  block pre
    %7:i8 = load 0:i1 {"mem":"st"} @5:1
    %8:i8 = xor %7, %4 @5:2
    br {"targets":["body"]} @6:1
  block body
    %10:i3 = phi 0:i3, %13 {"blocks":["pre","body"],"name":"r"} @6:1
    %11:i8 = phi %8, %12 {"blocks":["pre","body"],"name":"s"} @6:2
    %12:i8 = add %11, 3:i8 @7:1
    %13:i3 = add %10, 1:i3 @6:3
    %14:i1 = icmp %13, 4:i3 {"pred":"ult"} @6:4
    br %14 {"loop_line":6,"targets":["body","tail"]} @6:5
  block tail
    store 0:i1, %12 {"mem":"out"} @8:1
    br {"targets":["join"]} @8:2
  block join
    br {"loop_line":1,"targets":["head"]} @1:2
}
"""


def test_nest_runs_one_state_per_round_and_overlaps_the_head():
    fn = parse_function(NEST)
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    assert sched.fused == {"tail": "body", "pre": "head", "start": "head"}   # exit, loop entry, head branch
    assert sched.skipped == {"join"}                    # the empty latch has no state
    assert sched.overlapped == {"head": "tail"}         # the next read happens in the last round's state
    assert [b for b in ("entry", "head", "body") if sched.fsm_states(b)] == ["entry", "head", "body"]
    assert sum(sched.fsm_states(b.name) for b in fn.blocks) == 3


def test_head_with_a_loop_carried_value_is_not_overlapped():
    # last: a phi of the head (the previous word): its register is loaded on the back edge in the very
    # cycle an overlapped head would read it, so the head keeps its own state
    fn = parse_function(NEST.replace("    %2:i9 = load 0:i1 {\"mem\":\"in\"} @2:1",
                                     "    %1:i9 = phi 0:i9, %2 {\"blocks\":[\"entry\",\"join\"],\"name\":\"last\"} @2:0\n"
                                     "    %2:i9 = load 0:i1 {\"mem\":\"in\"} @2:1")
                         .replace("%4:i8 = trunc %2 @2:3", "%4:i8 = trunc %1 @2:3"))
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    assert sched.fused["tail"] == "body" and sched.overlapped == {}
