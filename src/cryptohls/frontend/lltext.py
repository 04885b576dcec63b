"""One function of an LLVM IR text as editable blocks of lines: enough to copy blocks, rename their
values and labels and rewrite phis and branch targets (frontend/node_split.py), and to print the
function back. Functions that are not edited keep their text byte for byte."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cryptohls.frontend.llparse import split_top_level

LOCAL_RE = re.compile(r'%(?:"[^"]*"|[-\w.$]+)')
DEF_RE = re.compile(r'^\s*(%(?:"[^"]*"|[-\w.$]+)) = ')
TARGET_RE = re.compile(r'\blabel\s+(%(?:"[^"]*"|[-\w.$]+))')
LABEL_RE = re.compile(r'^("[^"]*"|[-\w.$]+):')
LOOP_MD_RE = re.compile(r",\s*!llvm\.loop\s+(![\w.]+)")
DBG_RE = re.compile(r",\s*!dbg\s+(![\w.]+)")
_ATTACH_RE = re.compile(r"(,\s*![\w.]+\s+![\w.]+)+\s*$")


@dataclass
class Block:
    name: str                                        # "%for.body"
    lines: list[str] = field(default_factory=list)   # instructions and debug records, as printed
    labelled: bool = True                            # False: the entry block without a label line

    def instructions(self) -> list[str]:
        return [ln for ln in self.lines if ln.strip() and not ln.lstrip().startswith(("#dbg_", ";"))]

    def terminator(self) -> str:
        ins = self.instructions()
        return ins[-1] if ins else ""

    def successors(self) -> list[str]:
        """The operands written as ``label %x`` of the terminator, in order (with repeats)."""
        return TARGET_RE.findall(self.terminator())

    def size(self) -> int:
        return len(self.instructions())


@dataclass
class FunctionText:
    head: str              # the "define ... {" line
    blocks: list[Block]

    @classmethod
    def parse(cls, lines: list[str]) -> "FunctionText":
        """``lines``: from the define line to the closing brace."""
        blocks: list[Block] = []
        pending = ""
        for raw in lines[1:-1]:
            if pending:   # a switch's case list spans lines: joined into one
                pending += " " + raw.strip()
                if pending.count("[") > pending.count("]"):
                    continue
                raw, pending = "  " + pending, ""
            elif raw.lstrip().startswith(("switch ", "%")) and " switch " in f" {raw.strip()} " and \
                    raw.count("[") > raw.count("]"):
                pending = raw.strip()
                continue
            m = LABEL_RE.match(raw)
            if m:
                blocks.append(Block("%" + m.group(1)))
                continue
            if not raw.strip():
                continue
            if not blocks:
                blocks.append(Block("%<entry>", labelled=False))
            blocks[-1].lines.append(raw.rstrip())
        return cls(lines[0], blocks)

    def render(self) -> list[str]:
        out = [self.head]
        for k, b in enumerate(self.blocks):
            if b.labelled:
                if k:
                    out.append("")
                out.append(b.name[1:] + ":")
            out.extend(b.lines)
        out.append("}")
        return out

    def succ(self) -> dict[str, list[str]]:
        return {b.name: b.successors() for b in self.blocks}

    def block(self, name: str) -> Block:
        return next(b for b in self.blocks if b.name == name)

    def names(self) -> set[str]:
        found: set[str] = set()
        for b in self.blocks:
            found.add(b.name)
            for ln in b.lines:
                found.update(LOCAL_RE.findall(ln))
        found.update(LOCAL_RE.findall(self.head))
        return found


def defined(line: str) -> str | None:
    m = DEF_RE.match(line)
    return m.group(1) if m else None


def rename(line: str, mapping: dict[str, str]) -> str:
    return LOCAL_RE.sub(lambda m: mapping.get(m.group(0), m.group(0)), line)


def is_phi(line: str) -> bool:
    return re.match(r'^\s*%(?:"[^"]*"|[-\w.$]+) = phi ', line) is not None


@dataclass
class Phi:
    result: str
    type: str
    incoming: list[tuple[str, str]]     # (value text, predecessor block "%b")
    tail: str                           # ", !dbg !N" and other attachments

    @classmethod
    def parse(cls, line: str) -> "Phi":
        m = re.match(r'^\s*(%(?:"[^"]*"|[-\w.$]+)) = phi (.*)$', line)
        result, rest = m.group(1), m.group(2)
        att = _ATTACH_RE.search(rest)
        tail = att.group(0) if att else ""
        rest = rest[:att.start()] if att else rest
        flags = []
        while rest.split(" ", 1)[0] in ("fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"):
            flag, rest = rest.split(" ", 1)
            flags.append(flag)
        first = _first_top_level_bracket(rest)
        ty = " ".join(flags + [rest[:first].strip()])
        incoming = []
        for item in split_top_level(rest[first:]):
            value, pred = split_top_level(item.strip()[1:-1])
            incoming.append((value, pred))
        return cls(result, ty, incoming, tail)

    def render(self) -> str:
        pairs = ", ".join(f"[ {v}, {p} ]" for v, p in self.incoming)
        return f"  {self.result} = phi {self.type} {pairs}{self.tail}"


def _first_top_level_bracket(text: str) -> int:
    """Where the incoming list starts: LLVM prints it as ``[ v, %b ]`` (a space after the
    bracket), an array type as ``[4 x i8]``."""
    depth = 0
    for k, ch in enumerate(text):
        if ch in "{<(":
            depth += 1
        elif ch in "}>)":
            depth -= 1
        elif ch == "[" and depth == 0 and text[k + 1:k + 2] == " ":
            return k
    raise ValueError(f"no incoming values in phi: {text}")


def function_span(lines: list[str], name: str) -> tuple[int, int] | None:
    """Line indices of the define line and the closing brace of function ``name`` ("@f")."""
    pat = re.compile(r"^define\s.*?" + re.escape(name) + r"\(")
    for k, ln in enumerate(lines):
        if ln.startswith("define") and pat.match(ln):   # the cheap test first: this runs per function
            for j in range(k + 1, len(lines)):
                if lines[j] == "}":
                    return k, j
    return None
