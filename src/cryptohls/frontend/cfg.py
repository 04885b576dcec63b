"""Control-flow graph analyses on block names: reachability, strongly connected components,
dominators, reducibility and the first irreducible region. A CFG is ``succ``: block -> successors;
blocks unreachable from the entry take part in nothing (clang -O0 leaves some behind)."""

from __future__ import annotations

Succ = dict[str, list[str]]


def reachable(entry: str, succ: Succ) -> list[str]:
    """Blocks reachable from ``entry`` in depth-first preorder."""
    seen: set[str] = set()
    order: list[str] = []
    stack = [entry]
    while stack:
        b = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        order.append(b)
        stack.extend(reversed(succ.get(b, [])))
    return order


def predecessors(nodes: list[str], succ: Succ) -> dict[str, list[str]]:
    """Predecessors among ``nodes`` (an edge from outside ``nodes`` does not count)."""
    inside = set(nodes)
    preds: dict[str, list[str]] = {b: [] for b in nodes}
    for b in nodes:
        for s in succ.get(b, []):
            if s in inside:
                preds[s].append(b)
    return preds


def sccs(nodes: list[str], succ: Succ) -> list[list[str]]:
    """Tarjan's strongly connected components of the subgraph on ``nodes`` (iterative), each with
    its blocks in the order of ``nodes``; components come in reverse topological order."""
    inside = set(nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter([s for s in succ.get(root, []) if s in inside]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter([s for s in succ.get(nxt, []) if s in inside])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp: set[str] = set()
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp.add(x)
                    if x == node:
                        break
                out.append([b for b in nodes if b in comp])
    return out


def is_cycle(comp: list[str], succ: Succ) -> bool:
    """A component is a cycle if it has two blocks or a block that branches to itself."""
    return len(comp) > 1 or comp[0] in succ.get(comp[0], [])


def dominators(entry: str, succ: Succ) -> dict[str, str]:
    """Immediate dominators of the reachable blocks (Cooper, Harvey and Kennedy's iteration over
    reverse postorder); the entry is its own."""
    order = _postorder(entry, succ)
    number = {b: i for i, b in enumerate(order)}
    preds = predecessors(order, succ)
    idom = {entry: entry}

    def meet(a: str, b: str) -> str:
        while a != b:
            while number[a] < number[b]:
                a = idom[a]
            while number[b] < number[a]:
                b = idom[b]
        return a
    changed = True
    while changed:
        changed = False
        for b in reversed(order):
            if b == entry:
                continue
            done = [p for p in preds[b] if p in idom]
            new = done[0]
            for p in done[1:]:
                new = meet(p, new)
            if idom.get(b) != new:
                idom[b] = new
                changed = True
    return idom


def dominates(idom: dict[str, str], a: str, b: str) -> bool:
    while True:
        if a == b:
            return True
        if idom[b] == b:
            return False
        b = idom[b]


def is_reducible(entry: str, succ: Succ) -> bool:
    """Reducible iff every retreating edge of a depth-first search is a back edge, i.e. its
    target dominates its source (independent of the loop-forest walk below; tests use both)."""
    idom = dominators(entry, succ)
    return all(dominates(idom, t, s) for s, t in _retreating_edges(entry, succ))


def irreducible_region(entry: str, succ: Succ) -> tuple[list[str], list[str]] | None:
    """The first cycle entered at more than one block: (its blocks, its entries), walking the loop
    nesting forest outside in (a single-entry cycle's header is set aside and the rest searched
    again). None when the CFG is reducible."""
    order = reachable(entry, succ)
    preds = predecessors(order, succ)
    work = [order]
    while work:
        nodes = work.pop()
        for comp in sccs(nodes, succ):
            if not is_cycle(comp, succ):
                continue
            members = set(comp)
            entries = [b for b in comp if b == entry or any(p not in members for p in preds[b])]
            if len(entries) > 1:
                return comp, entries
            work.append([b for b in comp if b != entries[0]])
    return None


def _postorder(entry: str, succ: Succ) -> list[str]:
    seen = {entry}
    out: list[str] = []
    work = [(entry, iter(succ.get(entry, [])))]
    while work:
        node, it = work[-1]
        nxt = next(it, None)
        if nxt is None:
            work.pop()
            out.append(node)
        elif nxt not in seen:
            seen.add(nxt)
            work.append((nxt, iter(succ.get(nxt, []))))
    return out


def _retreating_edges(entry: str, succ: Succ) -> list[tuple[str, str]]:
    """Edges to a block still on the depth-first stack."""
    on_path = {entry}
    seen = {entry}
    edges: list[tuple[str, str]] = []
    work = [(entry, iter(succ.get(entry, [])))]
    while work:
        node, it = work[-1]
        nxt = next(it, None)
        if nxt is None:
            work.pop()
            on_path.discard(node)
        elif nxt in on_path:
            edges.append((node, nxt))
        elif nxt not in seen:
            seen.add(nxt)
            on_path.add(nxt)
            work.append((nxt, iter(succ.get(nxt, []))))
    return edges
