"""A long fuzz campaign (issue 38's 10,000 programs) in chunks, and its table for docs/fuzzing.md.

    python scripts/fuzz_campaign.py run --first 1 --last 10000 --out build/fuzz10k [--chunk 100] [--jobs 1]
    python scripts/fuzz_campaign.py table --out build/fuzz10k

`run` runs `cryptohls fuzz --count CHUNK --seed S --jobs J --scheduler threads --out OUT/S --json` for
each chunk S = FIRST, FIRST + CHUNK, ... that has no complete run on the current compiler, one after
the other, and appends to OUT/runs.jsonl what the table needs that `cryptohls fuzz` does not record:
the commit, the user + sys CPU seconds of the whole chunk (generation, native reference, compile,
hardware runs, the harness) and its wall time. The chunks run on a frozen copy of the commit's `src`
(`git archive`, in OUT/src-<commit>), so that a merge during a campaign of many hours does not mix
compilers within a chunk. A file OUT/STOP ends the run before the next chunk.

A chunk run again on a newer compiler appends its outcomes to the chunk's outcomes.jsonl (`cryptohls
fuzz` keys them by compiler digest); `table` then prints a row for each run, and the totals count each
program once, on its newest run. A program run again on the same compiler (after a change of the harness:
`cryptohls fuzz --count 1 --seed N --out OUT/S`, S its chunk) counts on its last record.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = ("programs", "compiler", "generated", "skipped", "tested", "refused", "compiled", "matched",
           "mismatched", "crashed", "timed out", "harness", "CPU s (per program)", "wall")


def _commit() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()


def _frozen_src(out: Path, commit: str) -> Path:
    """OUT/src-<commit>/src: the commit's src as committed (not the working tree)."""
    folder = out / f"src-{commit}"
    if not (folder / "src").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "src"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder / "src"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _outcomes(chunk: Path) -> list[dict]:
    path = chunk / "outcomes.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.is_file() else []


def _runs(out: Path) -> list[dict]:
    path = out / "runs.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.is_file() else []


def run(args: argparse.Namespace) -> int:
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    commit = _commit()
    src = _frozen_src(out, commit)
    env = {**os.environ, "PYTHONPATH": str(src)}
    compiler = subprocess.run([sys.executable, "-c", "from cryptohls.hls.fingerprint import compiler_digest; "
                               "print(compiler_digest()[:16])"], capture_output=True, text=True, env=env,
                              check=True).stdout.strip()
    # a chunk is done when a complete run of it had this compiler (another commit may have the same one)
    done = {(r["seed"], r["compiler"]) for r in _runs(out) if r["status"] in (0, 1)}
    for seed in range(args.first, args.last + 1, args.chunk):
        count = min(args.chunk, args.last + 1 - seed)
        if (seed, compiler) in done:
            continue
        if (out / "STOP").exists():
            print(f"stopped before chunk {seed} ({out / 'STOP'})", flush=True)
            return 0
        print(f"chunk {seed}-{seed + count - 1} on {commit}: started {time.strftime('%H:%M:%S')}", flush=True)
        cpu, wall = _children_cpu(), time.monotonic()
        with open(out / f"{seed}.json", "w") as stdout, open(out / f"{seed}.err", "w") as stderr:
            proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "fuzz", "--count", str(count), "--seed",
                                   str(seed), "--jobs", str(args.jobs), "--scheduler", "threads", "--out",
                                   str(out / str(seed)), "--json"], stdout=stdout, stderr=stderr, env=env, cwd=ROOT)
        record = {"seed": seed, "count": count, "commit": commit, "status": proc.returncode, "jobs": args.jobs,
                  "cpu_s": round(_children_cpu() - cpu, 1), "wall_s": round(time.monotonic() - wall, 1),
                  "compiler": (_outcomes(out / str(seed)) or [{}])[-1].get("key", {}).get("compiler")}
        with open(out / "runs.jsonl", "a") as runs:
            runs.write(json.dumps(record) + "\n")
        # `cryptohls fuzz` exits 1 when it has findings: the chunk is complete all the same
        print(f"chunk {seed}: exit {proc.returncode}, {record['cpu_s']} s CPU, {record['wall_s']} s", flush=True)
        if proc.returncode not in (0, 1):
            print(f"chunk {seed} failed: see {out / f'{seed}.err'}", file=sys.stderr)
            return 1
    return 0


def _row(first: int, outcomes: list[dict], run: dict) -> tuple[list[str], Counter]:
    counts = Counter(o["status"] for o in outcomes)
    tested = len(outcomes) - counts["skipped"]
    compiled = counts["matched"] + counts["mismatched"] + counts["timed_out"]
    named = lambda status: ", ".join(str(o["seed"]) for o in outcomes if o["status"] == status)
    cell = lambda status: f"{counts[status]} ({named(status)})" if counts[status] else "0"
    cells = [f"{first}–{first + len(outcomes) - 1}", run["commit"], str(len(outcomes)), str(counts["skipped"]),
             str(tested), cell("refused"), f"{compiled} ({100 * compiled / max(tested, 1):.1f} %)",
             str(counts["matched"]), cell("mismatched"), cell("crashed"), cell("timed_out"), cell("harness"),
             f"{run['cpu_s']:.0f} ({run['cpu_s'] / len(outcomes):.2f})", time.strftime("%H:%M:%S", time.gmtime(run["wall_s"]))]
    return cells, counts


def table(args: argparse.Namespace) -> int:
    out = args.out.resolve()
    runs = _runs(out)
    if not runs:
        print(f"no runs recorded in {out / 'runs.jsonl'}", file=sys.stderr)
        return 2
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    total, cpu, programs = Counter(), 0.0, 0
    for seed in sorted({r["seed"] for r in runs}):
        outcomes = _outcomes(out / str(seed))
        chunk_runs = [r for r in runs if r["seed"] == seed and r["status"] in (0, 1)]
        chunk_runs = [r for i, r in enumerate(chunk_runs)        # the first run of each compiler
                      if r["compiler"] not in {q["compiler"] for q in chunk_runs[:i]}]
        newest = None
        for run_ in chunk_runs:
            # a program recorded again on the same compiler (by a newer harness: `cryptohls fuzz --count 1
            # --seed N --out OUT/S`) counts once, on its last record
            mine = list({o["seed"]: o for o in outcomes if o["key"]["compiler"] == run_["compiler"]}.values())
            if not mine:
                continue
            cells, counts = _row(seed, mine, run_)
            lines.append("| " + " | ".join(cells) + " |")
            newest = (counts, run_["cpu_s"], len(mine))
        if newest:
            total += newest[0]
            cpu += newest[1]
            programs += newest[2]
    tested = programs - total["skipped"]
    compiled = total["matched"] + total["mismatched"] + total["timed_out"]
    lines.append(f"| **all** (each program on its newest run) | | {programs} | {total['skipped']} | {tested} | "
                 f"{total['refused']} | {compiled} ({100 * compiled / max(tested, 1):.1f} %) | {total['matched']} | "
                 f"{total['mismatched']} | {total['crashed']} | {total['timed_out']} | {total['harness']} | "
                 f"{cpu:.0f} ({cpu / max(programs, 1):.2f}) | |")
    print("\n".join(lines))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="verb", required=True)
    r = sub.add_parser("run", help="run the chunks not yet run on this commit")
    r.add_argument("--first", type=int, default=1)
    r.add_argument("--last", type=int, default=10_000)
    r.add_argument("--chunk", type=int, default=100)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--out", type=Path, required=True)
    t = sub.add_parser("table", help="the campaign's table (markdown) from OUT")
    t.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    return run(args) if args.verb == "run" else table(args)


if __name__ == "__main__":
    sys.exit(main())
