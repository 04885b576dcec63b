"""The FsmPlan (bind/fsm.py): IR text + schedule in, states and transitions out, no Verilog."""

from __future__ import annotations

import json

from cryptohls.bind import bind
from cryptohls.bind.fsm import Branch, Fire, Goto, Restart
from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function
from test_bind_registers import MAC
from test_fuse_overlap import NEST
from test_phi_webs import CHAIN


def _fsm(text: str):
    fn = parse_function(text)
    return bind(fn, schedule_function(fn, delay_model("ecp5"), 10.0))


def test_plain_loop_with_a_fused_exit():
    fsm = _fsm(MAC).fsm
    assert fsm.states == (("entry", 0), ("for_inc", 0), ("for_inc", 1), ("for_inc", 2), ("for_inc", 3))
    assert fsm.transitions[("for_inc", 0)] == Goto(("for_inc", 1))
    # the exit block's state is done on the exit edge: leaving the loop is its return, back to idle
    assert fsm.fused == {"for_end": "for_inc"} and fsm.returns == (("for_end", 0),)
    assert fsm.transitions[("for_inc", 3)] == Branch(("for_inc", 3), Goto(("for_inc", 0)), Goto(("entry", 0)))
    assert fsm.waits == frozenset()


def test_free_running_nest_overlaps_the_loop_head_and_skips_the_empty_latch():
    fsm = _fsm(NEST).fsm
    assert fsm.states == (("entry", 0), ("head", 0), ("body", 0))
    assert fsm.block_states["join"] == 0 and fsm.skipped == {"join"}
    head = fsm.transitions[("head", 0)]
    leave = fsm.transitions[("body", 0)]
    assert isinstance(leave, Branch) and leave.then == Goto(("body", 0))
    # the last round also does the tail (fused) and, if its read can fire, the next head
    assert leave.other == Fire(("head", 0), head, Goto(("head", 0)))
    assert fsm.waits == {("head", 0), ("body", 0)}   # in.read(); out.write() on the exit edge
    assert fsm.exit_waits == {("body", 0): "tail"}    # leaving the loop waits for the tail's write


def test_return_restarts_when_calls_overlap():
    plans = _fsm(CHAIN)
    assert plans.handshake.overlap
    ret = plans.fsm.transitions[plans.fsm.returns[0]]
    assert ret == Restart(plans.fsm.transitions[plans.fsm.states[0]], Goto(("entry", 0)))


def test_plans_dump_has_the_fsm():
    data = json.loads(_fsm(NEST).to_json())
    assert data["fsm"]["overlapped"] == {"head": "tail"}
    assert data["fsm"]["transitions"]["entry:0"] == {"goto": ["head", 0]}
