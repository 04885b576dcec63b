"""`--memories none|bram|all` and `--area-only` of the bench (issue 16 item 5): the Yosys switches,
the rows' option keys, and an area-only run that places nothing."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cryptohls.bench import synth as synth_mod
from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import BenchOptions, run_bench
from cryptohls.bench.targets import TARGETS
from cryptohls.cli import main
from cryptohls.designs import find_variant
from cryptohls.errors import UserError

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


class RecordingRunner(FakeRunner):
    def __init__(self):
        super().__init__()
        self.modes = []

    def synthesize(self, target, sources, top, work_dir, memories, mapping):
        self.modes.append(memories)
        return super().synthesize(target, sources, top, work_dir, memories, mapping)


def test_a_variant_that_declares_its_memories_is_synthesized_so(toy_designs, build_dir):
    """One run, two variants: the one declaring memories = "bram" gets block RAM, the other the run's mode."""
    plain = find_variant("toy64/rtl")
    bram = dataclasses.replace(plain, name="rtl-bram", options={**plain.options, "memories": "bram"})
    runner = RecordingRunner()
    options = BenchOptions((TARGETS["ecp5"],), seeds=1, area_only=True)
    with ResultsDB(build_dir / "r.sqlite") as db:
        summary = run_bench([plain, bram], options, db, build_dir / "w", runner=runner)
    assert sorted(runner.modes) == ["bram", "none"]
    keys = {row.variant: json.loads(row.options) for row in summary.rows}
    assert keys["toy64/rtl"] == {"allow_bram": False, "fmax_search": "auto", "flow": 1, "pnr": False}
    assert keys["toy64/rtl-bram"] == {**keys["toy64/rtl"], "memories": "bram"}
    wrong = dataclasses.replace(plain, options={**plain.options, "memories": "lutram"})
    with pytest.raises(UserError, match="memories must be one of none, bram, all"):
        options.for_variant(wrong)
