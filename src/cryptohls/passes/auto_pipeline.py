"""Automatic loop pipelining: innermost loops without a directive are offered to the modulo scheduler
as if they carried ``#pragma HLS PIPELINE II=1``, as Vitis HLS pipelines loops by default (UG1399,
"Automatic Loop Pipelining" / ``config_compile -pipeline_loops``: the innermost loop is pipelined;
for a short inner loop Vitis instead pipelines its parent with the inner loop unrolled, which is not
done here).

A candidate is a loop of one block (after if-conversion) with a constant trip count of at least 2,
no directive of its own (``directive_loops``: the user's loops stay as written), no sub-module call,
no stream access (pipelining lets iteration i+1's reads pass iteration i's writes, wrong for a
request/response exchange through the caller) and at most ``MAX_OPS`` operations (the scheduler
solves one LP over the body per II it tries: a Csmith loop of 1,679 ops took minutes). The requests are
recorded in ``fn.attrs["pipeline"]`` and their keys in ``fn.attrs["auto_pipeline"]``; the scheduler
(schedule/modulo.py) keeps an automatic one only when it saves cycles and never warns about one.
"""

from __future__ import annotations

from cryptohls.ir.analysis import constant_trip_count, loop_key, natural_loops
from cryptohls.ir.nodes import Function
from cryptohls.passes.base import Pass

MAX_OPS = 256   # operations in the loop body; larger bodies stay as they are (compile time)


class AutoPipeline(Pass):
    name = "auto-pipeline"

    def _run(self, fn: Function) -> bool:
        directed = {str(k) for k in fn.attrs.get("directive_loops", [])}
        requests: dict = dict(fn.attrs.get("pipeline", {}))
        auto: list[str] = []
        for lp in natural_loops(fn):
            b = fn.block(lp.header)
            term = b.terminator
            key = loop_key(term)
            if lp.blocks != {b.name} or len(term.attrs.get("targets", [])) != 2 or not key:
                continue
            if key in directed or key in requests or lp.children or len(b.ops) > MAX_OPS:
                continue
            if any(op.opcode in ("call", "can_transfer") or
                   (op.opcode in ("load", "store") and fn.memory(op.attrs["mem"]).kind == "stream") for op in b.ops):
                continue
            trips = constant_trip_count(fn, lp)
            if trips is None or trips < 2:
                continue
            requests[key] = 1
            auto.append(key)
        if not auto:
            return False
        fn.attrs["pipeline"] = requests
        fn.attrs["auto_pipeline"] = sorted(set(auto) | set(fn.attrs.get("auto_pipeline", [])))
        return True
