"""A reader for the subset of LLVM textual IR that clang-19 + our opt pipeline produce.

It keeps what the importer needs: functions (arguments, blocks, instructions as token lists with
their ``!dbg`` location), global variables with initializers, and the metadata table (for debug
locations, loop metadata and debug types). Anything it does not understand stays as tokens and
is rejected later by the importer with a source location.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cryptohls.frontend.clang_layout import declared_type

_TOKEN_RE = re.compile(r"""
    (?P<str>c?"(?:[^"\\]|\\.)*")
  | (?P<local>%(?:"[^"]*"|[-\w.$]+))
  | (?P<global>@(?:"[^"]*"|[-\w.$]+))
  | (?P<meta>![-\w.$]+)
  | (?P<num>-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)
  | (?P<word>[A-Za-z_][\w.$]*(?:\([^()]*\))?)
  | (?P<punct>[\[\](){}<>,=*:#])
""", re.VERBOSE)


# the same alternatives without groups, so that findall returns whole matches (as group(0) of each)
_TOKEN_FINDALL_RE = re.compile(re.sub(r"\(\?P<\w+>", "(?:", _TOKEN_RE.pattern), re.VERBOSE)


def tokenize(text: str) -> list[str]:
    return _TOKEN_FINDALL_RE.findall(text)


@dataclass
class Instr:
    result: str | None          # "%name" or None
    opcode: str
    tokens: list[str]           # tokens after the opcode, metadata attachments removed
    dbg: str | None             # "!N"
    loop_md: str | None         # "!N" of !llvm.loop
    text: str


@dataclass
class BasicBlock:
    name: str
    instrs: list[Instr] = field(default_factory=list)


@dataclass
class Argument:
    name: str                   # "%name"
    type: str                   # "i32", "ptr", ...
    attrs: list[str]


@dataclass
class LLFunction:
    name: str
    ret_type: str
    args: list[Argument]
    blocks: list[BasicBlock]
    dbg: str | None
    attr_group: str | None
    is_declaration: bool = False
    declares: dict[str, str] = field(default_factory=dict)   # "%x" (an alloca) -> its DILocalVariable "!N"


@dataclass
class GlobalVar:
    name: str
    constant: bool
    type: str
    init: str                   # initializer text
    dbg: str | None


@dataclass
class LLModule:
    functions: dict[str, LLFunction]
    globals: dict[str, GlobalVar]
    metadata: dict[str, str]    # "!N" -> text after "="
    types: dict[str, str]       # "%struct.x" -> body text


_META_RE = re.compile(r"^(![\w.]+) = (.*)$")
_DEFINE_RE = re.compile(r"^define\s+(.*?)\s*(@(?:\"[^\"]*\"|[-\w.$]+))\((.*)\)(.*)\{\s*$")
_DECLARE_RE = re.compile(r"^declare\s+.*?(@(?:\"[^\"]*\"|[-\w.$]+))\(")
_GLOBAL_RE = re.compile(r"^(@(?:\"[^\"]*\"|[-\w.$]+)) = (.*)$")
_TYPE_RE = re.compile(r"^(%(?:\"[^\"]*\"|[-\w.$]+)) = type (.*)$")   # C++ names are quoted: %"class.ns::T<4>"
_DECLARE_RECORD_RE = re.compile(r"#dbg_declare\(ptr (%(?:\"[^\"]*\"|[-\w.$]+)), (![\w.]+),")
_GLOBAL_KEYWORD_RE = re.compile(r"(?:^|\s)(global|constant)(?=\s)")   # after linkage and attributes
_ARG_ATTR_WORDS = {"noundef", "zeroext", "signext", "nonnull", "readonly", "writeonly", "nocapture", "noalias",
                   "inreg", "returned", "immarg", "nofree", "captures(none)"}


# what makes a separator nested: text without any of these splits at every separator (most instructions'
# operand lists and debug locations; the character loop below was a tenth of a Csmith program's import)
_NESTING = re.compile(r'["(\[{<)\]}>]')


def split_top_level(text: str, sep: str = ",") -> list[str]:
    if not _NESTING.search(text):
        parts = [part.strip() for part in text.split(sep)]
        if not parts[-1]:   # as below: an empty last part is dropped, an empty inner one kept
            parts.pop()
        return parts
    return split_nested(text, sep)


def split_nested(text: str, sep: str = ",") -> list[str]:
    """``split_top_level`` character by character: separators inside brackets or quotes do not split."""
    parts, depth, cur, in_str = [], 0, [], False
    for ch in text:
        if ch == '"':
            in_str = not in_str
        if not in_str:
            if ch in "([{<":
                depth += 1
            elif ch in ")]}>":
                depth -= 1
            elif ch == sep and depth == 0:
                parts.append("".join(cur).strip())
                cur = []
                continue
        cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _parse_args(text: str) -> list[Argument]:
    args = []
    for part in split_top_level(text):
        if part == "...":
            continue
        toks = part.split()
        name = toks[-1] if toks[-1].startswith("%") else f"%{len(args)}"
        ty = toks[0]
        args.append(Argument(name, ty, toks[1:-1] if toks[-1].startswith("%") else toks[1:]))
    return args


# compiled once: these run on every instruction and metadata node of a module (re's own cache lookup
# per call was a tenth of the parse of a Csmith program)
_DBG_RE = re.compile(r",\s*!dbg\s+(![\w.]+)")
_LOOP_RE = re.compile(r",\s*!llvm\.loop\s+(![\w.]+)")
_ATTACHMENT_RE = re.compile(r",\s*![\w.]+\s+![\w.]+")
_RESULT_RE = re.compile(r"^(%(?:\"[^\"]*\"|[-\w.$]+)) = (.*)$")
_META_FIELDS_RE = re.compile(r"^(?:distinct )?!\w+\((.*)\)$")


def _strip_attachments(body: str) -> tuple[str, str | None, str | None]:
    dbg = loop = None
    m = _DBG_RE.search(body)
    if m:
        dbg = m.group(1)
    m = _LOOP_RE.search(body)
    if m:
        loop = m.group(1)
    # drop every ", !kind !N" attachment
    body = _ATTACHMENT_RE.sub("", body)
    return body, dbg, loop


def _parse_instr(line: str) -> Instr:
    body, dbg, loop = _strip_attachments(line.strip())
    result = None
    m = _RESULT_RE.match(body)
    if m:
        result, body = m.group(1), m.group(2)
    toks = tokenize(body)
    opcode = toks[0] if toks else ""
    if opcode in ("tail", "musttail", "notail"):
        toks = toks[1:]
        opcode = toks[0]
    return Instr(result, opcode, toks[1:], dbg, loop, line.strip())


def parse_module(text: str) -> LLModule:
    mod = LLModule({}, {}, {}, {})
    current: LLFunction | None = None
    block: BasicBlock | None = None
    pending = ""   # a multi-line instruction (switch ... [ cases ]) being joined
    for raw in text.splitlines():
        if pending:
            pending += " " + raw.strip()
            if pending.count("[") > pending.count("]"):
                continue
            raw, pending = "  " + pending, ""
        elif current is not None and raw.startswith("  ") and raw.strip().startswith(("switch", "%")) and \
                " switch " in f" {raw.strip()} " and raw.count("[") > raw.count("]"):
            pending = raw.strip()
            continue
        line = raw.rstrip()
        if not line or line.lstrip().startswith(";"):
            continue
        if current is not None:
            if line == "}":
                current = None
                continue
            s = line.strip()
            if s.startswith("#dbg_"):
                m = _DECLARE_RECORD_RE.match(s)
                if m:
                    current.declares.setdefault(m.group(1), m.group(2))
                continue
            if not raw.startswith(" "):
                label = line.split(":")[0].strip().strip('"')
                block = BasicBlock(f"%{label}")
                current.blocks.append(block)
                continue
            if block is None:
                block = BasicBlock("%entry")
                current.blocks.append(block)
            block.instrs.append(_parse_instr(s))
            continue
        m = _DEFINE_RE.match(line)
        if m:
            prefix, name, args, suffix = m.groups()
            ret_type = prefix.split()[-1] if prefix.split() else "void"
            ptoks = prefix.split()
            for t in reversed(ptoks):
                if t not in _ARG_ATTR_WORDS and not t.startswith("dso_") and t not in (
                        "internal", "private", "linkonce_odr", "weak_odr", "hidden", "local_unnamed_addr",
                        "unnamed_addr", "noundef", "zeroext", "signext"):
                    ret_type = t
                    break
            if "{" in prefix:  # aggregate return type like { i64, i64 }
                ret_type = prefix[prefix.index("{"):prefix.rindex("}") + 1]
            dbg = re.search(r"!dbg (![\w.]+)", suffix)
            grp = re.search(r"#(\d+)", suffix)
            current = LLFunction(name, ret_type, _parse_args(args), [], dbg.group(1) if dbg else None,
                                 grp.group(1) if grp else None)
            mod.functions[name] = current
            block = None
            continue
        m = _DECLARE_RE.match(line)
        if m:
            mod.functions[m.group(1)] = LLFunction(m.group(1), "", [], [], None, None, True)
            continue
        m = _META_RE.match(line)
        if m:
            mod.metadata[m.group(1)] = m.group(2)
            continue
        m = _TYPE_RE.match(line)
        if m:
            mod.types[m.group(1)] = m.group(2)
            continue
        m = _GLOBAL_RE.match(line)
        if m:
            name, rest = m.groups()
            body, dbg, _ = _strip_attachments(rest)
            # the text after the keyword is kept as written: a c"..." initializer may hold runs of
            # spaces (c"  " is two bytes 0x20; Csmith subset seed 136)
            keyword = _GLOBAL_KEYWORD_RE.search(body)
            if keyword is None:
                continue  # alias or something we do not model
            constant = keyword.group(1) == "constant"
            rest_text = body[keyword.end():]
            rest_text = re.sub(r",\s*align \d+.*$", "", rest_text)
            ty, init = _split_type(rest_text)
            # the C type, not clang's layout of the initializer (a table ending in zeros is a packed
            # struct of two parts, clang_layout.py); the initializer names its own types
            mod.globals[name] = GlobalVar(name, constant, declared_type(ty, mod.types), init.strip(), dbg)
    return mod


def _split_type(text: str) -> tuple[str, str]:
    """Split 'TYPE INIT' where TYPE may be bracketed."""
    text = text.strip()
    if text[0] in "[{<":
        close = {"[": "]", "{": "}", "<": ">"}[text[0]]
        depth = 0
        for i, ch in enumerate(text):
            if ch == text[0]:
                depth += 1
            elif ch == close:
                depth -= 1
                if depth == 0:
                    return text[:i + 1], text[i + 1:]
    ty, _, init = text.partition(" ")
    return ty, init


def meta_fields(text: str) -> dict[str, str]:
    """Fields of a specialized metadata node: '!DILocation(line: 3, column: 5, scope: !7)'."""
    m = _META_FIELDS_RE.match(text.strip())
    if not m:
        return {}
    out = {}
    for part in split_top_level(m.group(1)):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def meta_tuple(text: str) -> list[str]:
    """Elements of a metadata tuple '!{!1, !2, !"x"}' (also 'distinct !{...}')."""
    m = re.match(r"^(?:distinct )?!\{(.*)\}$", text.strip())
    return split_top_level(m.group(1)) if m else []
