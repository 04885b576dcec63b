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
            "table": "sbox-table",
            "paper": {1: (96.7, 455, 217.6), 2: (448.1, 403, 1138.6), 3: (37.1, 563, 66.3),
                      4: (1393.5, 646, 2208.9)}},
    # Table III "MISTY1": two FL/FO rounds per loop body.
    "misty1": {"design": "misty1-sbox", "flows": ("hls",),
               "table": "sbox-table-misty1",
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
        from cryptohls.bench.recorded import recorded_lines
        bench = recorded_lines(names, "ecp5")
    else:
        out = run(["cryptohls", "bench", *names, "--targets", "ecp5", "--seeds", str(args.seeds),
                   "--jobs", str(args.jobs), "--json"])
        bench = {line["variant"]: line for line in json.loads(out) if line["target"] == "ecp5"}
    cmd = " ".join(["python scripts/sbox_table.py"] + ([] if args.cipher == "aes" else [f"--cipher {args.cipher}"])
                   + [f"--seeds {args.seeds}"] + (["--no-bench"] if args.no_bench else [])
                   + [f"--skip {name}" for name in args.skip])
    from cryptohls.report.doc_table import write_table
    write_table(args.doc, CIPHER["table"], table(sims, bench, args.seeds, cmd))
    print(f"sbox_table: wrote the table into {args.doc}", file=sys.stderr)


if __name__ == "__main__":
    main()
