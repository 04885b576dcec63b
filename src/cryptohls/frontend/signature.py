"""The top function's C signature, read with clang and the user's -I/-D — one reader for compile and cosim.

- :class:`Preprocessed`: the translation unit after ``clang -E`` with the same flags as the compile,
  mapped back to (file, line) through the line markers. Array bounds of parameters are read from it,
  so ``T a[N]`` works with ``N`` from ``-D N=4``, from a ``#define`` in any header (local or on the
  include path) or from a macro expanding to an expression.
- :func:`read_signature`: names and clang's spelling of every parameter type (``-ast-dump=json``),
  with each array parameter's bounds from the preprocessed text. ``cryptohls cosim`` generates its
  wrapper from it; the compiler's ``top_params`` (frontend/interface.py) takes the bounds from the
  same :func:`array_bounds`.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from cryptohls.errors import UserError

_MARKER_RE = re.compile(r'^#\s*(?:line\s+)?(\d+)\s+"((?:\\.|[^"\\])*)"((?:\s+\d+)*)')
_HLS_PRAGMA_RE = re.compile(r"^\s*#\s*pragma\s+HLS\b", re.IGNORECASE)


def _real(path: str) -> str:
    try:
        return str(Path(path).resolve())
    except OSError:
        return path


# clang's crash report: "Stack dump:" then numbered lines, the innermost last, some with the place it
# was processing ("3.\tinclude/ap_int.h:144:27: Generating code for declaration 'ap_range_ref<...>'")
_CRASH_SITE_RE = re.compile(r"^\d+\.\s+(.+?):(\d+):(\d+): (.*)$")


def clang_crash(stderr: str, src: Path) -> UserError | None:
    """A crash of clang itself (a signal, "PLEASE submit a bug report"), located where clang says it
    was working when it crashed, not at the top file's first line; None when clang did not crash."""
    if "PLEASE submit a bug report" not in stderr and "Stack dump:" not in stderr:
        return None
    site = None
    for line in stderr.splitlines():
        m = _CRASH_SITE_RE.match(line.strip())
        if m:
            site = m
    status = re.search(r"failed with exit code (-?\d+)", stderr)
    what = f"clang-19 crashed (exit code {status.group(1)})" if status else "clang-19 crashed"
    hint = ("a bug in clang, not in your code; writing this construct another way (another type or width, "
            "another form of the expression) avoids it")
    if site is None:
        return UserError(f"{what} at a place it does not name", file=str(src), line=1, col=1, hint=hint)
    doing = site.group(4)
    doing = doing[0].lower() + doing[1:] if doing else "processing it"
    return UserError(f"{what} while {doing}", file=site.group(1), line=int(site.group(2)),
                     col=int(site.group(3)), hint=hint)


def clang_error(stderr: str, src: Path) -> UserError:
    crash = clang_crash(stderr, src)
    if crash is not None:
        return crash
    for line in stderr.splitlines():
        m = re.match(r"^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$", line)
        if m:
            return UserError(f"C compile error: {m.group(4)}", file=m.group(1), line=int(m.group(2)),
                             col=int(m.group(3)))
    # an error without a position (e.g. an unsupported encoding): about the whole file, shown at its start
    first = next((line for line in stderr.splitlines() if "error" in line), None) or \
        next((line for line in stderr.splitlines() if line.strip()), "")
    return UserError(f"clang failed: {first.strip()[:300]}", file=str(src), line=1, col=1)


@dataclass
class Preprocessed:
    """``clang -E`` output: the expanded text of each (resolved file, line) of the translation unit."""
    lines: dict[tuple[str, int], str] = field(default_factory=dict)
    text: str = ""
    system_files: set[str] = field(default_factory=set)   # marked as system headers (flag 3)
    spelling: dict[str, str] = field(default_factory=dict)   # resolved file -> its path as clang spelled it
    # (resolved file, line) -> the ``#pragma HLS`` directives clang kept there, each its own line of the
    # output: written as ``#pragma HLS`` or made by ``_Pragma("HLS ...")``, in a macro or not
    hls_pragmas: dict[tuple[str, int], list[str]] = field(default_factory=dict)

    @classmethod
    def from_text(cls, text: str, main: Path) -> "Preprocessed":
        out = cls(text=text)
        cur_file, cur_line = _real(str(main)), 1
        pending: list[tuple[int, str]] = []     # pragma lines since the last line marker: (counted line, text)
        for raw in text.splitlines():
            m = _MARKER_RE.match(raw)
            if m:
                spelled = m.group(2).encode().decode("unicode_escape")
                new_file, new_line = _real(spelled), int(m.group(1))
                # clang puts each _Pragma on a line of its own and then a marker back to the line it
                # stood on, so pragmas counted past that line (two on one line) belong to it
                out._keep_pragmas(cur_file, pending, new_line if new_file == cur_file else None)
                pending = []
                cur_file, cur_line = new_file, new_line
                out.spelling.setdefault(cur_file, spelled)
                if "3" in m.group(3).split():
                    out.system_files.add(cur_file)
                continue
            if _HLS_PRAGMA_RE.match(raw):
                pending.append((cur_line, raw.strip()))
            key = (cur_file, cur_line)
            out.lines[key] = out.lines[key] + " " + raw if key in out.lines else raw
            cur_line += 1
        out._keep_pragmas(cur_file, pending, None)
        return out

    def _keep_pragmas(self, file: str, pending: list[tuple[int, str]], back_to: int | None) -> None:
        for line, directive in pending:
            if back_to is not None and line > back_to:
                line = back_to
            self.hls_pragmas.setdefault((file, line), []).append(directive)

    @classmethod
    def run(cls, compiler: str, flags: Sequence[str], src: Path) -> "Preprocessed":
        cmd = [compiler, *flags, "-E", str(src)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise clang_error(proc.stderr, src)
        return cls.from_text(proc.stdout, src)

    @classmethod
    def merged(cls, units: Sequence["Preprocessed"]) -> "Preprocessed":
        """Several translation units as one: a header two of them include keeps the first one's lines
        and directives (once, not twice); the text is theirs in order."""
        out = cls(text="\n".join(u.text for u in units))
        for unit in units:
            for key, value in unit.lines.items():
                out.lines.setdefault(key, value)
            for key, value in unit.hls_pragmas.items():
                out.hls_pragmas.setdefault(key, value)
            for file, spelled in unit.spelling.items():
                out.spelling.setdefault(file, spelled)
            out.system_files |= unit.system_files
        return out

    def line(self, file: str, line: int) -> str:
        return self.lines.get((_real(file), line), "")

    def hls_pragma_lines(self) -> dict[str, set[int]]:
        """Resolved file -> the lines holding a ``#pragma HLS`` the preprocessor kept (its #if taken),
        in the order the files first appear; system headers left out (as Vitis does)."""
        out: dict[str, set[int]] = {}
        for file, line in self.hls_pragmas:
            if file not in self.system_files:
                out.setdefault(file, set()).add(line)
        return out

    def constants(self) -> dict[str, str]:
        """Integral constants (``const``/``constexpr`` variables) of the expanded translation unit."""
        out: dict[str, str] = {}
        for m in re.finditer(r"\b(?:static\s+)?(?:const|constexpr)\s+(?:unsigned\s+|signed\s+)?\w+\s+"
                             r"([A-Za-z_]\w*)\s*=\s*([^;{}]+);", self.text):
            out.setdefault(m.group(1), m.group(2))
        return out


def array_bounds(pre: Preprocessed, file: str, line: int, name: str, constants: dict[str, str]) -> list[str] | None:
    """The bound expressions of array parameter ``name`` declared at (file, line), macros expanded
    (``T name[A][B]`` → ``["A", "B"]``); None when ``name`` is a plain pointer."""
    text = " ".join(pre.line(file, k) for k in range(max(1, line), line + 3))
    m = re.search(r"\b" + re.escape(name) + r"\s*((?:\[[^\]]*\]\s*)+)", text)
    if not m:
        return None
    return re.findall(r"\[([^\]]*)\]", m.group(1))


def evaluate_int(expr: str, defines: dict[str, str], depth: int = 0) -> int | None:
    expr = expr.strip()
    if depth > 10 or not expr:
        return None
    expr = re.sub(r"(?<=\d)[uUlL]+\b", "", expr)

    def sub(m: re.Match) -> str:
        value = evaluate_int(defines[m.group(0)], defines, depth + 1) if m.group(0) in defines else None
        return str(value) if value is not None else m.group(0)
    expr = re.sub(r"[A-Za-z_]\w*", sub, expr)
    try:
        return _arith(ast.parse(expr, mode="eval").body)
    except (SyntaxError, ValueError, ZeroDivisionError):
        return None


_BINOPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
           ast.FloorDiv: lambda a, b: a // b, ast.Div: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
           ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b,
           ast.BitAnd: lambda a, b: a & b, ast.BitXor: lambda a, b: a ^ b}


def _arith(node: ast.AST) -> int:
    """Integer arithmetic on literals only (array sizes like 'N * 4' after #define substitution)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        left, right = _arith(node.left), _arith(node.right)
        if isinstance(node.op, ast.LShift) and right > 64:
            raise ValueError("shift too large")
        return _BINOPS[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
        v = _arith(node.operand)
        return -v if isinstance(node.op, ast.USub) else (~v if isinstance(node.op, ast.Invert) else v)
    raise ValueError("not integer arithmetic")


# ----------------------------------------------------------------------------------------------
# The signature from clang's AST (cosim's wrapper), with the bounds from the preprocessed text.

@dataclass(frozen=True)
class Param:
    name: str
    c_type: str  # clang's spelling of the (decayed) parameter type, e.g. "const word8 *"
    bounds: tuple[int, ...] = ()   # array parameters: the declared bounds, e.g. (4, 2) for T a[N][2]

    @property
    def dims(self) -> int:
        """Array dimensions behind a pointer parameter: 'T *' -> 1, 'T (*)[4]' -> 2, scalars 0. A
        template's arguments are not the parameter's declarator: clang spells Vitis's `ap_uint<W1> g`
        with `#define W1 (8 * 128)` as 'ap_uint<(8 * 128)>', a value, not a pointer (vdf's tops)."""
        declarator = _outside_template_arguments(self.c_type)
        if "*" not in declarator:
            return 0
        return 1 + declarator.count("[")


def _outside_template_arguments(c_type: str) -> str:
    """``c_type`` without the text between a template's angle brackets (nested ones included)."""
    out, depth = [], 0
    for char in c_type:
        if char == "<":
            depth += 1
        elif char == ">" and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return "".join(out)


@dataclass(frozen=True)
class Signature:
    name: str
    return_type: str
    params: tuple[Param, ...]


def split_return_type(function_type: str) -> str:
    """'uint32_t (const word8 *, int)' -> 'uint32_t' (the text before the parameter list)."""
    depth = 0
    for pos in range(len(function_type) - 1, -1, -1):
        char = function_type[pos]
        if char == ")":
            depth += 1
        elif char == "(":
            depth -= 1
            if depth == 0:
                return function_type[:pos].strip()
    raise ValueError(f"not a function type: {function_type}")


def signature_from_ast(ast_objects: list[dict], top: str, src: Path,
                       pre: Preprocessed | None = None) -> Signature:
    """The definition of ``top`` among clang ``-ast-dump=json`` objects (bounds from ``pre``)."""
    constants = pre.constants() if pre is not None else {}
    for obj in ast_objects:
        if obj.get("kind") != "FunctionDecl" or obj.get("name") != top:
            continue
        inner = obj.get("inner", [])
        if not any(node.get("kind") == "CompoundStmt" for node in inner):
            continue  # a declaration; keep looking for the definition
        params = []
        file, line = str(src), 0
        for i, node in enumerate(n for n in inner if n.get("kind") == "ParmVarDecl"):
            loc = node.get("loc", {})
            loc = loc.get("expansionLoc", loc)
            file = loc.get("file", file)   # the JSON dump leaves out fields equal to the previous node's
            line = loc.get("line", line)
            name = node.get("name", f"arg{i}")
            bounds: tuple[int, ...] = ()
            if pre is not None and "*" in _outside_template_arguments(node["type"]["qualType"]):
                dims = array_bounds(pre, file, line, name, constants)
                values = [evaluate_int(d, constants) for d in dims or []]
                bounds = tuple(v for v in values if v is not None) if all(v is not None for v in values) else ()
            params.append(Param(name, node["type"]["qualType"], bounds))
        return Signature(top, split_return_type(obj["type"]["qualType"]), tuple(params))
    raise UserError(f"top function {top!r} is not defined in {src.name}", file=src, line=1, col=1,
                    hint="name a function the file defines with --top (without --tb the top is main by default)")


def read_signature(src: Path, top: str, compiler: str, flags: Sequence[str]) -> Signature:
    """``top``'s signature, with clang ``compiler`` and the user's ``flags`` (-I, -D, -std)."""
    cmd = [compiler, *flags, "-fsyntax-only", "-Xclang", "-ast-dump=json", "-Xclang", f"-ast-dump-filter={top}",
           str(src)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise clang_error(proc.stderr, src)
    decoder, text, pos, objects = json.JSONDecoder(), proc.stdout, 0, []
    while True:
        while pos < len(text) and text[pos] not in "{":
            pos += 1
        if pos >= len(text):
            break
        obj, pos = decoder.raw_decode(text, pos)
        objects.append(obj)
    return signature_from_ast(objects, top, src, Preprocessed.run(compiler, flags, src))
