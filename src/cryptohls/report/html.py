"""The HTML report page: comparison tables, rankings and the plots as SVG files beside it."""

from __future__ import annotations

import html
from pathlib import Path

from cryptohls.report.plots import ratio_bars, throughput_area_scatter
from cryptohls.report.summary import Summary, rankings
from cryptohls.report.tables import (COMPARISON_HEADER, RANKING_HEADER, comparison_rows,
                                     grouped_comparisons, ranking_rows)

_STYLE = """body{font-family:sans-serif;margin:2em;max-width:72em}
table{border-collapse:collapse;margin-bottom:1.5em}th,td{border:1px solid #bbb;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}tr.target td{background:#eee;font-weight:bold;text-align:left}
tr.delta td{font-style:italic}"""


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>"]
    for row in rows:
        if row[0].startswith("**"):
            title = row[0].replace("**", "")
            out.append(f'<tr class="target"><td colspan="{len(header)}">{html.escape(title)}</td></tr>')
            continue
        css = ' class="delta"' if row[0] == "Δ" else ""
        out.append(f"<tr{css}>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return out


def write_html(summaries: list[Summary], out_dir: Path) -> Path:
    """Writes ``index.html`` and its SVG plots into ``out_dir``; returns the page's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    body = ["<h1>cryptohls benchmark report</h1>",
            "<p>Area = core only (I/O harness excluded); Fmax = best over seeds (median in "
            "brackets); TP = block bits × best Fmax / interval; TP/Area = TP per LUT.</p>"]
    tables = grouped_comparisons(summaries)
    if tables:
        body.append("<h2>HLS vs RTL</h2>")
        for title, group in tables.items():
            body.append(f"<h3>{html.escape(title)}</h3>")
            body += _table(COMPARISON_HEADER, comparison_rows(group))
    body.append("<h2>Plots</h2>")
    for name, draw, alt in (("throughput_vs_area.svg", throughput_area_scatter, "throughput vs area"),
                            ("hls_rtl_ratios.svg", ratio_bars, "HLS/RTL ratios")):
        if draw(summaries, out_dir / name):
            body.append(f'<p><img src="{name}" alt="{alt}"></p>')
    body.append("<h2>Rankings by TP/Area</h2>")
    for target, ranked in rankings(summaries).items():
        body.append(f"<h3>{html.escape(target)}</h3>")
        body += _table(RANKING_HEADER, ranking_rows(ranked))
    page = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            "<title>cryptohls benchmark report</title>", f"<style>{_STYLE}</style></head><body>",
            *body, "</body></html>", ""]
    path = out_dir / "index.html"
    path.write_text("\n".join(page))
    return path
