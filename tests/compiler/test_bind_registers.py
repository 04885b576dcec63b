"""Register binding and the handshake plan (bind/): IR text + schedule in, plans out, no Verilog."""

from __future__ import annotations

import json

from cryptohls.bind import bind
from cryptohls.bind.registers import LOOP_PHI, PHI, REGISTER, WIRE
from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.sdc import schedule_function
from test_phi_webs import CHAIN, LIVE_ACROSS

# acc += x[i] * w over 4 elements: x is an ap_memory array (data one cycle after the address), the
# product takes its own cycles at 10 ns, so the loop body has four states
MAC = """function mac {"block_protocol":"ap_ctrl_hs","return":{"c_type":"uint32_t","signed":false,"width":32}}
  param w {"c_type":"uint8_t","direction":"in","mode":"ap_none","signed":false,"width":8}
  memory x {"c_type":"uint8_t[4]","depth":4,"kind":"arg","latency":1,"ports":1,"read":true,"signed":false,"width":8,"write":false}
  block entry
    %1:i8 = param {"param":"w"} @0:0
    br {"targets":["for_inc"]} @5:3
  block for_inc
    %3:i3 = phi 0:i3, %12 {"blocks":["entry","for_inc"],"name":"i"} @0:0
    %4:i32 = phi 0:i32, %11 {"blocks":["entry","for_inc"],"name":"acc"} @0:0
    %6:i2 = trunc %3 @5:48
    %7:i8 = load %6 {"mem":"x"} @5:48
    %17:i16 = zext %7 @5:53
    %18:i16 = zext %1 @5:53
    %19:i16 = mul %17, %18 {"name":"mul"} @5:53
    %10:i32 = zext %19 @5:53
    %11:i32 = add %4, %10 {"name":"add"} @5:35
    %12:i3 = add %3, 1:i3 {"name":"inc"} @5:27
    %13:i1 = icmp %3, 3:i3 {"pred":"ult"} @5:21
    br %13 {"loop_line":5,"loop_name":"VITIS_LOOP_5_1","targets":["for_inc","for_end"]} @5:3
  block for_end
    ret %11 @6:3
}
"""


# tests/kernels/structs.c after the passes: the second loop's sums (%24, %28) are used after the loop
STRUCTS = """function structs {"block_protocol":"ap_ctrl_hs","return":{"c_type":"uint32_t","signed":false,"width":32}}
  param x {"c_type":"uint32_t","direction":"in","mode":"ap_none","signed":false,"width":32}
  param y {"c_type":"uint32_t","direction":"in","mode":"ap_none","signed":false,"width":32}
  memory regs_f0 {"depth":4,"kind":"regs","latency":0,"width":32}
  memory regs_f4 {"depth":4,"kind":"regs","latency":0,"width":16}
  block entry
    %1:i32 = param {"param":"x"} @0:0
    %2:i32 = param {"param":"y"} @0:0
    br {"targets":["for_body"]} @10:3
  block for_body
    %4:i3 = phi 0:i3, %14 {"blocks":["entry","for_body"],"name":"i"} @0:0
    %36:i32 = zext %4 {"name":"i"} @0:0
    %5:i32 = mul %36, %2 {"name":"mul"} @11:34
    %6:i32 = add %5, %1 {"name":"add"} @11:20
    %8:i2 = trunc %4 @11:16
    store %8, %6 {"mem":"regs_f0"} @11:16
    %10:i32 = lshr %2, %36 {"name":"shr"} @12:31
    %11:i16 = trunc %10 {"name":"conv"} @12:18
    store %8, %11 {"mem":"regs_f4"} @12:16
    %14:i3 = add %4, 1:i3 {"name":"inc"} @10:27
    %15:i1 = icmp %4, 3:i3 {"pred":"ult"} @10:21
    br %15 {"loop_line":10,"loop_name":"VITIS_LOOP_10_1","targets":["for_body","for_inc21"]} @10:3
  block for_inc21
    %17:i3 = phi %29, 0:i3 {"blocks":["for_inc21","for_body"],"name":"i"} @0:0
    %18:i16 = phi %24, 0:i16 {"blocks":["for_inc21","for_body"],"name":"acc"} @0:0
    %19:i32 = phi %28, 0:i32 {"blocks":["for_inc21","for_body"],"name":"acc"} @0:0
    %37:i32 = zext %17 {"name":"i"} @0:0
    %20:i32 = sub 3:i32, %37 {"name":"sub"} @17:41
    %22:i2 = trunc %20 @17:46
    %23:i16 = load %22 {"mem":"regs_f4"} @17:46
    %24:i16 = add %18, %23 {"name":"add"} @17:32
    %26:i2 = trunc %17 @16:23
    %27:i32 = load %26 {"mem":"regs_f0"} @16:23
    %28:i32 = xor %19, %27 {"name":"xor"} @16:12
    %29:i3 = add %17, 1:i3 {"name":"inc"} @15:27
    %30:i1 = icmp %17, 3:i3 {"pred":"ult"} @15:21
    br %30 {"loop_line":15,"loop_name":"VITIS_LOOP_15_2","targets":["for_inc21","for_end23"]} @15:3
  block for_end23
    %32:i32 = zext %24 {"name":"conv"} @19:20
    %33:i32 = shl %32, 16:i32 {"name":"shl"} @19:37
    %34:i32 = add %28, %33 {"name":"add"} @19:17
    ret %34 @19:3
}
"""


def _plans(text: str, clock_ns: float = 10.0):
    fn = parse_function(text)
    sched = schedule_function(fn, delay_model("ecp5"), clock_ns)
    return fn, sched, bind(fn, sched)


def test_values_read_in_a_later_state_get_registers():
    fn, sched, plans = _plans(MAC)
    reg = plans.registers
    assert plans.handshake.early_ready is False   # an ap_memory array: plain handshake
    for op in fn.all_ops():
        if op.id not in reg.storage:
            continue
        later = any(u.opcode != "phi" and sched.canonical(u.block.name, sched.cycle[u.id]) !=
                    sched.canonical(op.block.name, sched.cycle[op.id] + (op.opcode == "load"))
                    for u in fn.users().get(op.id, []))
        assert (reg.storage[op.id] == REGISTER) == (later and op.opcode != "param"), op
    assert reg.on_port == {1}                     # w is the whole port: no wire of its own
    assert reg.register_phis() == [3, 4]          # i and acc, one register each


def test_phis_of_one_variable_share_a_register_and_inputs_are_registered_when_ready_is_early():
    _, _, plans = _plans(CHAIN)
    hs, reg = plans.handshake, plans.registers
    assert (hs.early_ready, hs.ready_state, hs.overlap) == (True, ("entry", 0), True)
    assert reg.phi_web[7] == 3 and reg.register_phis() == [3, 4]
    assert reg.storage[1] == reg.storage[2] == REGISTER   # inputs read in the entry state, used later
    assert reg.storage[9] == WIRE                          # used on the edge of its own (only) state


def test_live_across_phis_keep_two_registers():
    _, _, plans = _plans(LIVE_ACROSS)
    assert plans.registers.phi_web[7] == 7 and plans.registers.register_phis() == [3, 4, 7]


def test_plans_dump_names_every_value():
    _, _, plans = _plans(MAC)
    data = json.loads(plans.to_json())
    assert data["handshake"]["protocol"] == "ap_ctrl_hs"
    assert data["registers"]["phi_registers"] == {"i": ["i"], "acc": ["acc"]}
    assert data["registers"]["values"]["19"] == {"name": "mul_ln5", "storage": "register"}
    assert data["registers"]["values"]["1"] == {"name": "w_b0", "storage": "wire", "port": True}
    assert PHI not in {v["storage"] for v in data["registers"]["values"].values()}


def test_loop_results_are_read_from_the_loop_phis_register_after_the_loop():
    _, _, plans = _plans(STRUCTS)
    reg = plans.registers
    assert reg.storage[24] == reg.storage[28] == LOOP_PHI
    assert reg.kept_in[24] == reg.coalesced[24] == 18 and reg.kept_in[28] == reg.coalesced[28] == 19
    assert reg.phi_web[18] == 18 and reg.phi_web[19] == 19   # loaded on the exit edge: own registers
