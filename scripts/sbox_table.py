"""Seed 003's S-box tables (Types 1-4; AES: Table IV, MISTY1: Table III): `cryptohls sim` then `cryptohls bench`.

Runs `cryptohls sim` on every variant of designs/aes128-sbox (RTL and HLS; with --cipher misty1 the
HLS variants of designs/misty1-sbox) (published + 1000 random vectors; a failure stops the script),
`cryptohls bench --targets ecp5` on them (rows already in the results database are reused), and
writes the table between the cipher's markers of docs/exploration.md, with the paper's figures beside
ours. Usage (from the repository, after `source scripts/env.sh`)::

    python scripts/sbox_table.py [--cipher aes|misty1] [--seeds N] [--jobs J] [--doc docs/exploration.md] [--no-bench]

--skip VARIANT (repeatable) leaves a variant out of both runs (its row says so).
--no-bench runs no place-and-route: the table takes the rows the results database already holds for
the current sources (a variant without one shows "-"), for a bench still running or cut short.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

TYPES = (1, 2, 3, 4)
ECP5_BRAM = "DP16KD"

# Per cipher: the design, its flows, the doc markers and seed 003's (Watanabe et al.) figures:
# throughput [Mbps], area [slices], throughput/area [Kbps/slice]; Vivado HLS on a Xilinx FPGA.
CIPHERS = {
    # Table IV "AES": two rounds per loop body (Type 3: one).
    "aes": {"design": "aes128-sbox", "flows": ("rtl", "hls"),
            "markers": ("<!-- sbox-table:begin -->", "<!-- sbox-table:end -->"),
            "paper": {1: (96.7, 455, 217.6), 2: (448.1, 403, 1138.6), 3: (37.1, 563, 66.3),
                      4: (1393.5, 646, 2208.9)}},
    # Table III "MISTY1": two FL/FO rounds per loop body.
    "misty1": {"design": "misty1-sbox", "flows": ("hls",),
               "markers": ("<!-- sbox-table-misty1:begin -->", "<!-- sbox-table-misty1:end -->"),
               "paper": {1: (108.4, 518, 214.3), 2: (202.3, 513, 403.8), 3: (168.1, 468, 367.8),
                         4: (202.3, 462, 448.4)}},
}
CIPHER = CIPHERS["aes"]


def variants() -> list[str]:
    return [f"{CIPHER['design']}/{flow}-type{t}" for t in TYPES for flow in CIPHER["flows"]]


def run(cmd: list[str]) -> str:
    print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit(f"sbox_table: `{' '.join(cmd)}` exited with {done.returncode}")
    return done.stdout


def simulate(variant: str) -> dict:
    result = json.loads(run(["cryptohls", "sim", variant]).strip().splitlines()[-1])
    if not result.get("passed"):
        sys.exit(f"sbox_table: {variant} failed its vectors")
    return result


def rows_in_db(names: list[str]) -> dict[str, dict]:
    """The summary lines `cryptohls bench --json` would print, from the rows already in the database."""
    from cryptohls.bench.db import ResultsDB, default_db_path
    from cryptohls.bench.flow import describe
    from cryptohls.bench.sources import source_hash
    from cryptohls.designs import find_variant

    hashes = {name: source_hash(find_variant(name)) for name in names}
    with ResultsDB(default_db_path()) as db:
        rows = [r for r in db.rows() if r.target == "ecp5" and hashes.get(r.variant) == r.source_hash]
    return {line["variant"]: line for line in describe(rows)}


def fmt(value, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def table(sims: dict[str, dict], bench: dict[str, dict], seeds: int, cmd: str) -> str:
    head = ("| Type | flow | cycles / block | latency | LUT4 | FF | BRAM | Fmax (MHz) | throughput (Mbit/s) "
            "| TP/area (kbit/s per LUT4) | paper: throughput (Mbit/s) | paper: area (slices) "
            "| paper: TP/area (kbit/s per slice) |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for t in TYPES:
        for flow in CIPHER["flows"]:
            name = f"{CIPHER['design']}/{flow}-type{t}"
            paper = CIPHER["paper"][t] if flow == "hls" else ("", "", "")
            if name not in sims:
                lines.append(f"| {t} | {flow.upper()} | not run (--skip) |" + " |" * 7
                             + f" {paper[0]} | {paper[1]} | {paper[2]} |")
                continue
            sim, row = sims[name], bench.get(name, {})
            brams = sum(n for cell, n in row.get("other_cells", {}).items() if cell == ECP5_BRAM)
            tp = row.get("throughput_mbps")
            lines.append(
                f"| {t} | {flow.upper()} | {sim['interval']} | {sim['latency']} | {fmt(row.get('luts'), 'd')} "
                f"| {fmt(row.get('ffs'), 'd')} | {brams} | {fmt(row.get('fmax_mhz'), '.1f')} | {fmt(tp, '.1f')} "
                f"| {fmt(None if tp is None or not row.get('luts') else tp / row['luts'] * 1000, '.1f')} "
                f"| {paper[0]} | {paper[1]} | {paper[2]} |")
    missing = [name for name in sims if name not in bench]
    note = [f"Not benchmarked yet (no row in the results database): {', '.join(missing)}.", ""] if missing else []
    device = next(iter(bench.values()))["device"] if bench else "-"
    return "\n".join([f"Produced by `{cmd}`; ecp5 ({device}), best Fmax of up to {seeds} place-and-route "
                      "seed(s), core only.", "", *note, *lines])


def main() -> None:
    global CIPHER
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cipher", choices=sorted(CIPHERS), default="aes")
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--doc", type=Path, default=Path("docs/exploration.md"))
    parser.add_argument("--no-bench", action="store_true", help="table from the rows already in the database")
    parser.add_argument("--skip", action="append", default=[], metavar="VARIANT", help="leave a variant out")
    args = parser.parse_args()
    CIPHER = CIPHERS[args.cipher]
    unknown = [name for name in args.skip if name not in variants()]
    if unknown:
        sys.exit(f"sbox_table: --skip {unknown[0]}: not one of {', '.join(variants())}")
    names = [name for name in variants() if name not in args.skip]
    sims = {name: simulate(name) for name in names}
    if args.no_bench:
        bench = rows_in_db(names)
    else:
        out = run(["cryptohls", "bench", *names, "--targets", "ecp5", "--seeds", str(args.seeds),
                   "--jobs", str(args.jobs), "--json"])
        bench = {line["variant"]: line for line in json.loads(out) if line["target"] == "ecp5"}
    cmd = " ".join(["python scripts/sbox_table.py"] + ([] if args.cipher == "aes" else [f"--cipher {args.cipher}"])
                   + [f"--seeds {args.seeds}"] + (["--no-bench"] if args.no_bench else [])
                   + [f"--skip {name}" for name in args.skip])
    BEGIN, END = CIPHER["markers"]
    text = args.doc.read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"sbox_table: {args.doc} lacks the markers {BEGIN} / {END}")
    before, rest = text.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    args.doc.write_text(f"{before}{BEGIN}\n{table(sims, bench, args.seeds, cmd)}\n{END}{after}")
    print(f"sbox_table: wrote the table into {args.doc}", file=sys.stderr)


if __name__ == "__main__":
    main()
