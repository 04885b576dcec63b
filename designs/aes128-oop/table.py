"""Seed 001's Table II for designs/aes128-oop: cycles per operation and per method, measured.

    python designs/aes128-oop/table.py [--out FILE] [--variants a,b] [--build DIR]

For each variant (hls/aes.cpp with the -D of its directive set, at its clock) this builds the C/RTL
co-simulation once (`cryptohls cosim`'s build: HLS compile, Verilator model, the testbench linked to it)
and runs the testbench's modes with it:

* the 1002 vectors (encrypt and decrypt; the run must pass);
* `key 16`, `enc 16`, `dec 16`: 16 calls of one operation; the first call also constructs the two
  static objects, so the operation's cycles are cosim's cycles_min (every other call), and
  cycles_max - cycles_min what the constructors cost on the first call.

Cycles per method come from the compile's report.json: the latency of the outermost loop in that
method's lines of hls/aes.cpp (each method is inlined at every call site, its loop reported once per
site, decryption's included: min..max when they differ). Methods without a loop (shiftRows) are
scheduled inside the round's states and have no figure of their own. Writes a Markdown table to
stdout (or --out).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SRC = HERE / "hls" / "aes.cpp"
TB = HERE / "hls" / "tb_aes_oop.cpp"
SEED_CLOCK_NS = 73.75   # 13.56 MHz, the clock of seed 001's Table II

# name -> (defines, clock_ns, seed 001's figure (cycles per block) or None, what it is)
VARIANTS = {
    "baseline": ((), SEED_CLOCK_NS, 748, "no directive: tables in LUT ROMs, key schedule in a 2-port RAM"),
    "ram_1p": (("AES_KS_RAM_1P",), SEED_CLOCK_NS, 748,
               "BIND_STORAGE variable=key_schedule type=ram_1p impl=bram (one port, as seed 001's RAM)"),
    "registers": (("AES_REGISTERS",), SEED_CLOCK_NS, 12,
                  "ARRAY_PARTITION complete of every member array and table, UNROLL of the byte loops"),
    "baseline_10ns": ((), 10.0, None, "the baseline at 10 ns"),
    "registers_10ns": (("AES_REGISTERS",), 10.0, None, "the registers variant at 10 ns"),
}
REFUSED = {   # compile must fail with this located error (not implemented; docs.md)
    "cyclic2": (("AES_KS_CYCLIC=2",), 542, "ARRAY_PARTITION variable=key_schedule type=cyclic factor=2"),
    "cyclic4": (("AES_KS_CYCLIC=4",), 454, "ARRAY_PARTITION variable=key_schedule type=cyclic factor=4"),
    "block2": (("AES_KS_BLOCK=2",), 542, "ARRAY_PARTITION variable=key_schedule type=block factor=2"),
    "block4": (("AES_KS_BLOCK=4",), 454, "ARRAY_PARTITION variable=key_schedule type=block factor=4"),
}
REUSE = False
METHODS = ["expandKey", "addRoundKey", "subBytes", "shiftRows", "mixColumns", "cipher"]


def method_lines() -> dict[str, tuple[int, int]]:
    """First and last line of each method body in aes.cpp (the methods of aesKey and aesCipher)."""
    lines = SRC.read_text().splitlines()
    out, cur = {}, None
    for n, text in enumerate(lines, 1):
        m = re.match(r"^\w[\w ]*\b(?:aesKey|aesCipher)::(\w+)\(", text)
        if m:
            cur = (m.group(1), n)
        elif text.startswith("}") and cur:
            out[cur[0]] = (cur[1], n)
            cur = None
    return out


def loop_cycles(report: dict) -> dict[str, str]:
    """Method -> latency of its outermost loop (the one of largest latency in its lines; expandKey's
    word loop, cipher's round loop), over its call sites (min..max when they differ); "-" when the
    method has no loop left (unrolled, or none written)."""
    ranges = method_lines()
    out = {}
    for method in METHODS:
        lo, hi = ranges[method]
        loops = [lp for lp in report["loops"] if lo <= lp["line"] <= hi]
        if not loops:
            out[method] = "-"
            continue
        line = max(loops, key=lambda lp: lp["latency"]["max"])["line"]
        found = sorted({lp["latency"][k] for lp in loops if lp["line"] == line for k in ("min", "max")})
        out[method] = str(found[0]) if len(found) == 1 else f"{found[0]}..{found[-1]}"
    return out


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
    row["loops"] = loop_cycles(report)
    row["latency"] = report["latency"]
    return row


def refused(defines: tuple, build: Path) -> str:
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(SRC), "--top", "aes_top",
                           *[x for d in defines for x in ("-D", d)], "-o", str(build / "refused")],
                          capture_output=True, text=True)
    if proc.returncode != 2 or "error:" not in proc.stderr:
        raise SystemExit(f"expected a located error for {defines}, got {proc.returncode}: {proc.stderr}")
    return proc.stderr.strip().split(": error: ", 1)[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--build", type=Path, default=REPO / "build" / "aes128-oop-table")
    ap.add_argument("--reuse", action="store_true", help="run the co-simulations already built in --build")
    args = ap.parse_args()
    global REUSE
    REUSE = args.reuse
    rows = []
    head = ("| variant | clock | key change | encrypt | decrypt | first call extra | seed 001 | "
            + " | ".join(METHODS) + " |")
    rows += [head, "|" + "---|" * (7 + len(METHODS))]
    for name in args.variants.split(","):
        defines, clock, seed, _ = VARIANTS[name]
        r = measure(name, defines, clock, args.build)
        rows.append(f"| {name} | {clock:g} ns | {r['key']} | {r['enc']} | {r['dec']} | "
                    f"{r['enc_first'] - r['enc']} | {seed if seed is not None else '-'} | "
                    + " | ".join(r["loops"][m] for m in METHODS) + " |")
        print(rows[-1], file=sys.stderr, flush=True)
    rows.append("")
    for name, (defines, seed, text) in REFUSED.items():
        rows.append(f"- `-D {defines[0]}` ({text}; seed 001: {seed} cycles): refused, "
                    f"`{refused(defines, args.build)}`")
    text = "\n".join(rows) + "\n"
    if args.out:
        args.out.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
