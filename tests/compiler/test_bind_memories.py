"""Memory port binding (bind/memories.py): the k-th access of a memory within one state uses port k."""

from __future__ import annotations

from cryptohls.bind import bind
from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function

# three reads of a two-port block ROM: two fit one state, the third takes port 0 a cycle later
THREE_READS = """function f {"block_protocol":"ap_ctrl_hs","return":{"signed":false,"width":8}}
  param a {"direction":"in","width":2}
  memory tab {"depth":4,"impl":"bram","kind":"rom","latency":1,"ports":2,"width":8} init [1,2,3,4]
  memory unused {"depth":4,"impl":"bram","kind":"rom","latency":1,"ports":2,"width":8} init [1,2,3,4]
  block entry
    %1:i2 = param {"param":"a"} @1:1
    %2:i8 = load %1 {"mem":"tab"} @2:1
    %3:i8 = load 1:i2 {"mem":"tab"} @3:1
    %4:i8 = load 2:i2 {"mem":"tab"} @4:1
    %5:i8 = xor %2, %3 @5:1
    %6:i8 = xor %5, %4 @5:2
    ret %6 @6:1
}
"""


def test_accesses_of_one_state_take_consecutive_ports():
    fn = parse_function(THREE_READS)
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    ports = bind(fn, sched).memory_ports
    by_cycle: dict[int, list[int]] = {}
    for op_id in (2, 3, 4):
        by_cycle.setdefault(sched.cycle[op_id], []).append(ports.port[op_id])
    assert sorted(sorted(p) for p in by_cycle.values()) == [[0], [0, 1]]
    assert ports.ports == {"tab": 2, "unused": 1}
    assert ports.to_json()["ports"] == {"tab": 2, "unused": 1}
