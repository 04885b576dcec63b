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

        def reach(block: str) -> None:   # p is live at the end of, or read in, `block`: live on
            if block != home and p.id not in live_in[block]:   # entry unless defined there
                live_in[block].add(p.id)
                work.append(block)

        for u in users.get(p.id, []):
            if u.opcode == "phi":   # read at the end of the predecessor of that edge
                for v, pred in zip(u.operands, u.attrs["blocks"]):
                    if v is p:
                        reach(pred)
            else:
                reach(u.block.name)
        while work:
            for pred in preds[work.pop()]:
                reach(pred)
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


def values_into_webs(fn: Function, webs: dict[int, int], needs_register) -> dict[int, int]:
    """Value id -> phi id: values kept in a phi's (web's) register instead of one of their own.

    A value ``v`` computed in block B, used only as the operand of phi P on the edge(s) B -> P's
    block, and held to the end of B (``needs_register(v)``), can be loaded into P's register when
    it becomes available: the edge then holds. Safe when no phi of P's web is defined in B or live
    into it (nothing the register holds is needed while B runs) and no other phi of the web has an
    edge from B (no second load in B's last cycle)."""
    users = fn.users()
    members: dict[int, list[Op]] = {}
    for op in fn.all_ops():
        if op.opcode == "phi" and op.id in webs:
            members.setdefault(webs[op.id], []).append(op)
    live_in = phi_live_in(fn, [m for web in members.values() for m in web])
    result: dict[int, int] = {}
    loaded: set[tuple[int, str]] = set()   # (web, block) pairs that already load a value
    for web in members.values():
        for p in web:
            for v, pred in zip(p.operands, p.attrs["blocks"]):
                if not isinstance(v, Op) or v.opcode in ("phi", "param", "call") or v.id in result or \
                        v.block.name != pred or v.width != p.width or not needs_register(v) or \
                        any(u is not p for u in users.get(v.id, [])):
                    continue
                if any(m.block.name == pred or m.id in live_in[pred] for m in web) or \
                        any(m is not p and pred in m.attrs["blocks"] for m in web) or \
                        (webs[p.id], pred) in loaded:
                    continue
                loaded.add((webs[p.id], pred))
                result[v.id] = p.id
    return result
