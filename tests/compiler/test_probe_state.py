"""A stream check that decides, by being false, a blocking transfer of another stream shares that
transfer's state (schedule/probes.py). 29 Nov 2026: tiaoxin346's HLS core at 25 ns registered
`!key.empty()` in the first of two states and read bdi in the second; idle between messages it found
no key, then waited for bdi while the next message's key words waited: cosim stopped (csim passed).
Kernel: stream_kernels/pick_after_probe.cpp (two states at 9 ns)."""

from __future__ import annotations

import json

import pytest
from streamharness import KERNELS, cosim_run, native_run

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.probes import same_state_pairs
from cryptohls.schedule.sdc import schedule_block

SRC, TB, TOP, CLOCK_NS = KERNELS / "pick_after_probe.cpp", KERNELS / "tb_pick_after_probe.cpp", "pick_after_probe", 9.0


def test_the_check_is_read_in_the_state_of_the_read_it_decides(build_dir):
    compile_file(SRC, TOP, out_dir=build_dir, clock_ns=CLOCK_NS)
    fn = parse_function((build_dir / "ir" / f"{TOP}.ir").read_text())
    cycle = json.loads((build_dir / "ir" / f"{TOP}.schedule.json").read_text())["cycle"]
    body = next(b for b in fn.blocks if any(op.opcode == "can_transfer" for op in b.ops))
    [(check, read)] = same_state_pairs(fn, body)
    check, read = body.ops[check], body.ops[read]
    assert read.attrs["mem"] == "data"
    assert cycle[str(check.id)] == cycle[str(read.id)]
    # the kernel still tests the rule: without it, the check goes to an earlier state than the read
    alone = schedule_block(fn, body, delay_model("ecp5"), CLOCK_NS, probes=False)
    assert alone[check.id] < alone[read.id]


def test_a_check_that_cannot_share_the_state_is_a_warning(build_dir):
    """At 3 ns the path from the check into the read's predicate alone is longer than the clock: the
    block is scheduled without the rule, and the report says which check and which access. (It was
    6 ns until passes/narrow_bools.py made the predicate's `|` of bools 1-bit logic without a 32-bit
    compare: the path now fits down to 4 ns.)"""
    report = compile_file(SRC, TOP, out_dir=build_dir, clock_ns=3.0).report
    [warning] = [w for w in report["warnings"] if "the check of" in w]
    assert warning.startswith(f"{SRC}:26: the check of 'key' does not fit in the state of the 'data' access")
    assert f"({SRC}:31)" in warning


@pytest.mark.slow
def test_pick_after_probe_cosim_matches_native(build_dir):
    native = native_run(SRC, TB, build_dir)
    assert len(native.splitlines()) == 3
    cosim, stats = cosim_run(SRC, TB, TOP, build_dir, clock_ns=CLOCK_NS, max_cycles=20_000)
    assert cosim == native and stats["calls"] == 6
