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

Before the unrolling, an unbounded proof is tried (verify/induction.py) for a quarter of the time limit;
the register pairs and cones both use are verify/miter_pairs.py.
"""

from __future__ import annotations

import multiprocessing
import re
import time
from pathlib import Path

import z3

from cryptohls.errors import UserError
from cryptohls.verify import witness
from cryptohls.verify.induction import induction
from cryptohls.verify.miter_pairs import MITER, ConeModel, SharedStart, all_pairs, cone
from cryptohls.verify.prove import MiterResult
from cryptohls.verify.unroll import Model, _split, yosys_stbv_model

# the unbounded attempt's share of `cryptohls verify --timeout`, before the unrolling gets the rest:
# it follows the time limit without a cap of its own (a long --timeout buys a deeper induction)
INDUCTION_SHARE = 0.25


def induction_seconds(timeout_s: float) -> float:
    """The time the induction may take of a ``timeout_s`` limit."""
    return INDUCTION_SHARE * timeout_s


def miter_smt2(verilog_files: list[Path], miter: Path, work: Path, timeout_s: int) -> str:
    return yosys_stbv_model(verilog_files, miter, MITER, work, "miter", "yosys_smt2.log", "the miter", timeout_s)



def shared_start(model: Model, smt: str) -> dict:
    """The first state: every register without an initial value gets one free power-up value, the same
    in both copies — the core's registers (``copy_x.i_q``, ``copy_y.i_q``) and the wrapper's memory model
    of each copy (``x_in_q``, ``y_in_q``). Sound for self-composition: the power-up contents are not
    secret, so this is non-interference from a common (arbitrary) initial state. A register without a
    reset keeps its power-up value through the reset cycle, so a pair left free per copy would differ in
    the cycles after it for no reason of the secrets (aes128-oop's ``i_q`` from ``in_q``)."""
    start: dict = {}
    for name, x, y in all_pairs(model, smt):
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
    restricted = ConeModel(model, cone(model, "differ"))
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
    ind = induction(model, smt, restricted.next, start, induction_seconds(timeout_s), inputs)
    summary = {"proved": ind.proved, "depth": ind.depth, "registers_equal": len(ind.kept),
               "registers_dropped": ind.dropped[:40], "seconds": round(ind.seconds, 1),
               "out_of_time": ind.out_of_time, "time_limit_s": round(induction_seconds(timeout_s), 1)}
    if ind.proved:
        (work / "miter_query.smt2").write_text("; proved by induction (relational.induction): the copies' "
                                               f"registers {', '.join(ind.kept)} stay equal; differ = 0\n")
        return MiterResult("proved", steps, time.monotonic() - started, log=work / "miter_query.smt2",
                           induction=summary)
    run = SharedStart(restricted, inputs, start)
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


__all__ = ["cone", "decide", "induction", "induction_seconds", "miter_smt2", "prove_miter_z3", "shared_start"]
