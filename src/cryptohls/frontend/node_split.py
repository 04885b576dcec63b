"""Node splitting: an irreducible CFG (a cycle entered at two places, e.g. a `goto` into a loop)
made reducible by copying code, on the -O0 LLVM IR text before opt.

At -O0 every C variable lives in memory, so a copied block mostly carries loads and stores; the
few SSA values that cross blocks are the phis of `&&`, `||` and `?:`. One split: for a cycle with
entries H (the header kept) and E1..En, the region R reachable from E1..En inside the cycle
without passing H is copied once; the jumps from outside the cycle into Ei go to Ei's copy. The
copies reach the cycle again only through H, so the cycle has one entry; its values and labels
are renamed, phis after the region gain incomings from the copies. Repeat (the copies may hold
irreducible cycles of their own, and nested cycles are searched after their header is set aside)
until `cfg.irreducible_region` finds none.

Growth bound: the copies of one function together may add at most GROWTH (1) times the
instructions it had, so the function at most doubles (small functions may gain MIN_BUDGET); past
it, `SplitTooLarge` names the jump that entered the cycle and the caller refuses the program.
Each split copies at most the cycle, and nested jumps can double the copies per level, so the
bound is what keeps the worst case (exponential without it) in check. The header is the block C's loop starts at
(the target of a latch's !llvm.loop branch) when that is an entry, else the entry with the
smallest region. Loop metadata is tidied at the end: a branch that no longer closes a loop
loses its !llvm.loop, and a copied loop gets a distinct copy of its loop node."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cryptohls.frontend import cfg
from cryptohls.frontend.lltext import (DBG_RE, LOCAL_RE, LOOP_MD_RE, Block, FunctionText, Phi, defined, is_phi,
                                       rename)

GROWTH = 1.0            # copies may add this much of the function's instructions ...
MIN_BUDGET = 200        # ... or this many, for small functions
MAX_SPLITS = 64         # splits per function (each is bounded, but the count keeps runs short)


class SplitTooLarge(Exception):
    """Making the function reducible would copy more code than allowed."""

    def __init__(self, where: list[str], copied: int, budget: int):
        super().__init__(f"node splitting would copy {copied} instructions (budget {budget})")
        self.where = where        # !dbg refs, best first: the jump into the cycle, then its block
        self.copied = copied
        self.budget = budget


class SplitUnsupported(Exception):
    """The region cannot be copied: a value defined in it is used past it other than by a phi of
    a successor, or the function takes block addresses (computed goto)."""

    def __init__(self, where: list[str], reason: str):
        super().__init__(reason)
        self.where = where
        self.reason = reason


@dataclass
class SplitReport:
    function: str
    splits: int
    copied: int               # instructions added
    original: int             # instructions before
    where: list[str]          # !dbg refs of the first jump into a loop, best first


def make_reducible(text: str, function: str) -> tuple[str, SplitReport | None]:
    """``text`` with ``function`` (an LLVM name, "@f") made reducible; the report is None when it
    already was (and the text is unchanged)."""
    span = _function_chars(text, function)
    if span is None:
        return text, None
    fn = FunctionText.parse(text[span[0]:span[1]].split("\n"))
    entry = fn.blocks[0].name
    if cfg.irreducible_region(entry, fn.succ()) is None:
        return text, None
    original = sum(b.size() for b in fn.blocks)
    computed = next((ln for b in fn.blocks for ln in b.instructions()
                     if ln.lstrip().startswith(("indirectbr ", "callbr ")) or "blockaddress(" in ln), None)
    if computed is not None:   # a copy would have no address of its own
        raise SplitUnsupported(_dbg_refs([computed]), "a computed goto (a label's address) is taken")
    budget = max(int(GROWTH * original), MIN_BUDGET)
    copied = splits = 0
    copies: set[str] = set()
    first: list[str] = []
    while (region := cfg.irreducible_region(entry, fn.succ())) is not None:
        comp, entries = region
        header, part = _choose(fn, comp, entries)
        first = first or _jump_locations(fn, comp, entries, header)
        size = sum(fn.block(b).size() for b in part)
        if copied + size > budget or splits >= MAX_SPLITS:
            raise SplitTooLarge(_jump_locations(fn, comp, entries, header), copied + size, budget)
        splits += 1
        copies |= _split(fn, set(comp), header, part, splits)
        copied += size
    metadata = _tidy_loop_metadata(fn, copies, text)
    new = text[:span[0]] + "\n".join(fn.render()) + text[span[1]:]
    if metadata:
        new = new.rstrip("\n") + "\n" + "\n".join(metadata) + "\n"
    return new, SplitReport(function, splits, copied, original, first)


def _function_chars(text: str, name: str) -> tuple[int, int] | None:
    """Where function ``name`` is in ``text``: from the start of its define line to just after its
    closing brace (a line that is "}" alone); the lines of lltext.function_span, found without
    splitting the module into lines (this runs once per function of the module)."""
    head = re.compile(r"define\s.*?" + re.escape(name) + r"\(")
    start = _next_define(text, -1)
    while start >= 0:
        eol = text.find("\n", start)
        if head.match(text, start, len(text) if eol < 0 else eol):
            close = text.find("\n}", start)
            while close >= 0 and text[close + 2:close + 3] not in ("", "\n"):
                close = text.find("\n}", close + 2)
            return None if close < 0 else (start, close + 2)
        start = _next_define(text, start)
    return None


def _next_define(text: str, after: int) -> int:
    """The start of the first line after position ``after`` that begins with "define", or -1."""
    if after < 0 and text.startswith("define"):
        return 0
    found = text.find("\ndefine", max(after, 0))
    return found + 1 if found >= 0 else -1


def _choose(fn: FunctionText, comp: list[str], entries: list[str]) -> tuple[str, list[str]]:
    """The header kept and the region to copy (in function order)."""
    members = set(comp)
    natural = {t for b in comp if LOOP_MD_RE.search(fn.block(b).terminator())
               for t in fn.block(b).successors() if t in members}
    candidates = [e for e in entries if e in natural] or entries
    best = None
    for h in candidates:
        part = _region(fn, comp, entries, h)
        size = sum(fn.block(b).size() for b in part)
        if best is None or size < best[0]:
            best = (size, h, part)
    return best[1], best[2]


def _region(fn: FunctionText, comp: list[str], entries: list[str], header: str) -> list[str]:
    """Blocks of the cycle reachable from the other entries without passing the header."""
    members = set(comp) - {header}
    seen: set[str] = set()
    work = [e for e in entries if e != header]
    while work:
        b = work.pop()
        if b in seen:
            continue
        seen.add(b)
        work += [s for s in fn.block(b).successors() if s in members]
    return [b for b in comp if b in seen]


def _split(fn: FunctionText, comp: set[str], header: str, part: list[str], k: int) -> set[str]:
    """Copies ``part`` once and sends the jumps from outside the cycle into it to the copies."""
    succ = fn.succ()
    live = set(cfg.reachable(fn.blocks[0].name, succ))
    inside = set(part)
    taken = fn.names()
    mapping: dict[str, str] = {}
    for b in part:
        mapping[b] = _fresh(b, k, taken)
        for ln in fn.block(b).lines:
            v = defined(ln)
            if v:
                mapping[v] = _fresh(v, k, taken)
    _check_uses(fn, inside, live, mapping)
    # jumps from outside the cycle into the region now enter the copy
    jumpers = {b for b in live if b not in comp and any(s in inside for s in succ[b])}
    for b in jumpers:
        blk = fn.block(b)
        term = blk.terminator()
        idx = max(i for i, ln in enumerate(blk.lines) if ln == term)
        blk.lines[idx] = re.sub(r'\blabel\s+(%(?:"[^"]*"|[-\w.$]+))',
                                lambda m: "label " + (mapping[m.group(1)] if m.group(1) in inside else m.group(1)),
                                term)
    new_blocks: dict[str, Block] = {}
    for b in part:
        blk = fn.block(b)
        copy = Block(mapping[b])
        for ln in blk.lines:
            if ln.lstrip().startswith("#dbg_"):
                continue   # declares and labels describe the original; one of each is enough
            if is_phi(ln):
                phi = Phi.parse(ln)
                phi.result = mapping[phi.result]
                phi.incoming = [(rename(v, mapping), mapping.get(p, p)) for v, p in phi.incoming
                                if p in inside or p in jumpers]
                copy.lines.append(phi.render())
            else:
                copy.lines.append(rename(ln, mapping))
        new_blocks[b] = copy
        # the original keeps only the edges from inside the cycle
        blk.lines = [_drop_incoming(ln, jumpers) if is_phi(ln) else ln for ln in blk.lines]
    for blk in fn.blocks:      # successors of the region: the copies arrive there too
        if blk.name in inside:
            continue
        blk.lines = [_add_incoming(ln, inside, mapping) if is_phi(ln) else ln for ln in blk.lines]
    order: list[Block] = []
    for blk in fn.blocks:
        order.append(blk)
        if blk.name in new_blocks:
            order.append(new_blocks[blk.name])
    fn.blocks = order
    return {mapping[b] for b in part}


def _check_uses(fn: FunctionText, inside: set[str], live: set[str], mapping: dict[str, str]) -> None:
    """A value of the region may be read after it only by a phi of the block the edge enters
    (the copy's value joins there); anything else would need SSA repair, which -O0 code does not
    call for (C variables live in memory)."""
    values = {v for v in mapping if v not in inside}
    for blk in fn.blocks:
        if blk.name in inside or blk.name not in live:
            continue
        for ln in blk.lines:
            if ln.lstrip().startswith("#dbg_"):
                continue
            if is_phi(ln):
                used = [v for v, p in Phi.parse(ln).incoming if p not in inside for v in LOCAL_RE.findall(v)]
            else:
                used = LOCAL_RE.findall(ln)
            bad = next((v for v in used if v in values), None)
            if bad:
                raise SplitUnsupported(_dbg_refs([ln] + blk.lines), "a value computed in the loop is used after it")


def _drop_incoming(line: str, preds: set[str]) -> str:
    phi = Phi.parse(line)
    phi.incoming = [(v, p) for v, p in phi.incoming if p not in preds]
    return phi.render()


def _add_incoming(line: str, inside: set[str], mapping: dict[str, str]) -> str:
    phi = Phi.parse(line)
    extra = [(rename(v, mapping), mapping[p]) for v, p in phi.incoming if p in inside]
    if not extra:
        return line
    phi.incoming += extra
    return phi.render()


def _fresh(name: str, k: int, taken: set[str]) -> str:
    base = name[1:].strip('"')
    n = 0
    while True:
        stem = f"{base}.split{k}" + (f".{n}" if n else "")
        if base.isdigit():
            stem = f"split{k}." + base + (f".{n}" if n else "")
        new = "%" + (stem if re.fullmatch(r"[-\w.$]+", stem) else f'"{stem}"')
        if new not in taken:
            taken.add(new)
            return new
        n += 1


def _dbg_refs(lines: list[str]) -> list[str]:
    return [m.group(1) for ln in lines for m in [DBG_RE.search(ln)] if m]


def _jump_locations(fn: FunctionText, comp: list[str], entries: list[str], header: str) -> list[str]:
    """Debug locations of the jump into the cycle, best first: the branch of the block that jumps
    to the entry appearing last in the function, then that block's statements, then the entry's."""
    members = set(comp)
    order = [b.name for b in fn.blocks]
    others = [e for e in entries if e != header] or entries
    late = max(others, key=order.index)
    live = set(cfg.reachable(fn.blocks[0].name, fn.succ()))
    jumper = next(b.name for b in fn.blocks if b.name in live and b.name not in members
                  and late in b.successors())
    blk = fn.block(jumper)
    return _dbg_refs([blk.terminator(), *reversed(blk.instructions()), *fn.block(late).instructions()])


def _tidy_loop_metadata(fn: FunctionText, copies: set[str], text: str) -> list[str]:
    """A branch carrying !llvm.loop that is no latch any more (a copy that jumps back to the
    header) loses it; a loop that was copied whole gets its own distinct loop node, so every loop
    has one ID. Returns the new metadata lines."""
    succ = fn.succ()
    entry = fn.blocks[0].name
    idom = cfg.dominators(entry, succ)
    groups: dict[str, dict[str, list[tuple[Block, int]]]] = {}
    for blk in fn.blocks:
        if blk.name not in idom:
            continue
        term = blk.terminator()
        m = LOOP_MD_RE.search(term)
        if not m:
            continue
        idx = max(i for i, ln in enumerate(blk.lines) if ln == term)
        heads = [s for s in blk.successors() if cfg.dominates(idom, s, blk.name)]
        if not heads:
            blk.lines[idx] = LOOP_MD_RE.sub("", term)
            continue
        groups.setdefault(m.group(1), {}).setdefault(heads[0], []).append((blk, idx))
    nodes = dict(re.findall(r"^(!\d+) = (distinct !\{.*\})$", text, flags=re.M))
    next_id = max((int(n) for n in re.findall(r"^!(\d+) = ", text, flags=re.M)), default=0) + 1
    extra: list[str] = []
    for md, by_head in groups.items():
        heads = sorted(by_head, key=lambda h: h in copies)   # the original loop keeps its node
        for h in heads[1:]:
            if md not in nodes:
                continue
            new = f"!{next_id}"
            next_id += 1
            extra.append(f"{new} = " + nodes[md].replace(f"!{{{md},", f"!{{{new},", 1))
            for blk, idx in by_head[h]:
                blk.lines[idx] = blk.lines[idx].replace(f"!llvm.loop {md}", f"!llvm.loop {new}")
    return extra
