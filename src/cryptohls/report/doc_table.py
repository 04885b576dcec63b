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


def check_markers(doc: Path, *names: str) -> None:
    """The doc exists and holds each named marker pair, begin before end (else a UserError at the doc)."""
    if not doc.is_file():
        raise UserError("no such file", file=doc)
    text = doc.read_text()
    for name in names:
        begin, end = markers(name)
        if begin not in text or end not in text.partition(begin)[2]:
            raise UserError(f"no {begin} … {end} markers to write the table between", file=doc)


def write_table(doc: Path, name: str, body: str) -> None:
    """Replaces what stands between the named markers of ``doc`` with ``body`` (on lines of its own)."""
    check_markers(doc, name)
    begin, end = markers(name)
    head, _, rest = doc.read_text().partition(begin)
    tail = rest.partition(end)[2]
    doc.write_text(f"{head}{begin}\n{body.rstrip(chr(10))}\n{end}{tail}")
