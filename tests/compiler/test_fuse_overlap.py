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


def _nest_with_rom(rom_attrs: str):
    """NEST with a 4-entry table read by the head (on the new word) and by every round (MISTY1's key
    schedule and round pairs share their S-box tables this way)."""
    text = (NEST.replace('  memory st {', f'  memory sbox {rom_attrs} init [7,1,4,2]\n  memory st {{')
            .replace('    %4:i8 = trunc %2 @2:3',
                     '    %4:i8 = trunc %2 @2:3\n    %5:i2 = trunc %2 @2:4\n    %6:i8 = load %5 {"mem":"sbox"} @2:5')
            .replace('%8:i8 = xor %7, %4 @5:2', '%8:i8 = xor %7, %6 @5:2')
            .replace('    %12:i8 = add %11, 3:i8 @7:1',
                     '    %15:i2 = trunc %11 @7:0\n    %16:i8 = load %15 {"mem":"sbox"} @7:2\n'
                     '    %12:i8 = add %16, 3:i8 @7:1'))
    return parse_function(text)


def test_head_reading_a_lut_rom_the_last_round_reads_is_overlapped():
    # a LUT ROM (memory-binding: no ports, latency 0) is a combinational look-up per read: the head's
    # read and the last round's read share no port, so the head still runs in the last round's state
    fn = _nest_with_rom('{"depth":4,"impl":"lut","kind":"rom","latency":0,"ports":0,"width":8}')
    sched = schedule_function(fn, delay_model("ecp5"), 10.0)
    assert sched.fused["tail"] == "body" and sched.overlapped == {"head": "tail"}


def test_only_lut_roms_are_exempt_from_the_port_conflict():
    # two reads of a block-RAM ROM in one cycle compete for its ports; two LUT-ROM reads do not
    from cryptohls.schedule.fuse import _conflict
    for attrs, conflict in [('{"depth":4,"impl":"bram","kind":"rom","latency":1,"ports":2,"width":8}', True),
                            ('{"depth":4,"impl":"lut","kind":"rom","latency":0,"ports":0,"width":8}', False)]:
        fn = _nest_with_rom(attrs)
        head = [op for op in fn.block("head").ops if op.opcode == "load" and op.attrs["mem"] == "sbox"]
        body = [op for op in fn.block("body").ops if op.opcode == "load"]
        assert _conflict(fn, body, head) is conflict, attrs
