"""Per-construct goldens: stored HLS IR + Schedule in → codegen → Verilog (and the bind plans and the
block netlist codegen emits the Verilog from, codegen/block.py), byte for byte, without the frontend,
the passes or the scheduler. One case per construct: a plain loop, a
pipelined loop, stream reads and writes (ap_fifo and axis), an INLINE-off call and block RAM/ROM.

The inputs (``<case>/<module>.ir``, ``<case>/<top>.schedule.json``) and the outputs (``<top>.v``,
``<top>.plans.json``, ``<top>.block``) live in tests/compiler/golden/constructs/. Regenerate all of them with
``CRYPTOHLS_REGEN=1 python -m pytest tests/compiler/test_construct_goldens.py``: each kernel is compiled
again, its IR is stored and scheduled, and the Verilog built from them must equal the compiled one."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cryptohls.bind import bind
from cryptohls.codegen.emit import to_verilog
from cryptohls.codegen.rtl import lower_module
from cryptohls.hls import compile_file
from cryptohls.ir import parse_function
from cryptohls.hls.options import DEFAULTS
from cryptohls.schedule.delay import delay_model
from cryptohls.schedule.schedule import Schedule
from cryptohls.schedule.sdc import schedule_function

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "constructs"
HEADER = ["per-construct golden (tests/compiler/test_construct_goldens.py): IR + schedule -> Verilog"]

# case -> (source, top, INLINE-off callees)
CASES = {
    "plain_loop": (HERE / "kernels" / "rolled_loop.c", "rolled_loop", ()),
    "pipelined_loop": (HERE / "pipeline" / "vadd.c", "vadd", ()),
    "stream_fifo": (HERE / "stream_kernels" / "sum_stream.cpp", "sum_stream", ()),
    "stream_axis": (HERE / "stream_kernels" / "xor_axis.cpp", "xor_axis", ()),
    "inline_off_call": (HERE / "stream_kernels" / "mac_sub.c", "mac_top", ("mac",)),
    "block_memories": (HERE / "kernels" / "state_ram.c", "state_ram", ()),
}


def _body(verilog: str) -> str:
    """The module without its header comment (the compile's command line)."""
    return verilog[verilog.index("`timescale"):]


def _build(case: str) -> tuple[str, str, str]:
    _, top, callees = CASES[case]
    folder = GOLDEN / case
    fn = parse_function((folder / f"{top}.ir").read_text())
    sched = Schedule.from_json((folder / f"{top}.schedule.json").read_text())
    modules = {name: parse_function((folder / f"{name}.ir").read_text()) for name in callees}
    plans = bind(fn, sched)
    block, _ = lower_module(fn, sched, HEADER, modules, plans)
    return to_verilog(block).text(), plans.to_json(), block.text()


def _regenerate(case: str, work: Path) -> None:
    src, top, callees = CASES[case]
    result = compile_file(src, top, out_dir=work)
    folder = GOLDEN / case
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in (top, *callees):
        shutil.copy(work / "ir" / f"{name}.ir", folder / f"{name}.ir")
    # scheduled again from the stored IR: the text form numbers result-less ops (br, store) anew, so the
    # compile's schedule.json, keyed by op id, would not fit the parsed function
    fn = parse_function((folder / f"{top}.ir").read_text())
    sched = schedule_function(fn, delay_model(DEFAULTS.target), DEFAULTS.clock_ns)
    (folder / f"{top}.schedule.json").write_text(sched.to_json())
    verilog, plans, block = _build(case)
    assert _body(verilog) == _body(result.verilog_path.read_text())   # stored inputs rebuild the compiled module
    (folder / f"{top}.v").write_text(verilog)
    (folder / f"{top}.plans.json").write_text(plans)
    (folder / f"{top}.block").write_text(block)


@pytest.mark.parametrize("case", sorted(CASES))
def test_construct_verilog_matches_golden(case, build_dir):
    if os.environ.get("CRYPTOHLS_REGEN"):
        _regenerate(case, build_dir)
    _, top, _ = CASES[case]
    verilog, plans, block = _build(case)
    assert verilog == (GOLDEN / case / f"{top}.v").read_text()
    assert plans == (GOLDEN / case / f"{top}.plans.json").read_text()
    assert block == (GOLDEN / case / f"{top}.block").read_text()
