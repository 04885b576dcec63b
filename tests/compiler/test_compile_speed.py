"""Issue 38 item 2: the costs a profile of a large Csmith program (subset seed 605) showed, kept away.

- the pass pipeline verifies the IR once between two passes (it verified before and after each, so
  every check but the first and last ran twice), and not after a pass that reports no change (item 3:
  half the passes of a Csmith compile change nothing): so every pass must keep its word, checked here
  on the pass tests' IR and on compiled kernels;
- ``Namer.fresh`` hands out the same names as a search from suffix 1 (it resumes where the last
  search of the same base stopped: thousands of ``t_<k>`` were quadratic).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cryptohls.codegen.vast import Namer
from cryptohls.hls import compile_file
from cryptohls.ir import parse_function
from cryptohls.ir.printer import print_function
from cryptohls.passes import base
from cryptohls.passes.pipeline import DEFAULT_PIPELINE, run_pipeline

from ir_filecheck import SEPARATOR

HERE = Path(__file__).parent

IR = """function f {"block_protocol":"ap_ctrl_hs","return":{"c_type":"uint32_t","signed":false,"width":32}}
  param n {"c_type":"uint32_t","direction":"in","mode":"ap_none","signed":false,"width":32}
  block entry
    %1:i32 = param {"param":"n"} @3:1
    %2:i32 = add %1, 1:i32 @4:3
    ret %2 @5:3
}
"""

DEAD = IR.replace("    ret %2", "    %3:i32 = mul %1, %1 @4:9\n    ret %2")   # an op for dce to remove


def test_pipeline_verifies_once_between_passes_and_only_a_changed_ir(monkeypatch):
    calls = []
    real = base.verify
    monkeypatch.setattr(base, "verify", lambda fn: (calls.append(fn), real(fn)))
    log = run_pipeline(parse_function(DEAD))
    assert len(log) == len(DEFAULT_PIPELINE)
    changed = sum(1 for _, did, _ in log if did)
    assert 0 < changed < len(log)
    assert len(calls) == changed + 1   # before the first pass, then after each that changed the IR


def test_a_pass_run_alone_verifies_before_and_after_a_change(monkeypatch):
    from cryptohls.passes.dce import DeadCodeElimination
    calls = []
    real = base.verify
    monkeypatch.setattr(base, "verify", lambda fn: (calls.append(fn), real(fn)))
    assert not DeadCodeElimination().run(parse_function(IR))
    assert len(calls) == 1
    assert DeadCodeElimination().run(parse_function(DEAD))
    assert len(calls) == 3


def test_a_bad_change_is_still_caught_after_its_pass():
    from cryptohls.ir.verifier import IRVerifyError

    class Breaks(base.Pass):
        name = "breaks"

        def _run(self, fn):
            fn.blocks[0].ops.pop()   # the block loses its terminator
            return True

    with pytest.raises(IRVerifyError, match="after pass breaks"):
        Breaks().run(parse_function(IR))


def _printed(fn) -> str:
    """The IR as printed, but for the next free op id (``next %N``): a pass may draw ids for ops it then
    does not keep (balance: a tree no better than the chain), which the verifier does not look at."""
    return re.sub(r" next %\d+", "", print_function(fn), count=1)


@pytest.fixture
def passes_keep_their_word(monkeypatch):
    """Every pass run: one that reports no change must leave the printed IR as it was."""
    real = base.Pass.run
    seen = []

    def run(self, fn, *args, **kwargs):
        before = _printed(fn)
        changed = real(self, fn, *args, **kwargs)
        assert changed or _printed(fn) == before, f"pass {self.name} reported no change but changed {fn.name}"
        seen.append(changed)
        return changed

    monkeypatch.setattr(base.Pass, "run", run)
    return seen


def test_passes_that_report_no_change_leave_the_ir_of_the_pass_tests_alone(passes_keep_their_word):
    for path in sorted((HERE / "passes").glob("*.ir")):
        for piece in path.read_text().split(SEPARATOR + "\n"):
            if "function " in piece:
                run_pipeline(parse_function(piece))
    assert False in passes_keep_their_word and True in passes_keep_their_word


@pytest.mark.parametrize("kernel", ["roms.c", "rolled_loop.c", "phi_webs.c", "array_memory.c"])
def test_passes_that_report_no_change_leave_a_compiled_kernel_alone(kernel, tmp_path, passes_keep_their_word):
    compile_file(HERE / "kernels" / kernel, Path(kernel).stem, out_dir=tmp_path)
    assert False in passes_keep_their_word


def _reference_fresh(used: set[str], base_name: str) -> str:
    name, k = base_name, 0
    while name in used:
        k += 1
        name = f"{base_name}_{k}"
    used.add(name)
    return name


def test_fresh_names_are_those_of_the_plain_search():
    rng = random.Random(38)
    namer, used = Namer(), set()
    for _ in range(3000):
        hint = rng.choice(["t", "t_2", "x", "t_5_1", "add_ln3"])
        if rng.random() < 0.2:   # names reserved by hand land between the suffixes handed out
            name = f"{hint}_{rng.randrange(1, 40)}"
            namer.reserve(name)
            used.add(name)
        else:
            assert namer.fresh(hint) == _reference_fresh(used, hint)


def test_the_verifier_reports_an_ops_own_problem_before_a_dominance_problem_of_an_earlier_op():
    """One walk checks both now; the first problem reported is still the one the two walks found first."""
    from cryptohls.ir.verifier import IRVerifyError, verify
    both = IR.replace("    %2:i32 = add %1, 1:i32 @4:3\n",
                      "    %3:i32 = add %2, 1:i32 @4:1\n    %2:i32 = add %1, 1:i32 @4:3\n    %4:i8 = add %1, 1:i8 @4:5\n")
    with pytest.raises(IRVerifyError, match="binary op needs two operands"):
        verify(parse_function(both))
    with pytest.raises(IRVerifyError, match="uses %2 before its definition"):
        verify(parse_function(both.replace("    %4:i8 = add %1, 1:i8 @4:5\n", "")))


def test_a_branch_without_targets_is_reported_as_before_the_one_walk():
    """The dominators are computed before the walk now; a CFG they cannot read leaves the report to the br's check."""
    from cryptohls.ir.verifier import IRVerifyError, verify
    fn = parse_function(IR.replace("    ret %2 @5:3", "    br {\"targets\":[\"entry\"]} @5:3"))
    del fn.blocks[0].ops[-1].attrs["targets"]
    with pytest.raises(IRVerifyError, match="br needs one target"):
        verify(fn)
