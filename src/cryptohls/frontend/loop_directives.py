"""Loop directives as attributes of the imported function, so that ``ir/<name>.import.ir`` holds every
input of the passes: a pass run on the dump gives what the compile gave (tests/compiler/test_import_replay.py).

    fn.attrs["pipeline"]        loop key -> requested II (PIPELINE; II=1 when not given)
    fn.attrs["pipeline_flush"]  keys of PIPELINE style=flp loops
    fn.attrs["flatten_off"]     keys of LOOP_FLATTEN off loops (a number when the key is a line)
    fn.attrs["directive_loops"] keys of every loop with a directive
    fn.attrs["tripcount"]       loop key -> LOOP_TRIPCOUNT {min, max} (the top's: its report's latency)

The loops and their pragmas are the frontend's loop table (frontend/loop_table.py, pragma_owner.py); a
loop key is ``LoopInfo.key`` (``ir.analysis.loop_key`` of the loop's latch branch)."""

from __future__ import annotations

from collections.abc import Mapping

from cryptohls.frontend.loop_table import LoopInfo
from cryptohls.ir.nodes import Function


def pipeline_requests(loops: Mapping[str, LoopInfo]) -> dict[str, int]:
    """loop key (``ir.analysis.loop_key``) -> requested II, from the frontend's loop table
    (``PIPELINE`` without ``II`` = 1)."""
    out: dict[str, int] = {}
    for line, lp in loops.items():
        for p in lp.pragmas:
            if p.kind == "PIPELINE" and not p.flag("off"):
                out[str(line)] = p.ii   # validated (an integer >= 1) by frontend/pragmas.py
    return out


def pipeline_flush(loops: Mapping[str, LoopInfo]) -> list[str]:
    """Keys of the loops whose PIPELINE asks for ``style=flp`` (a flushable pipeline: codegen/pipeline.py)."""
    return sorted(str(line) for line, lp in loops.items()
                  if any(p.kind == "PIPELINE" and not p.flag("off") and p.get("style") == "flp" for p in lp.pragmas))


def flatten_off(loops: Mapping[str, LoopInfo]) -> list:
    """Keys of the loops that carry ``#pragma HLS LOOP_FLATTEN off`` (passes/loop_flatten.py): the
    start line as a number, or "LINE:COL" when several loops start on that line."""
    keys = [str(key) for key, lp in loops.items()
            if any(p.kind == "LOOP_FLATTEN" and p.flag("off") for p in lp.pragmas)]
    return [int(k) if k.isdigit() else k for k in sorted(keys, key=lambda k: (int(k.split(":")[0])
                                                                              if k.split(":")[0].isdigit() else 0, k))]


def attach_loop_directives(fn: Function, loops: Mapping[str, LoopInfo]) -> None:
    """Records the PIPELINE and LOOP_FLATTEN off requests on ``fn`` (the top or a sub-module, as imported):
    loop-flatten and the scheduler read them; and the keys of all loops with a directive
    (``directive_loops``), which full-unroll, loop-fuse and auto-pipeline leave alone."""
    requests, kept = pipeline_requests(loops), flatten_off(loops)
    if requests:
        fn.attrs["pipeline"] = requests
    flush = [key for key in pipeline_flush(loops) if key in requests]
    if flush:
        fn.attrs["pipeline_flush"] = flush
    if kept:
        fn.attrs["flatten_off"] = kept
    directed = sorted(str(key) for key, lp in loops.items() if lp.pragmas)
    if directed:   # loops the user gave a directive: automatic transformations leave them as written
        fn.attrs["directive_loops"] = directed


def attach_tripcounts(fn: Function, loops: Mapping[str, LoopInfo]) -> None:
    """LOOP_TRIPCOUNT min/max of each loop (the last directive of a loop wins), for the latency report."""
    for key, lp in loops.items():
        trip = [p for p in lp.pragmas if p.kind == "LOOP_TRIPCOUNT"]
        if trip:
            fn.attrs.setdefault("tripcount", {})[key] = {k: trip[-1].int_option(k) for k in ("min", "max")
                                                              if trip[-1].int_option(k) is not None}


__all__ = ["attach_loop_directives", "attach_tripcounts", "flatten_off", "pipeline_flush", "pipeline_requests"]
