"""docs/lwc-report.html regenerates from docs/lwc-report/rows.jsonl alone (issue 37: the page's numbers come
back with one command, `make lwc-table`, on a machine that never ran the bench): the committed rows imported
into an empty results DB, the page written into a temporary folder with docs/lwc.md beside it (Table IV's
Ta), and every table of it compared cell by cell with the committed page. A row the page shows but the file
lacks, or a page not regenerated after the file grew, fails here."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

from cryptohls.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"


class _Tables(HTMLParser):
    """Every <table> of a page by its id, as rows of cell texts."""

    def __init__(self):
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: list[list[str]] | None = None
        self._cell: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._table = self.tables.setdefault(dict(attrs).get("id") or f"table {len(self.tables)}", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._table:
            self._table[-1].append(" ".join(self._cell.split()))
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data


def tables(page: Path) -> dict[str, list[list[str]]]:
    parser = _Tables()
    parser.feed(page.read_text())
    return parser.tables


def test_the_committed_page_regenerates_from_the_rows_file(tmp_path, monkeypatch):
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(tmp_path / "results"))
    out = tmp_path / "docs"
    out.mkdir()
    shutil.copy(DOCS / "lwc.md", out / "lwc.md")
    assert main(["results", "import", str(DOCS / "lwc-report" / "rows.jsonl")]) == 0
    assert main(["report", "--lwc-report", "--out", str(out)]) == 0
    committed, regenerated = tables(DOCS / "lwc-report.html"), tables(out / "lwc-report.html")
    assert len(committed) >= 8 and list(committed) == list(regenerated)
    for name, rows in committed.items():
        assert len(rows) > 1, name
        for row, again in zip(rows, regenerated[name]):
            assert row == again, (name, row[:2])
        assert len(rows) == len(regenerated[name]), name


def test_a_page_written_into_another_checkout_names_its_folder_there(tmp_path, monkeypatch):
    """`make lwc-bench LWC_DOCS=/work/main/docs` from a clone: the page says `--out docs`, not the absolute
    path of the machine it ran on."""
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(tmp_path / "results"))
    out = tmp_path / "checkout" / "docs"
    out.mkdir(parents=True)
    (tmp_path / "checkout" / ".git").mkdir()
    shutil.copy(DOCS / "lwc.md", out / "lwc.md")
    assert main(["results", "import", str(DOCS / "lwc-report" / "rows.jsonl")]) == 0
    assert main(["report", "--lwc-report", "--out", str(out)]) == 0
    page = (out / "lwc-report.html").read_text()
    assert "<code>cryptohls report --lwc-report --out docs</code>" in page
    assert str(tmp_path) not in page
