"""Local ``hls::stream`` variables in a function that is imported as an FSM (not a DATAFLOW region).

For synthesis a stream is one volatile word (src/cryptohls/include/hls_stream.h): a top argument's word becomes
FIFO ports, but a local stream's word is just a register. It behaves as a FIFO only while every write
is read before the next write and nothing is read before it is written. Anything else — two writes
in a row, which a DATAFLOW region would buffer in a FIFO of the STREAM depth — would silently lose
words (issue 32: GCM's and SHA-256's regions ran sequentially when their DATAFLOW was not applied,
and the first process's words overwrote each other). So each local stream's accesses are followed
through the control flow (states "empty" and "full"), and a write that may find the word full, or a
read that may find it empty, is refused at that access.
"""

from __future__ import annotations

from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.dbginfo import DebugInfo, real_path
from cryptohls.frontend.driver import REPO_INCLUDE
from cryptohls.frontend.interface import STREAM_CHECK
from cryptohls.frontend.llparse import LLFunction

EMPTY, FULL = "empty", "full"


def _is_stream_type(dbg: DebugInfo, ref: str | None) -> bool:
    for _ in range(50):   # through typedefs, const and volatile
        if not ref or dbg.node_kind(ref) != "DIDerivedType":
            break
        ref = dbg.fields(ref).get("baseType")
    f = dbg.fields(ref)
    return dbg.node_kind(ref or "") == "DICompositeType" and "N3hls6stream" in f.get("identifier", "")


def _stream_words(fn: LLFunction, dbg: DebugInfo) -> dict[str, str]:
    """alloca -> the DILocalVariable of the local stream it holds."""
    return {alloca: var for alloca, var in fn.declares.items() if _is_stream_type(dbg, dbg.fields(var).get("type"))}


def _access(ins, words: dict[str, str]) -> tuple[str, str] | None:
    """(alloca, "read"/"write") of a volatile load or store of a local stream's word."""
    if ins.opcode not in ("load", "store") or "volatile" not in ins.tokens:
        return None
    ptr = next((t for k, t in enumerate(ins.tokens) if k > 0 and ins.tokens[k - 1] == "ptr" and t in words), None)
    if ptr is None:
        return None
    return ptr, "read" if ins.opcode == "load" else "write"


def _successors(bb) -> list[str]:
    term = bb.instrs[-1]
    return [t.lstrip("%") for k, t in enumerate(term.tokens) if k > 0 and term.tokens[k - 1] == "label"]


def check_local_streams(fn: LLFunction, dbg: DebugInfo, src: Path) -> None:
    """Refuses a local stream of ``fn`` that could hold two words at once, or be read before a write:
    the states each word may be in at each block's entry are computed to a fixpoint, then the first
    bad access in block order is reported (a write, usually, rather than the read it starves)."""
    words = _stream_words(fn, dbg)
    for bb in fn.blocks:   # empty()/full() on a local stream: the importer refuses it with its own message
        for ins in bb.instrs:
            if ins.opcode == "call" and f"@{STREAM_CHECK}" in ins.tokens:
                for t in ins.tokens:
                    words.pop(t, None)
    if not words:
        return
    blocks = {bb.name.lstrip("%"): bb for bb in fn.blocks}
    entry = fn.blocks[0].name.lstrip("%")
    state_in: dict[str, dict[str, frozenset]] = {entry: {w: frozenset({EMPTY}) for w in words}}

    def run(name: str, report: bool) -> dict[str, frozenset]:
        state = dict(state_in[name])
        for ins in blocks[name].instrs:
            acc = _access(ins, words)
            if acc is None:
                continue
            word, kind = acc
            if report and (FULL if kind == "write" else EMPTY) in state[word]:
                raise _refusal(dbg, ins, words[word], kind, src)
            state[word] = frozenset({FULL if kind == "write" else EMPTY})
        return state
    work = [entry]
    while work:
        name = work.pop()
        state = run(name, False)
        for succ in _successors(blocks[name]):
            old = state_in.get(succ)
            new = state if old is None else {w: old[w] | state[w] for w in words}
            if new != old:
                state_in[succ] = new
                work.append(succ)
    for bb in fn.blocks:
        if bb.name.lstrip("%") in state_in:
            run(bb.name.lstrip("%"), True)


def _user_loc(dbg: DebugInfo, ref: str | None):
    """The access's place in the user's code: the first location along the inlining chain outside the
    compiler's own headers (a read() of src/cryptohls/include/hls_stream.h is reported at the user's s.read())."""
    ours = real_path(str(REPO_INCLUDE)) + "/"
    first = dbg.loc(ref)
    for _ in range(100):
        loc = dbg.loc(ref)
        if loc is None:
            return first
        if not real_path(loc.file).startswith(ours):
            return loc
        ref = dbg.fields(ref).get("inlinedAt")
    return first


def _refusal(dbg: DebugInfo, ins, var: str, kind: str, src: Path) -> UserError:
    decl = dbg.fields(var)
    name = decl.get("name", '"?"').strip('"')
    declared = f" (declared at {Path(dbg.file_of_scope(decl.get('scope'))).name}:{decl['line']})" \
        if "line" in decl else ""
    if kind == "write":
        why = ("may be written again before its word is read: outside a DATAFLOW region a local hls::stream "
               "holds one word, not a FIFO of its STREAM depth, so the second word would be lost")
    else:
        why = "may be read before anything is written to it: the hardware would wait forever"
    loc = _user_loc(dbg, ins.dbg)
    where = dict(file=loc.file, line=loc.line, col=loc.col) if loc else dict(file=str(src))
    return UserError(f"local stream '{name}'{declared} {why}",
                     hint="make the function that declares it a DATAFLOW region (the top, or a function the top "
                          "only forwards its arguments to), where it becomes a FIFO; or read each word before "
                          "the next write", **where)


__all__ = ["check_local_streams"]
