"""C-to-RTL equivalence over the kernel corpus (issue 22 item 4): `cryptohls verify` of every kernel of
tests/kernels (and the AES round of tests/verify/kernels), one at a time, and the table in docs/verify.md.

    python scripts/equivalence_corpus.py [--timeout S] [--only NAME ...] [--no-docs]

Each kernel is compiled with the defaults (10 ns, ecp5) and checked for one call; results (and the
work folders) go to build/equivalence-corpus/. The table is written between the markers
`<!-- equivalence-corpus:begin -->` and `<!-- equivalence-corpus:end -->`. With --only, the rows of
the earlier run (build/equivalence-corpus/results.json) are kept and these replaced.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from cryptohls.errors import UserError  # noqa: E402
from cryptohls.hls import CompileOptions  # noqa: E402
from cryptohls.report.doc_table import marker_error, write_table  # noqa: E402
from cryptohls.verify import VerifyRequest, verify  # noqa: E402

DOC, TABLE = REPO / "docs" / "verify.md", "equivalence-corpus"   # the table's markers in DOC


def kernels() -> list[Path]:
    here = REPO / "tests" / "kernels"
    found = [src for src in sorted(here.glob("*.c")) + sorted(here.glob("*.cpp"))
             if not src.stem.endswith("_tb") and (here / f"{src.stem}_tb{src.suffix}").is_file()]
    return found + [REPO / "tests" / "verify" / "kernels" / "aes_round.c"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=int, default=300, help="the solver's limit per kernel in seconds")
    ap.add_argument("--only", nargs="*", help="kernel names")
    ap.add_argument("--no-docs", action="store_true", help="do not rewrite docs/verify.md")
    args = ap.parse_args()
    if not args.no_docs and (missing := marker_error(DOC, TABLE)):     # before hours of solving
        print(f"{Path(__file__).name}: {missing}", file=sys.stderr)
        return 2
    out = REPO / "build" / "equivalence-corpus"
    rows = []
    todo = [k for k in kernels() if not args.only or k.stem in args.only]
    for n, src in enumerate(todo, 1):
        started = time.monotonic()
        try:
            summary = verify(VerifyRequest(src, src.stem, (), out / src.stem, CompileOptions(),
                                           timeout_s=args.timeout))
            check = summary["equivalence_check"]
            row = {"kernel": src.stem, "status": check["status"], "cycles": check["cycles"],
                   "paths": check["paths"], "reason": check.get("reason", ""),
                   "seconds": round(time.monotonic() - started, 1)}
        except UserError as e:
            row = {"kernel": src.stem, "status": "error", "cycles": None, "paths": None, "reason": str(e).splitlines()[0],
                   "seconds": round(time.monotonic() - started, 1)}
        rows.append(row)
        print(f"[{n}/{len(todo)}] {row['kernel']}: {row['status']} in {row['seconds']} s"
              + (f" ({row['reason']})" if row["reason"] else ""), flush=True)
    results = out / "results.json"
    if args.only and results.is_file():       # rows of an earlier full run, updated by this one
        earlier = {r["kernel"]: r for r in json.loads(results.read_text())}
        earlier.update({r["kernel"]: r for r in rows})
        rows = [earlier[k.stem] for k in kernels() if k.stem in earlier]
    results.write_text(json.dumps(rows, indent=1) + "\n")
    counts = {s: sum(r["status"] == s for r in rows) for s in ("proved", "counterexample", "unknown", "error")}
    print(json.dumps(counts))
    if not args.no_docs:
        table = [f"Produced by `python scripts/equivalence_corpus.py --timeout {args.timeout}`: "
                 + ", ".join(f"{v} {k}" for k, v in counts.items()) + f" of {len(rows)} kernels.", "",
                 "| kernel | result | cycles unrolled | C paths | seconds | why not proved |", "|---|---|---|---|---|---|"]
        table += [f"| {r['kernel']} | {r['status']} | {r['cycles'] if r['cycles'] is not None else ''} | "
                  f"{r['paths'] if r['paths'] is not None else ''} | {r['seconds']} | {r['reason'].replace('|', '/')} |"
                  for r in rows]
        write_table(DOC, TABLE, "\n".join(table))
    return 1 if counts["counterexample"] or counts["error"] else 0


if __name__ == "__main__":
    sys.exit(main())
