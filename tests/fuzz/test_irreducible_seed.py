"""Csmith subset seed 187 (docs/fuzzing.md): a goto from an else branch to a label in the then
branch, before a loop that returns, makes a region entered at two places. It was refused as
"jump into the middle of a loop"; node splitting (frontend/node_split.py) now makes it reducible.
(The program is still refused later, for a global initialised with an address: issue 20's.)"""

from __future__ import annotations

import pytest

from cryptohls.designs import repo_root
from cryptohls.frontend import cfg, driver
from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.pragmas import scan_user_pragmas
from cryptohls.frontend.prepare import prepare
from cryptohls.fuzz.csmith import RUNTIME_DIR, TOP, generate, write_wrapper

pytestmark = pytest.mark.skipif(not (RUNTIME_DIR / "csmith.h").is_file(),
                                reason="csmith and libcsmith-dev are installed by `make setup`")


def _succ(fn) -> dict[str, list[str]]:
    return {bb.name: [t for k, t in enumerate(bb.instrs[-1].tokens) if k and bb.instrs[-1].tokens[k - 1] == "label"]
            for bb in fn.blocks}


def test_seed_187_is_made_reducible():
    work = repo_root() / "build" / "tests" / "fuzz-seed187"
    generate(187, "subset", work)
    wrapper, _ = write_wrapper(work)
    o0_text = driver.clang_o0(wrapper, work / "o0.ll", (str(RUNTIME_DIR),))
    o0 = parse_module(o0_text)
    before = [f for f in o0.functions.values() if not f.is_declaration
              and cfg.irreducible_region(f.blocks[0].name, _succ(f)) is not None]
    assert [f.name for f in before] == ["@func_1"]
    prep = prepare(o0_text, o0, TOP, wrapper, scan_user_pragmas(wrapper))
    after = parse_module(prep.ll_text).functions["@func_1"]
    assert cfg.is_reducible(after.blocks[0].name, _succ(after))
    assert any("node splitting" in w for w in prep.warnings)
