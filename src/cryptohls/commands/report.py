"""``cryptohls report``: tables (Markdown, CSV, JSON), plots and an HTML page from the results DB."""

from __future__ import annotations

import sys
from pathlib import Path

from cryptohls.bench.db import default_db_path, read_rows, results_dir
from cryptohls.bench.synth import MAPPINGS
from cryptohls.bench.targets import parse_targets
from cryptohls.errors import UserError
from cryptohls.designs import repo_root
from cryptohls.report.html import write_html
from cryptohls.report.lwc import (check_lwc_page, earlier_cycles, lwc_rows, measure_rows, render_lwc_markdown,
                                  write_lwc_page)
from cryptohls.report.lwc_rankings import lwc_variant_names, write_rankings
from cryptohls.report.lwc_report import build_report
from cryptohls.report.lwc_page import write_report
from cryptohls.report.summary import select, summarize
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
    parser.add_argument("--mapping", choices=MAPPINGS, default=None,
                        help="only rows synthesized with this LUT mapping goal (a run's --mapping or a strategy "
                             "option set's, e.g. abc9-area); default: every option set, the best kept "
                             "(docs/bench.md, \"Which rows a report keeps\")")
    parser.add_argument("--lwc", action="store_true",
                        help="seed 002's Table IV for the LWC designs instead (cycles per block RTL / HLS / "
                             "ratio and the fixed overhead), measured in simulation; --out DIR writes it into "
                             "DIR/lwc.md between its <!-- lwc-table-iv:begin/end --> markers (the rest is kept); "
                             "--variants may name designs")
    parser.add_argument("--lwc-rankings", action="store_true",
                        help="TP and TP/area rankings of every LWC variant (rtl-u2, hls-u2, ... too) on one target "
                             "(--targets, default ecp5): DIR/lwc-rankings-<target>.md and PNG plots (--out DIR, "
                             "default $CRYPTOHLS_RESULTS_DIR/report), with the HLS/RTL TP/area ratio per pair; "
                             "the seed-002 report in docs is --lwc-report")
    parser.add_argument("--lwc-report", action="store_true",
                        help="the seed-002 report from the results database alone (`make lwc-table`): Table IV "
                             "for the sixteen ciphers beside the seed's, RTL vs HLS rankings by TP and TP/area on "
                             "ecp5 and gowin, RTL/HLS ratio charts and rank correlations: DIR/lwc-report.html and "
                             "DIR/lwc-report/*.png (--out DIR, default docs; Ta from DIR/lwc.md if it has it)")


def parse_formats(text: str) -> list[str]:
    formats = [f.strip() for f in text.split(",") if f.strip()]
    for name in formats:
        if name not in FORMATS:
            raise UserError(f"unknown report format {name!r}", hint=f"choose from {', '.join(FORMATS)}")
    if not formats:
        raise UserError("--format is empty", hint=f"choose from {', '.join(FORMATS)}")
    return list(dict.fromkeys(formats))


def run_lwc(args) -> int:
    if parse_formats(args.format) != ["md"]:
        raise UserError("--lwc writes Markdown only", hint="drop --format or use --format md")
    if args.targets:
        raise UserError("--lwc measures cycles in simulation; --targets does not apply")
    command = "cryptohls report --lwc" + (f" --variants {' '.join(args.variants)}" if args.variants else "")
    command += f" --out {args.out}" if args.out is not None else ""
    log = lambda text: print(f"cryptohls report: {text}", file=sys.stderr)   # noqa: E731
    doc = args.out / "lwc.md" if args.out is not None else None
    if doc is not None:     # told before the minutes of simulation
        check_lwc_page(doc)
    if args.variants and not lwc_rows(args.variants):
        raise UserError("no LWC design matches", hint="LWC designs have interface = \"lwc\" in design.toml")
    # --variants into a page: those designs' rows measured again, the others' kept from the page
    earlier = earlier_cycles(doc) if doc is not None and args.variants else None
    rows = measure_rows(args.variants, repo_root() / "build", log=log, earlier=earlier)
    if not rows:
        raise UserError("no LWC design matches", hint="LWC designs have interface = \"lwc\" in design.toml")
    text = render_lwc_markdown(rows, command, seed_rows=not args.variants or earlier is not None,
                               kept=earlier is not None)
    if doc is None:
        sys.stdout.write(text)
    else:
        write_lwc_page(doc, text)
        print(f"cryptohls report: wrote the Table IV part of {doc}", file=sys.stderr)
    return 0


def run_lwc_rankings(args) -> int:
    if args.lwc:
        raise UserError("--lwc and --lwc-rankings are two reports", hint="run them one at a time")
    if parse_formats(args.format) != ["md"]:
        raise UserError("--lwc-rankings writes Markdown and PNG only", hint="drop --format or use --format md")
    targets = [t.name for t in parse_targets(args.targets)] if args.targets else ["ecp5"]
    if len(targets) != 1:
        raise UserError("--lwc-rankings ranks one target", hint="--targets ecp5")
    target = targets[0]
    db_path = default_db_path()
    names = lwc_variant_names()
    summaries = [s for s in select(summarize(read_rows(db_path), args.mapping), args.variants, [target])
                 if s.variant in names]
    if not summaries:
        raise UserError(f"no bench results for an LWC variant on {target} in {db_path}",
                        hint=f"cryptohls bench ascon-aead128/rtl --targets {target} --seeds 1 --jobs 1")
    out = args.out if args.out is not None else results_dir() / "report"     # docs/ has --lwc-report's page
    command = f"cryptohls report --lwc-rankings --targets {target}" + (f" --out {args.out}" if args.out else "")
    page = write_rankings(summaries, target, out, command)
    print(f"cryptohls report: wrote {page}", file=sys.stderr)
    return 0


def _in_checkout(folder: Path) -> Path:
    """``folder`` as the page names it: an absolute path relative to the checkout that holds it (`make
    lwc-bench` run from a clone writes the main checkout's docs/ by its absolute path; the page says docs)."""
    if not folder.is_absolute():
        return folder
    root = next((d for d in folder.parents if (d / ".git").exists()), None)
    return folder.relative_to(root) if root is not None else folder


def run_lwc_report(args) -> int:
    if args.lwc or args.lwc_rankings:
        raise UserError("--lwc-report is a report of its own", hint="drop --lwc / --lwc-rankings")
    if parse_formats(args.format) != ["md"] or args.targets or args.variants:
        raise UserError("--lwc-report writes its HTML page for every seed cipher on ecp5 and gowin",
                        hint="drop --format, --targets and --variants")
    out = args.out if args.out is not None else repo_root() / "docs"
    command = "cryptohls report --lwc-report" + (f" --out {_in_checkout(args.out)}" if args.out is not None else "")
    command += f" --mapping {args.mapping}" if args.mapping else ""
    page = write_report(build_report(default_db_path(), out, command, mapping=args.mapping), out)
    print(f"cryptohls report: wrote {page}", file=sys.stderr)
    return 0


def run(args) -> int:
    if args.lwc_report:
        return run_lwc_report(args)
    if args.lwc_rankings:
        return run_lwc_rankings(args)
    if args.lwc:
        return run_lwc(args)
    formats = parse_formats(args.format)
    targets = [t.name for t in parse_targets(args.targets)] if args.targets else None
    summaries = select(summarize(read_rows(default_db_path()), args.mapping), args.variants, targets)
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
