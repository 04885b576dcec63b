"""``cryptohls demo``: the main job on defaults.

Today the demo runs the golden reference models on every published vector set and reports which
agree; the stages that compile, co-simulate and benchmark the HLS AES join as those layers land.
"""

from __future__ import annotations

import sys
import time

from cryptohls.golden import selfcheck

VERB = "demo"
HELP = "run the main job on defaults (currently: golden models on the published vectors)"


def add_arguments(parser):
    del parser  # no options yet: the demo runs on defaults


def _stage(title: str) -> None:
    print(f"\n== {title}", flush=True)


def run(args) -> int:
    del args
    _stage("Stage 1: golden reference models on the published test vectors")
    print("This stage checks the Python reference models (cryptohls.golden) against the published")
    print("vectors in ../shared/vectors; every hardware test in the project is judged by these models.")
    started = time.monotonic()
    results = selfcheck.run_all()
    width = max(len(r.name) for r in results)
    for r in results:
        verdict = "PASS" if r.passed else f"FAIL ({r.failures} mismatches)"
        print(f"  {r.name:<{width}}  {r.vectors:>5} vectors  {verdict}")
    print(f"  ({time.monotonic() - started:.1f} s)")
    if not all(r.passed for r in results):
        print("demo: golden models disagree with published vectors", file=sys.stderr)
        return 1
    return 0
