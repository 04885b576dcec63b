"""The self-composition miter (verify/miter.py) decided by functional unrolling in Z3 instead of Yosys's
``sat`` (issue 22 item 3).

Yosys writes the miter as an SMT-LIB transition system (``write_smt2 -stbv``); verify/unroll.py applies
its next-state function cycle by cycle. Both copies of the core read the same Z3 variable for every
public input in every cycle (``pub_ap_start@3``), and each copy its own for a secret input
(``sec_x_key@3``, ``sec_y_key@3``). A control signal that does not depend on a secret then becomes, in
the two copies, the very same Z3 term (Z3 shares equal terms), and its comparison folds to false with
no search at all; only what the simplifier leaves goes to the solver.

Only the cone of influence of ``differ`` is unrolled: the state slices the comparison reads, the slices
their next-state functions read, and so on. A core whose control never reads its data (the AES block
cores) is then its FSM and counters alone, however large the datapath.

The bound and its meaning are those of the Yosys route: the first cycle resets both copies, the
comparison holds in every later cycle up to ``steps``. Verdicts: proved, counterexample (the secrets of
both copies and the first cycle at which a control output differs), unknown (the solver's time limit,
or the unrolling did not finish within the wall limit).
"""

from __future__ import annotations

import multiprocessing
import re
import time
from dataclasses import dataclass
from pathlib import Path

import z3

from cryptohls.errors import UserError
from cryptohls.verify import witness
from cryptohls.verify.prove import MiterResult
from cryptohls.verify.unroll import Model, Unrolling, _ranges_of, _split, yosys_stbv_model

MITER = "cryptohls_miter"
INDUCTION_SHARE = 0.25    # of the time limit, for the unbounded attempt before the unrolling
INDUCTION_MAX_S = 120.0


def miter_smt2(verilog_files: list[Path], miter: Path, work: Path, timeout_s: int) -> str:
    return yosys_stbv_model(verilog_files, miter, MITER, work, "miter", "yosys_smt2.log", "the miter", timeout_s)


def _reads(term: z3.ExprRef, state: z3.ExprRef) -> set[tuple[int, int]] | None:
    """The slices of ``state`` that ``term`` reads (None: the whole state)."""
    found: set[tuple[int, int]] = set()
    seen: set[int] = set()
    todo = [term]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_app_of(t, z3.Z3_OP_EXTRACT) and t.arg(0).eq(state):
            hi, lo = t.params()
            found.add((hi, lo))
            continue
        if t.eq(state):
            return None
        if z3.is_app(t):
            todo.extend(t.children())
    return found


def cone(model: Model, output: str) -> dict[tuple[int, int], z3.BitVecRef]:
    """The next-state functions of the slices ``output`` depends on, directly or through other slices."""
    keys = sorted(model.next)
    needed: dict[tuple[int, int], z3.BitVecRef] = {}
    todo = [_reads(model.output_term[output], model.S)]
    while todo:
        reads = todo.pop()
        if reads is None:
            return dict(model.next)
        for hi, lo in reads:
            for key in keys:
                if key not in needed and key[1] <= hi and lo <= key[0]:     # overlapping slices
                    needed[key] = model.next[key]
                    todo.append(_reads(needed[key], model.S))
    return needed


def _state_ranges_of(term: z3.ExprRef, state: z3.ExprRef) -> list[tuple[int, int]] | None:
    """The state slices of a register's value, its constant bits left out: Yosys keeps only the bits
    that can change (aes128-oop's 8-bit ``cipher_constructed_q`` is ``#b0000000`` and one state bit);
    the constant bits are the same in both copies. None: the value is not made of slices."""
    def pieces(t: z3.ExprRef) -> list[tuple[int, int]] | None:
        if z3.is_bv_value(t):
            return []
        if not z3.is_app_of(t, z3.Z3_OP_CONCAT):      # Yosys nests concat two at a time
            return _ranges_of(t, state)
        found: list[tuple[int, int]] = []
        for child in t.children():
            inner = pieces(child)
            if inner is None:
                return None
            found += inner
        return found

    return pieces(term) or None


def register_pairs(model: Model, smt: str, prefixes: tuple[str, str] = ("copy_x.", "copy_y.")) -> list[tuple[str, list, list]]:
    """(name, x slices, y slices) of every register the two copies both have (``copy_x.R``, ``copy_y.R``;
    with ``("x_", "y_")`` the miter wrapper's own registers of each copy: its memory models)."""
    px, py = prefixes
    names = re.findall(rf"^; yosys-smt2-register {re.escape(px)}(\S+) \d+$", smt, re.M)
    names = [n for n in names if f"; yosys-smt2-register {py}{n} " in smt
             and f"|{MITER}_n {px}{n}|" in smt and f"|{MITER}_n {py}{n}|" in smt]
    if not names:
        return []
    probes = [f"(= (|{MITER}_n {c}{n}| S) (|{MITER}_n {c}{n}| S))" for n in names for c in (px, py)]
    got = z3.parse_smt2_string(smt + "\n" + "\n".join(f"(assert {t})" for t in probes), decls={"S": model.S})
    got = [got[i] for i in range(len(got) - len(probes), len(got))]
    pairs = []
    for k, name in enumerate(names):
        x, y = (_state_ranges_of(got[2 * k + j].arg(0), model.S) for j in (0, 1))
        if x is not None and y is not None and sum(h - l + 1 for h, l in x) == sum(h - l + 1 for h, l in y):
            pairs.append((name, x, y))
    return pairs


def _all_pairs(model: Model, smt: str) -> list[tuple[str, list, list]]:
    """The core's register pairs (``copy_x.i_q`` / ``copy_y.i_q``: ``i_q``) and the wrapper's, its memory
    models (``x_in_q`` / ``y_in_q``: ``miter.in_q``), named apart."""
    return register_pairs(model, smt) + [(f"miter.{n}", x, y) for n, x, y in register_pairs(model, smt, ("x_", "y_"))]


def _slices(state: z3.BitVecRef, ranges: list[tuple[int, int]]) -> z3.BitVecRef:
    parts = [z3.Extract(h, l, state) for h, l in ranges]
    return parts[0] if len(parts) == 1 else z3.Concat(*parts)


def _next_of(next_: dict, ranges: list[tuple[int, int]]) -> z3.BitVecRef | None:
    """The next-state function of the register made of ``ranges`` (None: a slice outside ``next_``)."""
    parts = []
    for h, l in ranges:
        pieces = sorted((r for r in next_ if r[1] <= h and l <= r[0]), reverse=True)
        if not pieces or pieces[0][0] < h or pieces[-1][1] > l:
            return None
        whole = pieces[0] if len(pieces) == 1 else None
        if whole is not None:
            parts.append(z3.Extract(h - whole[1], l - whole[1], next_[whole]) if whole != (h, l) else next_[whole])
            continue
        if any(a[1] != b[0] + 1 for a, b in zip(pieces, pieces[1:])) or pieces[0][0] != h or pieces[-1][1] != l:
            return None
        parts += [next_[r] for r in pieces]
    return parts[0] if len(parts) == 1 else z3.Concat(*parts)


def _identify(S: z3.BitVecRef, pairs: list[tuple[tuple[int, int], tuple[int, int]]]) -> z3.BitVecRef:
    """``S`` with every y slice of ``pairs`` replaced by its x slice."""
    pieces = {ry: z3.Extract(rx[0], rx[1], S) for rx, ry in pairs}
    parts, bit = [], S.size() - 1
    for hi, lo in sorted(pieces, reverse=True):
        if hi < bit:
            parts.append(z3.Extract(bit, hi + 1, S))
        parts.append(pieces[(hi, lo)])
        bit = lo - 1
    if bit >= 0:
        parts.append(z3.Extract(bit, 0, S))
    return z3.simplify(z3.Concat(*parts)) if len(parts) > 1 else parts[0]


@dataclass
class Induction:
    proved: bool
    kept: list[str]            # registers whose two copies are equal in every cycle (the invariant)
    dropped: list[str]         # registers of the cone whose copies may differ (with the first reason)
    seconds: float
    depth: int = 1             # k of the k-induction that was tried last (1: the plain one-step induction)


INDUCTION_DEPTHS = (1, 2, 3)   # tried in turn while the time lasts: each deeper one is slower and stronger
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
    for rh, rl in _reads(z3.simplify(model.output_term["differ"]), model.S) or ():
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
    for name, x, y in _all_pairs(model, smt):
        if [h - l for h, l in x] != [h - l for h, l in y]:
            continue
        pieces = []
        for rx, ry in zip(x, y):
            offsets = sorted(set(_pieces(rx, _slice_cuts(cuts, rx))) | set(_pieces(ry, _slice_cuts(cuts, ry))))
            bounds = [0, *offsets, rx[0] - rx[1] + 1]
            pieces += [((rx[1] + hi - 1, rx[1] + lo), (ry[1] + hi - 1, ry[1] + lo))
                       for lo, hi in zip(bounds, bounds[1:])]
        for i, (rx, ry) in enumerate(pieces):
            if _next_of(next_, [rx]) is not None and _next_of(next_, [ry]) is not None:
                pairs.append((name if len(pieces) == 1 else f"{name}#{i}", [rx], [ry]))
    return pairs


def _slice_cuts(cuts: dict[tuple[int, int], set[int]], rng: tuple[int, int]) -> set[int]:
    """The cut points of the slices of ``next_`` that overlap the register range ``rng``."""
    return {b for key, bs in cuts.items() if key[1] <= rng[0] and rng[1] <= key[0] for b in bs}


def _base(model: Model, next_: dict, pairs: list, start: dict, inputs, depth: int, deadline: float) -> set[str]:
    """The pairs whose copies are equal in each of the first ``depth`` states of every run: the shared
    power-up state, then the cycles after the reset (the reset in the first cycle, as in ``decide``)."""
    run = _SharedStart(_ConeModel(model, next_), inputs, start)
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
            same = z3.simplify(_slices(state, x) == _slices(state, y))
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


def _houdini(model: Model, next_: dict, kept: dict, depth: int, deadline: float) -> tuple[list[str], bool]:
    """Houdini over ``depth``-induction: drops every pair whose equality the others, holding in ``depth``
    consecutive states of any path (reachable or not, inputs free, the public ones shared), do not carry
    to the next state; returns the dropped pairs and whether it finished before ``deadline``."""
    S = model.S
    steps = {name: _next_of(next_, x) == _next_of(next_, y) for name, (x, y) in kept.items()}
    dropped: list[str] = []
    solver = z3.SolverFor("QF_BV")
    while True:
        # the invariant as a substitution: each kept y slice read as its x slice, so that a next-state
        # function the two copies share folds to true without the solver. State 0 is free; in each later
        # state of the window the kept pairs are assumed equal (the assumptions that do not fold are
        # given to the solver) and substituted likewise.
        pairs = [(x[0], y[0]) for x, y in kept.values()]
        state, assumed = _identify(S, pairs), []
        for k in range(1, depth):
            after = _after(model, next_, state, k)
            for x, y in kept.values():
                same = z3.simplify(_slices(after, x) == _slices(after, y))
                if not z3.is_true(same):
                    assumed.append(same)
            state = _identify(after, pairs)
        failing = []
        for name in kept:
            left = deadline - time.monotonic()
            if left <= 0:
                return dropped, False
            step = z3.simplify(z3.substitute(steps[name], (S, state)))
            if z3.is_true(step):
                continue
            solver.push()
            solver.set("timeout", max(1, int(min(left, 10.0) * 1000)))
            solver.add(*assumed)
            solver.add(z3.Not(step))
            if solver.check() != z3.unsat:
                failing.append(name)
            solver.pop()
        if not failing:
            return dropped, True
        for name in failing:
            del kept[name]
        dropped += failing


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
    result = Induction(False, [], [name for name, _, _ in pairs], 0.0, 0)
    for depth in depths:
        if time.monotonic() >= deadline:
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
        proved = False
        if finished:
            solver = z3.SolverFor("QF_BV")
            solver.set("timeout", max(1, int(max(1.0, deadline - time.monotonic()) * 1000)))
            solver.add(*[_slices(model.S, x) == _slices(model.S, y) for x, y in kept.values()])
            solver.add(model.output_term["differ"] == 1)
            proved = solver.check() == z3.unsat
        result = Induction(proved, sorted(kept), dropped, time.monotonic() - started, depth)
        if proved:
            break
    result.seconds = time.monotonic() - started
    return result


class _SharedStart(Unrolling):
    """The unrolling whose first state gives each register the same (free) value in both copies, and
    which names every state slice that is not a constant by a fresh variable in each cycle
    (``s5_12_9``), defined in ``defs``: the terms stay the size of one cycle's logic however long the
    run, and a slice whose term is the same in both copies gets one name for both (Z3 shares equal
    terms, so equal terms have one id), which keeps the copies' control the same term cycle after cycle."""

    def __init__(self, model, inputs, start: dict) -> None:
        super().__init__(model, inputs)
        self.start = start
        self.defs: list[z3.ExprRef] = []

    def state(self, k: int) -> z3.BitVecRef:
        m = self.model
        while len(self.states) <= k:
            n = len(self.states)
            if n == 0:
                pieces = dict(self.start)
                pieces.update({r: z3.BitVecVal(v, r[0] - r[1] + 1) for r, v in m.init.items()})
            else:
                prev = self.states[n - 1]
                pieces, named = {}, {}
                for r, f in m.next.items():
                    value = z3.simplify(z3.substitute(f, (m.S, prev)))
                    if not z3.is_bv_value(value):
                        if value.get_id() not in named:
                            name = z3.BitVec(f"s{n}_{r[0]}_{r[1]}", value.size())
                            self.defs.append(name == value)
                            named[value.get_id()] = name
                        value = named[value.get_id()]
                    pieces[r] = value
            self.states.append(self._compose(pieces, n))
        return self.states[k]


class _ConeModel:
    """A view of ``Model`` whose next-state function is restricted to a cone (the rest stays free)."""

    def __init__(self, model: Model, next_: dict) -> None:
        self.__dict__.update(model.__dict__)
        self.next = next_
        self._model = model

    def output(self, port: str, state: z3.BitVecRef) -> z3.BitVecRef:
        return self._model.output(port, state)


def shared_start(model: Model, smt: str) -> dict:
    """The first state: every register without an initial value gets one free power-up value, the same
    in both copies — the core's registers (``copy_x.i_q``, ``copy_y.i_q``) and the wrapper's memory model
    of each copy (``x_in_q``, ``y_in_q``). Sound for self-composition: the power-up contents are not
    secret, so this is non-interference from a common (arbitrary) initial state. A register without a
    reset keeps its power-up value through the reset cycle, so a pair left free per copy would differ in
    the cycles after it for no reason of the secrets (aes128-oop's ``i_q`` from ``in_q``)."""
    start: dict = {}
    for name, x, y in _all_pairs(model, smt):
        if any(r in model.init for r in (*x, *y)):
            continue
        value = z3.BitVec(f"start_{name}", sum(h - l + 1 for h, l in x))
        start.update(_split(x, value))
        start.update(_split(y, value))
    return start


def decide(smt: str, steps: int, timeout_s: int, work: Path) -> MiterResult:
    """Unrolls the miter for ``steps`` cycles (the first resets) and asks whether ``differ`` can be 1."""
    started = time.monotonic()
    model = Model(smt, MITER)
    restricted = _ConeModel(model, cone(model, "differ"))
    zero, one = z3.BitVecVal(0, 1), z3.BitVecVal(1, 1)
    variables: dict[str, z3.BitVecRef] = {}

    def inputs(k: int) -> dict[str, z3.BitVecRef]:
        out: dict[str, z3.BitVecRef] = {}
        for port, width in model.inputs.items():
            if port == "clk":
                out[port] = zero
            elif port == "rst":
                out[port] = one if k == 0 else zero
            else:
                name = f"{port}@{k}"
                out[port] = variables.setdefault(name, z3.BitVec(name, width))
        return out

    start = shared_start(model, smt)
    ind = induction(model, smt, restricted.next, start, min(INDUCTION_SHARE * timeout_s, INDUCTION_MAX_S), inputs)
    summary = {"proved": ind.proved, "depth": ind.depth, "registers_equal": len(ind.kept),
               "registers_dropped": ind.dropped[:40], "seconds": round(ind.seconds, 1)}
    if ind.proved:
        (work / "miter_query.smt2").write_text("; proved by induction (relational.induction): the copies' "
                                               f"registers {', '.join(ind.kept)} stay equal; differ = 0\n")
        return MiterResult("proved", steps, time.monotonic() - started, log=work / "miter_query.smt2",
                           induction=summary)
    run = _SharedStart(restricted, inputs, start)
    solver = z3.SolverFor("QF_BV")
    defined = 0
    pending: list[tuple[int, z3.ExprRef]] = []     # comparisons that did not fold, not yet asked
    asked: list[tuple[int, z3.ExprRef]] = []
    smt_file = work / "miter_query.smt2"
    smt_file.unlink(missing_ok=True)
    verdict = z3.unsat
    for k in range(1, steps):
        d = z3.simplify(run.output("differ", k) == 1)
        if not z3.is_false(d):
            pending.append((k, d))
        # ask at cycles 2, 4, 8, ... and at the end: an early difference is found without unrolling on
        if pending and (k & (k - 1) == 0 or k == steps - 1):
            left = timeout_s - (time.monotonic() - started)
            if left <= 0:
                return MiterResult("unknown", steps, time.monotonic() - started, log=smt_file, induction=summary)
            solver.set("timeout", max(1, int(left * 1000)))
            solver.add(*run.defs[defined:])
            defined = len(run.defs)
            solver.push()
            solver.add(z3.Or(*[d for _, d in pending]))
            smt_file.write_text(solver.to_smt2())
            verdict = solver.check()
            if verdict == z3.sat:
                asked += pending
                break
            solver.pop()
            if verdict == z3.unknown:
                return MiterResult("unknown", steps, time.monotonic() - started, log=smt_file, induction=summary)
            for _, d in pending:        # proved false: a fact for the later cycles' queries
                solver.add(z3.Not(d))
            pending = []
    if not smt_file.exists():   # every comparison folded to false: the control is the same term in both copies
        smt_file.write_text("; every compared output of the two copies is the same term: nothing to solve\n")
    if verdict == z3.unsat:
        return MiterResult("proved", steps, time.monotonic() - started, log=smt_file, induction=summary)
    m = solver.model()
    first = min(k for k, d in asked if z3.is_true(m.eval(d, model_completion=True)))
    secrets: dict[str, dict[str, str]] = {}
    for name, v in sorted(variables.items()):
        got = re.fullmatch(r"sec_([xy])_(\w+)@(\d+)", name)
        # memory contents are loaded in the reset cycle; other secret inputs shown as in the first cycle
        # after the reset, as the Yosys route shows them
        if got and int(got.group(3)) == (0 if got.group(2).endswith("_contents") else 1):
            value = m.eval(v, model_completion=True).as_long()
            secrets.setdefault(got.group(2), {})[got.group(1)] = f"{value:0{(v.size() + 3) // 4}x}"
    for name, v in sorted(variables.items()):   # a stream's words: what each copy reads in every cycle up to the difference
        got = re.fullmatch(r"sec_([xy])_(\w+)@(\d+)", name)
        if got and not got.group(2).endswith("_contents") and 1 <= int(got.group(3)) <= first:
            value = m.eval(v, model_completion=True).as_long()
            words = secrets.setdefault(got.group(2), {}).setdefault(f"{got.group(1)}_by_cycle", [""] * first)
            words[int(got.group(3)) - 1] = f"{value:0{(v.size() + 3) // 4}x}"
    public: dict[str, str] = {}     # the shared inputs the replay needs: public arguments, as the secrets above
    for name, v in sorted(variables.items()):
        got = re.fullmatch(r"pub_(\w+)@(\d+)", name)
        if got and int(got.group(2)) == (0 if got.group(1).endswith("_contents") else 1):
            public[got.group(1)] = f"{m.eval(v, model_completion=True).as_long():0{(v.size() + 3) // 4}x}"
    if any("_by_cycle" in k for c in secrets.values() for k in c):   # a stream core: its public inputs by cycle too
        for name, v in sorted(variables.items()):
            got = re.fullmatch(r"pub_(\w+)@(\d+)", name)
            if got and not got.group(1).endswith("_contents") and 1 <= int(got.group(2)) <= first:
                words = public.setdefault(f"{got.group(1)}_by_cycle", [""] * first)
                words[int(got.group(2)) - 1] = f"{m.eval(v, model_completion=True).as_long():0{(v.size() + 3) // 4}x}"
    return MiterResult("counterexample", steps, time.monotonic() - started, first + 1, secrets, smt_file,
                       public=public, induction=summary)


def prove_miter_z3(verilog_files: list[Path], miter: Path, steps: int, work: Path, timeout_s: int) -> MiterResult:
    """``decide`` in a child process stopped after twice the time limit and a minute (Z3's simplifier,
    which builds the unrolled terms, has no time limit of its own)."""
    started = time.monotonic()
    work = work.resolve()
    found = witness.search(verilog_files, miter, steps, work)
    if found is not None:
        return MiterResult("counterexample", steps, time.monotonic() - started, found.cycle, found.secrets,
                           work / "witness_tb.v", public=found.public,
                           found_by=f"random simulation of the miter (run {found.tries} of {witness.TRIES}, "
                                    f"{work / 'witness_tb.v'})")
    smt = miter_smt2(verilog_files, miter, work, timeout_s)
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)

    def child() -> None:
        try:
            send.send(("ok", decide(smt, steps, timeout_s, work)))
        except UserError as e:
            send.send(("error", e))

    proc = ctx.Process(target=child, daemon=True)
    proc.start()
    got = receive.recv() if receive.poll(2 * timeout_s + 60) else None
    proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    if got is None:
        return MiterResult("unknown", steps, time.monotonic() - started, log=work / "miter.smt2")
    kind, value = got
    if kind == "error":
        raise value
    value.seconds = time.monotonic() - started
    return value


__all__ = ["cone", "decide", "induction", "miter_smt2", "prove_miter_z3", "shared_start"]
