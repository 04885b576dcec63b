"""`--memories none|bram|all` and `--area-only` of the bench (issue 16 item 5): the Yosys switches,
the rows' option keys, and an area-only run that places nothing."""

from __future__ import annotations

import json

import pytest

from cryptohls.bench import synth as synth_mod
from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import BenchOptions, run_bench
from cryptohls.bench.targets import TARGETS
from cryptohls.cli import main
from cryptohls.designs import find_variant

from .test_db import FakeRunner


@pytest.mark.parametrize("target, memories, flags", [
    ("ecp5", "none", "-nobram -nolutram -nodsp"),
    ("ecp5", "bram", "-nolutram -nodsp"),
    ("ecp5", "all", ""),
    ("ice40", "none", "-nobram"),
    ("ice40", "bram", ""),
    ("xc7", "bram", "-nolutram -nodsp"),
])
def test_memory_modes_drop_only_the_switches_they_allow(target, memories, flags):
    assert synth_mod.memory_flags(TARGETS[target], memories) == flags


def test_the_script_carries_the_switches(build_dir):
    script = synth_mod.synth_script(TARGETS["ecp5"], [build_dir / "a.v"], "core", build_dir / "h.v", "bram")
    assert "synth_lattice -family ecp5 -nolutram -nodsp -top cryptohls_harness" in script
    assert "-nobram" not in script


def test_option_keys_name_only_what_is_not_the_default():
    ecp5 = (TARGETS["ecp5"],)
    base = {"allow_bram": False, "fmax_search": "auto", "flow": 1}
    assert json.loads(BenchOptions(ecp5).key_json()) == base          # rows of earlier runs still match
    assert json.loads(BenchOptions(ecp5, bram_only=True).key_json()) == {**base, "memories": "bram"}
    assert json.loads(BenchOptions(ecp5, allow_bram=True).key_json()) == {**base, "allow_bram": True}
    assert json.loads(BenchOptions(ecp5, area_only=True).key_json()) == {**base, "pnr": False}
    assert BenchOptions(ecp5, bram_only=True).memories == "bram"
    assert BenchOptions(ecp5, allow_bram=True, bram_only=True).memories == "all"


def test_area_only_synthesizes_and_places_nothing(toy_designs, build_dir):
    runner = FakeRunner()
    options = BenchOptions((TARGETS["ecp5"],), seeds=3, area_only=True, bram_only=True)
    with ResultsDB(build_dir / "r.sqlite") as db:
        summary = run_bench([find_variant("toy64/rtl")], options, db, build_dir / "w", runner=runner)
        assert runner.calls == {"synth": 1, "pnr": 0, "cycles": 1}
        [row] = summary.rows
        assert (row.seed, row.fmax_mhz, row.luts, row.status) == (0, None, 500, "ok")
        again = FakeRunner()
        summary = run_bench([find_variant("toy64/rtl")], options, db, build_dir / "w", runner=again)
        assert (summary.computed, summary.reused, again.calls["synth"]) == (0, 1, 0)


def test_allow_bram_and_memories_must_agree(toy_designs, capsys):
    assert main(["bench", "toy64/rtl", "--allow-bram", "--memories", "bram"]) == 2
    err = capsys.readouterr().err
    assert "--allow-bram contradicts --memories bram" in err and "Traceback" not in err
