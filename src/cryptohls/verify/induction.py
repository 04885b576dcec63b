"""The unbounded attempt of the z3 miter route (verify/relational.py, docs/verify.md "Induction"): the
register pairs of the cone that stay equal, Houdini-style, then whether their equality implies equal
control outputs; k-induction for k = 2, 3 while the time lasts."""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from cryptohls.verify.miter_pairs import ConeModel, SharedStart, all_pairs, identify, next_of, slices, slices_read
from cryptohls.verify.unroll import Model, _split


@dataclass
class Induction:
    proved: bool
    kept: list[str]            # registers whose two copies are equal in every cycle (the invariant)
    dropped: list[str]         # registers of the cone whose copies may differ (with the first reason)
    seconds: float
    depth: int = 1             # k of the k-induction that was tried last (1: the plain one-step induction)
    out_of_time: bool = False  # the time limit ended it undecided: the last depth tried unfinished, or a
    #                            deeper one not tried (not proved for want of time, not because it failed)


INDUCTION_DEPTHS = (1, 2, 3)   # tried in turn while the time lasts: each deeper one is slower and stronger
# a pair whose step (both copies' next-state functions, simplified) has more subterms than this is
# checked again in every round rather than settled: walking a datapath's terms costs more than the check
SETTLE_TERM_LIMIT = 1000
BASE_QUERY_S = 5.0             # a base-case query that runs longer drops its pair (dropping is always sound)


def _cut_points(model: Model, next_: dict) -> dict[tuple[int, int], set[int]]:
    """Where to split state slices that the compared outputs read in part: a register that packs public
    framing with secret data (the LWC bdo output register of an HLS core: type, valid bytes and
    end-of-block beside the data word, one 64-bit slice) is equal in the two copies only in its framing
    bits. A slice of ``next_`` that ``differ`` reads in part is cut at the bounds of the ranges read.
    (The pieces' own next-state functions are not followed: through the FSM's bits that cuts the
    datapath to bits and did not end within minutes on the Ascon HLS core.)
    Returns, per slice of ``next_``, the bits at which a piece starts."""
    cuts: dict[tuple[int, int], set[int]] = {}
    for rh, rl in slices_read(z3.simplify(model.output_term["differ"]), model.S) or ():
        for key in next_:
            h, l = key
            if not (h < rl or rh < l or (rl <= l and h <= rh)):      # read in part
                cuts.setdefault(key, set()).update(b for b in (rl, rh + 1) if l < b <= h)
    return cuts


def _pieces(rng: tuple[int, int], cuts: set[int]) -> list[int]:
    """Offsets (from the slice's low bit) at which the slice ``rng`` is cut."""
    h, l = rng
    return sorted(b - l for b in cuts if l < b <= h)


def _candidates(model: Model, smt: str, next_: dict) -> list[tuple[str, list, list]]:
    """Every register the two copies both have, slice by slice (Yosys leaves a register's dead bits
    without a next-state function), with a next-state function in ``next_``; a slice the compared
    outputs read in part is split there (``_cut_points``)."""
    cuts = _cut_points(model, next_)
    pairs = []
    for name, x, y in all_pairs(model, smt):
        if [h - l for h, l in x] != [h - l for h, l in y]:
            continue
        pieces = []
        for rx, ry in zip(x, y):
            offsets = sorted(set(_pieces(rx, _slice_cuts(cuts, rx))) | set(_pieces(ry, _slice_cuts(cuts, ry))))
            bounds = [0, *offsets, rx[0] - rx[1] + 1]
            pieces += [((rx[1] + hi - 1, rx[1] + lo), (ry[1] + hi - 1, ry[1] + lo))
                       for lo, hi in zip(bounds, bounds[1:])]
        for i, (rx, ry) in enumerate(pieces):
            if next_of(next_, [rx]) is not None and next_of(next_, [ry]) is not None:
                pairs.append((name if len(pieces) == 1 else f"{name}#{i}", [rx], [ry]))
    return pairs


def _slice_cuts(cuts: dict[tuple[int, int], set[int]], rng: tuple[int, int]) -> set[int]:
    """The cut points of the slices of ``next_`` that overlap the register range ``rng``."""
    return {b for key, bs in cuts.items() if key[1] <= rng[0] and rng[1] <= key[0] for b in bs}


def _base(model: Model, next_: dict, pairs: list, start: dict, inputs, depth: int, deadline: float) -> set[str]:
    """The pairs whose copies are equal in each of the first ``depth`` states of every run: the shared
    power-up state, then the cycles after the reset (the reset in the first cycle, as in ``decide``)."""
    run = SharedStart(ConeModel(model, next_), inputs, start)
    solver = z3.SolverFor("QF_BV")
    good = {name for name, _, _ in pairs}
    defined = 0
    for k in range(depth):
        state = run.state(k)
        solver.add(*run.defs[defined:])
        defined = len(run.defs)
        for name, x, y in pairs:
            if name not in good:
                continue
            same = z3.simplify(slices(state, x) == slices(state, y))
            if z3.is_true(same):
                continue
            left = deadline - time.monotonic()
            if k == 0 or left <= 0:      # the power-up state: equal only by construction (shared or init)
                good.discard(name)
                continue
            solver.push()
            solver.set("timeout", max(1, int(min(left, BASE_QUERY_S) * 1000)))
            solver.add(z3.Not(same))
            if solver.check() != z3.unsat:
                good.discard(name)
            solver.pop()
    return good


def _after(model: Model, next_: dict, state: z3.BitVecRef, k: int) -> z3.BitVecRef:
    """The state after ``state`` on any path: each slice of ``next_`` its function of ``state``, the
    inputs and every other slice free (fresh variables of step ``k``)."""
    pieces = {r: z3.substitute(f, (model.S, state)) for r, f in next_.items()}
    for port, ranges in model.input_range.items():
        pieces.update(_split(ranges, z3.BitVec(f"step{k}_{port}", model.inputs[port])))
    parts, bit = [], model.width - 1
    for hi, lo in sorted(pieces, reverse=True):
        if hi < bit:
            parts.append(z3.BitVec(f"step{k}_free_{hi + 1}", bit - hi))
        parts.append(pieces[(hi, lo)])
        bit = lo - 1
    if bit >= 0:
        parts.append(z3.BitVec(f"step{k}_free_0", bit + 1))
    return z3.simplify(z3.Concat(*parts) if len(parts) > 1 else parts[0])


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return not (a[0] < b[1] or b[0] < a[1])


def _houdini(model: Model, next_: dict, kept: dict, depth: int, deadline: float) -> tuple[list[str], bool]:
    """Houdini over ``depth``-induction: drops every pair whose equality the others, holding in ``depth``
    consecutive states of any path (reachable or not, inputs free, the public ones shared), do not carry
    to the next state; returns the dropped pairs and whether it finished before ``deadline``."""
    S = model.S
    steps = {name: next_of(next_, x) == next_of(next_, y) for name, (x, y) in kept.items()}
    dropped: list[str] = []
    solver = z3.SolverFor("QF_BV")
    # one step (depth 1): a pair that held stays proved until a pair whose slices its step reads is
    # dropped (its formula is the same term until then), so later rounds check only those
    settled: dict[str, set[tuple[int, int]]] = {}
    while True:
        # the invariant as a substitution: each kept y slice read as its x slice, so that a next-state
        # function the two copies share folds to true without the solver. State 0 is free; in each later
        # state of the window the kept pairs are assumed equal (the assumptions that do not fold are
        # given to the solver) and substituted likewise.
        pairs = [(x[0], y[0]) for x, y in kept.values()]
        state, assumed = identify(S, pairs), []
        for k in range(1, depth):
            after = _after(model, next_, state, k)
            for x, y in kept.values():
                same = z3.simplify(slices(after, x) == slices(after, y))
                if not z3.is_true(same):
                    assumed.append(same)
            state = identify(after, pairs)
        failing = []
        for name in kept:
            if name in settled:
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                return dropped, False
            step = z3.simplify(z3.substitute(steps[name], (S, state)))
            if not z3.is_true(step):
                solver.push()
                solver.set("timeout", max(1, int(min(left, 10.0) * 1000)))
                solver.add(*assumed)
                solver.add(z3.Not(step))
                holds = solver.check() == z3.unsat
                solver.pop()
                if not holds:
                    failing.append(name)
                    continue
            reads = slices_read(z3.simplify(steps[name]), S, SETTLE_TERM_LIMIT) if depth == 1 else None
            if reads is not None:
                settled[name] = reads
        if not failing:
            return dropped, True
        gone = [r for name in failing for r in (*kept[name][0], *kept[name][1])]
        for name in failing:
            del kept[name]
        dropped += failing
        settled = {name: reads for name, reads in settled.items()
                   if not any(_overlap(r, g) for r in reads for g in gone)}


def induction(model: Model, smt: str, next_: dict, start: dict, timeout_s: float, inputs=None,
              depths: tuple[int, ...] = INDUCTION_DEPTHS) -> Induction:
    """An unbounded proof, tried before the bounded unrolling: find the largest set of registers of the
    cone whose two copies are equal in the first states of every run and stay equal in every step
    (Houdini: start from every register pair of the cone, drop the pairs whose equality the others do
    not carry to the next state, repeat), then ask whether that equality implies ``differ`` = 0. Every
    step is over a free state (any state, reachable or not) with free inputs, the public ones shared:
    when it holds, the copies' control is equal in every cycle of every run, without a bound.

    k-induction (``depths``: k = 1, then 2, 3 while the time lasts): the equalities are assumed in k
    consecutive states of any path, and must hold in the first k states of every run. One step cannot
    relate an FSM state to the address its previous state read (aes128-oop decodes its public operation
    from the value the memory returns one cycle after the read of ``in[0]``: in a free state the read
    register may hold a secret element); two steps can, since the state before the decode is the one
    that read ``in[0]``. When it fails, the kept and dropped registers say which state the copies'
    control may part on."""
    started = time.monotonic()
    deadline = started + timeout_s
    pairs = _candidates(model, smt, next_)
    result = Induction(False, [], [name for name, _, _ in pairs], 0.0, 0, out_of_time=True)
    for depth in depths:
        if time.monotonic() >= deadline:
            result.out_of_time = True
            break
        if depth == 1 or inputs is None:     # the first state only: shared power-up or the same init value
            good = _base(model, next_, pairs, start, inputs or (lambda k: {}), 1, deadline)
        else:
            good = _base(model, next_, pairs, start, inputs, depth, deadline)
        if depth > 1 and inputs is None:
            break
        kept = {name: (x, y) for name, x, y in pairs if name in good}
        dropped = [name for name, _, _ in pairs if name not in good]
        failed, finished = _houdini(model, next_, kept, depth, deadline)
        dropped += failed
        proved, decided = False, False
        if finished:
            solver = z3.SolverFor("QF_BV")
            solver.set("timeout", max(1, int(max(1.0, deadline - time.monotonic()) * 1000)))
            solver.add(*[slices(model.S, x) == slices(model.S, y) for x, y in kept.values()])
            solver.add(model.output_term["differ"] == 1)
            verdict = solver.check()
            proved, decided = verdict == z3.unsat, verdict != z3.unknown
        result = Induction(proved, sorted(kept), dropped, time.monotonic() - started, depth, out_of_time=not decided)
        if proved:
            break
    result.seconds = time.monotonic() - started
    return result
