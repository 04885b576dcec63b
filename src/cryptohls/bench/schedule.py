"""The order in which the bench runs its jobs, at most J (or the engine's capacity) at a time.

A plain thread pool runs jobs in submission order, so the place-and-route runs that a finished
synthesis unlocks queue up behind every other synthesis, and the last minutes of a run can
leave the main target's results for last. Here each job carries a priority (below) and the
highest goes next. The priorities only order the queue; they never change a result.
"""

from __future__ import annotations

import heapq
import itertools
import time
from typing import Any, Callable

from cryptohls.bench.engine import ThreadEngine
from cryptohls.bench.targets import Target

# CPU seconds of one place-and-route of an AES-128 core on the pinned tools (docs/benchmarks.md).
_PNR_COST_S = {"gowin": 150.0, "gw5a": 530.0, "ecp5": 55.0}
_OTHER_PNR_COST_S = 30.0

# The order, first to last: the simulations; then seed rounds — round 1 is every ECP5 synthesis
# and seed-1 run, then the area-only syntheses, then every Gowin synthesis and seed-1 run; round
# 2 the seed-2 runs, cheapest target first, and so on. A run stopped (or cut short by the clock)
# half-way thus has the main target and the area of everything before the slow Gowin runs, and
# one seed of everything before three of anything. The price: the last round ends on Gowin
# runs, so a core may idle for up to one of them at the very end (docs/bench.md).
SIMULATION_PRIORITY = float("inf")
_ROUND = 1e6
_AREA_ONLY_KEY = 100.0            # between ECP5 (55) and Gowin (150) place-and-route


def pnr_cost_s(target: Target) -> float:
    return _PNR_COST_S.get(target.name, _OTHER_PNR_COST_S)


def _priority(round_: int, key: float) -> float:
    return -(round_ * _ROUND + key)


def synth_priority(target: Target, seeds_to_place: int) -> float:
    if target.has_pnr and seeds_to_place:
        return _priority(1, pnr_cost_s(target) - 1.0)    # just before its own seed-1 runs
    return _priority(1, _AREA_ONLY_KEY)


def pnr_priority(target: Target, seed: int) -> float:
    return _priority(seed, pnr_cost_s(target))


def timed(fn: Callable, *args) -> tuple[Any, float]:
    """(fn(*args), wall seconds)."""
    start = time.monotonic()
    return fn(*args), time.monotonic() - start


class JobQueue:
    """Pending jobs by priority (largest first, then first pushed); at most ``jobs`` running."""

    def __init__(self, jobs: int):
        self.jobs = max(1, jobs)
        self._pending: list[tuple[float, int, str, Any, Callable, tuple]] = []
        self._order = itertools.count()

    def push(self, priority: float, kind: str, item: Any, fn: Callable, *args) -> None:
        heapq.heappush(self._pending, (-priority, next(self._order), kind, item, fn, args))

    def run(self, handle: Callable[[str, Any, Any], None],
            on_error: Callable[[str, Any, Exception], None] | None = None, *, engine=None) -> None:
        """Runs every job; ``handle(kind, item, result)`` runs in this thread and may push more.

        Jobs run on ``engine`` (engine.py; default: a pool of ``jobs`` threads), never more at once
        than its capacity, so the priorities here, not the engine's own queue, decide the order.
        A job that raised goes to ``on_error(kind, item, exception)`` if given (it may re-raise),
        and the others carry on. On an exception that escapes (Ctrl-C, or one ``on_error``
        re-raises) nothing new starts; jobs that finished successfully meanwhile are still
        handled, so their results are not lost.
        """
        own_engine = engine is None
        if own_engine:
            engine = ThreadEngine(self.jobs)
        running: dict[Any, tuple[str, Any]] = {}

        def start_more() -> None:
            capacity = engine.capacity()
            while self._pending and len(running) < capacity:
                _, _, kind, item, fn, args = heapq.heappop(self._pending)
                running[engine.submit(fn, *args)] = (kind, item)

        try:
            start_more()
            while running:
                done = engine.wait_first(running)
                # Successful jobs first: a failure next to them must not lose their rows.
                for future in sorted(done, key=lambda f: f.exception() is not None):
                    kind, item = running.pop(future)
                    error = future.exception()
                    if on_error is not None and isinstance(error, Exception):
                        on_error(kind, item, error)
                    else:
                        handle(kind, item, future.result())
                start_more()
        except BaseException:
            self._pending.clear()
            for future in list(running):      # keep what finished while we were stopping
                if future.done() and future.exception() is None:
                    kind, item = running.pop(future)
                    try:
                        handle(kind, item, future.result())
                    except Exception:          # noqa: BLE001 - best effort on the way out
                        pass
            for future in running:
                future.cancel()
            raise
        finally:
            if own_engine:
                engine.close()
