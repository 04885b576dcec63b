"""Operator delay models per target (nanoseconds), used for chaining under the clock period.

The parameters are not hand estimates: they are fitted to post-place-and-route measurements of
small register → operator → register benchmarks (Yosys + nextpnr, DSPs off as in the case studies)
by ``python -m cryptohls.bench.calibrate``, which writes ``data/<target>.json`` (raw
measurements, fit, tool versions). An operator's delay includes the routing into it; the register
overhead is clock-to-out + the last routing hop + setup. Estimates for chaining, not sign-off timing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.ir.nodes import Block, Const, Function, Op
from cryptohls.schedule.delay_forms import eq_levels, rom_extra_bits, shift_levels

DATA_DIR = Path(__file__).parent / "data"
# Targets the compiler knows; only those with a calibration file in DATA_DIR have a model.
KNOWN_TARGETS = ("ecp5", "gowin", "ice40", "xc7")


@dataclass(frozen=True)
class DelayModel:
    target: str
    lut_ns: float                 # one LUT level, with its input routing
    carry_entry_ns: float         # add/sub/compare: entry into the carry chain ...
    carry_bit_ns: float           # ... plus this per bit
    compare_extra_ns: float       # <, <=, >, >=: the carry out leaves the chain through one more cell
    register_overhead_ns: float   # clock-to-out + setup + the hop into the capturing flip-flop
    mul_base_ns: float            # LUT multiplier: base + per bit of width
    mul_bit_ns: float
    rom_base_ns: float            # LUT ROM: up to 16 entries (one LUT4) ...
    rom_level_ns: float           # ... plus this per further address bit

    def op_delay_ns(self, fn: Function, op: Op) -> float:
        oc = op.opcode
        w = max((v.width for v in op.operands), default=op.width) or 1
        L = self.lut_ns
        if oc == "or" and op.attrs.get("disjoint"):
            return 0.0   # bit fields side by side (passes/disjoint_or.py): wires
        if oc in ("and", "or", "xor"):
            # With a constant operand each bit is a wire, a constant or an inverter the next LUT absorbs.
            return 0.0 if any(isinstance(v, Const) for v in op.operands) else L
        if oc == "select":
            return L
        if oc in ("add", "sub"):
            return self.carry_entry_ns + self.carry_bit_ns * w
        if oc == "icmp":
            c = op.operands[1]
            if isinstance(c, Const) and ((op.attrs["pred"] in ("slt", "sge") and c.value == 0) or
                                         (op.attrs["pred"] in ("sgt", "sle") and c.value == (1 << c.width) - 1)):
                return 0.0   # a sign test is the top bit: a wire
            if op.attrs["pred"] in ("eq", "ne"):
                mask = _tested_bits(fn, op)
                if mask is not None:   # (x & C) == K: only C's bits are compared; one bit is a wire
                    w = bin(mask).count("1")
                    if w <= 1:
                        return 0.0
                return L * eq_levels(w)
            return self.carry_entry_ns + self.carry_bit_ns * w + self.compare_extra_ns
        if oc in ("shl", "lshr", "ashr"):
            if isinstance(op.operands[1], Const):
                return 0.0
            return L * shift_levels(w)
        if oc == "mul":
            return self.mul_base_ns + self.mul_bit_ns * w if w > 4 else 2 * L
        if oc in ("udiv", "sdiv", "urem", "srem"):
            return w * (self.carry_entry_ns + self.carry_bit_ns * w)
        if oc == "load":
            m = fn.memory(op.attrs["mem"])
            if m.attrs.get("latency", 1) == 0:
                if m.kind == "rom":
                    return self.rom_base_ns + self.rom_level_ns * rom_extra_bits(m.depth)
                return L * max(1, math.ceil(math.log2(max(m.depth, 2)) / 2))
            return 0.0
        if oc == "br":
            return 0.3 if op.operands else 0.0   # next-state decode (not calibrated)
        return 0.0   # casts, slices, concat, params, phis, stores, outs: wiring

    def budget_ns(self, clock_ns: float) -> float:
        return max(0.1, clock_ns - self.register_overhead_ns)


LUT_INPUTS = 4   # the smallest LUT of the targets (LUT4 on ecp5, gowin, ice40): xc7's LUT6 is modelled as LUT4
PACKABLE = ("and", "or", "xor")


def handshake_only(fn: Function, op: Op, v: Op) -> bool:
    """``v`` is the predicate of a predicated stream read ``op`` (passes/if_convert.py): it gates the
    read's ready and the state's completion, not the word, which is the port itself, so it starts no
    combinational path through the read."""
    return op.opcode == "load" and len(op.operands) == 2 and op.operands[1] is v and \
        fn.memory(op.attrs["mem"]).kind == "stream"


def _tested_bits(fn: Function, op: Op) -> int | None:
    """The constant mask C of an equality test ``(x & C) == K`` where x is the word of a valid_ready
    stream of a struct (a field test: ``if (w.last)``, ``w.keep[3]``), else None. Only there for now:
    the same rule on other words moves existing schedules (tests/kernels/goto_into_loop)."""
    a, k = op.operands
    if not isinstance(k, Const) or not isinstance(a, Op) or a.opcode != "and":
        return None
    return next((v.value for v in a.operands if isinstance(v, Const)), None) \
        if _from_struct_stream(fn, next((v for v in a.operands if isinstance(v, Op)), None), 8) else None


def _from_struct_stream(fn: Function, v: Op | None, depth: int) -> bool:
    """v is (bits of) a word read from a valid_ready stream of a struct: through shifts by constants,
    truncations and the select that keeps the last word of a predicated read."""
    if v is None or depth == 0:
        return False
    if v.opcode == "load":
        return bool(fn.memory(v.attrs["mem"]).attrs.get("fields"))
    if v.opcode in ("trunc", "zext") or v.opcode == "lshr" and isinstance(v.operands[1], Const):
        return isinstance(v.operands[0], Op) and _from_struct_stream(fn, v.operands[0], depth - 1)
    if v.opcode == "select":
        return any(isinstance(x, Op) and x.opcode == "load" and _from_struct_stream(fn, x, depth - 1)
                   for x in v.operands[1:])
    return False


def lut_packing(blocks: Iterable[Block]) -> dict[int, frozenset[int]]:
    """Bitwise ops that share a LUT with their bitwise operands (in the same block): op id -> ids of
    the operands it absorbs.

    Synthesis maps ``((a ^ b) ^ c) ^ d`` to one LUT4 per bit, however the C associates it, so the path
    through an absorbed operand adds no LUT level. Without this the model charged a level per 2-input op
    and a chain only fitted a clock after the balance pass had rebuilt it as a tree — a structure that
    Yosys/ABC then maps with more LUTs (AES x2: +20 %)."""
    leaves: dict[int, int] = {}   # bitwise op id -> inputs of its LUT (per bit)
    packed: dict[int, frozenset[int]] = {}
    for b in blocks:
        for op in b.ops:
            if op.opcode not in PACKABLE or any(isinstance(v, Const) for v in op.operands) or \
                    (op.opcode == "or" and op.attrs.get("disjoint")):
                continue
            inner = {v.id for v in op.operands if isinstance(v, Op) and v.block is b and v.id in leaves}
            total = sum(leaves[v.id] if v.id in inner else 1 for v in op.operands)
            if inner and total <= LUT_INPUTS:
                packed[op.id] = frozenset(inner)
                leaves[op.id] = total
            else:
                leaves[op.id] = len(op.operands)
    return packed


def load_model(target: str, path: Path | None = None) -> DelayModel:
    """The model of ``target`` from its calibration results file."""
    path = path or DATA_DIR / f"{target}.json"
    try:
        data = json.loads(path.read_text())
        params = data["parameters"]
        values = {f.name: float(params[f.name]) for f in fields(DelayModel) if f.name != "target"}
    except FileNotFoundError:
        raise UserError(f"no calibrated delay model for target '{target}'",
                        hint=f"run `python -m cryptohls.bench.calibrate --target {target} "
                             f"--out {path}`") from None
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise UserError(f"{path}: unreadable delay calibration ({type(err).__name__}: {err})",
                        hint="re-run python -m cryptohls.bench.calibrate") from None
    return DelayModel(target, **values)


def _calibrated_targets() -> dict[str, DelayModel]:
    return {t: load_model(t) for t in KNOWN_TARGETS if (DATA_DIR / f"{t}.json").is_file()}


# Targets with a calibrated model (the bench flow compiles HLS for the others with ecp5's).
MODELS: dict[str, DelayModel] = _calibrated_targets()


def delay_model(target: str) -> DelayModel:
    if target in MODELS:
        return MODELS[target]
    if target in KNOWN_TARGETS:
        return load_model(target)     # raises the "no calibrated delay model" error
    raise UserError(f"unknown target '{target}'", hint="targets: " + ", ".join(KNOWN_TARGETS))
