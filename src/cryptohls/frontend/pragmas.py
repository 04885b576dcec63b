"""Finds ``#pragma HLS`` lines in the source (clang ignores them) and parses their options.

Pragmas are attached later by source position: to the function whose line range contains them,
and (for loop pragmas) to the innermost loop whose range contains them, Vitis style.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import SourceLocation, UserError

# pragma kind -> accepted option names (bare words are stored as option=True)
KNOWN_PRAGMAS: dict[str, set[str]] = {
    "UNROLL": {"factor", "skip_exit_check", "off"},
    "PIPELINE": {"ii", "off", "rewind", "style", "enable_flush"},
    "INLINE": {"off", "recursive", "self"},
    "ARRAY_PARTITION": {"variable", "type", "factor", "dim", "complete", "cyclic", "block", "off"},
    "ARRAY_RESHAPE": {"variable", "type", "factor", "dim", "complete", "cyclic", "block", "off", "object"},
    "INTERFACE": {"mode", "port", "register", "depth", "name", "bundle", "offset", "ap_none", "ap_vld",
                  "ap_memory", "ap_ctrl_hs", "ap_ctrl_none", "ap_hs", "ap_ack", "ap_ovld", "ap_fifo",
                  "bram", "s_axilite", "m_axi", "axis", "valid_ready", "ap_ctrl_chain", "storage_type",
                  "latency"},
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
    "STREAM": {"variable", "depth", "type", "off", "dim"},
    "ALLOCATION": {"instances", "limit", "operation", "function"},
    "BIND_OP": {"variable", "op", "impl", "latency"},
}

_PRAGMA_RE = re.compile(r"^\s*#\s*pragma\s+HLS\s+(.*?)\s*(?://.*)?$", re.IGNORECASE)


@dataclass(frozen=True)
class OptionSpec:
    """What one option of a directive takes: ``flag`` (a bare word), ``int`` (an integer >= ``low``),
    ``choice`` (one of ``choices``), ``name`` (an identifier or any word: a variable, port, core) or
    ``word`` (a bare word or a name)."""
    kind: str
    low: int = 0
    choices: tuple[str, ...] = ()


def _int(low: int) -> OptionSpec:
    return OptionSpec("int", low)


def _choice(*choices: str) -> OptionSpec:
    return OptionSpec("choice", choices=choices)


NAME = OptionSpec("name")
FLAG = OptionSpec("flag")
INTERFACE_MODES = ("ap_none", "ap_vld", "ap_ack", "ap_hs", "ap_ovld", "ap_fifo", "ap_memory", "bram", "axis",
                   "valid_ready", "s_axilite", "m_axi", "ap_ctrl_none", "ap_ctrl_hs", "ap_ctrl_chain")
_PARTITION_TYPES = ("complete", "cyclic", "block")

# typed options; an accepted option not listed here is a name when it is one of
# variable/port/name/bundle/offset/impl/core/op/operation/function/instances/storage_type/type/object, else a flag
OPTION_SPECS: dict[str, dict[str, OptionSpec]] = {
    "PIPELINE": {"ii": _int(1), "style": _choice("stp", "frp", "flp")},
    "UNROLL": {"factor": _int(1)},
    "ARRAY_PARTITION": {"factor": _int(2), "dim": _int(0), "type": _choice(*_PARTITION_TYPES)},
    "ARRAY_RESHAPE": {"factor": _int(2), "dim": _int(0), "type": _choice(*_PARTITION_TYPES)},
    "INTERFACE": {"mode": _choice(*INTERFACE_MODES), "depth": _int(1), "latency": _int(0)},
    "BIND_STORAGE": {"latency": _int(0)},
    "RESOURCE": {"latency": _int(0)},
    "BIND_OP": {"latency": _int(0)},
    "LOOP_TRIPCOUNT": {"min": _int(0), "max": _int(0), "avg": _int(0)},
    "LATENCY": {"min": _int(0), "max": _int(0)},
    "DEPENDENCE": {"distance": _int(0), "type": _choice("inter", "intra"), "dependent": _choice("true", "false"),
                   "direction": _choice("raw", "war", "waw"), "class": _choice("array", "pointer")},
    "STREAM": {"depth": _int(1), "type": _choice("fifo", "pipo", "shared", "unsync"), "dim": _int(0)},
    # Vitis spells the kind of resource as a bare word (`allocation function instances=f limit=1`)
    "ALLOCATION": {"limit": _int(1), "function": OptionSpec("word"), "operation": OptionSpec("word")},
}
_NAME_OPTIONS = {"variable", "port", "name", "bundle", "offset", "impl", "core", "op", "operation", "function",
                 "instances", "storage_type", "type", "object"}


def option_spec(kind: str, key: str) -> OptionSpec:
    spec = OPTION_SPECS.get(kind, {}).get(key)
    if spec is not None:
        return spec
    return NAME if key in _NAME_OPTIONS else FLAG


@dataclass
class Pragma:
    """One ``#pragma HLS`` directive, validated where it is parsed: ``options`` holds typed values
    (``int`` for integer options, ``True`` for flags, ``str`` for names and choices, lower-case
    choices), so later stages read them without parsing strings again."""
    kind: str
    options: dict[str, str | int | bool] = field(default_factory=dict)
    file: str = ""
    line: int = 0
    col: int = 1
    in_braces: bool = False   # inside some { } of its file: a body clang may not emit (unused static helper)
    function: str = ""        # the LLVM name of the function holding it (set by frontend/pragma_owner.py)
    method_of: str = ""       # that function a C++ method: its class's identifier (``_ZTS6aesKey``; pragma_owner.py)

    @property
    def loc(self) -> SourceLocation:
        return SourceLocation(self.file, self.line, self.col)

    def get(self, key: str, default=None):
        return self.options.get(key, default)

    def flag(self, key: str) -> bool:
        """A bare option such as ``off`` is given."""
        return self.options.get(key) is True

    def int_option(self, key: str, default: int | None = None) -> int | None:
        value = self.options.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    @property
    def ii(self) -> int:
        """PIPELINE: the requested initiation interval (1 when not given)."""
        return self.int_option("ii", 1)

    def error(self, message: str, hint: str | None = None) -> UserError:
        return UserError(message, file=self.file, line=self.line, col=self.col, hint=hint)


def _typed(kind: str, key: str, value: str | bool, fail) -> str | int | bool:
    """The option's value checked against its :class:`OptionSpec`."""
    spec = option_spec(kind, key)
    shown = key.upper() if key == "ii" else key
    if spec.kind == "word":   # a bare word, or a name
        return True if value is True else str(value)
    if spec.kind == "flag":
        if value is not True:
            raise fail(f"option '{key}' of pragma HLS {kind} takes no value (got '{key}={value}')",
                       f"write it as a bare word: '#pragma HLS {kind} ... {key}'")
        return True
    if value is True:
        example = {"int": str(max(spec.low, 2)), "choice": spec.choices[0] if spec.choices else "X"}.get(spec.kind, "NAME")
        raise fail(f"option '{key}' of pragma HLS {kind} needs a value", f"write {shown}={example}")
    if spec.kind == "int":
        text = str(value)
        hexa = re.fullmatch(r"([+-]?)0[xX]([0-9a-fA-F]+)", text)
        number = int(hexa.group(1) + hexa.group(2), 16) if hexa else \
            int(text, 10) if re.fullmatch(r"[+-]?\d+", text) else None   # decimal, also with leading zeros
        if number is None and kind == "LOOP_TRIPCOUNT" and re.fullmatch(r"[A-Za-z_]\w*", text):
            return text   # C++: a template parameter (Vitis resolves it); report-only, prepare warns (C: error)
        if number is None:
            raise fail(f"{kind} {shown} must be an integer (got '{text}')",
                       f"write {shown}=N with N an integer >= {spec.low}")
        if number < spec.low:
            what = "a positive integer" if spec.low == 1 else f"an integer >= {spec.low}"
            raise fail(f"{kind} {shown} must be {what} (got '{text}')",
                       f"write {shown}=N with N >= {spec.low}")
        return number
    if spec.kind == "choice":
        choice = str(value).lower()
        if choice not in spec.choices:
            close = difflib.get_close_matches(choice, spec.choices, n=1)
            raise fail(f"invalid {shown} '{value}' for pragma HLS {kind}",
                       f"did you mean '{close[0]}'?" if close else "one of: " + ", ".join(spec.choices))
        return choice
    return str(value)


def _check_combination(kind: str, options: dict, fail) -> None:
    """Rules between the options of one directive."""
    if kind in ("LOOP_TRIPCOUNT", "LATENCY"):
        low, high = options.get("min"), options.get("max")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            raise fail(f"{kind} min={low} is larger than max={high}", "min must not exceed max")
        avg = options.get("avg")
        if isinstance(avg, int) and ((isinstance(low, int) and avg < low) or (isinstance(high, int) and avg > high)):
            raise fail(f"{kind} avg={avg} is not between min and max", "min <= avg <= max")
    if kind in ("ARRAY_PARTITION", "ARRAY_RESHAPE"):
        given = [t for t in _PARTITION_TYPES if options.get(t) is True]
        if options.get("type") is not None:
            given.append(str(options["type"]))
        if len(set(given)) > 1:
            raise fail(f"pragma HLS {kind} has more than one partition type ({', '.join(sorted(set(given)))})",
                       "give one of complete, cyclic, block")


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


def scan_pragmas(path: Path, only_lines: set[int] | None = None, shown_as: str | None = None) -> list[Pragma]:
    """All ``#pragma HLS`` lines of one source file (or those starting on ``only_lines``), validated
    against :data:`KNOWN_PRAGMAS`; each names the file as ``shown_as`` (default: ``path``)."""
    pragmas: list[Pragma] = []
    text = path.read_text(errors="replace")
    name = shown_as or str(path)
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
        if not m or (only_lines is not None and lineno not in only_lines):
            continue
        col = raw.index("#") + 1
        in_braces = lineno - 1 < len(depths) and depths[lineno - 1] > 0
        pragmas.append(parse_directive(m.group(1), name, lineno, col, in_braces))
    return pragmas


def parse_directive(directive: str, name: str, lineno: int, col: int, in_braces: bool) -> Pragma:
    """One directive, the text after ``#pragma HLS``, validated against :data:`KNOWN_PRAGMAS`; errors
    point at ``name``:``lineno``:``col``."""
    words = directive.replace("=", " = ").split()
    if not words:
        raise UserError("empty '#pragma HLS'", file=name, line=lineno, col=col)
    kind = words[0].upper()
    if kind not in KNOWN_PRAGMAS:
        close = difflib.get_close_matches(kind, KNOWN_PRAGMAS, n=1)
        raise UserError(f"unknown directive 'HLS {words[0]}'", file=name, line=lineno, col=col,
                        hint=f"did you mean '{close[0]}'?" if close else
                        "supported: " + ", ".join(sorted(KNOWN_PRAGMAS)))
    options: dict[str, str | int | bool] = {}

    def fail(message: str, hint: str | None = None, _line=lineno, _col=col) -> UserError:
        return UserError(message, file=name, line=_line, col=_col, hint=hint)
    j = 1
    while j < len(words):
        key = words[j].lower()
        value: str | bool = True
        if j + 1 < len(words) and words[j + 1] == "=":
            if j + 2 >= len(words):
                raise fail(f"option '{key}' of pragma HLS {kind} has no value",
                           f"write {key}=VALUE or leave the option out")
            value = words[j + 2]
            j += 3
        else:
            j += 1
        if key not in KNOWN_PRAGMAS[kind]:
            close = difflib.get_close_matches(key, KNOWN_PRAGMAS[kind], n=1)
            raise fail(f"unknown option '{key}' for pragma HLS {kind}",
                       f"did you mean '{close[0]}'?" if close else
                       ("options: " + ", ".join(sorted(KNOWN_PRAGMAS[kind])) if KNOWN_PRAGMAS[kind]
                        else f"HLS {kind} takes no options"))
        options[key] = _typed(kind, key, value, fail)
    _check_combination(kind, options, fail)
    return Pragma(kind, options, name, lineno, col, in_braces)


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


def scan_translation_unit(src: Path, pre) -> list[Pragma]:
    """``#pragma HLS`` lines wherever they stand in the user's code, as Vitis applies them: the source
    and every header it includes, local or through -I, system headers aside. Which lines count is read
    from the preprocessed translation unit (``pre``: signature.Preprocessed), where clang keeps each
    pragma line with its file and line and has already applied ``#if``; the directive itself is
    parsed from its file (columns, continued lines). Each keeps its own file and line."""
    pragmas: list[Pragma] = []
    src_real = str(Path(src).resolve())
    by_file = pre.hls_pragma_lines()
    for file in sorted(by_file, key=lambda f: f != src_real):   # the source first, then headers in order
        path = Path(file)
        if not path.is_file():
            continue
        shown = str(src) if file == src_real else pre.spelling.get(file, file)
        text = path.read_text(errors="replace")
        written = {k + 1 for k, line in enumerate(text.splitlines()) if _PRAGMA_RE.match(line)}
        in_file = scan_pragmas(path, by_file[file] & written, shown) + \
            _expanded_pragmas(pre, file, sorted(by_file[file] - written), text, shown)
        pragmas.extend(sorted(in_file, key=lambda p: p.line))    # stable: a line's directives in order
    return pragmas


def _expanded_pragmas(pre, file: str, lines: list[int], text: str, shown: str) -> list[Pragma]:
    """The directives clang made from ``_Pragma("HLS ...")`` (written in place or by a macro) on
    ``lines`` of ``file``, parsed from the expanded text; located at the line where they were used, at
    the column of ``_Pragma`` or of the macro's name (the line's first word)."""
    source_lines = text.splitlines()
    depths = brace_depths(text)
    found = []
    for lineno in lines:
        raw = source_lines[lineno - 1] if lineno <= len(source_lines) else ""
        in_braces = lineno - 1 < len(depths) and depths[lineno - 1] > 0
        for directive in pre.hls_pragmas[(file, lineno)]:
            body = _PRAGMA_RE.match(directive).group(1)
            found.append(parse_directive(body, shown, lineno, _use_column(raw, body), in_braces))
    return found


def _use_column(raw: str, body: str) -> int:
    """The column of the ``_Pragma`` or macro call whose text holds ``HLS <kind>`` on the line; the
    line's first word when the directive comes from a macro's body."""
    kind = body.split()[0] if body.split() else ""
    m = re.search(r"\bHLS\s+" + re.escape(kind) + r"\b", raw, re.IGNORECASE) if kind else None
    if m:
        calls = [c.start() for c in re.finditer(r"[A-Za-z_]\w*\s*\(", raw[:m.start()])]
        if calls:
            return calls[-1] + 1
    return len(raw) - len(raw.lstrip()) + 1


def scan_user_pragmas(src: Path) -> list[Pragma]:
    """``#pragma HLS`` lines of the source and of its local headers; each keeps its own file and line."""
    pragmas = scan_pragmas(Path(src))
    for header in user_headers(Path(src)):
        pragmas.extend(scan_pragmas(header))
    return pragmas
