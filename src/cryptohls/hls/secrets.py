"""The secret-independence section of a compile's report (issue 22 items 1–2).

The user names the secret arguments (``cryptohls compile --secret key``); ``ir/taint.py`` finds
every decision of the compiled top that depends on them; this module checks the names against the
top's C arguments and writes the verdict and the leaks, each with the user's file:line:col and the
chain of operations that carries the dependence, in report.json and report.txt.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.hls.compile_function import CompiledFunction
from cryptohls.ir.taint import Leak, find_leaks, parse_secret, tainted_memories


def check_secret_names(secrets: tuple[str, ...], arguments: list[str], top: str) -> None:
    """Every name must be an argument of the top (exit 2 with a "did you mean" otherwise); ``NAME[LO..HI]``
    names elements LO to HI of an array argument."""
    for spec in secrets:
        name, _ = parse_secret(spec)
        if "[" in name or "]" in name:
            raise UserError(f"--secret '{spec}': write a range of elements as NAME[LO..HI]", hint="e.g. in[1..16]")
        if name not in arguments:
            close = difflib.get_close_matches(name, arguments, n=1)
            raise UserError(f"--secret names '{name}', which is not an argument of '{top}'",
                            hint=f"did you mean '{close[0]}'?" if close else
                            f"the arguments are: {', '.join(arguments) or '(none)'}")


def _source_text(src: Path, line: int) -> str:
    try:
        lines = src.read_text(errors="replace").splitlines()
    except OSError:
        return ""
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""


def leak_entry(leak: Leak, src: Path) -> dict:
    """One leak as report.json gives it: where, what kind, and why (the C line that decides)."""
    text = _source_text(src, leak.line)
    why = f"{leak.kind} at {src.name}:{leak.line} depends on '{leak.secret}'" + (f" through `{text}`" if text else "")
    return {"file": str(src), "line": leak.line, "col": leak.col, "kind": leak.kind, "secret": leak.secret,
            "why": why, "chain": [{"what": s.what, "line": s.line, "col": s.col} for s in leak.chain]}


def secret_section(compiled: CompiledFunction, subs: dict[str, CompiledFunction], secrets: tuple[str, ...],
                   src: Path) -> dict:
    """``{"secrets", "secret_independent", "leaks", "exposures"}`` for the top's report."""
    variable = frozenset(name for name, sub in subs.items() if sub.latency[0] != sub.latency[1])
    found = find_leaks(compiled.function, set(secrets), variable)
    leaks = [leak_entry(k, src) for k in found if k.timing]
    return {"secrets": list(secrets), "secret_independent": not leaks, "leaks": leaks,
            "exposures": [leak_entry(k, src) for k in found if not k.timing]}


def dataflow_secret_section(graph, processes: dict[str, CompiledFunction], secrets: tuple[str, ...],
                            src: Path) -> dict:
    """The section for a DATAFLOW top: each process is analysed with the secrets of its arguments —
    an argument bound to a secret top argument, or to a channel that a process writes with a
    secret-derived value — until no channel becomes secret any more (a channel's FIFO is the same
    number of cycles for every value, so the secret travels as data only, like a memory)."""
    secret_channels: set[str] = set()
    while True:
        grown = set(secret_channels)
        for call in graph.processes:
            fn = processes[call.c_name].function
            local = _process_secrets(call, set(secrets), secret_channels)
            mine = tainted_memories(fn, local) if local else set()
            grown |= {b.name for arg, b in call.args if b.kind == "channel" and arg in mine}
        if grown == secret_channels:
            break
        secret_channels = grown
    leaks: list[dict] = []
    exposures: list[dict] = []
    for call in graph.processes:
        sub = processes[call.c_name]
        local = _process_secrets(call, set(secrets), secret_channels)
        if not local:
            continue
        variable = frozenset(name for name, other in processes.items() if other.latency[0] != other.latency[1])
        for k in find_leaks(sub.function, local, variable):
            entry = leak_entry(k, src)
            entry["process"] = call.c_name
            (leaks if k.timing else exposures).append(entry)
    return {"secrets": list(secrets), "secret_independent": not leaks, "leaks": leaks, "exposures": exposures,
            "secret_channels": sorted(secret_channels)}


def _process_secrets(call, secrets: set[str], channels: set[str]) -> set[str]:
    """The arguments of one process (its IR names) that carry a secret."""
    return {arg.rsplit(".coerce", 1)[0] for arg, b in call.args
            if (b.kind == "top" and b.name in {parse_secret(s)[0] for s in secrets}) or (b.kind == "channel" and b.name in channels)}


def secret_text(section: dict) -> str:
    """The report.txt lines of the section."""
    names = ", ".join(section["secrets"])
    if section["secret_independent"]:
        out = f"\n== Secret-independent timing: yes (secrets: {names}; compiler's IR analysis)\n"
    else:
        out = f"\n== Secret-independent timing: NO (secrets: {names}; compiler's IR analysis)\n"
    for leak in section["leaks"]:
        out += f"    {Path(leak['file']).name}:{leak['line']}:{leak['col']}: {leak['why']}\n"
    if section.get("secret_channels"):
        out += f"    DATAFLOW channels carrying a secret: {', '.join(section['secret_channels'])}\n"
    for leak in section["exposures"]:
        out += (f"    {Path(leak['file']).name}:{leak['line']}:{leak['col']}: a secret-derived address on an "
                f"argument's memory port ({leak['why']})\n")
    return out


__all__ = ["check_secret_names", "dataflow_secret_section", "leak_entry", "secret_section", "secret_text"]
