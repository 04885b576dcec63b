"""Generated tables inside hand-written Markdown: the text between ``<!-- NAME:begin -->`` and
``<!-- NAME:end -->`` of a doc is replaced, everything around it is kept.

Every generator that fills a doc (the seed tables of cryptohls.experiments, scripts/verify_library.py,
scripts/equivalence_corpus.py) writes through ``write_table``; ``check_markers`` lets a long run find a
doc without its markers before it starts.
"""

from __future__ import annotations

from pathlib import Path

from cryptohls.errors import UserError


def markers(name: str) -> tuple[str, str]:
    return f"<!-- {name}:begin -->", f"<!-- {name}:end -->"


def marker_error(doc: Path, *names: str) -> UserError | None:
    """Why the named tables cannot be written into ``doc`` (no such file, a marker pair missing or end
    before begin), or None."""
    if not doc.is_file():
        return UserError("no such file", file=doc)
    text = doc.read_text()
    for name in names:
        begin, end = markers(name)
        if begin not in text or end not in text.partition(begin)[2]:
            return UserError(f"no {begin} … {end} markers to write the table between", file=doc)
    return None


def check_markers(doc: Path, *names: str) -> None:
    """Raises ``marker_error``'s UserError, if any."""
    if (error := marker_error(doc, *names)) is not None:
        raise error


def write_table(doc: Path, name: str, body: str) -> None:
    """Replaces what stands between the named markers of ``doc`` with ``body`` (on lines of its own)."""
    check_markers(doc, name)
    begin, end = markers(name)
    head, _, rest = doc.read_text().partition(begin)
    tail = rest.partition(end)[2]
    doc.write_text(f"{head}{begin}\n{body.rstrip(chr(10))}\n{end}{tail}")
