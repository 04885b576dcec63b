"""Calls that do not match the definition they were linked to, in the IR of several translation units.

C requires a call to use the type the function is defined with, but one file may declare a function
otherwise than another defines it; a native link does not check, and each file's code follows the
calling convention of its own declaration. SUPERCOP's ISAP refs declare `Permutation_AddBytes(void *,
const unsigned char *, size_t, size_t)` in a header and define it with `unsigned int` parameters. After
llvm-link such a call stays a call (LLVM inlines only a call whose types are the callee's), which the
compiler cannot make hardware of.

An integer argument wider than the parameter is what the x86-64 convention then passes: the callee
reads the low bits of the register the caller filled. The call here gets that argument truncated to the
parameter's width (the native answer), with a warning at the call. Any other difference (a narrower
integer, whose upper bits the callee would read as whatever the register held; another kind of type;
another count; another return type) has no such answer: a located error that names both types.
"""

from __future__ import annotations

import re

from cryptohls.errors import UserError
from cryptohls.frontend.dbginfo import DebugInfo
from cryptohls.frontend.llparse import parse_module

_DEFINE = re.compile(r'^define [^@\n]*?(\S+) (@[-\w.$"]+)\(')
_CALL = re.compile(r'^(\s*)((?:%[-\w.]+ = )?(?:tail |notail )?call )([^@\n]*?)(@[-\w.$"]+)\(')
_INT = re.compile(r"i(\d+)$")
_SIMPLE_VALUE = re.compile(r"(%[-\w.]+|-?\d+|true|false|undef|poison)$")


def _split_top(text: str) -> list[str]:
    """``text`` split at the commas outside brackets, parentheses, braces and quotes."""
    parts, depth, quoted, start = [], 0, False, 0
    for k, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
        elif not quoted and ch == "," and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _closing(text: str, open_at: int) -> int:
    """The index of the parenthesis that closes the one at ``open_at``."""
    depth = 0
    for k in range(open_at, len(text)):
        if text[k] == "(":
            depth += 1
        elif text[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return -1


def _signatures(ll_text: str) -> dict[str, tuple[str, list[str]]]:
    """Each defined function's return type and parameter types (a parameter's first word)."""
    out = {}
    for line in ll_text.splitlines():
        m = _DEFINE.match(line)
        if m:
            close = _closing(line, m.end() - 1)
            out[m.group(2)] = (m.group(1), [p.split()[0] for p in _split_top(line[m.end():close])])
    return out


def match_calls(ll_text: str, warnings: list[str]) -> str:
    """The linked IR with each call whose integer arguments are wider than its definition's parameters
    truncated to them (a warning each in ``warnings``); another mismatch is a located UserError."""
    defined = _signatures(ll_text)
    lines = ll_text.split("\n")
    out: list[str] = []
    count = 0
    dbg = None
    for line in lines:
        m = _CALL.match(line)
        if not m or m.group(4) not in defined or "(" in m.group(3):   # a call of another function type
            out.append(line)
            continue
        ret, params = defined[m.group(4)]
        close = _closing(line, m.end() - 1)
        args = _split_top(line[m.end():close])
        call_ret = m.group(3).split()[-1] if m.group(3).split() else ""
        arg_types = [a.split()[0] for a in args]
        if arg_types == params and call_ret == ret:
            out.append(line)
            continue
        dbg = dbg or DebugInfo(parse_module(ll_text))
        where = re.search(r"!dbg (![\w.]+)", line[close:])
        loc = dbg.loc(where.group(1)) if where else None
        name = m.group(4).lstrip("@").strip('"')
        fixed, notes = [], []
        for k, (arg, want) in enumerate(zip(args, params), 1):
            have = arg.split()[0]
            wide, narrow = _INT.match(have), _INT.match(want)
            if have == want:
                fixed.append(arg)
            elif wide and narrow and int(wide.group(1)) > int(narrow.group(1)) and _SIMPLE_VALUE.match(arg.split()[-1]):
                count += 1
                value = f"%cryptohls.narrowed.{count}"
                out.append(f"{m.group(1)}{value} = trunc {have} {arg.split()[-1]} to {want}")
                fixed.append(f"{want} {value}")
                notes.append(f"argument {k} ({have[1:]} bits, taken as {want[1:]})")
            else:
                fixed = None
                break
        if fixed is None or len(args) != len(params) or call_ret != ret:
            raise UserError(
                f"the call to '{name}' passes ({', '.join(arg_types)}) and expects {call_ret or '?'}, but the "
                f"definition takes ({', '.join(params)}) and returns {ret}: the files declare it differently",
                file=loc.file if loc else None, line=loc.line if loc else None, col=loc.col if loc else None,
                hint="declare the function in one header that its definition includes too")
        at = f"{loc.file}:{loc.line}" if loc else name
        warnings.append(f"{at}: the call to '{name}' passes {', '.join(notes)}: its declaration and definition "
                        f"differ, and the low bits are passed, as the native calling convention does")
        out.append(f"{line[:m.end()]}{', '.join(fixed)}{line[close:]}")
    return "\n".join(out)
