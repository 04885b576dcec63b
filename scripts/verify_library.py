"""`cryptohls verify` of every HLS variant of the design library (issue 22) and of the CipherCore of every
LWC RTL variant (issue 33): secret independence over the secrets each design.toml declares
(`secret = [...]`), and C-to-RTL equivalence of one call; the table goes to docs/verify.md between
`<!-- verify-library:begin -->` and `<!-- verify-library:end -->`.

    python scripts/verify_library.py [--timeout S] [--only DESIGN/VARIANT ...] [--no-docs] [--no-equivalence]
                                     [--miter-solver z3|yosys] [--table-only]

Each row is added to build/verify-library/results.json as soon as it is done; --table-only rewrites the
docs table from that file (e.g. after a run that was stopped).

With --only, the rows of the earlier run (build/verify-library/results.json) are kept and these
replaced.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from cryptohls.designs import all_variants  # noqa: E402
from cryptohls.errors import UserError  # noqa: E402
from cryptohls.report.doc_table import marker_error, write_table  # noqa: E402
from cryptohls.verify import verify  # noqa: E402
from cryptohls.verify.library import variant_request  # noqa: E402

DOC, TABLE = REPO / "docs" / "verify.md", "verify-library"   # the table's markers in DOC


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=int, default=300, help="each solver's limit per variant in seconds")
    ap.add_argument("--only", nargs="*", help="variants (DESIGN/VARIANT)")
    ap.add_argument("--no-docs", action="store_true", help="do not rewrite docs/verify.md")
    ap.add_argument("--no-equivalence", dest="equivalence", action="store_false",
                    help="only the secret-independence proof (the equivalence column says 'not run')")
    ap.add_argument("--miter-solver", choices=("z3", "yosys"), default="z3")
    ap.add_argument("--table-only", action="store_true", help="only rewrite the docs table from results.json")
    args = ap.parse_args()
    if not args.no_docs and (missing := marker_error(DOC, TABLE)):     # before hours of solving
        print(f"{Path(__file__).name}: {missing}", file=sys.stderr)
        return 2
    out = REPO / "build" / "verify-library"
    out.mkdir(parents=True, exist_ok=True)
    results = out / "results.json"
    names = [v.full_name for v in all_variants() if (v.kind == "hls" or v.interface == "lwc")   # an LWC RTL core too
             and (not args.only or v.full_name in args.only)]
    rows = []
    earlier = {r["variant"]: r for r in json.loads(results.read_text())} if results.is_file() else {}
    for n, name in enumerate([] if args.table_only else names, 1):
        started = time.monotonic()
        row = {"variant": name}
        try:
            summary = verify(variant_request(name, out / name.replace("/", "-"), timeout_s=args.timeout,
                                             equivalence=args.equivalence, miter_solver=args.miter_solver))
            eq, miter = summary.get("equivalence_check", {}), summary.get("miter", {})
            row.update(secrets=summary["secrets"], secret_independent=summary["secret_independent"],
                       miter=miter.get("status"), miter_bound=miter.get("bound", ""),
                       miter_seconds=miter.get("seconds"), miter_solver=miter.get("solver"),
                       leaks=len(summary["leaks"]), equivalence=summary["equivalence"] or "not run",
                       first_difference=miter.get("first_difference"),
                       found_by="random simulation" if miter.get("found_by") else "solver",
                       replay=(miter.get("replay") or {}).get("cycles"),
                       induction=(miter.get("induction") or {}).get("registers_dropped"),
                       equivalence_reason=eq.get("reason", ""))
        except UserError as e:
            row.update(error=str(e).splitlines()[0])
        row["seconds"] = round(time.monotonic() - started, 1)
        rows.append(row)
        print(f"[{n}/{len(names)}] {json.dumps(row)}", flush=True)
        earlier[name] = row           # the rows of earlier runs, updated by this one, after every row
        results.write_text(json.dumps([earlier[k] for k in sorted(earlier)], indent=1) + "\n")
    rows = [earlier[k] for k in sorted(earlier)]
    if not args.no_docs:
        table = [f"Produced by `python scripts/verify_library.py --timeout {args.timeout}"
                 f"{'' if args.equivalence else ' --no-equivalence'}`.", "",
                 "| variant | secrets | secret-independent (miter) | IR leaks | equivalence of one call | seconds |",
                 "|---|---|---|---|---|---|"]
        for r in rows:
            if "error" in r:
                table.append(f"| {r['variant']} | | error: {r['error']} | | | {r['seconds']} |")
                continue
            verdict = {True: "yes", False: "NO", None: "—"}[r["secret_independent"]]
            solver = f", {r['miter_solver']} {r['miter_seconds']} s" if r.get("miter_solver") else ""
            miter = f"{verdict} ({r['miter']}, {r['miter_bound']}{solver})" if r["miter"] else "no secrets declared"
            if r.get("first_difference"):
                miter += f"; control differs at cycle {r['first_difference']}, found by {r['found_by']}"
            if r.get("replay"):
                miter += f"; cosim replay: {r['replay']['x']} vs {r['replay']['y']} cycles"
            eq = r["equivalence"] + (f": {r['equivalence_reason']}" if r["equivalence_reason"] else "")
            table.append(f"| {r['variant']} | {', '.join(r['secrets'])} | {miter} | {r['leaks']} | "
                         f"{eq.replace('|', '/')} | {r['seconds']} |")
        write_table(DOC, TABLE, "\n".join(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
