"""Whether two predicates (i1 values) can never hold in the same cycle, by a truth table over the
conditions they are made of.

The scheduler keeps a stream write a state ahead of a later access of another stream (sdc.py): a state
fires its stream accesses together, and the partner of the later one may wait for the write (the LWC
PostProcessor takes msg_auth only after the last bdo word). Two predicated accesses of which at most
one happens in any cycle never meet in a state, so that order is not needed: JAMBU's
``if (emit) bdo.write(o); ... if (step & ph_tag & dec) msg_auth.write(ok);``, where the tag step needs
an empty output buffer (ocnt == 0) and emit a full one (ocnt != 0).

The conditions (atoms) are the i1 values the predicates are built from with and / or / xor / select;
``x == c`` and ``x != c`` on a constant c are one atom (the second its negation), and the table skips
rows in which ``x == c`` holds for two different c. Anything else (a phi, a handshake, another compare)
is a free atom. More than MAX_ATOMS atoms or MAX_OPS ops: not shown exclusive (the order stays).
"""

from __future__ import annotations

from itertools import product

from cryptohls.ir.nodes import Const, Op, Operand

MAX_ATOMS = 12
MAX_OPS = 200   # logic ops in the two cones together, beyond which the table is not tried
_LOGIC = ("and", "or", "xor", "select")


def _equality(v: Op) -> tuple[int, int, bool] | None:
    """(id of x, c, whether v is x == c rather than x != c) for an icmp eq/ne of x with a constant."""
    if v.opcode != "icmp" or v.attrs.get("pred") not in ("eq", "ne"):
        return None
    x, c = v.operands
    if isinstance(x, Const):
        x, c = c, x
    if not isinstance(c, Const) or not isinstance(x, Op):
        return None
    return x.id, c.value, v.attrs["pred"] == "eq"


def _atoms(v: Operand, found: dict[object, None], seen: set[int]) -> None:
    """Collects the atoms of v's logic cone (keys: ("eq", x, c) or ("op", id)) in ``found``, the ids
    of its ops in ``seen``."""
    if isinstance(v, Const) or v.id in seen or len(seen) > MAX_OPS:
        return
    seen.add(v.id)
    if v.width == 1 and v.opcode in _LOGIC:
        for x in v.operands:
            _atoms(x, found, seen)
        return
    eq = _equality(v)
    found[("eq", eq[0], eq[1]) if eq else ("op", v.id)] = None


def _value(v: Operand, row: dict[object, bool], memo: dict[int, bool]) -> bool:
    if isinstance(v, Const):
        return bool(v.value & 1)
    if v.id in memo:
        return memo[v.id]
    if v.width == 1 and v.opcode in _LOGIC:
        if v.opcode == "select":
            c = _value(v.operands[0], row, memo)
            out = _value(v.operands[1] if c else v.operands[2], row, memo)
        else:
            a, b = (_value(x, row, memo) for x in v.operands)
            out = a and b if v.opcode == "and" else a or b if v.opcode == "or" else a != b
    else:
        eq = _equality(v)
        out = row[("eq", eq[0], eq[1])] == eq[2] if eq else row[("op", v.id)]
    memo[v.id] = out
    return out


def never_together(p: Operand | None, q: Operand | None) -> bool:
    """True when no assignment of the atoms makes both p and q 1 (None: always 1)."""
    if p is None or q is None:
        return False
    found: dict[object, None] = {}
    seen: set[int] = set()
    _atoms(p, found, seen)
    _atoms(q, found, seen)
    atoms = list(found)
    if len(atoms) > MAX_ATOMS or len(seen) > MAX_OPS:
        return False
    for bits in product((False, True), repeat=len(atoms)):
        row = dict(zip(atoms, bits))
        equal_to: dict[int, int] = {}
        consistent = True
        for atom, holds in row.items():
            if holds and atom[0] == "eq":
                if equal_to.setdefault(atom[1], atom[2]) != atom[2]:
                    consistent = False   # x == c1 and x == c2
                    break
        if not consistent:
            continue
        memo: dict[int, bool] = {}
        if _value(p, row, memo) and _value(q, row, memo):
            return False
    return True
