"""Calibrates the scheduler's operator delay model against Yosys + nextpnr.

    python -m cryptohls.bench.calibrate --target ecp5 --out src/cryptohls/schedule/data/ecp5.json

Each benchmark is a tiny core ``register → operator → register`` (inputs and result registered
inside the core), synthesized and placed through the bench flow (serial I/O harness, pinned
YoWASP tools). The post-P&R period (1000 / Fmax) minus the period of a bare register pair is the
operator's delay *including its routing*, which is what chaining in the scheduler adds up. The
model's parameters are then fitted to all measurements at once by least squares; the raw
measurements, the fit and the tool versions go into the JSON results file that
``cryptohls.schedule.delay`` loads. (It lives in bench/, not schedule/, because it runs the bench
flow: the compiler's scheduler only reads the results file.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench import pnr, synth
from cryptohls.bench.targets import TARGETS
from cryptohls.bench.tools import package_version
from cryptohls.errors import UserError
from cryptohls.golden.aes import SBOX
from cryptohls.schedule.delay_forms import eq_levels, rom_extra_bits, shift_levels, tree_levels

# Fitted parameters, in the order of the least-squares columns.
PARAMETERS = ("lut_ns", "carry_entry_ns", "carry_bit_ns", "compare_extra_ns", "mul_base_ns",
              "mul_bit_ns", "rom_base_ns", "rom_level_ns")
FORMAT_VERSION = 1
ROM_DATA_BITS = 8


@dataclass(frozen=True)
class Bench:
    """One operator benchmark: ``y <= expr`` over registered inputs."""
    name: str
    kind: str            # baseline, bitwise, tree, select, mux4, add, sub, lt, eq, shl_const, shl_var, mul, rom
    width: int           # operand width (ROM: address bits)
    operands: int = 2

    def features(self) -> dict[str, float] | None:
        """This benchmark's row of the least-squares system (None: measured, not fitted)."""
        w = self.width
        if self.kind in ("bitwise", "select"):
            return {"lut_ns": 1}
        if self.kind == "tree":
            return {"lut_ns": tree_levels(self.operands)}
        if self.kind in ("add", "sub"):
            return {"carry_entry_ns": 1, "carry_bit_ns": w}
        if self.kind == "lt":      # the carry out leaves the chain through one more cell
            return {"carry_entry_ns": 1, "carry_bit_ns": w, "compare_extra_ns": 1}
        if self.kind == "eq":
            return {"lut_ns": eq_levels(w)}
        if self.kind == "shl_var":
            return {"lut_ns": shift_levels(w)}
        if self.kind == "mul":
            return {"mul_base_ns": 1, "mul_bit_ns": w}
        if self.kind == "rom":
            return {"rom_base_ns": 1, "rom_level_ns": rom_extra_bits(1 << w)}   # w = address bits
        return None    # baseline, shl_const (a wire), mux4 (no IR opcode of its own): checks only


def default_benches() -> list[Bench]:
    """The benchmark set: few widths per operator, so a run stays within minutes on 2 cores."""
    benches = [Bench("baseline_32", "baseline", 32),
               Bench("xor_32", "bitwise", 32), Bench("and_32", "bitwise", 32),
               Bench("xor4_8", "tree", 8, 4), Bench("xor16_8", "tree", 8, 16),
               Bench("select_32", "select", 32), Bench("mux4_32", "mux4", 32),
               Bench("shl_const_32", "shl_const", 32)]
    benches += [Bench(f"add_{w}", "add", w) for w in (8, 16, 32, 64, 128)]
    benches += [Bench("sub_32", "sub", 32)]
    benches += [Bench(f"lt_{w}", "lt", w) for w in (8, 32, 64, 128)]
    benches += [Bench(f"eq_{w}", "eq", w) for w in (8, 32, 128)]
    benches += [Bench(f"shl_var_{w}", "shl_var", w) for w in (8, 16, 32, 64)]
    benches += [Bench(f"mul_{w}", "mul", w) for w in (8, 16, 24)]
    benches += [Bench(f"rom_{a}to8", "rom", a) for a in (4, 6, 8)]
    return benches


# ---------------------------------------------------------------- Verilog of one benchmark

def _rom_table(address_bits: int) -> list[int]:
    """An S-box-like table: the AES S-box (first 2**address_bits entries)."""
    return list(SBOX[: 1 << address_bits])


def bench_verilog(bench: Bench) -> tuple[str, str]:
    """(module name, Verilog-2005 source) of the benchmark core."""
    module = f"cal_{bench.name}"
    w = bench.width
    out_w = w
    inputs = [("a", w), ("b", w)]
    body: list[str] = []
    kind = bench.kind
    if kind == "baseline":
        inputs, expr = [("a", w)], "a_q"
    elif kind == "bitwise":
        expr = "a_q ^ b_q" if bench.name.startswith("xor") else "a_q & b_q"
    elif kind == "tree":
        inputs = [(f"x{i}", w) for i in range(bench.operands)]
        expr = " ^ ".join(f"x{i}_q" for i in range(bench.operands))
    elif kind == "select":
        inputs.append(("s", 1))
        expr = "s_q ? a_q : b_q"
    elif kind == "mux4":
        inputs = [("a", w), ("b", w), ("c", w), ("d", w), ("s", 2)]
        expr = "s_q[1] ? (s_q[0] ? d_q : c_q) : (s_q[0] ? b_q : a_q)"
    elif kind == "add":
        expr = "a_q + b_q"
    elif kind == "sub":
        expr = "a_q - b_q"
    elif kind == "lt":
        out_w, expr = 1, "a_q < b_q"
    elif kind == "eq":
        out_w, expr = 1, "a_q == b_q"
    elif kind == "shl_const":
        inputs, expr = [("a", w)], "{a_q[" + str(w - 4) + ":0], 3'b000, a_q[" + str(w - 1) + "]}"
    elif kind == "shl_var":
        inputs = [("a", w), ("b", max(1, math.ceil(math.log2(w))))]
        expr = "a_q << b_q"
    elif kind == "mul":
        expr = "a_q * b_q"
    elif kind == "rom":
        inputs, out_w = [("a", w)], ROM_DATA_BITS
        body = ["    reg [7:0] rom_d;", "    always @(*) begin : rom_lookup", "        case (a_q)"]
        body += [f"            {w}'d{i}: rom_d = 8'h{v:02x};" for i, v in enumerate(_rom_table(w))]
        body += ["            default: rom_d = 8'h00;", "        endcase", "    end"]
        expr = "rom_d"
    else:
        raise AssertionError(kind)

    ports = ["    input  wire clk_i"]
    ports += [f"    input  wire [{width - 1}:0] {name}_i" for name, width in inputs]
    ports += [f"    output wire [{out_w - 1}:0] y_o"]
    regs = [f"    reg  [{width - 1}:0] {name}_q;" for name, width in inputs]
    regs.append(f"    reg  [{out_w - 1}:0] y_q;")
    updates = [f"        {name}_q <= {name}_i;" for name, _ in inputs]
    lines = ["// Delay-calibration benchmark generated by cryptohls.bench.calibrate.",
             "`default_nettype none", "", f"module {module} (", ",\n".join(ports), ");",
             *regs, *body,
             "    always @(posedge clk_i) begin : reg_update", *updates, f"        y_q <= {expr};",
             "    end", "    assign y_o = y_q;", "endmodule", "", "`default_nettype wire", ""]
    return module, "\n".join(lines)


# ---------------------------------------------------------------- measuring

def _critical_path(report: Path) -> dict:
    """Where nextpnr's worst path starts and ends, and its time by segment type."""
    data = json.loads(report.read_text())
    paths = data.get("critical_paths") or []
    if not paths or not paths[0].get("path"):
        return {}
    segments = paths[0]["path"]
    by_type: dict[str, float] = {}
    for seg in segments:
        by_type[seg["type"]] = round(by_type.get(seg["type"], 0.0) + float(seg["delay"]), 4)
    hops = [float(seg["delay"]) for seg in segments if seg["type"] == "routing"]
    start, end = segments[0]["from"]["cell"], segments[-1]["to"]["cell"]
    return {"from": start, "to": end,
            "in_core": start.startswith("u_core.") and end.startswith("u_core."),
            "ns_by_type": by_type, "last_hop_ns": round(hops[-1], 4) if hops else 0.0}


def register_overhead(path: dict) -> float:
    """What a bare register pair costs on this path: clock-to-out + last routing hop + setup."""
    t = path["ns_by_type"]
    return t.get("clk-to-q", 0.0) + t.get("setup", 0.0) + path["last_hop_ns"]


def measure(bench: Bench, target_name: str, work_root: Path, seed: int = 1) -> dict:
    """Synthesis + P&R of one benchmark through the bench flow → one measurement record."""
    target = TARGETS[target_name]
    module, source = bench_verilog(bench)
    # The folder name carries the source hash: the bench flow reuses a finished synthesis there.
    work = work_root / f"{bench.name}-{hashlib.sha256(source.encode()).hexdigest()[:10]}"
    done = work / f"measurement_s{seed}.json"
    if done.is_file():      # finished earlier: the tool runs are not repeated
        return {**json.loads(done.read_text()), "reused": True}
    work.mkdir(parents=True, exist_ok=True)
    src = work / f"{module}.v"
    src.write_text(source)
    syn = synth.synthesize(target, [src], module, work / "synth", memories="none")
    result = pnr.place_and_route(target, Path(syn.netlist), work / "pnr", seed, settings=pnr.PnrSettings(fmax_search="single"))
    if not result.fits or result.fmax_mhz is None:
        raise UserError(f"calibration benchmark {bench.name} did not place on {target_name}",
                        file=work / "pnr")
    reports = sorted((work / "pnr").glob(f"report_s{seed}_*.json"))
    record = {"name": bench.name, "kind": bench.kind, "width": bench.width, "operands": bench.operands,
            "luts": syn.luts, "ffs": syn.ffs, "fmax_mhz": round(result.fmax_mhz, 3),
            "period_ns": round(1000.0 / result.fmax_mhz, 4), "seed": seed,
            "critical_path": _critical_path(reports[-1]) if reports else {}}
    done.write_text(json.dumps(record, indent=1))
    return {**record, "reused": False}


# ---------------------------------------------------------------- fitting

def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems are 7×7)."""
    n = len(rhs)
    a = [row[:] + [r] for row, r in zip(matrix, rhs)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise UserError(f"calibration data cannot determine {PARAMETERS[col]}",
                            hint="the benchmark set needs at least two widths per carry/multiplier/ROM family")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def fit(measurements: list[dict]) -> dict:
    """Least-squares fit of the model parameters → {"parameters", "residuals_ns", ...}.

    The serial I/O harness has one-LUT register paths of its own, so a bare register pair (and any
    one-LUT operator) measures the harness, not itself (``in_core`` false): such measurements
    are kept but not fitted. The register overhead is measured on the operator paths instead:
    clock-to-out + setup + the hop into the capturing register, the median over the in-core paths
    (median: what a bare register pair would cost). Each in-core operator's delay is its period
    minus that overhead.
    """
    inside = [m for m in measurements if m.get("critical_path", {}).get("in_core")]
    if not inside:
        raise UserError("no calibration measurement has its critical path inside the benchmark")
    overhead = statistics.median(register_overhead(m["critical_path"]) for m in inside)
    rows: list[tuple[str, list[float], float]] = []
    for m in inside:
        feats = Bench(m["name"], m["kind"], m["width"], m.get("operands", 2)).features()
        if feats is not None:
            rows.append((m["name"], [float(feats.get(p, 0.0)) for p in PARAMETERS],
                         m["period_ns"] - overhead))
    n = len(PARAMETERS)
    ata = [[sum(r[1][i] * r[1][j] for r in rows) for j in range(n)] for i in range(n)]
    atb = [sum(r[1][i] * r[2] for r in rows) for i in range(n)]
    params = _solve(ata, atb)
    residuals = {name: round(sum(f * p for f, p in zip(x, params)) - y, 4) for name, x, y in rows}
    fitted = {"register_overhead_ns": round(overhead, 4)}
    fitted.update({p: round(v, 4) for p, v in zip(PARAMETERS, params)})
    rms = math.sqrt(sum(r * r for r in residuals.values()) / len(residuals))
    baselines = [m["period_ns"] for m in measurements if m["kind"] == "baseline"]
    return {"parameters": fitted, "fitted": [name for name, _, _ in rows],
            "harness_floor_ns": min(baselines) if baselines else None,
            "residuals_ns": residuals, "rms_residual_ns": round(rms, 4)}


def tool_versions(target_name: str) -> dict[str, str]:
    target = TARGETS[target_name]
    versions = {target.yosys_package: package_version(target.yosys_package)}
    if target.pnr_package:
        versions[target.pnr_package] = package_version(target.pnr_package)
    return versions


def calibrate(target_name: str, work_root: Path, *, jobs: int = 1, seed: int = 1,
              benches: list[Bench] | None = None, log=print) -> dict:
    target = TARGETS.get(target_name)
    if target is None or not target.has_pnr:
        names = ", ".join(t for t, v in TARGETS.items() if v.has_pnr)
        raise UserError(f"cannot calibrate target {target_name!r}: it needs a target with place-and-route",
                        hint=f"targets with P&R: {names}")
    benches = benches or default_benches()
    start = time.monotonic()

    def one(bench: Bench) -> dict:
        m = measure(bench, target_name, work_root / target_name, seed)
        log(f"  {bench.name:14s} {m['period_ns']:7.3f} ns  ({m['luts']} LUT)")
        reused.append(m.pop("reused"))
        return m

    reused: list[bool] = []

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        measurements = list(pool.map(one, benches))
    result = {"format": FORMAT_VERSION, "target": target_name, "device": target.device,
              "tools": tool_versions(target_name), "seed": seed,
              "command": f"python -m cryptohls.bench.calibrate --target {target_name}",
              "seconds": round(time.monotonic() - start, 1),
              "reused_measurements": sum(reused)}   # from an earlier run in the same work folder
    result.update(fit(measurements))
    result["measurements"] = measurements
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cryptohls.bench.calibrate",
                                     description="Calibrate the HLS operator delay model with Yosys + nextpnr.")
    parser.add_argument("--target", default="ecp5")
    parser.add_argument("--out", type=Path, required=True, help="results JSON (e.g. src/cryptohls/schedule/data/ecp5.json)")
    parser.add_argument("--work", type=Path, default=Path("build/delay-calibration"),
                        help="tool work folder (not under /tmp: the YoWASP tools cannot see it)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated benchmark names (default: all)")
    args = parser.parse_args(argv)
    try:
        benches = default_benches()
        if args.only:
            wanted = set(args.only.split(","))
            benches = [b for b in benches if b.name in wanted or b.kind == "baseline"]
        result = calibrate(args.target, args.work.resolve(), jobs=args.jobs, seed=args.seed,
                           benches=benches, log=lambda s: print(s, file=sys.stderr))
    except UserError as err:
        print(f"cryptohls.bench.calibrate: {err}", file=sys.stderr)
        return 2
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    params = result["parameters"]
    print(" ".join(f"{k}={v}" for k, v in params.items()), f"rms={result['rms_residual_ns']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
