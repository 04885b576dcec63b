"""DATAFLOW on the top function: its body must be a sequence of calls (processes) connected by local
``hls::stream`` variables (channels). Reads that shape from the optimised LLVM IR of the top."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.directives import DirectiveTable
from cryptohls.frontend.llparse import LLFunction

_IGNORED_CALLS = ("@llvm.",)


@dataclass
class Binding:
    """What drives one LLVM argument of a process: a top argument piece, a channel or a constant."""
    kind: str                # "top" (top parameter, lo = bit offset), "channel", "const"
    name: str = ""
    lo: int = 0
    value: int = 0
    width: int = 0


@dataclass
class ProcessCall:
    ll_name: str
    c_name: str
    args: list[tuple[str, Binding]] = field(default_factory=list)   # (callee LLVM argument name, binding)


@dataclass
class DataflowGraph:
    processes: list[ProcessCall] = field(default_factory=list)
    channels: dict[str, int] = field(default_factory=dict)          # local stream -> FIFO depth
    top_ll: str = ""                                               # LLVM name of the dataflow function
    directives: DirectiveTable = field(default_factory=DirectiveTable)   # the source's variable directives


def _split_args(tokens: list[str], start: int) -> list[list[str]]:
    args, depth, cur = [], 0, []
    for t in tokens[start:]:
        if t in "([{<":
            depth += 1
        elif t in ")]}>":
            if depth == 0:
                break
            depth -= 1
        if t == "," and depth == 0:
            args.append(cur)
            cur = []
            continue
        cur.append(t)
    if cur:
        args.append(cur)
    return args


def _coerced(name: str) -> tuple[str, int]:
    m = re.fullmatch(r"(.+)\.coerce(\d*)", name)
    return (m.group(1), 64 * int(m.group(2) or 0)) if m else (name, 0)


def channel_name(ll_value: str) -> str:
    """The C name of a local stream from its LLVM alloca: clang numbers repeated names (``s.1``) and
    the inliner marks copies (``s.i``, once per inlined level: a region in a function the top forwards
    to); neither can be part of a C identifier."""
    return re.sub(r"(\.i|\.\d+)+$", "", ll_value.strip('%"'))


def dataflow_graph(top: LLFunction, mod, kept: dict[str, str], src: Path, directives: DirectiveTable) -> DataflowGraph:
    graph = DataflowGraph(top_ll=top.name, directives=directives)
    locals_: dict[str, str] = {}
    top_args = {a.name for a in top.args}

    def fail(message: str, hint: str | None = None) -> UserError:
        return UserError(message, file=str(src), hint=hint or "a DATAFLOW function only declares "
                         "hls::stream variables and calls its processes with them")
    for bb in top.blocks:
        for ins in bb.instrs:
            if ins.opcode == "alloca" and ins.result:
                locals_[ins.result] = channel_name(ins.result)
            elif ins.opcode == "call":
                callee = next((t for k, t in enumerate(ins.tokens[:-1]) if ins.tokens[k + 1] == "(" and
                               t.startswith("@")), None)
                if callee is None or callee.startswith(_IGNORED_CALLS):
                    continue
                if callee not in kept:
                    raise fail(f"DATAFLOW: call to '{callee.strip('@')}' is not a process")
                call = ProcessCall(callee, kept[callee])
                start = ins.tokens.index(callee) + 2
                ll_args = mod.functions[callee].args
                for a, toks in zip(ll_args, _split_args(ins.tokens, start)):
                    value = toks[-1]
                    if value in locals_:
                        binding = Binding("channel", locals_[value])
                    elif value in top_args:
                        base, lo = _coerced(value.strip('%"'))
                        binding = Binding("top", base, lo)
                    elif re.fullmatch(r"-?\d+", value):
                        binding = Binding("const", value=int(value), width=int(toks[0][1:]) if
                                          toks[0].startswith("i") and toks[0][1:].isdigit() else 32)
                    elif value in ("true", "false"):
                        binding = Binding("const", value=int(value == "true"), width=1)
                    else:
                        raise fail(f"DATAFLOW: argument '{value}' of '{kept[callee]}' is computed in the "
                                   "dataflow function")
                    call.args.append((a.name.strip('%"'), binding))
                graph.processes.append(call)
            elif ins.opcode in ("ret", "br"):
                continue
            else:
                raise fail(f"DATAFLOW: '{ins.opcode}' in the dataflow function")
    used = {b.name for p in graph.processes for _, b in p.args if b.kind == "channel"}
    for name in sorted(used):
        graph.channels[name] = 2
    for name in graph.channels:
        for p in directives.of([name], ("STREAM",)):
            depth = p.int_option("depth")   # validated (an integer >= 1) by frontend/pragmas.py
            if depth is not None:
                graph.channels[name] = depth
    return graph
