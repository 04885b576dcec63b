"""The loops of the -O0 IR, found before opt: each loop is identified by the start (file, line, column)
its ``!llvm.loop`` node carries, named as Vitis names it (its C label, else ``VITIS_LOOP_<line>_<n>``)
and given a key (``LoopInfo.key``) that the importer writes on its latch branch. The loop pragmas attached
to it (frontend/pragma_owner.py) become the unroll properties opt reads (``rewrite_loop_metadata``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.frontend.c_subset import callee_of
from cryptohls.frontend.dbginfo import CLoc, DebugInfo, real_path
from cryptohls.frontend.llparse import LLFunction
from cryptohls.frontend.pragmas import Pragma

LoopPos = tuple[str, int, int]   # (real file, line, column) of a loop's start


@dataclass
class LoopInfo:
    start: CLoc
    end: CLoc
    function: str
    pragmas: list[Pragma] = field(default_factory=list)
    name: str = ""
    key: str = ""            # str(line), or "LINE:COL" / "FILE:LINE:COL" when loops share the line
    c_function: str = ""     # the C/C++ name of ``function`` (``aesKey::addRoundKey``): the report's loop rows

    def encloses(self, line: int, col: int) -> bool:
        return (self.start.line, self.start.col) <= (line, col) <= (self.end.line, self.end.col)


def find_loops(fns: list[LLFunction], dbg: DebugInfo, user_files: set[str],
               src_real: str) -> tuple[dict[LoopPos, LoopInfo], dict[LoopPos, list[str]]]:
    """The loops of the user's files, named and keyed, and the ``!llvm.loop`` nodes of each: the node of
    each loop's latch branch carries its start/end location; a loop is identified by (file, line,
    column), so two loops starting on one line stay two loops."""
    by_pos: dict[LoopPos, LoopInfo] = {}
    md_by_pos: dict[LoopPos, list[str]] = {}
    for fn in fns:
        for bb in fn.blocks:
            for ins in bb.instrs:
                if ins.loop_md:
                    rng = dbg.loop_range(ins.loop_md)
                    if rng and real_path(rng[0].file) in user_files:
                        pos = (real_path(rng[0].file), rng[0].line, rng[0].col)
                        by_pos.setdefault(pos, LoopInfo(rng[0], rng[1], fn.name, c_function=c_name(dbg, fn)))
                        md_by_pos.setdefault(pos, []).append(ins.loop_md)
    _name_loops(by_pos, src_real)
    _key_loops(by_pos)
    return by_pos, md_by_pos


def source_order(by_pos: dict[LoopPos, LoopInfo], src_real: str) -> list[LoopPos]:
    """The loops of the source first, then those of its headers, each by position."""
    return sorted(by_pos, key=lambda k: (k[0] != src_real, k))


def _name_loops(by_pos: dict[LoopPos, LoopInfo], src_real: str) -> None:
    file_lines: dict[str, list[str]] = {}
    counters: dict[str, int] = {}   # per function, as Vitis numbers its unlabeled loops
    for pos in source_order(by_pos, src_real):
        lines = file_lines.setdefault(pos[0], Path(pos[0]).read_text(errors="replace").splitlines())
        line = pos[1]
        label = _loop_label(lines, line)
        if label:
            by_pos[pos].name = label
        else:
            fn_name = by_pos[pos].function
            counters[fn_name] = counters.get(fn_name, 0) + 1
            by_pos[pos].name = f"VITIS_LOOP_{line}_{counters[fn_name]}"


def _key_loops(by_pos: dict[LoopPos, LoopInfo]) -> None:
    """The key of each loop: its start line when no other loop starts on that line (in any user file),
    else "LINE:COL", else "FILE:LINE:COL"."""
    same_line: dict[int, int] = {}
    same_place: dict[tuple[int, int], int] = {}
    for pos in by_pos:
        same_line[pos[1]] = same_line.get(pos[1], 0) + 1
        same_place[pos[1:]] = same_place.get(pos[1:], 0) + 1
    for pos, lp in by_pos.items():
        lp.key = str(pos[1]) if same_line[pos[1]] == 1 else \
            f"{pos[1]}:{pos[2]}" if same_place[pos[1:]] == 1 else f"{Path(pos[0]).name}:{pos[1]}:{pos[2]}"


def _loop_label(lines: list[str], line: int) -> str | None:
    """The C label of the loop at ``line``: on its own line (``L: for``) or alone on the line
    before it (``L:`` then ``for``, as clang-format writes it)."""
    if line > len(lines):
        return None
    same = re.match(r"^\s*([A-Za-z_]\w*)\s*:(?!:)", lines[line - 1])
    if same:
        return same.group(1)
    before = line - 2
    while before >= 0 and not lines[before].strip():
        before -= 1
    alone = re.match(r"^\s*([A-Za-z_]\w*)\s*:\s*$", lines[before]) if before >= 0 else None
    return alone.group(1) if alone and alone.group(1) not in ("public", "private", "protected", "default") else None


def c_name(dbg: DebugInfo, fn: LLFunction) -> str:
    """A function's C name, a method's with its class (``aesKey::addRoundKey``)."""
    name = dbg.subprogram_name(fn.dbg) or fn.name.strip('@"')
    scope = dbg.fields(fn.dbg).get("scope")
    if scope and dbg.node_kind(scope) == "DICompositeType":
        cls = dbg.fields(scope).get("name", '""').strip('"')
        if cls:
            name = f"{cls}::{name}"
    return name


def inside_pipelined(by_pos: dict, fns: list[LLFunction], dbg: DebugInfo) -> set:
    """Loops Vitis unrolls fully because they sit inside a PIPELINEd loop (UG1399: pipelining a loop
    unrolls every loop nested in it): loops of the same function inside its source range, and every
    loop of the functions called from that range (transitively; such a helper's loops are unrolled at
    all its call sites, since it is inlined). An explicit UNROLL pragma on the inner loop wins."""
    by_name = {f.name: f for f in fns}

    def callees(f: LLFunction, lines: tuple[str, int, int] | None) -> set[str]:
        out = set()
        for bb in f.blocks:
            for ins in bb.instrs:
                callee = callee_of(ins.tokens) if ins.opcode == "call" else None
                if callee not in by_name:
                    continue
                if lines is not None:
                    loc = dbg.loc(ins.dbg)
                    if loc is None or real_path(loc.file) != lines[0] or not lines[1] <= loc.line <= lines[2]:
                        continue
                out.add(callee)
        return out
    found: set = set()
    for pos, lp in by_pos.items():
        if not any(p.kind == "PIPELINE" and not p.flag("off") for p in lp.pragmas):
            continue
        span = (pos[0], lp.start.line, lp.end.line)
        for other, inner in by_pos.items():
            if other != pos and inner.function == lp.function and other[0] == pos[0] and \
                    lp.encloses(inner.start.line, inner.start.col) and lp.encloses(inner.end.line, inner.end.col) and \
                    (inner.start.line, inner.start.col) > (lp.start.line, lp.start.col):
                found.add(other)
        work = list(callees(by_name[lp.function], span)) if lp.function in by_name else []
        helpers: set[str] = set()
        while work:
            name = work.pop()
            if name in helpers:
                continue
            helpers.add(name)
            work += callees(by_name[name], None)
        found |= {other for other, inner in by_pos.items() if inner.function in helpers}
    return found


def rewrite_loop_metadata(text: str, loops: dict, loop_md_of: dict, auto_unrolled: set = frozenset()) -> str:
    nums = [int(m) for m in re.findall(r"^!(\d+) = ", text, flags=re.M)]
    next_id = max(nums, default=0) + 1
    extra: list[str] = []
    node_props: dict[str, str] = {}
    for line, lp in loops.items():
        unroll = [p for p in lp.pragmas if p.kind == "UNROLL" and not p.flag("off")]
        if unroll:
            count = unroll[-1].int_option("factor")   # validated (an integer >= 1) by frontend/pragmas.py
            if count is not None:
                prop = f'!{{!"llvm.loop.unroll.count", i32 {count}}}'
            else:
                prop = '!{!"llvm.loop.unroll.full"}'
        elif line in auto_unrolled and not any(p.kind == "UNROLL" for p in lp.pragmas):
            prop = '!{!"llvm.loop.unroll.full"}'   # nested in a PIPELINEd loop (Vitis unrolls it)
        else:
            prop = '!{!"llvm.loop.unroll.disable"}'
        extra.append(f"!{next_id} = {prop}")
        for md in loop_md_of[line]:
            node_props[md] = f"!{next_id}"
        next_id += 1

    def patch(m: re.Match) -> str:
        ref, body = m.group(1), m.group(2)
        if ref in node_props:
            return f"{ref} = distinct !{{{body}, {node_props[ref]}}}"
        return m.group(0)
    text = re.sub(r"^(!\d+) = distinct !\{(.*)\}$", patch, text, flags=re.M)
    return text + "\n" + "\n".join(extra) + "\n"


__all__ = ["LoopInfo", "LoopPos", "find_loops", "inside_pipelined", "rewrite_loop_metadata", "source_order"]
