"""``cryptohls report``: tables (Markdown, CSV, JSON), plots and an HTML page from the results DB."""

from __future__ import annotations

import sys
from pathlib import Path

from cryptohls.bench.db import ResultsDB, default_db_path, results_dir
from cryptohls.bench.synth import MAPPINGS
from cryptohls.bench.targets import parse_targets
from cryptohls.errors import UserError
from cryptohls.report.html import write_html
from cryptohls.report.summary import row_mapping, select, summarize
from cryptohls.report.tables import render_csv, render_json, render_markdown

VERB = "report"
HELP = "tables, plots and an HTML page from the benchmark results database"
FORMATS = ("md", "csv", "json", "html")
_TEXT_RENDERERS = {"md": (render_markdown, "report.md"), "csv": (render_csv, "report.csv"),
                   "json": (render_json, "report.json")}


def add_arguments(parser) -> None:
    parser.add_argument("--format", default="md",
                        help=f"comma-separated formats from {','.join(FORMATS)} (default md)")
    parser.add_argument("--out", type=Path, default=None,
                        help="write report files into DIR (default: text to stdout; HTML into "
                             "$CRYPTOHLS_RESULTS_DIR/report)")
    parser.add_argument("--variants", nargs="+", default=None, metavar="VARIANT",
                        help="only these variants (or designs)")
    parser.add_argument("--targets", default=None, help="only these targets (comma-separated)")
    parser.add_argument("--mapping", choices=MAPPINGS, default="delay",
                        help="rows synthesized with this LUT mapping goal (`cryptohls bench --mapping`; "
                             "default delay)")


def parse_formats(text: str) -> list[str]:
    formats = [f.strip() for f in text.split(",") if f.strip()]
    for name in formats:
        if name not in FORMATS:
            raise UserError(f"unknown report format {name!r}", hint=f"choose from {', '.join(FORMATS)}")
    if not formats:
        raise UserError("--format is empty", hint=f"choose from {', '.join(FORMATS)}")
    return list(dict.fromkeys(formats))


def run(args) -> int:
    formats = parse_formats(args.format)
    targets = [t.name for t in parse_targets(args.targets)] if args.targets else None
    db_path = default_db_path()
    if not db_path.is_file():
        raise UserError(f"no results database at {db_path}",
                        hint="run `cryptohls bench VARIANT --targets ...` first, or set CRYPTOHLS_RESULTS_DIR")
    with ResultsDB(db_path) as db:
        rows = [r for r in db.rows() if row_mapping(r.options) == args.mapping]
        summaries = select(summarize(rows), args.variants, targets)
    for name in formats:
        if name == "html":
            page = write_html(summaries, args.out or results_dir() / "report")
            print(f"cryptohls report: wrote {page}", file=sys.stderr)
            continue
        render, filename = _TEXT_RENDERERS[name]
        text = render(summaries)
        if args.out is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / filename).write_text(text)
            print(f"cryptohls report: wrote {args.out / filename}", file=sys.stderr)
    return 0
