"""Irreducible control flow (a `goto` into a loop) made reducible by node splitting (frontend/node_split.py)
on the -O0 text, function by function, with the located errors and warnings the user sees."""

from __future__ import annotations

from pathlib import Path

from cryptohls.frontend import node_split
from cryptohls.frontend.c_subset import located_error, located_ref
from cryptohls.frontend.dbginfo import DebugInfo
from cryptohls.frontend.llparse import LLFunction


def make_reducible(ll_text: str, dbg: DebugInfo, fns: list[LLFunction], src: Path) -> tuple[str, list[str]]:
    """The rewritten text and a warning per split (its jump, the instructions copied); a jump whose loop
    would need too many copies, or copies that cannot be made, is refused at the jump."""
    warnings = []
    for fn in fns:
        try:
            ll_text, report = node_split.make_reducible(ll_text, fn.name)
        except node_split.SplitTooLarge as e:
            raise located_error(dbg, located_ref(dbg, e.where), src,
                                f"jump into the middle of a loop: making it reducible would copy {e.copied} "
                                f"instructions (the limit is {e.budget})",
                                "restructure the loop so that it is entered only through its header") from None
        except node_split.SplitUnsupported as e:
            raise located_error(dbg, located_ref(dbg, e.where), src,
                                f"jump into the middle of a loop that cannot be copied: {e.reason}",
                                "restructure the loop so that it is entered only through its header") from None
        if report is not None:
            loc = dbg.loc(located_ref(dbg, report.where))
            where = f"{loc.file}:{loc.line}: " if loc else f"{src}: "
            warnings.append(where + f"a jump into a loop: {report.copied} instructions copied so "
                            "that the loop has one entry (node splitting)")
    return ll_text, warnings


__all__ = ["make_reducible"]
