"""Seed 001's Table II for designs/aes128-oop: cycles per operation and per method, measured.

    python designs/aes128-oop/table.py [--out FILE] [--doc FILE] [--variants a,b] [--build DIR] [--seeds N] [--jobs J] [--no-bench]

For each variant (hls/aes.cpp with the -D of its directive set, at its clock) this builds the C/RTL
co-simulation once (`cryptohls cosim`'s build: HLS compile, Verilator model, the testbench linked to it)
and runs the testbench's modes with it:

* the 1002 vectors (encrypt and decrypt; the run must pass);
* `key 16`, `enc 16`, `dec 16`: 16 calls of one operation; the first call also constructs the two
  static objects, so the operation's cycles are cosim's cycles_min (every other call), and
  cycles_max - cycles_min what the constructors cost on the first call.

Cycles per method come from the compile's report.json: the latency of the outermost loop of that
method (``loops[].function``, the function each inlined loop came from; report.txt's "Functions"
table; each method is inlined at every call site, its loop reported once per site: min..max when
they differ), cycles per round from the iteration latency of cipher's round loop. Methods without a
loop (shiftRows) are scheduled inside the round's states and have no figure of their own.

Area and Fmax: `cryptohls bench <variant> --targets ecp5 --seeds N --jobs J --json` on the design.toml
variant of each row (the same source, defines and clock; rows already in the results database are
reused); --no-bench takes the rows the database already holds (a variant without one shows "-").
Throughput = 128 bit x Fmax / encrypt cycles. Writes three Markdown tables (cycles; area and Fmax;
seed 001's Table II beside ours) to stdout (or --out), and with --doc between the markers
<!-- oop-table:begin --> and <!-- oop-table:end --> of that file (docs/exploration.md).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SRC = HERE / "hls" / "aes.cpp"
TB = HERE / "hls" / "tb_aes_oop.cpp"
SEED_CLOCK_NS = 73.75   # 13.56 MHz, the clock of seed 001's Table II

# name -> (defines, clock_ns, seed 001's row of Table II or None, what it is)
VARIANTS = {
    "baseline": ((), SEED_CLOCK_NS, "baseline", "no directive: tables in LUT ROMs, key schedule in a 2-port RAM"),
    "divide2": (("AES_KS_CYCLIC=2",), SEED_CLOCK_NS, "divide2",
                "ARRAY_PARTITION variable=key_schedule type=cyclic factor=2, the round-key byte loops unrolled by 2"),
    "divide4": (("AES_KS_CYCLIC=4",), SEED_CLOCK_NS, "divide4",
                "ARRAY_PARTITION variable=key_schedule type=cyclic factor=4, the round-key byte loops unrolled by 4"),
    "block2": (("AES_KS_BLOCK=2",), SEED_CLOCK_NS, "divide2",
               "ARRAY_PARTITION variable=key_schedule type=block factor=2, the same unrolling"),
    "block4": (("AES_KS_BLOCK=4",), SEED_CLOCK_NS, "divide4",
               "ARRAY_PARTITION variable=key_schedule type=block factor=4, the same unrolling"),
    "ram_1p": (("AES_KS_RAM_1P",), SEED_CLOCK_NS, "baseline",
               "BIND_STORAGE variable=key_schedule type=ram_1p impl=bram (one port, as seed 001's RAM)"),
    "registers": (("AES_REGISTERS",), SEED_CLOCK_NS, "registers",
                  "ARRAY_PARTITION complete of every member array and table, UNROLL of the byte loops"),
    "baseline_10ns": ((), 10.0, None, "the baseline at 10 ns"),
    "registers_10ns": (("AES_REGISTERS",), 10.0, None, "the registers variant at 10 ns"),
}
DEFAULT_VARIANTS = "baseline,divide2,divide4,block2,block4,ram_1p,registers,baseline_10ns,registers_10ns"
# table row -> design.toml variant benchmarked for it (same source, defines and clock)
BENCH_VARIANTS = {"baseline": "aes128-oop/hls-baseline", "divide2": "aes128-oop/hls-divide2",
                  "divide4": "aes128-oop/hls-divide4", "block2": "aes128-oop/hls-block2",
                  "block4": "aes128-oop/hls-block4", "registers": "aes128-oop/hls-registers"}
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
REUSE = False
# the rows of Table II: (label, C function of the report's loop rows (report.json loops[].function))
METHODS = [("mixColumns", "aesCipher::mixColumns"), ("addRoundKey", "aesKey::addRoundKey"),
           ("subBytes", "aesCipher::subBytes"), ("shiftRows", "aesCipher::shiftRows")]
ROUND = "aesCipher::cipher"          # the round loop: its iteration latency is the cycles per round
EXPAND = "aesKey::expandKey"


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


def measure(name: str, defines: tuple, clock_ns: float, build: Path) -> dict:
    from cryptohls.sim.cosim import build_cosim
    out = build / name
    exe = out / "cosim" / "cosim"
    if not (REUSE and exe.is_file()):
        exe = build_cosim(SRC, TB, "aes_top", out, clock_ns=clock_ns, defines=defines)
    row = {"vectors": run(exe, [])["calls"]}
    for mode in ("key", "enc", "dec"):
        s = run(exe, [mode, "16"])
        row[mode] = s["min"]
        row[f"{mode}_first"] = s["max"]
    report = json.loads((out / "report.json").read_text())
    row["methods"] = {label: function_cycles(report, fn) for label, fn in METHODS}
    row["round"] = function_cycles(report, ROUND, "iteration")
    row["expand"] = function_cycles(report, EXPAND)
    row["latency"] = report["latency"]
    return row


def bench_rows(names: list[str], *, seeds: int, jobs: int, no_bench: bool) -> dict[str, dict]:
    """design.toml variant -> the ecp5 summary line of `cryptohls bench --json` (or of the database)."""
    if not names:
        return {}
    if no_bench:
        from cryptohls.bench.recorded import recorded_lines
        return recorded_lines(names, "ecp5")
    cmd = ["cryptohls", "bench", *names, "--targets", "ecp5", "--seeds", str(seeds), "--jobs", str(jobs), "--json"]
    print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SystemExit(f"table.py: `{' '.join(cmd)}` exited with {done.returncode}")
    return {line["variant"]: line for line in json.loads(done.stdout) if line["target"] == "ecp5"}


def area_rows(ours: dict[str, dict], bench: dict[str, dict]) -> list[str]:
    rows = ["| variant | design.toml variant | clock | encrypt (cycles) | LUT4 | FF | BRAM (DP16KD) | Fmax (MHz) "
            "| throughput at Fmax (Mbit/s) | seed 001 row | seed: cycles | seed: LUT6 | seed: FF | seed: BRAM36 |",
            "|" + "---|" * 14]
    for name, r in ours.items():
        variant = BENCH_VARIANTS.get(name)
        line = bench.get(variant, {}) if variant else {}
        fmax = line.get("fmax_mhz")
        brams = line.get("brams") if line else None     # the bench's own count of ecp5 DP16KD
        tp = None if fmax is None else 128 * fmax / r["enc"]
        cells = [line.get("luts"), line.get("ffs"), brams]
        rows.append(f"| {name} | {variant or '-'} | {VARIANTS[name][1]:g} ns | {r['enc']} | "
                    + " | ".join("-" if c is None else str(c) for c in cells)
                    + f" | {'-' if fmax is None else format(fmax, '.1f')} | {'-' if tp is None else format(tp, '.2f')} | "
                    + _seed_cells(name) + " |")
    return rows


def _seed_cells(name: str) -> str:
    seed = VARIANTS[name][2] if VARIANTS[name][1] == SEED_CLOCK_NS else None
    if seed is None:
        return " | ".join(["-"] * 5)
    area = SEED_AREA.get(seed, ("-", "-", "-"))
    return " | ".join([seed, str(SEED[seed][5]), *(str(a) for a in area)])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--doc", type=Path, help="also write the tables between the oop-table markers of this file")
    ap.add_argument("--variants", default=DEFAULT_VARIANTS, help=f"of {', '.join(VARIANTS)}")
    ap.add_argument("--build", type=Path, default=REPO / "build" / "aes128-oop-table")
    ap.add_argument("--reuse", action="store_true", help="run the co-simulations already built in --build")
    ap.add_argument("--seeds", type=int, default=1, help="place-and-route seeds of cryptohls bench")
    ap.add_argument("--jobs", type=int, default=1, help="parallel jobs of cryptohls bench")
    ap.add_argument("--no-bench", action="store_true", help="area/Fmax from the rows already in the results database")
    args = ap.parse_args()
    global REUSE
    REUSE = args.reuse
    rows = ["| variant | clock | key change | encrypt | decrypt | first call extra | expandKey | "
            + " | ".join(label for label, _ in METHODS) + " | per round |",
            "|" + "---|" * (8 + len(METHODS))]
    ours = {}
    for name in args.variants.split(","):
        defines, clock, seed, _ = VARIANTS[name]
        r = measure(name, defines, clock, args.build)
        ours[name] = r
        rows.append(f"| {name} | {clock:g} ns | {r['key']} | {r['enc']} | {r['dec']} | "
                    f"{r['enc_first'] - r['enc']} | {r['expand']} | "
                    + " | ".join(r["methods"][label] for label, _ in METHODS) + f" | {r['round']} |")
        print(rows[-1], file=sys.stderr, flush=True)
    names = [BENCH_VARIANTS[n] for n in ours if n in BENCH_VARIANTS and VARIANTS[n][1] == SEED_CLOCK_NS]
    bench = bench_rows(names, seeds=args.seeds, jobs=args.jobs, no_bench=args.no_bench)
    device = next(iter(bench.values()))["device"] if bench else "-"
    cmd = " ".join(["python designs/aes128-oop/table.py"] + (["--variants " + args.variants]
                   if args.variants != DEFAULT_VARIANTS else []) + [f"--seeds {args.seeds}"]
                   + (["--no-bench"] if args.no_bench else []))
    rows += ["", f"Area and Fmax (`{cmd}`: `cryptohls bench --targets ecp5`, {device}, best of up to "
             f"{args.seeds} place-and-route seed(s), core only; block RAM allowed for the RAM variants (design.toml `memories = 'bram'`); seed 001: Virtex-6 at 13.56 MHz, encryption and key expansion only, its Fmax not given):", "",
             *area_rows(ours, bench)]
    rows += ["", "Seed 001's Table II beside ours (cycles; ours: cryptohls, the same clock; encrypt = one "
             "`aes_top` call from ap_start to ap_done, the 17-byte interface included, as the seed counts it):", "",
             "| variant | seed 001 row | " + " | ".join(f"{label} (seed / ours)" for label, _ in METHODS)
             + " | per round (seed / ours) | one block (seed / ours) |",
             "|" + "---|" * (4 + len(METHODS))]
    for name, r in ours.items():
        seed = VARIANTS[name][2]
        if seed is None or VARIANTS[name][1] != SEED_CLOCK_NS:
            continue
        fig = SEED[seed]
        rows.append(f"| {name} | {seed} | " + " | ".join(f"{fig[k]} / {r['methods'][label]}"
                                                           for k, (label, _) in enumerate(METHODS))
                    + f" | {fig[4]} / {r['round']} | {fig[5]} / {r['enc']} |")
    text = "\n".join(rows) + "\n"
    if args.doc:
        from cryptohls.report.doc_table import write_table
        write_table(args.doc, "oop-table", text)
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
