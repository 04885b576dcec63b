"""Issue 38 item 2: the costs a profile of a large Csmith program (subset seed 605) showed, kept away.

- the pass pipeline verifies the IR once between two passes (it verified before and after each, so
  every check but the first and last ran twice);
- ``Namer.fresh`` hands out the same names as a search from suffix 1 (it resumes where the last
  search of the same base stopped: thousands of ``t_<k>`` were quadratic).
"""

from __future__ import annotations

import random

from cryptohls.codegen.vast import Namer
from cryptohls.ir import parse_function
from cryptohls.passes import base
from cryptohls.passes.pipeline import DEFAULT_PIPELINE, run_pipeline

IR = """function f {"block_protocol":"ap_ctrl_hs","return":{"c_type":"uint32_t","signed":false,"width":32}}
  param n {"c_type":"uint32_t","direction":"in","mode":"ap_none","signed":false,"width":32}
  block entry
    %1:i32 = param {"param":"n"} @3:1
    %2:i32 = add %1, 1:i32 @4:3
    ret %2 @5:3
}
"""


def test_pipeline_verifies_once_between_passes(monkeypatch):
    calls = []
    real = base.verify
    monkeypatch.setattr(base, "verify", lambda fn: (calls.append(fn), real(fn)))
    log = run_pipeline(parse_function(IR))
    assert len(log) == len(DEFAULT_PIPELINE)
    assert len(calls) == len(log) + 1   # before the first pass, then after each


def test_a_pass_run_alone_still_verifies_before_and_after(monkeypatch):
    from cryptohls.passes.dce import DeadCodeElimination
    calls = []
    real = base.verify
    monkeypatch.setattr(base, "verify", lambda fn: (calls.append(fn), real(fn)))
    DeadCodeElimination().run(parse_function(IR))
    assert len(calls) == 2


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
