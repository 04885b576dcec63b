"""Finds ``#pragma HLS`` lines in the source (clang ignores them) and parses their options.

Pragmas are attached later by source position: to the function whose line range contains them,
and (for loop pragmas) to the innermost loop whose range contains them, Vitis style.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError

# pragma kind -> accepted option names (bare words are stored as option=True)
KNOWN_PRAGMAS: dict[str, set[str]] = {
    "UNROLL": {"factor", "skip_exit_check", "off"},
    "PIPELINE": {"ii", "off", "rewind", "style", "enable_flush"},
    "INLINE": {"off", "recursive", "self"},
    "ARRAY_PARTITION": {"variable", "type", "factor", "dim", "complete", "cyclic", "block", "off"},
    "ARRAY_RESHAPE": {"variable", "type", "factor", "dim", "complete", "cyclic", "block", "off", "object"},
    "INTERFACE": {"mode", "port", "register", "depth", "name", "bundle", "offset", "ap_none", "ap_vld",
                  "ap_memory", "ap_ctrl_hs", "ap_ctrl_none", "ap_hs", "ap_ack", "ap_ovld", "ap_fifo",
                  "bram", "s_axilite", "m_axi", "axis", "ap_ctrl_chain", "storage_type", "latency"},
    "BIND_STORAGE": {"variable", "type", "impl", "latency"},
    "RESOURCE": {"variable", "core", "latency"},
    "LOOP_TRIPCOUNT": {"min", "max", "avg"},
    "LATENCY": {"min", "max"},
    "LOOP_FLATTEN": {"off"},
    "LOOP_MERGE": {"force"},
    "DEPENDENCE": {"variable", "type", "dependent", "direction", "distance", "class", "inter", "intra",
                   "raw", "war", "waw", "true", "false"},
    "EXPRESSION_BALANCE": {"off"},
    "STABLE": {"variable"},
    "DATAFLOW": set(),
    "STREAM": {"variable", "depth", "type", "off"},
    "ALLOCATION": {"instances", "limit", "operation", "function"},
    "BIND_OP": {"variable", "op", "impl", "latency"},
}

_PRAGMA_RE = re.compile(r"^\s*#\s*pragma\s+HLS\s+(.*?)\s*(?://.*)?$", re.IGNORECASE)


@dataclass
class Pragma:
    kind: str
    options: dict[str, str | bool] = field(default_factory=dict)
    file: str = ""
    line: int = 0
    col: int = 1
    in_braces: bool = False   # inside some { } of its file: a body clang may not emit (unused static helper)

    def get(self, key: str, default=None):
        return self.options.get(key, default)

    def error(self, message: str, hint: str | None = None) -> UserError:
        return UserError(message, file=self.file, line=self.line, col=self.col, hint=hint)


_TOKEN_RE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[{}\n]', re.DOTALL)


def brace_depths(text: str) -> list[int]:
    """The ``{ }`` nesting depth at the start of each line, ignoring comments and literals."""
    depths = [0]
    depth = 0
    for m in _TOKEN_RE.finditer(text):
        tok = m.group(0)
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth = max(depth - 1, 0)
        else:
            # newlines, also those inside block comments, start lines
            depths.extend([depth] * tok.count("\n"))
    return depths


def scan_pragmas(path: Path) -> list[Pragma]:
    """All ``#pragma HLS`` lines of one source file, validated against :data:`KNOWN_PRAGMAS`."""
    pragmas: list[Pragma] = []
    text = path.read_text(errors="replace")
    lines = text.splitlines()
    depths = brace_depths(text)
    i = 0
    while i < len(lines):
        raw = lines[i]
        lineno = i + 1
        while raw.rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            raw = raw.rstrip()[:-1] + " " + lines[i]
        i += 1
        m = _PRAGMA_RE.match(raw)
        if not m:
            continue
        col = raw.index("#") + 1
        words = m.group(1).replace("=", " = ").split()
        if not words:
            raise UserError("empty '#pragma HLS'", file=str(path), line=lineno, col=col)
        kind = words[0].upper()
        if kind not in KNOWN_PRAGMAS:
            close = difflib.get_close_matches(kind, KNOWN_PRAGMAS, n=1)
            raise UserError(f"unknown directive 'HLS {words[0]}'", file=str(path), line=lineno, col=col,
                            hint=f"did you mean '{close[0]}'?" if close else
                            "supported: " + ", ".join(sorted(KNOWN_PRAGMAS)))
        options: dict[str, str | bool] = {}
        j = 1
        while j < len(words):
            key = words[j].lower()
            if j + 2 < len(words) + 1 and j + 1 < len(words) and words[j + 1] == "=":
                if j + 2 >= len(words):
                    raise UserError(f"option '{key}' of pragma HLS {kind} has no value", file=str(path),
                                    line=lineno, col=col)
                options[key] = words[j + 2]
                j += 3
            else:
                options[key] = True
                j += 1
            if key not in KNOWN_PRAGMAS[kind]:
                close = difflib.get_close_matches(key, KNOWN_PRAGMAS[kind], n=1)
                raise UserError(f"unknown option '{key}' for pragma HLS {kind}", file=str(path), line=lineno,
                                col=col, hint=f"did you mean '{close[0]}'?" if close else None)
        factor = options.get("factor")
        if factor is not None and (factor is True or not str(factor).isdigit() or int(str(factor)) < 1):
            raise UserError(f"{kind} factor must be a positive integer (got '{factor if factor is not True else ''}')",
                            file=str(path), line=lineno, col=col)
        in_braces = lineno - 1 < len(depths) and depths[lineno - 1] > 0
        pragmas.append(Pragma(kind, options, str(path), lineno, col, in_braces))
    return pragmas


_LOCAL_INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def user_headers(src: Path) -> list[Path]:
    """Local headers reachable from ``src`` through ``#include "..."`` resolved beside the including file
    (recursively); headers found only on the include path (ap_int.h, hls_stream.h) are not the user's."""
    found: list[Path] = []
    seen = {Path(src).resolve()}
    todo = [Path(src)]
    while todo:
        cur = todo.pop()
        for m in _LOCAL_INCLUDE_RE.finditer(cur.read_text(errors="replace")):
            header = cur.parent / m.group(1)
            if not header.is_file() or header.resolve() in seen:
                continue
            seen.add(header.resolve())
            found.append(header)
            todo.append(header)
    return found


def scan_user_pragmas(src: Path) -> list[Pragma]:
    """``#pragma HLS`` lines of the source and of its local headers; each keeps its own file and line."""
    pragmas = scan_pragmas(Path(src))
    for header in user_headers(Path(src)):
        pragmas.extend(scan_pragmas(header))
    return pragmas
