"""Drops the difference constraints that others imply, before an SDC block goes to the LP.

A constraint s_j - s_i >= d is implied when another path i -> ... -> j of constraints has a total
weight >= d: every schedule that meets the others meets it, so the LP's feasible set (and thus its
optimum) is the same without it. The chain constraints of a long block repeat a lot of such paths
(op k after chain start s, and k's operand m already after s); aes_type3's round loop: 225,000 rows.

Only what is proven is dropped: a parallel constraint with a weaker or equal bound (the first of the
strongest is kept), and a constraint of weight 0 or 1 whose target is reached from its source, through
another predecessor of the target, by a path of weight >= its own. The paths are found with bit sets
over the forward constraints of weight >= 0 only (weights capped at 1), so a path found is a real one
of at least that weight; backward or negative constraints (a modulo schedule's stream windows) are
kept and never used as a proof. Removing all of them at once keeps every longest path: a removed
constraint's proof path has more constraints than it, so replacing removed constraints by their
proofs ends (the block is acyclic in the forward constraints).
"""

from __future__ import annotations


def drop_implied(cons: list[tuple[int, int, int]], n: int) -> list[tuple[int, int, int]]:
    """The constraints (j, i, d): s_j - s_i >= d over ops 0..n-1 that no others imply, in their order."""
    strongest: dict[tuple[int, int], int] = {}   # (j, i) -> position of the first constraint of max d
    for r, (j, i, d) in enumerate(cons):
        best = strongest.get((j, i))
        if best is None or d > cons[best][2]:
            strongest[(j, i)] = r
    preds: list[list[tuple[int, int]]] = [[] for _ in range(n)]   # forward constraints of weight >= 0
    for (j, i), r in strongest.items():
        d = cons[r][2]
        if i < j and d >= 0:
            preds[j].append((i, d))
    # reach0[k]: ops with a path of weight >= 0 to k (k itself included); reach1[k]: weight >= 1
    reach0 = [0] * n
    reach1 = [0] * n
    bit = [1 << k for k in range(n)]
    keep = bytearray(len(cons))
    for k in range(n):
        # sources with such a path to k through a predecessor p of k other than themselves
        above0 = above1 = direct0 = direct1 = 0
        for p, d in preds[k]:
            strict = reach0[p] ^ bit[p]   # p is in its own set
            above0 |= strict
            above1 |= reach1[p]
            direct0 |= bit[p]
            if d >= 1:
                above1 |= strict
                direct1 |= bit[p]
        for p, d in preds[k]:
            if not ((d == 1 and above1 & bit[p]) or (d == 0 and above0 & bit[p])):
                keep[strongest[(k, p)]] = 1
        reach0[k] = above0 | direct0 | bit[k]
        reach1[k] = above1 | direct1
    for (j, i), r in strongest.items():   # the constraints the walk does not prove: backward or negative
        if not (i < j and cons[r][2] >= 0):
            keep[r] = 1
    return [c for c, kept in zip(cons, keep) if kept]
