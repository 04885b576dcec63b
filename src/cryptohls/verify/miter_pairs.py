"""The self-composition miter's state seen as pairs of registers (issue 22 item 3): which state slices
``copy_x.R`` and ``copy_y.R`` occupy, the cone of influence of a compared output, and the next-state
function of a register; shared by the induction (verify/induction.py) and the unrolling
(verify/relational.py)."""

from __future__ import annotations

import re

import z3

from cryptohls.verify.unroll import Model, Unrolling, _ranges_of

MITER = "cryptohls_miter"


def slices_read(term: z3.ExprRef, state: z3.ExprRef, limit: int | None = None) -> set[tuple[int, int]] | None:
    """The slices of ``state`` that ``term`` reads (None: the whole state, or more than ``limit`` distinct
    subterms visited)."""
    found: set[tuple[int, int]] = set()
    seen: set[int] = set()
    todo = [term]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if limit is not None and len(seen) > limit:
            return None
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
    todo = [slices_read(model.output_term[output], model.S)]
    while todo:
        reads = todo.pop()
        if reads is None:
            return dict(model.next)
        for hi, lo in reads:
            for key in keys:
                if key not in needed and key[1] <= hi and lo <= key[0]:     # overlapping slices
                    needed[key] = model.next[key]
                    todo.append(slices_read(needed[key], model.S))
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


def all_pairs(model: Model, smt: str) -> list[tuple[str, list, list]]:
    """The core's register pairs (``copy_x.i_q`` / ``copy_y.i_q``: ``i_q``) and the wrapper's, its memory
    models (``x_in_q`` / ``y_in_q``: ``miter.in_q``), named apart. Kept on the model after the first
    call: each call parses the whole miter again (15 % of the induction's time on tiaoxin346/hls), and
    the first state and the induction both ask."""
    cached = model.__dict__.get("_all_pairs")
    if cached is None or cached[0] is not smt:
        pairs = register_pairs(model, smt) + \
            [(f"miter.{n}", x, y) for n, x, y in register_pairs(model, smt, ("x_", "y_"))]
        cached = model._all_pairs = (smt, pairs)
    return list(cached[1])


def slices(state: z3.BitVecRef, ranges: list[tuple[int, int]]) -> z3.BitVecRef:
    parts = [z3.Extract(h, l, state) for h, l in ranges]
    return parts[0] if len(parts) == 1 else z3.Concat(*parts)


def next_of(next_: dict, ranges: list[tuple[int, int]]) -> z3.BitVecRef | None:
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


def identify(S: z3.BitVecRef, pairs: list[tuple[tuple[int, int], tuple[int, int]]]) -> z3.BitVecRef:
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


class SharedStart(Unrolling):
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


class ConeModel:
    """A view of ``Model`` whose next-state function is restricted to a cone (the rest stays free)."""

    def __init__(self, model: Model, next_: dict) -> None:
        self.__dict__.update(model.__dict__)
        self.next = next_
        self._model = model

    def output(self, port: str, state: z3.BitVecRef) -> z3.BitVecRef:
        return self._model.output(port, state)
