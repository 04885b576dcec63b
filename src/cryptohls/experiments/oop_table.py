"""Seed 001's Table II for designs/aes128-oop: cycles per operation and per method, measured.

    python designs/aes128-oop/table.py [--out FILE] [--doc FILE] [--variants a,b] [--build DIR] [--seeds N] [--jobs J] [--no-bench]

The rows, and the variant each is measured on, are design.toml's ``[experiments] oop-table`` list;
each variant gives the source, the -D of its directive set and the clock. For each row this builds the
C/RTL co-simulation once (`cryptohls cosim`'s build: HLS compile, Verilator model, the testbench
linked to it) and runs the testbench's modes with it:

* the 1002 vectors (encrypt and decrypt; the run must pass);
* `key 16`, `enc 16`, `dec 16`: 16 calls of one operation; the first call also constructs the two
  static objects, so the operation's cycles are cosim's cycles_min (every other call), and
  cycles_max - cycles_min what the constructors cost on the first call.

Cycles per method come from the compile's report.json: the latency of the outermost loop of that
method (``loops[].function``, the function each inlined loop came from; report.txt's "Functions"
table; each method is inlined at every call site, its loop reported once per site: min..max when
they differ), cycles per round from the iteration latency of cipher's round loop. Methods without a
loop (shiftRows) are scheduled inside the round's states and have no figure of their own.

Area and Fmax: `cryptohls bench <variant> --targets ecp5 --seeds N --jobs J --json` on the variant of
each row at the seed's clock (rows already in the results database are reused; a row with
``bench = false`` has none); --no-bench takes the rows the database already holds (a variant without
one shows "-"). Throughput = 128 bit x Fmax / encrypt cycles. Writes three Markdown tables (cycles;
area and Fmax; seed 001's Table II beside ours) to stdout (or --out), and with --doc between the
markers of the doc table ``oop-table`` (cryptohls.report.doc_table) of that file (docs/exploration.md).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench.recorded import recorded_lines
from cryptohls.designs import HLS_SUFFIXES, Variant, designs_dir, find_variant, repo_root
from cryptohls.errors import UserError
from cryptohls.report.doc_table import check_markers, write_table
from cryptohls.sim.cosim import build_cosim

PROG = "python designs/aes128-oop/table.py"     # the command the table says produced it
DESIGN = "aes128-oop"
TABLE = "oop-table"       # design.toml's [experiments] key, and the doc table's name
SEED_CLOCK_NS = 73.75     # 13.56 MHz, the clock of seed 001's Table II

# seed 001, Table II (cycles): mixColumns, addRoundKey, subBytes, shiftRows, per round, one block
SEED = {
    "baseline": (4, 32, 32, 4, 70, 748),
    "registers": (1, 1, 1, 1, 1, 12),
    "divide2": (4, 16, 32, 1, 51, 542),
    "divide4": (4, 8, 32, 1, 43, 454),
}
# seed 001, Table II (Virtex-6, 13.56 MHz, encryption and key expansion only): LUT6, FF, 36 Kbit BRAM
SEED_AREA = {"baseline": (2674, 1723, 1), "registers": (15464, 4810, 0), "divide2": (2740, 1718, 1),
             "divide4": (2634, 1804, 1)}
# the rows of Table II: (label, C function of the report's loop rows (report.json loops[].function))
METHODS = [("mixColumns", "aesCipher::mixColumns"), ("addRoundKey", "aesKey::addRoundKey"),
           ("subBytes", "aesCipher::subBytes"), ("shiftRows", "aesCipher::shiftRows")]
ROUND = "aesCipher::cipher"          # the round loop: its iteration latency is the cycles per round
EXPAND = "aesKey::expandKey"


@dataclass(frozen=True)
class Row:
    name: str                  # the table's row
    variant: Variant           # what it measures: source, -D, clock
    seed: str | None           # seed 001's row beside it (at the seed's clock)
    bench: bool                # an area row at the seed's clock

    @property
    def clock_ns(self) -> float:
        return float(self.variant.options["clock_ns"])

    @property
    def benchmarked(self) -> bool:
        return self.bench and self.clock_ns == SEED_CLOCK_NS

    @property
    def seed_row(self) -> str | None:
        return self.seed if self.clock_ns == SEED_CLOCK_NS else None


def table_rows() -> list[Row]:
    """design.toml's [experiments] oop-table, in its order (a UserError at the file when malformed)."""
    toml_path = designs_dir() / DESIGN / "design.toml"
    entries = tomllib.loads(toml_path.read_text()).get("experiments", {}).get(TABLE)
    if not isinstance(entries, list) or not entries:
        raise UserError(f"no [experiments] {TABLE} list of rows", file=toml_path)
    rows = []
    for entry in entries:
        if not isinstance(entry, dict) or not {"row", "variant"} <= entry.keys() or entry.get("seed", "-") not in {*SEED, "-"}:
            raise UserError(f"[experiments] {TABLE}: {entry!r} needs row and variant; seed, when given, is one "
                            f"of {', '.join(SEED)}", file=toml_path)
        rows.append(Row(entry["row"], find_variant(f"{DESIGN}/{entry['variant']}"), entry.get("seed"),
                        bool(entry.get("bench", True))))
    return rows


def function_cycles(report: dict, function: str, what: str = "latency") -> str:
    """The latency (or iteration latency) of the outermost loop of ``function`` (the one of largest
    latency; each inlined call site has its own: min..max when they differ); "-" when the function
    has no loop (shiftRows: scheduled inside the round's states) or its loops were unrolled."""
    loops = [lp for lp in report["loops"] if lp.get("function") == function]
    if not loops:
        return "-"
    line = max(loops, key=lambda lp: lp["latency"]["max"] or 0)["line"]
    if what == "iteration":
        found = sorted({lp["iteration_latency"] for lp in loops if lp["line"] == line})
    else:
        found = sorted({lp["latency"][k] for lp in loops if lp["line"] == line for k in ("min", "max")})
    return str(found[0]) if len(found) == 1 else f"{found[0]}..{found[-1]}"


def run(exe: Path, args: list[str]) -> dict:
    stats = exe.parent / "stats.json"
    stats.unlink(missing_ok=True)
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True,
                          env={**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats)}, timeout=1800)
    if proc.returncode != 0:
        raise SystemExit(f"{exe} {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}{proc.stderr}")
    return json.loads(stats.read_text())


def measure(row: Row, build: Path, reuse: bool) -> dict:
    v = row.variant
    out = build / row.name
    exe = out / "cosim" / "cosim"
    if not (reuse and exe.is_file()):
        src = next(s for s in v.sources() if s.suffix in HLS_SUFFIXES)
        exe = build_cosim(src, v.directory / v.options["tb"], v.hls_top, out, clock_ns=row.clock_ns,
                          defines=tuple(v.options.get("defines", ())))
    result = {"vectors": run(exe, [])["calls"]}
    for mode in ("key", "enc", "dec"):
        s = run(exe, [mode, "16"])
        result[mode] = s["min"]
        result[f"{mode}_first"] = s["max"]
    report = json.loads((out / "report.json").read_text())
    result["methods"] = {label: function_cycles(report, fn) for label, fn in METHODS}
    result["round"] = function_cycles(report, ROUND, "iteration")
    result["expand"] = function_cycles(report, EXPAND)
    result["latency"] = report["latency"]
    return result


def bench_rows(names: list[str], *, seeds: int, jobs: int, no_bench: bool) -> dict[str, dict]:
    """design.toml variant -> the ecp5 summary line of `cryptohls bench --json` (or of the database)."""
    if not names:
        return {}
    if no_bench:
        return recorded_lines(names, "ecp5")
    cmd = ["cryptohls", "bench", *names, "--targets", "ecp5", "--seeds", str(seeds), "--jobs", str(jobs), "--json"]
    print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"table.py: `{' '.join(cmd)}` exited with {done.returncode}")
    return {line["variant"]: line for line in json.loads(done.stdout) if line["target"] == "ecp5"}


def cycles_table(rows: list[Row], ours: dict[str, dict]) -> list[str]:
    lines = ["| variant | clock | key change | encrypt | decrypt | first call extra | expandKey | "
             + " | ".join(label for label, _ in METHODS) + " | per round |",
             "|" + "---|" * (8 + len(METHODS))]
    for row in rows:
        r = ours[row.name]
        lines.append(f"| {row.name} | {row.clock_ns:g} ns | {r['key']} | {r['enc']} | {r['dec']} | "
                     f"{r['enc_first'] - r['enc']} | {r['expand']} | "
                     + " | ".join(r["methods"][label] for label, _ in METHODS) + f" | {r['round']} |")
    return lines


def area_rows(rows: list[Row], ours: dict[str, dict], bench: dict[str, dict]) -> list[str]:
    lines = ["| variant | design.toml variant | clock | encrypt (cycles) | LUT4 | FF | BRAM (DP16KD) | Fmax (MHz) "
             "| throughput at Fmax (Mbit/s) | seed 001 row | seed: cycles | seed: LUT6 | seed: FF | seed: BRAM36 |",
             "|" + "---|" * 14]
    for row in rows:
        r = ours[row.name]
        variant = row.variant.full_name if row.benchmarked else None
        line = bench.get(variant, {}) if variant else {}
        fmax = line.get("fmax_mhz")
        brams = line.get("brams") if line else None     # the bench's own count of ecp5 DP16KD
        tp = None if fmax is None else 128 * fmax / r["enc"]
        cells = [line.get("luts"), line.get("ffs"), brams]
        lines.append(f"| {row.name} | {variant or '-'} | {row.clock_ns:g} ns | {r['enc']} | "
                     + " | ".join("-" if c is None else str(c) for c in cells)
                     + f" | {'-' if fmax is None else format(fmax, '.1f')} | {'-' if tp is None else format(tp, '.2f')} | "
                     + _seed_cells(row.seed_row) + " |")
    return lines


def _seed_cells(seed: str | None) -> str:
    if seed is None:
        return " | ".join(["-"] * 5)
    area = SEED_AREA.get(seed, ("-", "-", "-"))
    return " | ".join([seed, str(SEED[seed][5]), *(str(a) for a in area)])


def seed_table(rows: list[Row], ours: dict[str, dict]) -> list[str]:
    lines = ["| variant | seed 001 row | " + " | ".join(f"{label} (seed / ours)" for label, _ in METHODS)
             + " | per round (seed / ours) | one block (seed / ours) |",
             "|" + "---|" * (4 + len(METHODS))]
    for row in rows:
        if row.seed_row is None:
            continue
        r, fig = ours[row.name], SEED[row.seed_row]
        lines.append(f"| {row.name} | {row.seed_row} | " + " | ".join(f"{fig[k]} / {r['methods'][label]}"
                                                                     for k, (label, _) in enumerate(METHODS))
                     + f" | {fig[4]} / {r['round']} | {fig[5]} / {r['enc']} |")
    return lines


def tables(rows: list[Row], ours: dict[str, dict], bench: dict[str, dict], cmd: str, seeds: int) -> str:
    """The three tables as one Markdown text (the doc table's body)."""
    device = next(iter(bench.values()))["device"] if bench else "-"
    lines = cycles_table(rows, ours)
    lines += ["", f"Area and Fmax (`{cmd}`: `cryptohls bench --targets ecp5`, {device}, best of up to "
              f"{seeds} place-and-route seed(s), core only; block RAM allowed for the RAM variants (design.toml `memories = 'bram'`); seed 001: Virtex-6 at 13.56 MHz, encryption and key expansion only, its Fmax not given):", "",
              *area_rows(rows, ours, bench)]
    lines += ["", "Seed 001's Table II beside ours (cycles; ours: cryptohls, the same clock; encrypt = one "
              "`aes_top` call from ap_start to ap_done, the 17-byte interface included, as the seed counts it):", "",
              *seed_table(rows, ours)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--doc", type=Path, help="also write the tables between the oop-table markers of this file")
    ap.add_argument("--variants", help="rows to measure, comma-separated (default: every row of design.toml's "
                                       "[experiments] oop-table)")
    ap.add_argument("--build", type=Path, default=repo_root() / "build" / "aes128-oop-table")
    ap.add_argument("--reuse", action="store_true", help="run the co-simulations already built in --build")
    ap.add_argument("--seeds", type=int, default=1, help="place-and-route seeds of cryptohls bench")
    ap.add_argument("--jobs", type=int, default=1, help="parallel jobs of cryptohls bench")
    ap.add_argument("--no-bench", action="store_true", help="area/Fmax from the rows already in the results database")
    args = ap.parse_args(argv)
    try:
        if args.doc:
            check_markers(args.doc, TABLE)
        every = table_rows()
        known = {row.name: row for row in every}
        chosen = args.variants.split(",") if args.variants else list(known)
        unknown = [name for name in chosen if name not in known]
        if unknown:
            raise UserError(f"--variants {unknown[0]}: not a row of the table", hint=f"rows: {', '.join(known)}")
    except UserError as err:
        print(f"oop_table: {err}", file=sys.stderr)
        return 2
    rows = [known[name] for name in chosen]
    ours = {}
    for row in rows:
        ours[row.name] = measure(row, args.build, args.reuse)
        print(cycles_table([row], ours)[-1], file=sys.stderr, flush=True)
    names = [row.variant.full_name for row in rows if row.benchmarked]
    bench = bench_rows(names, seeds=args.seeds, jobs=args.jobs, no_bench=args.no_bench)
    cmd = " ".join([PROG] + (["--variants " + args.variants] if args.variants and chosen != list(known) else [])
                   + [f"--seeds {args.seeds}"] + (["--no-bench"] if args.no_bench else []))
    text = tables(rows, ours, bench, cmd, args.seeds)
    if args.doc:
        write_table(args.doc, TABLE, text)
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
