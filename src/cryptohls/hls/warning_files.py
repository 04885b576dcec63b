"""Every warning of a compile names its file (issue 32 item 7), not only a line.

The scheduler speaks of lines of the source file (an op's ``source_line``: code inlined from a header is
shown at the user's call of it) and of loops by name and line; here ``line N`` becomes ``FILE:N``, and
a loop's line is given with the file the loop is written in (a loop in a header: that header).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

_LOOP_RE = re.compile(r"\bloop (\w+) \(line (\d+)\)")
_LINE_RE = re.compile(r"(^|\(|: |\bstore |\bload )line (\d+)\b")   # ": ": after a sub-module's name


def name_files(warnings: Iterable[str], src: Path, loops: Mapping) -> list[str]:
    """``warnings`` with each bare ``line N`` as ``FILE:N``; ``loops``: the frontend's loop table."""
    loop_files = {lp.name: lp.start.file for lp in loops.values() if lp.name and lp.start is not None}
    out = []
    for text in warnings:
        text = _LOOP_RE.sub(lambda m: f"loop {m.group(1)} ({loop_files.get(m.group(1), src)}:{m.group(2)})", text)
        text = _LINE_RE.sub(lambda m: f"{m.group(1)}{src}:{m.group(2)}", text)
        out.append(text)
    return out


__all__ = ["name_files"]
