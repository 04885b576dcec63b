"""The pass pipeline, as data: a list of pass names (``--skip-pass`` removes entries)."""

from __future__ import annotations

from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.ir.nodes import Function
from cryptohls.passes.array_partition import ArrayPartition
from cryptohls.passes.auto_pipeline import AutoPipeline
from cryptohls.passes.balance import ExpressionBalancing
from cryptohls.passes.base import Pass
from cryptohls.passes.const_fold import ConstantFolding
from cryptohls.passes.cse import CommonSubexpressionElimination
from cryptohls.passes.dce import DeadCodeElimination
from cryptohls.passes.dead_store import DeadStoreElimination
from cryptohls.passes.disjoint_or import DisjointOr
from cryptohls.passes.full_unroll import FullUnroll
from cryptohls.passes.hoist_loads import HoistLoads
from cryptohls.passes.if_convert import IfConversion
from cryptohls.passes.load_window import LoadWindow
from cryptohls.passes.loop_flatten import LoopFlatten
from cryptohls.passes.loop_fusion import LoopFusion
from cryptohls.passes.memory_binding import MemoryBinding
from cryptohls.passes.merge_blocks import MergeBlocks
from cryptohls.passes.narrow import NarrowCasts
from cryptohls.passes.narrow_bools import NarrowBools
from cryptohls.passes.narrow_iv import NarrowInductionVariables
from cryptohls.passes.prefetch import Prefetch
from cryptohls.passes.static_phis import StaticPhis
from cryptohls.passes.store_forward import StoreForwarding

PASSES: dict[str, type[Pass]] = {cls.name: cls for cls in (ConstantFolding, CommonSubexpressionElimination,
                                                            DeadCodeElimination, MemoryBinding, IfConversion,
                                                            MergeBlocks, NarrowCasts, ExpressionBalancing,
                                                            DisjointOr, StoreForwarding, NarrowInductionVariables,
                                                            LoopFlatten, FullUnroll, AutoPipeline, LoadWindow,
                                                            Prefetch, HoistLoads, ArrayPartition,
                                                            DeadStoreElimination, LoopFusion, StaticPhis,
                                                            NarrowBools)}
# if-convert and merge-blocks twice: a side made of two blocks (`bad = bad || x` inside an `if`) is one
# block once merged, and can then be converted (designs/ascon-aead128/hls: its FSM loop becomes one block);
# dead-store once unrolled bodies are merged (a register array rewritten by a chain of unrolled methods);
# static-phis once the loops to pipeline are known (it leaves them alone)
DEFAULT_PIPELINE = ["const-fold", "narrow-iv", "narrow", "narrow-bools", "cse", "dce", "array-partition", "memory-binding", "store-forward", "if-convert",
                    "merge-blocks", "if-convert", "full-unroll", "merge-blocks", "dead-store", "loop-flatten", "loop-fuse",
                    "auto-pipeline", "static-phis",
                    "load-window", "prefetch", "hoist-loads", "balance", "const-fold", "cse", "dce", "disjoint-or"]


def run_pipeline(fn: Function, names: list[str] | None = None, skip: tuple[str, ...] = (),
                 dump_dir: Path | None = None) -> list[tuple[str, bool, float]]:
    """Run the passes in order; returns (name, changed, milliseconds) per pass."""
    unknown = [n for n in skip if n not in PASSES]
    if unknown:
        raise UserError(f"unknown pass '{unknown[0]}'", hint="passes: " + ", ".join(sorted(PASSES)))
    if fn.attrs.get("expression_balance") == "off":   # #pragma HLS EXPRESSION_BALANCE off (as Vitis)
        skip = skip + ("balance",)
    log = []
    for index, name in enumerate(n for n in (names or DEFAULT_PIPELINE) if n not in skip):
        p = PASSES[name]()
        # the IR was verified before the first pass, and after each pass that changed it
        changed = p.run(fn, dump_dir, index, verified=index > 0)
        log.append((name, changed, round(p.elapsed_ms, 1)))
    return log
