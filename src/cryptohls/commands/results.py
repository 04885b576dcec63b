"""``cryptohls results``: the results database's rows to and from a text file (bench/rows_file.py).

``export`` writes the rows a page in docs/ is built from into a file committed beside it; ``import`` adds
a file's rows to this machine's DB, so that `make lwc-table` regenerates the page on a machine that did not
run the bench, and a bench run there reuses them instead of running again.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cryptohls.bench.db import ResultsDB, default_db_path, read_rows, results_dir
from cryptohls.bench.rows_file import dump_rows, import_rows, load_rows
from cryptohls.bench.targets import parse_targets
from cryptohls.designs import all_variants
from cryptohls.errors import UserError
from cryptohls.report.critical_path import with_recorded_path

VERB = "results"
HELP = "export the results database's rows to a JSON-lines file, or import such a file"


def add_arguments(parser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True,
                                    parser_class=type(parser))
    export = actions.add_parser("export", help="write rows of the results DB to FILE (one JSON object a line, "
                                               "sorted; replaced at once)")
    export.add_argument("file", type=Path, metavar="FILE")
    export.add_argument("--designs", nargs="+", default=None, metavar="DESIGN",
                        help="only these designs' rows (default: every row)")
    export.add_argument("--targets", default=None, help="only these targets (comma-separated)")
    imported = actions.add_parser("import", help="add the rows of FILE (written by export) that the results DB "
                                                 "does not hold; a row it holds with another measurement is "
                                                 "reported and left as it is")
    imported.add_argument("file", type=Path, metavar="FILE")


def run(args) -> int:
    return _export(args) if args.action == "export" else _import(args)


def _export(args) -> int:
    rows = read_rows(default_db_path())
    if args.designs is not None:
        known = {v.design for v in all_variants()} | {row.design for row in rows}
        unknown = [d for d in args.designs if d not in known]
        if unknown:
            raise UserError(f"unknown design(s) {', '.join(unknown)}", hint="`cryptohls designs` lists them")
        rows = [row for row in rows if row.design in args.designs]
    if args.targets is not None:
        targets = {t.name for t in parse_targets(args.targets)}
        rows = [row for row in rows if row.target in targets]
    work_root = results_dir() / "work"
    rows = [with_recorded_path(row, work_root) for row in rows]
    dump_rows(rows, args.file)
    print(f"results export: {len(rows)} rows -> {args.file}")
    return 0


def _import(args) -> int:
    rows = load_rows(args.file)          # the whole file checked before the DB is touched
    with ResultsDB(default_db_path()) as db:
        added, same, differing = import_rows(db, rows)
    print(f"results import: {args.file}: {added} rows added, {same} already recorded"
          + (f", {len(differing)} recorded with another measurement (kept as recorded)" if differing else ""))
    for row in differing:
        print(f"  differs: {row.variant} on {row.target} seed {row.seed} ({row.options})", file=sys.stderr)
    return 0
