"""The seed-002 report page in a real browser (headless Chromium, Debian's `chromium`, installed by
scripts/setup.sh): its script sorts the ranking tables by RTL rank, all ten plots load with a size, and a
plot that is missing is reported as such on the page. The page is built from a small hand-made DB."""

from __future__ import annotations

import html.parser
import shutil
import subprocess

import pytest

from cryptohls.report.lwc_page import write_report
from cryptohls.report.lwc_report import build_report

from .lwc_report_rows import make_db


class Dom(html.parser.HTMLParser):
    """The <img> attributes, and per table id its data attributes and its rows' first cells."""

    def __init__(self):
        super().__init__()
        self.images: list[dict] = []
        self.tables: dict[str, dict] = {}
        self.first_cells: dict[str, list[str]] = {}
        self._table = None
        self._cell = None           # text of a first cell being read
        self._column = -1
        self._in_body = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append(attrs)
        elif tag == "table":
            self._table = attrs.get("id")
            self.tables[self._table] = attrs
            self.first_cells[self._table] = []
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr":
            self._column = -1
        elif tag == "td" and self._in_body:
            self._column += 1
            if self._column == 0:
                self._cell = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.first_cells[self._table].append(self._cell.strip())
            self._cell = None
        elif tag == "tbody":
            self._in_body = False


def dump_dom(page, profile) -> Dom:
    browser = shutil.which("chromium")
    assert browser, "chromium is missing: run scripts/setup.sh (it installs Debian's chromium)"
    # --virtual-time-budget: the DOM is dumped after the page's load event and scripts have run
    result = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                             "--virtual-time-budget=5000", "--dump-dom", page.as_uri()],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    dom = Dom()
    dom.feed(result.stdout)
    return dom


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("lwc-page")
    db = make_db(root / "results.sqlite")
    out = root / "docs"
    return write_report(build_report(db, out, "cryptohls report --lwc-report"), out)


def test_tables_sorted_and_plots_rendered(page, tmp_path):
    dom = dump_dom(page, tmp_path / "profile")
    # the script sorted the throughput ranking on ecp5 by RTL rank (the HTML has the seed's order:
    # AES-GCM, AEGIS, AES-OTR, ...); ciphers without an RTL figure last, in that order
    table = dom.tables["rank-tp-ecp5"]
    assert table.get("data-sorted-by") == "5:asc"
    assert dom.first_cells["rank-tp-ecp5"][:6] == ["Ascon", "SILC-AES", "AES-OTR", "AES-GCM", "CLOC-AES", "AEGIS"]
    assert len(dom.first_cells["table-iv"]) == 16 and len(dom.first_cells["correlations"]) == 4
    assert len(dom.images) == 10 and all(img.get("data-rendered") == "yes" for img in dom.images), dom.images


def test_a_missing_plot_is_reported(page, tmp_path):
    broken = page.parent / "lwc-report" / "ratio-tp-gw5a.png"
    kept = broken.read_bytes()
    broken.unlink()
    try:
        dom = dump_dom(page, tmp_path / "profile")
    finally:
        broken.write_bytes(kept)
    rendered = {img["src"]: img.get("data-rendered") for img in dom.images}
    assert rendered.pop("lwc-report/ratio-tp-gw5a.png") == "no"
    assert set(rendered.values()) == {"yes"}
