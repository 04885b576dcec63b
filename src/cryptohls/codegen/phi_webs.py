"""Phi webs: phis of one C variable that can share one register (out-of-SSA copy coalescing).

mem2reg gives a C variable one SSA phi at every merge point it reaches (the LWC input processor's
``pending`` has five), and codegen gives every phi a register loaded on its CFG edges. When a phi
takes another phi as the operand of an edge and neither is live where the other is defined, both can
live in one register: that edge's copy becomes a hold, and the FFs and load multiplexers of the
second register disappear.

Interference is tested on CFG liveness (a phi is defined at the start of its block; a phi operand is
used at the end of its predecessor): two phis interfere when they are in the same block or one is
live into the other's block. Phis of a web that do not interfere pairwise are never live at the same
time, so the register always holds the one that is live (Sreedhar et al., "Translating out of static
single assignment form", 1999, method I's test).
"""

from __future__ import annotations

from cryptohls.ir.nodes import Function, Op


def phi_live_in(fn: Function, phis: list[Op]) -> dict[str, set[int]]:
    """Block -> ids of the given phis that are live on entry to it (their own block excluded)."""
    preds = fn.predecessors()
    users = fn.users()
    live_in: dict[str, set[int]] = {b.name: set() for b in fn.blocks}
    for p in phis:
        home = p.block.name
        work: list[str] = []

        def reach(block: str) -> None:   # p is live on entry to `block` (unless defined there)
            if block != home and p.id not in live_in[block]:
                live_in[block].add(p.id)
                work.append(block)

        def live_out(block: str) -> None:   # p is live at the end of `block`
            reach(block)

        for u in users.get(p.id, []):
            if u.opcode == "phi":
                for v, pred in zip(u.operands, u.attrs["blocks"]):
                    if v is p:
                        live_out(pred)
            else:
                reach(u.block.name)
        while work:
            for pred in preds[work.pop()]:
                live_out(pred)
    return live_in


def phi_webs(fn: Function, excluded: set[int]) -> dict[int, int]:
    """Phi id -> id of its web's representative (the web's first phi in program order), for every
    phi not in ``excluded``; a phi alone in its web maps to itself."""
    phis = [op for op in fn.all_ops() if op.opcode == "phi" and op.id not in excluded]
    by_id = {p.id: p for p in phis}
    live_in = phi_live_in(fn, phis)

    def interfere(a: Op, b: Op) -> bool:
        if a.block is b.block:
            return True
        return a.id in live_in[b.block.name] or b.id in live_in[a.block.name]

    members: dict[int, list[Op]] = {p.id: [p] for p in phis}
    web: dict[int, int] = {p.id: p.id for p in phis}
    for p in phis:
        for q in p.operands:
            if not isinstance(q, Op) or q.id not in by_id or q.width != p.width or web[q.id] == web[p.id]:
                continue
            a, b = members[web[p.id]], members[web[q.id]]
            if any(interfere(x, y) for x in a for y in b):
                continue
            keep, gone = sorted((web[p.id], web[q.id]), key=lambda i: phis.index(by_id[i]))
            for m in members[gone]:
                web[m.id] = keep
            members[keep] += members.pop(gone)
    return web
