"""Translation validation of one pass: does a function's IR after a pass compute what it did before?

Both functions are executed symbolically (verify/symbolic.py) from the same inputs — every `in`
parameter and the initial contents of every argument memory are free variables — and Z3 looks for
inputs on which their results differ. Pass tests call :func:`assert_equivalent`; an `.ir` pass test
asks for it with `--equivalent` on its RUN line (tests/compiler/ir_filecheck.py).
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from cryptohls.ir.nodes import Function
from cryptohls.verify.symbolic import Limits, Outcome, TooBig, Unsupported, bv, execute, return_width

# a memory of `before` rebuilt from the memories of `after` (a pass that renamed or split it)
MemoryView = Callable[[dict[str, list]], list]


class NotEquivalent(AssertionError):
    """The two functions differ on some input, or the proof could not be completed."""


def _inputs(fn: Function) -> tuple[dict[str, z3.BitVecRef], dict[str, list]]:
    params = {p.name: z3.BitVec(f"in_{p.name}", p.width) for p in fn.params if p.direction in ("in", "inout")}
    memories = {m.name: [z3.BitVec(f"{m.name}[{i}]", m.width) for i in range(m.depth)]
                for m in fn.memories if m.kind == "arg"}
    return params, memories


def _differences(before: Function, after: Function, old: Outcome, new: Outcome,
                 views: dict[str, MemoryView]) -> list[tuple[str, z3.BoolRef]]:
    """(what, the condition under which it differs) for every result of the call."""
    out = []
    if old.ret is not None or new.ret is not None:
        w = return_width(before)
        a, b = (0 if r is None else r for r in (old.ret, new.ret))
        out.append(("the return value", bv(a, w) != bv(b, w)))
    for p in before.params:
        if p.direction not in ("out", "inout"):
            continue
        (ow, ov), (nw, nv) = old.outs.get(p.name, (0, 0)), new.outs.get(p.name, (0, 0))
        out.append((f"whether '{p.name}' is written", bv(ow, 1) != bv(nw, 1)))
        out.append((f"the value written to '{p.name}'", z3.And(bv(ow, 1) == 1, bv(ov, p.width) != bv(nv, p.width))))
    for m in before.memories:
        if m.name in views:
            words = views[m.name](new.memories)
        elif m.name in new.memories:
            words = new.memories[m.name]
        elif m.kind == "arg":
            raise NotEquivalent(f"the argument memory '{m.name}' is missing after the pass")
        else:
            continue   # an internal memory the pass removed (a local whose reads were all forwarded)
        for i, (a, b) in enumerate(zip(old.memories[m.name], words)):
            out.append((f"{m.name}[{i}] after the call", bv(a, m.width) != bv(b, m.width)))
    return out


def assert_equivalent(before: Function, after: Function, memory_views: dict[str, MemoryView] | None = None,
                      limits: Limits = Limits(max_seconds=60.0)) -> None:
    """Proves that ``after`` computes what ``before`` computes, for every input; raises
    :class:`NotEquivalent` with a counterexample (or the reason no proof was found) otherwise.

    Compared: the return value, each out parameter (whether it is written and, if so, its value), and
    the final contents of every memory of ``before`` — an argument memory must still exist after the
    pass; an internal memory the pass removed is not compared (nothing can read a local after the
    call). ``memory_views`` names a memory of ``before`` a pass renamed or split and rebuilds its words
    from ``after``'s memories (array-partition's banks). Internal memories start from their initial
    values in both functions.

    Bounded where loops require it: the executor runs a loop until it exits, so a loop whose trip
    count depends on an input forks a path per trip, and the proof covers only what fits in
    ``limits`` (paths, operations executed, seconds); past them this raises rather than guessing.
    Inputs on which ``before`` has undefined behaviour (a division by zero, an access outside its
    array) are outside the claim; wherever ``before`` is defined, ``after`` must be too.
    """
    params, memories = _inputs(before)
    if _inputs(after)[0].keys() != params.keys():
        raise NotEquivalent(f"the parameters differ: {sorted(params)} before, {sorted(_inputs(after)[0])} after")
    try:
        old = execute(before, params, memories, limits)
        new = execute(after, params, memories, limits)
    except (TooBig, Unsupported) as err:
        raise NotEquivalent(f"no proof: {err}") from None
    differ = _differences(before, after, old, new, memory_views or {})
    solver = z3.SolverFor("QF_BV")
    solver.set("timeout", int(limits.max_seconds * 1000))
    solver.add(*old.assumptions)
    undefined_after = z3.Not(z3.And(*new.assumptions)) if new.assumptions else z3.BoolVal(False)
    solver.add(z3.Or(undefined_after, *[d for _, d in differ]))
    verdict = solver.check()
    if verdict == z3.unsat:
        return
    if verdict == z3.unknown:
        raise NotEquivalent(f"no proof within {limits.max_seconds:g} s: {solver.reason_unknown()}")
    model = solver.model()
    what = [w for w, d in differ if z3.is_true(model.eval(d, model_completion=True))]
    if z3.is_true(model.eval(undefined_after, model_completion=True)):
        what.insert(0, "its behaviour is undefined (before the pass it was defined)")
    inputs = ", ".join(f"{name} = {model.eval(v, model_completion=True)}" for name, v in params.items())
    raise NotEquivalent(f"'{after.name}' after the pass differs from before: {'; '.join(what[:4])}"
                        + (f", with {inputs}" if inputs else ""))


__all__ = ["MemoryView", "NotEquivalent", "assert_equivalent"]
