"""The Schedule object (schedule/schedule.py): immutable, and read back from the JSON it is saved as."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.schedule import Schedule
from cryptohls.schedule.sdc import schedule_function
from test_fuse_overlap import NEST

KERNELS = Path(__file__).resolve().parent


def _schedule(text: str, clock_ns: float) -> Schedule:
    return schedule_function(parse_function(text), delay_model("ecp5"), clock_ns)


def test_schedule_is_immutable():
    sched = _schedule(NEST, 10.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sched.fused = {}
    with pytest.raises(TypeError):
        sched.fused["x"] = "y"      # the tables are read-only views
    with pytest.raises(TypeError):
        sched.cycle[1] = 5
    with pytest.raises(AttributeError):
        sched.skipped.add("x")
    assert sched.fused == {"tail": "body", "pre": "head", "start": "head"}


def test_schedule_json_round_trip_with_fusion():
    sched = _schedule(NEST, 10.0)
    again = Schedule.from_json(sched.to_json())
    assert again == sched and again.to_json() == sched.to_json()
    assert again.overlapped == {"head": "tail"} and again.skipped == {"join"}


def test_saved_schedules_read_back(build_dir: Path):
    """Every ir/<name>.schedule.json of a compile (a pipelined loop: nested tables) reads back to the
    same JSON."""
    compile_file(KERNELS / "pipeline" / "fir.c", "fir", out_dir=build_dir)
    saved = sorted((build_dir / "ir").glob("*.schedule.json"))
    assert saved
    for path in saved:
        sched = Schedule.from_json(path.read_text())
        assert sched.to_json() == path.read_text()
    assert Schedule.from_json((build_dir / "ir" / "fir.schedule.json").read_text()).pipelined


def test_arrival_of_some_blocks_is_theirs_in_the_whole_function():
    # fuse.py asks for the latch's arrivals alone (issue 38: the whole function's, per exit, was a
    # tenth of a large Csmith program's compile); a chain never leaves its block
    fn = parse_function(NEST)
    model = delay_model("ecp5")
    sched = schedule_function(fn, model, 10.0)
    whole = sched.arrival_ns(fn, model)
    assert any(v > 0 for v in whole.values())
    for block in fn.blocks:
        assert sched.arrival_ns(fn, model, [block]) == {op.id: whole[op.id] for op in block.ops}
