"""Seed 003's S-box tables (Types 1-4; AES: Table IV, MISTY1: Table III): `cryptohls sim` then `cryptohls bench`.

Runs `cryptohls sim` on every S-box variant of designs/aes128-sbox (RTL and HLS; with --cipher misty1
designs/misty1-sbox) as its design.toml declares them (`rtl-typeN` / `hls-typeN`; published + 1000
random vectors; a failure stops the run), `cryptohls bench --targets ecp5` on them (rows already in the
results database are reused), and writes the table between the cipher's markers of docs/exploration.md
(cryptohls.report.doc_table), with the paper's figures beside ours. Usage (from the repository, after
`source scripts/env.sh`)::

    python scripts/sbox_table.py [--cipher aes|misty1] [--seeds N] [--jobs J] [--doc docs/exploration.md] [--no-bench]

--skip VARIANT (repeatable) leaves a variant out of both runs (its row says so).
--no-bench runs no place-and-route: the table takes the rows the results database already holds for
the current sources (a variant without one shows "-"), for a bench still running or cut short.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench.recorded import recorded_lines
from cryptohls.designs import Variant, designs_dir, load_design
from cryptohls.errors import UserError
from cryptohls.report.doc_table import check_markers, write_table

PROG = "python scripts/sbox_table.py"     # the command the table says produced it
ECP5_BRAM = "DP16KD"
FLOW_ORDER = ("rtl", "hls")               # within a type: the RTL row first
TYPE_VARIANT = re.compile(r"^(rtl|hls)-type(\d+)$")


@dataclass(frozen=True)
class Cipher:
    design: str                 # designs/<design>: its rtl-typeN / hls-typeN variants are the rows
    table: str                  # the doc table's name (its markers in docs/exploration.md)
    # seed 003's (Watanabe et al.) figures per type: throughput [Mbps], area [slices], throughput/area
    # [Kbps/slice]; Vivado HLS on a Xilinx FPGA
    paper: dict[int, tuple[float, int, float]]


CIPHERS = {
    # Table IV "AES": two rounds per loop body (Type 3: one).
    "aes": Cipher("aes128-sbox", "sbox-table",
                  {1: (96.7, 455, 217.6), 2: (448.1, 403, 1138.6), 3: (37.1, 563, 66.3), 4: (1393.5, 646, 2208.9)}),
    # Table III "MISTY1": two FL/FO rounds per loop body.
    "misty1": Cipher("misty1-sbox", "sbox-table-misty1",
                     {1: (108.4, 518, 214.3), 2: (202.3, 513, 403.8), 3: (168.1, 468, 367.8), 4: (202.3, 462, 448.4)}),
}


def sbox_type(variant: Variant) -> int:
    return int(TYPE_VARIANT.match(variant.name)[2])


def variants(cipher: Cipher) -> list[Variant]:
    """The design's S-box variants, by type, the RTL one of a type first."""
    found = [v for v in load_design(designs_dir() / cipher.design) if TYPE_VARIANT.match(v.name)]
    return sorted(found, key=lambda v: (sbox_type(v), FLOW_ORDER.index(v.kind)))


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


def table(cipher: Cipher, rows: list[Variant], sims: dict[str, dict], bench: dict[str, dict], seeds: int,
          cmd: str) -> str:
    head = ("| Type | flow | cycles / block | latency | LUT4 | FF | BRAM | Fmax (MHz) | throughput (Mbit/s) "
            "| TP/area (kbit/s per LUT4) | paper: throughput (Mbit/s) | paper: area (slices) "
            "| paper: TP/area (kbit/s per slice) |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for variant in rows:
        t, flow, name = sbox_type(variant), variant.kind, variant.full_name
        paper = cipher.paper[t] if flow == "hls" else ("", "", "")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("--cipher", choices=sorted(CIPHERS), default="aes")
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--doc", type=Path, default=Path("docs/exploration.md"))
    parser.add_argument("--no-bench", action="store_true", help="table from the rows already in the database")
    parser.add_argument("--skip", action="append", default=[], metavar="VARIANT", help="leave a variant out")
    args = parser.parse_args(argv)
    cipher = CIPHERS[args.cipher]
    try:
        check_markers(args.doc, cipher.table)
        rows = variants(cipher)
    except UserError as err:
        print(f"sbox_table: {err}", file=sys.stderr)
        return 2
    known = [v.full_name for v in rows]
    unknown = [name for name in args.skip if name not in known]
    if unknown:
        print(f"sbox_table: --skip {unknown[0]}: not one of {', '.join(known)}", file=sys.stderr)
        return 2
    names = [name for name in known if name not in args.skip]
    sims = {name: simulate(name) for name in names}
    if args.no_bench:
        bench = recorded_lines(names, "ecp5")
    else:
        out = run(["cryptohls", "bench", *names, "--targets", "ecp5", "--seeds", str(args.seeds),
                   "--jobs", str(args.jobs), "--json"])
        bench = {line["variant"]: line for line in json.loads(out) if line["target"] == "ecp5"}
    cmd = " ".join([PROG] + ([] if args.cipher == "aes" else [f"--cipher {args.cipher}"])
                   + [f"--seeds {args.seeds}"] + (["--no-bench"] if args.no_bench else [])
                   + [f"--skip {name}" for name in args.skip])
    write_table(args.doc, cipher.table, table(cipher, rows, sims, bench, args.seeds, cmd))
    print(f"sbox_table: wrote the table into {args.doc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
