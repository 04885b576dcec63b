"""The job order of the bench: simulations, then seed rounds, the main target first."""

from __future__ import annotations

import pytest

from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import BenchOptions, run_bench
from cryptohls.bench.schedule import JobQueue
from cryptohls.bench.targets import TARGETS
from cryptohls.designs import find_variant

from .test_db import FakeRunner


def test_queue_runs_the_largest_first_and_takes_jobs_pushed_while_running():
    queue = JobQueue(1)
    order: list[str] = []

    def handle(kind, item, result):
        order.append(result)
        if item == "b":
            queue.push(5.0, "job", "d", str.upper, "d")     # outranks c (1.0), not a
    for priority, name in ((1.0, "c"), (9.0, "b"), (1.0, "c2")):
        queue.push(priority, "job", name, str.upper, name)
    queue.run(handle)
    assert order == ["B", "D", "C", "C2"]


def test_queue_stops_on_a_failure_but_keeps_finished_results():
    queue = JobQueue(1)
    seen: list[str] = []

    def boom(_):
        raise RuntimeError("tool crashed")
    queue.push(3.0, "job", "ok", str.upper, "ok")
    queue.push(2.0, "job", "bad", boom, "bad")
    queue.push(1.0, "job", "never", str.upper, "never")
    with pytest.raises(RuntimeError, match="tool crashed"):
        queue.run(lambda kind, item, result: seen.append(result))
    assert seen == ["OK"]


class OrderRunner(FakeRunner):
    def __init__(self):
        super().__init__()
        self.order: list[str] = []

    def synthesize(self, target, sources, top, work_dir, memories, mapping):
        self.order.append(f"synth {target.name}")
        return super().synthesize(target, sources, top, work_dir, memories, mapping)

    def place_and_route(self, target, netlist, work_dir, seed, settings):
        self.order.append(f"pnr {target.name} {seed}")
        return super().place_and_route(target, netlist, work_dir, seed, settings)

    def cycles(self, variant, build_dir):
        self.order.append("sim")
        return super().cycles(variant, build_dir)


def test_bench_order_runs_seed_rounds_main_target_first(toy_designs, build_dir):
    targets = tuple(TARGETS[t] for t in ("xc7", "ecp5", "gowin"))
    runner = OrderRunner()
    with ResultsDB(build_dir / "r.sqlite") as db:
        run_bench([find_variant("toy64/rtl")], BenchOptions(targets, seeds=2, jobs=1, all_seeds=True), db,
                  build_dir / "w", runner=runner)
        assert len(db.rows()) == 5
    # Seed rounds, cheapest target first: ECP5, the area-only synthesis, Gowin; then seed 2.
    assert runner.order == ["sim", "synth ecp5", "pnr ecp5 1", "synth xc7", "synth gowin",
                            "pnr gowin 1", "pnr ecp5 2", "pnr gowin 2"]


def test_a_failed_synthesis_stops_only_its_own_target(toy_designs, build_dir):
    from cryptohls.errors import UserError

    class GowinBreaks(OrderRunner):
        def synthesize(self, target, sources, top, work_dir, memories, mapping):
            if target.name == "gowin":
                self.order.append("synth gowin")
                raise UserError("synthesis failed for toy64 on gowin: ERROR: no such module",
                                file=work_dir / "synth.log")
            return super().synthesize(target, sources, top, work_dir, memories, mapping)

    targets = tuple(TARGETS[t] for t in ("xc7", "ecp5", "gowin"))
    runner = GowinBreaks()
    with ResultsDB(build_dir / "r.sqlite") as db:
        with pytest.raises(UserError, match=r"^.*synth\.log: error: toy64/rtl on gowin: "
                                            r"synthesis failed for toy64 on gowin"):
            run_bench([find_variant("toy64/rtl")], BenchOptions(targets, seeds=1, jobs=1), db,
                      build_dir / "w", runner=runner)
        # Everything else ran and was written: ecp5 seed 1 and the xc7 area row.
        assert sorted((r.target, r.seed) for r in db.rows()) == [("ecp5", 1), ("xc7", 0)]
    assert runner.order == ["sim", "synth ecp5", "pnr ecp5 1", "synth xc7", "synth gowin"]
