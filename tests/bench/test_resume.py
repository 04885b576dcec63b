"""Resuming `cryptohls bench` (docs/bench.md, "Jobs, caching and resuming"): a second invocation finds
every run it would make already recorded, says so before anything starts, runs nothing and prints the
summary a full run prints; a new seed, option set or source still runs. Through the command line,
with a counting stand-in for Yosys, nextpnr and the simulator (no tool runs)."""

from __future__ import annotations

import json
import shutil

import pytest

from cryptohls.bench import flow
from cryptohls.bench.cycles import Cycles
from cryptohls.bench.db import ResultsDB
from cryptohls.bench.pnr import PnrResult
from cryptohls.bench.synth import SynthResult
from cryptohls.cli import main

from .helpers import FIXTURE_DESIGNS

# toy64/rtl on ecp5 (3 option sets of `small`, each placed) and xc7 (area only: `default` alone).
SMALL = ["bench", "toy64/rtl", "--targets", "ecp5,xc7", "--seeds", "2", "--strategies", "small",
         "--scheduler", "threads", "--jobs", "1", "--json"]


class CountingRunner(flow.Runner):
    """Results that depend on each option set's switches and the seed; counts every call."""

    def __init__(self, interrupt_on_pnr: int | None = None):
        self.calls = {"synth": 0, "pnr": 0, "cycles": 0}
        self.interrupt_on_pnr = interrupt_on_pnr

    def synthesize(self, target, sources, top, work_dir, memories, mapping, synth_flags=()):
        self.calls["synth"] += 1
        luts = 500 - (60 if mapping == "area" else 0) - 25 * len(synth_flags)
        return SynthResult(luts=luts, ffs=300, brams=0, dsps=0, other_cells={}, cells={},
                           netlist=str(work_dir / "n.json") if target.has_pnr else None, seconds=0.5)

    def place_and_route(self, target, netlist, work_dir, seed, settings):
        self.calls["pnr"] += 1
        if self.calls["pnr"] == self.interrupt_on_pnr:
            raise KeyboardInterrupt     # Ctrl-C (or a killed queue) during this job
        fmax = 100.0 + 3 * seed + (60.0 if settings.router == "router2" else 0.0)   # router2 wins
        return PnrResult(fits=True, fmax_mhz=fmax, target_mhz=25.0, runs=[], seconds=1.0)

    def cycles(self, variant, build_dir):
        self.calls["cycles"] += 1
        return Cycles(11, 10, True)


@pytest.fixture
def bench(monkeypatch, capsys):
    """bench(args, runner) -> (exit status, JSON summary or None, stderr lines), run with `runner`."""
    def run(args, runner):
        monkeypatch.setattr(flow, "Runner", lambda *timeouts: runner)
        status = main(args)
        out, err = capsys.readouterr()
        return status, (json.loads(out) if out else None), err.splitlines()
    return run


def rows(build_dir):
    with ResultsDB(build_dir / "results" / "results.sqlite") as db:
        return [(r.target, r.seed, r.options, r.created_at, r.fmax_mhz, r.interval) for r in db.rows()]


def plan(err: list[str]) -> str:
    [line] = [e for e in err if "already recorded" in e]
    return line


def test_a_second_invocation_records_nothing_runs_nothing_and_prints_the_same_summary(toy_designs,
                                                                                      build_dir, bench):
    first = CountingRunner()
    status, full, err = bench(SMALL, first)
    assert status == 0 and first.calls == {"synth": 4, "pnr": 6, "cycles": 1}
    assert plan(err) == ("cryptohls bench: 0 of 7 run(s) already recorded, reused without running; 7 to run "
                         "(4 synthesis job(s), 1 simulation(s))")
    recorded = rows(build_dir)
    assert len(recorded) == 7

    again = CountingRunner()
    status, resumed, err = bench(SMALL, again)
    assert status == 0 and again.calls == {"synth": 0, "pnr": 0, "cycles": 0}
    assert plan(err) == ("cryptohls bench: 7 of 7 run(s) already recorded, reused without running; 0 to run "
                         "(0 synthesis job(s), 0 simulation(s))")
    assert "cryptohls bench: 0 new result(s), 7 reused; database" in err[-1]
    assert rows(build_dir) == recorded          # not one row written again
    assert resumed == full
    assert [(line["target"], line["option_sets"], line["seeds"]) for line in full] == [("ecp5", 3, 2), ("xc7", 1, 1)]


def test_an_interrupted_run_resumed_prints_the_uninterrupted_runs_summary(toy_designs, build_dir, bench,
                                                                         monkeypatch):
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "full"))
    status, full, _ = bench(SMALL, CountingRunner())
    assert status == 0

    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    status, printed, err = bench(SMALL, CountingRunner(interrupt_on_pnr=3))
    assert (status, printed, err[-1]) == (130, None, "cryptohls bench: interrupted")
    kept = rows(build_dir)
    assert 0 < len(kept) < 7 and all(interval == 10 for *_, interval in kept)

    resumed = CountingRunner()
    status, summary, err = bench(SMALL, resumed)
    assert status == 0 and summary == full
    assert resumed.calls["pnr"] == 6 - sum(target == "ecp5" for target, *_ in kept)
    # The rows already recorded hold the cycle counts: the variant is not simulated again.
    assert resumed.calls["cycles"] == 0
    assert plan(err).startswith(f"cryptohls bench: {len(kept)} of 7 run(s) already recorded")
    assert set(kept) <= set(rows(build_dir))     # the rows recorded before the interruption stand as they were


def test_a_new_seed_or_option_set_still_runs_and_only_it(toy_designs, build_dir, bench):
    bench(SMALL, CountingRunner())
    recorded = rows(build_dir)

    more_seeds = CountingRunner()
    status, _, err = bench([*SMALL[:4], "--seeds", "3", *SMALL[6:]], more_seeds)
    assert status == 0
    assert more_seeds.calls == {"synth": 3, "pnr": 3, "cycles": 0}     # seed 3 of each ecp5 option set
    assert plan(err).startswith("cryptohls bench: 7 of 10 run(s) already recorded")
    after = rows(build_dir)
    assert sorted(r[1] for r in after if r not in recorded) == [3, 3, 3]

    more_sets = CountingRunner()
    status, summary, err = bench([*SMALL[:4], "--seeds", "3", "--strategies", "thorough", *SMALL[8:]], more_sets)
    assert status == 0
    new = [r for r in rows(build_dir) if r not in after]
    names = sorted({json.loads(options)["strategy"]["name"] for _, _, options, *_ in new})
    assert names == ["nowidelut", "router2"] and len(new) == 6 and more_sets.calls["pnr"] == 6
    assert plan(err).startswith("cryptohls bench: 10 of 16 run(s) already recorded")
    assert [(line["target"], line["option_sets"], line["strategy"]) for line in summary] == [
        ("ecp5", 5, "router2"), ("xc7", 1, "default")]


def test_a_changed_source_runs_again(monkeypatch, build_dir, bench):
    designs = build_dir / "designs"
    shutil.copytree(FIXTURE_DESIGNS, designs)
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(designs))
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    bench(SMALL, CountingRunner())
    source = designs / "toy64" / "rtl" / "toy64_core.v"
    source.write_text(source.read_text() + "\n// edited\n")
    edited = CountingRunner()
    status, _, err = bench(SMALL, edited)
    assert status == 0 and edited.calls == {"synth": 4, "pnr": 6, "cycles": 1}
    assert plan(err) == ("cryptohls bench: 0 of 7 run(s) already recorded, reused without running; 7 to run "
                         "(4 synthesis job(s), 1 simulation(s)); 7 of them recorded only for other sources of "
                         "their variant (an edited source, or for HLS a compiler that generates other Verilog)")
    assert len(rows(build_dir)) == 14


def test_cycle_counts_recorded_for_the_same_sources_are_reused_not_simulated_again(toy_designs, build_dir):
    """A run that adds a target finds the variant's cycle counts in the rows of another target: one
    simulation gives them whatever the device. Rows that disagree, or rows of other sources, do not."""
    from cryptohls.bench.targets import TARGETS
    from cryptohls.designs import find_variant

    variant = find_variant("toy64/rtl")
    options = lambda *targets: flow.BenchOptions(tuple(TARGETS[t] for t in targets), seeds=1)  # noqa: E731
    with ResultsDB(build_dir / "r.sqlite") as db:
        flow.run_bench([variant], options("ecp5"), db, build_dir / "w", runner=CountingRunner())
        gowin = CountingRunner()
        flow.run_bench([variant], options("gowin"), db, build_dir / "w", runner=gowin)
        assert gowin.calls == {"synth": 1, "pnr": 1, "cycles": 0}
        assert {(r.target, r.latency, r.interval) for r in db.rows()} == {("ecp5", 11, 10), ("gowin", 11, 10)}
        [row] = [r for r in db.rows() if r.target == "gowin"]
        assert row.throughput_mbps == 64 * row.fmax_mhz / 10

        row.interval = 12           # two rows of one source that disagree: simulate again
        db.insert(row)
        ice40 = CountingRunner()
        flow.run_bench([variant], options("ice40"), db, build_dir / "w", runner=ice40)
        assert ice40.calls["cycles"] == 1


def test_an_hls_variant_runs_again_when_its_verilog_changes_and_the_plan_says_why(toy_designs, build_dir,
                                                                                  monkeypatch):
    """An HLS variant's rows are keyed by the Verilog the compiler generates: another compiler that
    generates the same Verilog (a frontend fix elsewhere) keeps them; other Verilog makes every run
    of the variant again, and the plan line says they were recorded for other sources."""
    from types import SimpleNamespace

    from cryptohls.bench import sources
    from cryptohls.bench.targets import TARGETS
    from cryptohls.designs import find_variant
    from cryptohls.hls import artifacts

    class NoCompile(CountingRunner):      # the synthesis's compile is not what is tested here
        def verilog(self, variant, target, build_dir):
            return [], variant.top

    variant = find_variant("add8/hls")
    options = flow.BenchOptions((TARGETS["ecp5"],), seeds=2)
    said: list[str] = []
    with ResultsDB(build_dir / "r.sqlite") as db:
        flow.run_bench([variant], options, db, build_dir / "w", runner=NoCompile())
        monkeypatch.setattr(artifacts, "compiler_digest", lambda: "another compiler, same Verilog")
        monkeypatch.setattr(sources, "hardware_digest", lambda: "another compiler, same Verilog")
        same = NoCompile()
        flow.run_bench([variant], options, db, build_dir / "w", runner=same, announce=said.append)
        assert same.calls == {"synth": 0, "pnr": 0, "cycles": 0}
        other = build_dir / "other.v"
        other.write_text("module add8(); endmodule\n")
        monkeypatch.setattr(sources, "compile_for", lambda variant, target: SimpleNamespace(verilog_files=[other]))
        changed = NoCompile()
        summary = flow.run_bench([variant], options, db, build_dir / "w", runner=changed, announce=said.append)
        assert changed.calls == {"synth": 1, "pnr": 2, "cycles": 1} and summary.computed == 2
    assert said == ["2 of 2 run(s) already recorded, reused without running; 0 to run (0 synthesis job(s), "
                    "0 simulation(s))",
                    "0 of 2 run(s) already recorded, reused without running; 2 to run (1 synthesis job(s), "
                    "1 simulation(s)); 2 of them recorded only for other sources of their variant (an edited "
                    "source, or for HLS a compiler that generates other Verilog)"]
