"""Sortable HTML tables without a library: each cell may carry a sort key (``data-sort``; empty = missing,
always sorted last), a click on a column head sorts by it, and a table may name its initial order
(``data-initial-sort="COLUMN:asc|desc"``, applied by the page's script). :data:`SCRIPT` also marks every
<img> ``data-rendered="yes"`` once it has loaded with a size, else ``"no"`` with a note under it."""

from __future__ import annotations

import html
from dataclasses import dataclass

SCRIPT = """
function sortTable(table, col, asc) {
  const body = table.tBodies[0];
  const key = r => { const c = r.cells[col]; return c.dataset.sort !== undefined ? c.dataset.sort : c.textContent.trim(); };
  const rows = Array.from(body.rows);
  rows.sort((a, b) => {
    const x = key(a), y = key(b);
    if (x === "" || y === "") return (x === "") - (y === "");
    const nx = Number(x), ny = Number(y);
    const c = !isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y);
    return asc ? c : -c;
  });
  rows.forEach(r => body.appendChild(r));
  table.dataset.sortedBy = col + (asc ? ":asc" : ":desc");
  Array.from(table.tHead.rows[0].cells).forEach((th, i) =>
    th.setAttribute("aria-sort", i === col ? (asc ? "ascending" : "descending") : "none"));
}
document.querySelectorAll("table.sortable").forEach(table => {
  Array.from(table.tHead.rows[0].cells).forEach((th, i) => th.addEventListener("click", () =>
    sortTable(table, i, table.dataset.sortedBy !== i + ":asc")));
  if (table.dataset.initialSort) {
    const [col, dir] = table.dataset.initialSort.split(":");
    sortTable(table, Number(col), dir === "asc");
  }
});
window.addEventListener("load", () => document.querySelectorAll("img").forEach(img => {
  const ok = img.complete && img.naturalWidth > 0;
  img.dataset.rendered = ok ? "yes" : "no";
  if (!ok) {
    const note = document.createElement("p");
    note.className = "broken";
    note.textContent = "plot did not load: " + img.getAttribute("src");
    img.after(note);
  }
}));
"""

STYLE = """body{font-family:sans-serif;margin:2em;max-width:90em}
table{border-collapse:collapse;margin-bottom:1.2em;font-size:90%}
th,td{border:1px solid #bbb;padding:.2em .5em;text-align:right}
th{background:#eee;cursor:pointer}th[aria-sort=ascending]::after{content:" \\25B2"}
th[aria-sort=descending]::after{content:" \\25BC"}
td.text,th.text{text-align:left}td.missing{color:#999;font-style:italic}
td.out{color:#b00}p.note{background:#fff6d5;padding:.4em .7em;border-left:4px solid #e0b000}
p.broken{color:#b00}img{max-width:100%;margin:.3em 1em .3em 0;vertical-align:top}"""


@dataclass(frozen=True)
class Cell:
    text: str
    sort: str | None = None      # None: the text; "": missing (last whichever way)
    css: str = ""

    def html(self) -> str:
        attrs = f' data-sort="{html.escape(self.sort)}"' if self.sort is not None else ""
        attrs += f' class="{self.css}"' if self.css else ""
        return f"<td{attrs}>{html.escape(self.text)}</td>"


def text(value: str) -> Cell:
    return Cell(value, css="text")


def missing(why: str) -> Cell:
    return Cell(why, "", "missing")


def number(value: float | int | None, fmt: str, why: str = "missing", css: str = "") -> Cell:
    if value is None:
        return missing(why)
    return Cell(format(value, fmt), repr(float(value)), css)


def table(table_id: str, header: list[tuple[str, bool]], rows: list[list[Cell]],
          initial_sort: tuple[int, str] | None = None) -> str:
    """`header`: (label, is text) per column."""
    attrs = f' id="{table_id}" class="sortable"'
    if initial_sort is not None:
        attrs += f' data-initial-sort="{initial_sort[0]}:{initial_sort[1]}"'
    head = "".join(f'<th{" class=text" if is_text else ""}>{html.escape(label)}</th>' for label, is_text in header)
    body = "\n".join("<tr>" + "".join(c.html() for c in row) + "</tr>" for row in rows)
    return f"<table{attrs}>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"
