"""report.json (issue 4 fields + the C4 "interface" object) and a Vitis-style report.txt."""

from __future__ import annotations

from cryptohls.frontend.interface import CParam
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.ports import STREAM_MODES
from cryptohls.hls.latency import LoopReport, Range, free_running
from cryptohls.ir.nodes import Const, Function
from cryptohls.schedule.schedule import Schedule


def _range(r: Range) -> dict:
    return {"min": r[0], "max": r[1]}


def interface_json(fn: Function, cparams: list[CParam], signature: ModuleSignature) -> dict:
    """The C4 "interface" object: per C parameter its mode and its ports by role, read from the module's
    signature (codegen names the ports; nothing here spells a port name)."""
    args = []
    for cp in cparams:
        entry = {"name": cp.name, "c_type": cp.c_type, "direction": cp.direction, "mode": cp.mode,
                 "width": cp.ctype.width, "depth": cp.depth, "signed": cp.ctype.signed, "ports": {}}
        ports: dict = signature.roles(cp.name)
        if cp.mode in STREAM_MODES:   # hls::stream: roles data/valid/ready (C4 appendix)
            mem = next((m for m in fn.memories if m.name == cp.name and m.kind == "stream"), None)
            if mem is not None and mem.attrs.get("fields"):   # valid_ready struct: a port per field
                ports["fields"] = [n for n, _, _ in mem.attrs["fields"]]
                entry["fields"] = [{"port": n, "lo": lo, "width": w} for n, lo, w in mem.attrs["fields"]]
        elif cp.mode == "partitioned":
            # element base names; each element's ports (signature, element i) follow the pointer-to-scalar
            # rule (C4, ir/ports.py scalar_ports)
            ports = {"elements": [f"{cp.port}_{i}" for i in range(cp.depth or 0)]}
        entry["ports"] = ports
        args.append(entry)
    ret = fn.attrs.get("return")
    return {"block_protocol": fn.attrs.get("block_protocol", "ap_ctrl_hs"), "args": args,
            "return": {"width": ret["width"], "signed": ret["signed"], "port": "ap_return"} if ret else None}


def resources(fn: Function, sched: Schedule, registers: list[tuple[str, int]]) -> dict:
    operators: dict[str, dict[str, int]] = {}
    for op in fn.all_ops():
        if op.opcode in ("phi", "param", "out", "br", "ret", "load", "store", "zext", "trunc", "slice", "concat", "sext",
                         "can_transfer"):
            continue
        if op.opcode in ("shl", "lshr", "ashr") and isinstance(op.operands[1], Const):
            continue
        key = op.opcode if op.opcode != "icmp" else f"icmp_{op.attrs['pred']}"
        e = operators.setdefault(key, {"count": 0, "bits": 0})
        e["count"] += 1
        e["bits"] += max(v.width for v in op.operands)
    register_bits = sum(width for _, width in registers)
    memories = [{"name": m.name, "kind": m.kind, "impl": m.attrs.get("impl", {"arg": "ap_memory", "ram": "bram",
                                                                                "regs": "registers"}.get(m.kind, "")),
                 "width": m.width, "depth": m.depth, "bits": m.width * m.depth,
                 **({"holds": list(m.attrs["pool"])} if "pool" in m.attrs else {}),   # arrays one pointer reaches
                 **({"bank_of": m.attrs["partition_of"]} if "partition_of" in m.attrs else {})}   # ARRAY_PARTITION
                for m in fn.memories]
    steered = fn.attrs.get("steered")   # pointers that may point into an argument and other arrays
    return {"register_bits": register_bits, "operators": dict(sorted(operators.items())), "memories": memories,
            **({"steered": steered} if steered else {})}


def interval_bound(loops: list[LoopReport], latency: Range, interval: int | None,
                   overlap: bool) -> tuple[int | None, str]:
    """Lower bound of the interval for this FSM and why the achieved one is above it.

    A rolled loop occupies its states for its whole latency, so the next call cannot enter it
    earlier: the bound is the sum of the top-level loops' latencies (1 without loops). Everything
    else could overlap with the next call only with function-level pipelining."""
    top = [lp for lp in loops if lp.top_level]
    if any(lp.latency[1] is None for lp in top) or interval is None:
        return None, "latency depends on the data"
    # a pipelined loop could take the next call's iterations right after its own: N·II
    bound = max(1, sum(lp.latency[1] if not lp.pipeline else lp.trip[1] * lp.pipeline["ii"] for lp in top))
    if interval <= bound:
        return bound, ""
    parts = [f"pipelined loop {lp.name} drains ({lp.pipeline['depth'] - lp.pipeline['ii']} cycles) before "
             f"the next call can enter it" for lp in top if lp.pipeline and lp.pipeline["depth"] > lp.pipeline["ii"]]
    outside = (latency[1] or 0) + 1 - sum(lp.latency[1] for lp in top) - (1 if overlap else 0)
    if outside > 0:
        parts.append(f"{outside} state(s) outside the loops do not overlap the next call "
                     f"(no function-level pipelining)")
    if not overlap:
        parts.append("the next call starts after the return state (ap_ready = ap_done: inputs read "
                     "after the first state, ap_memory arguments, or memory/port work in the first state)")
    return bound, "; ".join(parts)


def build_report(fn: Function, sched: Schedule, rtl, cparams: list[CParam], latency: Range,
                 loops: list[LoopReport], clock_ns: float, target: str, functions: list[str],
                 warnings: list[str], signature: ModuleSignature) -> dict:
    """``signature``: the top's ports (codegen's, with the clock and reset as renamed)."""
    # no function pipelining: a call starts when the previous one ends; with call overlap the return
    # state of one call is the first state of the next
    interval = None if latency[1] is None else latency[1] + (0 if rtl.overlap else 1)
    bound, reason = interval_bound(loops, latency, interval, rtl.overlap)
    free = free_running(fn, sched, loops)
    if free is not None:   # while (1): per transaction (one iteration of the outer loop)
        latency = (free.latency, free.latency)
        interval, bound, reason = free.interval, free.bound, free.reason
    return {
        "top": fn.name,
        "target": target,
        "clock_ns": clock_ns,
        "latency": _range(latency),
        "interval": interval,
        "interval_bound": bound,
        "interval_reason": reason,
        "states": sum(sched.block_cycles.values()),
        "loops": [{"name": lp.name, "line": lp.line,
                   "trip_count": lp.trip[0] if lp.trip_exact else _range(lp.trip),
                   "iteration_latency": lp.iteration[1], "latency": _range(lp.latency),
                   **({"pipeline": {"ii": lp.pipeline["ii"], "ii_requested": lp.pipeline["requested"],
                                    "depth": lp.pipeline["depth"], "ii_reason": lp.pipeline["reason"],
                                    **({"automatic": True} if lp.pipeline.get("automatic") else {})}}
                      if lp.pipeline else {}),
                   **({"flattened": fn.attrs["flattened"][lp.key]}   # passes/loop_flatten.py
                      if lp.key in fn.attrs.get("flattened", {}) else {})} for lp in loops],
        "functions": [{"name": fn.name, "latency": _range(latency), "inlined": [f for f in functions if f != fn.name]}],
        "resources": resources(fn, sched, rtl.registers),
        "handshake": {"early_ready": rtl.early_ready, "call_overlap": rtl.overlap},
        "interface": interface_json(fn, cparams, signature),
        "signature": signature.to_json(),
        **({"program": program_json(fn, rtl)} if not cparams else {}),
        "warnings": warnings,
    }


def program_json(fn: Function, rtl) -> dict:
    """A top without arguments is a whole program: where each global it writes lives in the RTL (the
    signal holding a register file's flat vector or a RAM's array) and in C memory (frontend/importer.py),
    so that cosim can compare the final state with the native run (sim/program.py)."""
    written = {op.attrs["mem"] for op in fn.all_ops() if op.opcode == "store"}
    globals_ = [{"memory": m.name, "kind": m.kind, "width": m.width, "depth": m.depth,
                 "signal": rtl.memory_signals[m.name], **m.attrs["global"]}
                for m in fn.memories if "global" in m.attrs and m.name in written and m.name in rtl.memory_signals]
    return {"globals": globals_}


def _fmt(v) -> str:
    return "?" if v is None else str(v)


def function_rows(rep: dict) -> list[str]:
    """Cycles per inlined function (seed 001's Table II rows): each function's loops, by line, with
    their latency per call site (min..max over the sites where the function was inlined, the number of
    sites) and their iteration latency. Only when loops come from a function other than the top."""
    loops = [lp for lp in rep["loops"] if lp.get("function")]
    if not any(lp["function"] != rep["top"] for lp in loops):
        return []
    by_fn: dict[str, dict[int, list[dict]]] = {}
    for lp in loops:
        by_fn.setdefault(lp["function"], {}).setdefault(lp["line"], []).append(lp)
    fw = max(len("Function"), *(len(f) for f in by_fn))
    bar = f"    +{'-' * (fw + 2)}+------+---------+---------+-------+-----------+"
    out = ["", "+ Functions (inlined; their loops per call site):", bar,
           f"    | {'Function':<{fw}} | Line | Lat.min | Lat.max | Sites | Iter. lat |", bar]
    for name in sorted(by_fn, key=lambda f: min(by_fn[f])):
        for line in sorted(by_fn[name]):
            sites = by_fn[name][line]
            lo = min(s["latency"]["min"] for s in sites)
            highs = [s["latency"]["max"] for s in sites]
            hi = None if any(h is None for h in highs) else max(highs)
            its = {s["iteration_latency"] for s in sites}
            it = _fmt(next(iter(its))) if len(its) == 1 else "varies"
            out.append(f"    | {name:<{fw}} | {line:>4} | {_fmt(lo):>7} | {_fmt(hi):>7} | {len(sites):>5} | {it:>9} |")
    out.append(bar)
    return out


def report_text(rep: dict, version: str, command: str) -> str:
    lat = rep["latency"]
    nw = max([len("Modules & Loops"), len(rep["top"])] + [len(lp["name"]) + 3 for lp in rep["loops"]])
    bar = f"    +{'-' * (nw + 2)}+---------+---------+----------+"
    lines = [
        "================================================================",
        f"== Synthesis Summary Report of '{rep['top']}'",
        "================================================================",
        "+ General Information:",
        f"    * Tool:           cryptohls {version}",
        f"    * Command:        {command}",
        f"    * Target:         {rep['target']}",
        f"    * Clock period:   {rep['clock_ns']} ns",
        "",
        "+ Performance Estimates:",
        bar,
        f"    | {'Modules & Loops':<{nw}} | Lat.min | Lat.max | Interval |",
        bar,
        f"    | {rep['top']:<{nw}} | {_fmt(lat['min']):>7} | {_fmt(lat['max']):>7} | {_fmt(rep['interval']):>8} |",
    ]
    bound_note = (f"    * Interval bound: {_fmt(rep['interval_bound'])}"
                  + (f" ({rep['interval_reason']})" if rep["interval_reason"] else ""))
    for lp in rep["loops"]:
        lines.append(f"    | {' o ' + lp['name']:<{nw}} | {_fmt(lp['latency']['min']):>7} | "
                     f"{_fmt(lp['latency']['max']):>7} |        - |")
    lines.append(bar)
    lines.append(bound_note)
    pipelines: list[str] = []
    if rep["loops"]:
        lbar = f"    +{'-' * (nw + 2)}+------+------------+-----------+"
        lines += ["", "+ Loops:", lbar, f"    | {'Loop':<{nw}} | Line | Trip count | Iter. lat |", lbar]
        for lp in rep["loops"]:
            tc = lp["trip_count"]
            tct = str(tc) if isinstance(tc, int) else f"{_fmt(tc['min'])}~{_fmt(tc['max'])}"
            lines.append(f"    | {lp['name']:<{nw}} | {lp['line']:>4} | {tct:>10} | {_fmt(lp['iteration_latency']):>9} |")
            if "pipeline" in lp:
                pl = lp["pipeline"]
                asked = "automatic" if pl.get("automatic") else f"requested {pl['ii_requested']}"
                pipelines.append(f"    * {lp['name']}: II={pl['ii']} ({asked}), depth "
                                 f"{pl['depth']}" + (f"; II limited by {pl['ii_reason']}" if pl["ii_reason"] else ""))
            if "flattened" in lp:
                fl = lp["flattened"]
                pipelines.append(f"    * {lp['name']}: flattened with the enclosing loop {fl['outer']} (line "
                                 f"{fl['outer_line']}): {fl['trips'][0]} x {fl['trips'][1]} iterations")
        lines.append(lbar)
        if pipelines:
            lines += ["", "+ Pipelined loops:"] + pipelines
        lines += function_rows(rep)
    res = rep["resources"]
    lines += ["", "+ Resource Estimates:", f"    * Registers (bits): {res['register_bits']}", "    * Operators:"]
    for name, e in res["operators"].items():
        lines.append(f"        {name:<12} x{e['count']:<5} ({e['bits']} bits total)")
    if res["memories"]:
        lines.append("    * Memories:")
        for m in res["memories"]:
            holds = f"  (holds {', '.join(m['holds'])}: one pointer reaches them)" if m.get("holds") else \
                f"  (a bank of {m['bank_of']})" if m.get("bank_of") else ""
            lines.append(f"        {m['name']:<12} {m['kind']:<5} {m['impl']:<10} {m['depth']} x {m['width']} bits{holds}")
    if res.get("steered"):
        lines.append("    * Steered pointers (tag + index; each access enables the member the tag names):")
        for s in res["steered"]:
            lines.append(f"        {s['pointer']:<12} into {', '.join(s['members'])}")
    lines += ["", "+ Interface:", f"    * Block protocol: {rep['interface']['block_protocol']}"]
    for a in rep["interface"]["args"]:
        ports = ", ".join(f"{k}={v if isinstance(v, str) else ','.join(v[:2]) + (',...' if len(v) > 2 else '')}"
                          for k, v in a["ports"].items())
        lines.append(f"    * {a['name']:<10} {a['direction']:<5} {a['mode']:<11} {a['c_type']:<20} {ports}")
    if rep["interface"]["return"]:
        lines.append(f"    * return     out   ap_none     {rep['interface']['return']['width']} bits  port=ap_return")
    if rep["warnings"]:
        lines += ["", "+ Warnings:"] + [f"    * {w}" for w in rep["warnings"]]
    return "\n".join(lines) + "\n"
