"""Replay of a secret-independence counterexample in cosim (issue 22 item 3): the miter's two copies
become two calls of the C top, one with copy x's secrets and one with copy y's, both with the shared
public inputs the solver chose; ``cryptohls cosim`` of the generated Verilog runs each and reports the
cycles of the call. Two different cycle counts are the leak, measured on the core itself.

Written for a block top (``ap_ctrl_hs``) whose arguments are arrays (``ap_memory``: the miter's memory
contents, element 0 in the low bits), scalars and pointers; a stream argument or a partitioned array
is not replayed (the result says so).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.sim.cosim import build_cosim
from cryptohls.verify.counterexample import _parse
from cryptohls.verify.miter import Plan

COPIES = ("x", "y")


def replay_inputs(interface: dict, connection: Plan, secrets: dict, public: dict, copy: str) -> dict | None:
    """{argument: value or list of element values} of one copy's call; None when an argument cannot be
    written as a C testbench input."""
    memories = {m.arg: m for m in connection.memories}
    inputs: dict[str, object] = {}
    for arg in interface["args"]:
        name, roles = arg["name"], arg["ports"]
        if arg["mode"] == "ap_memory":
            mem = memories[name]
            key = f"{name}_contents"
            sec = int(secrets.get(key, {}).get(copy, "0"), 16)
            pub = int(public.get(key, "0"), 16)
            mask = (1 << mem.width) - 1
            inputs[name] = [((sec if mem.secret_element(i) else pub) >> (mem.width * i)) & mask
                            for i in range(mem.depth)]
        elif "valid" in roles or "elements" in roles or "fields" in roles:
            return None
        elif "in" in roles and isinstance(roles["in"], str):
            port = roles["in"]
            value = secrets[port][copy] if port in secrets else public.get(port, "0")
            inputs[name] = int(value, 16)
        else:
            inputs[name] = 0
    return inputs


def replay_testbench(top: str, interface: dict, return_c_type: str | None, calls: dict[str, dict],
                     cxx: bool) -> str | None:
    """One testbench for both copies: ``./cosim x`` makes copy x's call, ``./cosim y`` copy y's."""
    params, setup, after, call_args = [], [], [], []
    for arg in interface["args"]:
        parsed = _parse(arg["c_type"])
        if parsed is None:
            return None
        base, kind, depth = parsed
        name = arg["name"]
        if kind == "array":
            for c in COPIES:
                words = calls[c][name]
                setup.append(f"  static const {base} {name}_{c}[{depth}] = "
                             f"{{{', '.join(f'({base}){w:#x}u' for w in words)}}};")
            setup.append(f"  static {base} {name}[{depth}];")
            setup.append(f"  memcpy({name}, y ? {name}_y : {name}_x, sizeof {name});")
            params.append(f"{base} {name}[{depth}]")
            call_args.append(name)
            after.append(f'  for (int i = 0; i < {depth}; i++) printf("{name}[%d] = %llx\\n", i, '
                         f"(unsigned long long){name}[i]);")
        else:
            setup.append(f"  {base} {name} = y ? ({base}){int(calls['y'][name]):#x}u : "
                         f"({base}){int(calls['x'][name]):#x}u;")
            params.append(f"{base} *{name}" if kind == "pointer" else f"{base} {name}")
            call_args.append(f"&{name}" if kind == "pointer" else name)
            if kind == "pointer":
                after.append(f'  printf("{name} = %llx\\n", (unsigned long long){name});')
    ret = return_c_type or "void"
    if ret != "void" and (_parse(ret) is None or _parse(ret)[1] != "scalar"):
        return None
    call = f"  {ret} ret = {top}({', '.join(call_args)});\n  printf(\"return = %llx\\n\", (unsigned long long)ret);" \
        if ret != "void" else f"  {top}({', '.join(call_args)});"
    include = "#include <cstdio>\n#include <cstdint>\n#include <cstring>\n" if cxx else \
        "#include <stdio.h>\n#include <stdint.h>\n#include <string.h>\n"
    return (f"/* cryptohls verify: replay of a secret-independence counterexample for '{top}' (generated).\n"
            f"   Argument x or y: the call of that copy of the miter. cosim reports each call's cycles. */\n"
            f"{include}\n{ret} {top}({', '.join(params) or 'void'});\n\n"
            "int main(int argc, char **argv) {\n  int y = argc > 1 && argv[1][0] == 'y';\n" +
            "\n".join(setup) + "\n" + call + "\n" + "\n".join(after) + "\n  return 0;\n}\n")


def replay(src: Path, top: str, hls_dir: Path, report: dict, connection: Plan, miter: dict, return_c_type: str | None,
           *, clock_ns: float, include_dirs=(), defines=(), timeout_s: int = 600) -> dict:
    """Cosim of both copies' calls: {"status": "replayed", "cycles": {"x": N, "y": M}, "testbench"} or
    {"status": "not replayed", "reason"}."""
    if report["interface"].get("block_protocol") != "ap_ctrl_hs":
        return {"status": "not replayed", "reason": "not a block top (ap_ctrl_hs): a stream core's replay is not built"}
    calls = {c: replay_inputs(report["interface"], connection, miter.get("secrets", {}), miter.get("public", {}), c)
             for c in COPIES}
    if any(v is None for v in calls.values()):
        return {"status": "not replayed", "reason": "an argument is a stream or a partitioned array"}
    cxx = src.suffix in (".cpp", ".cc", ".cxx")
    text = replay_testbench(top, report["interface"], return_c_type, calls, cxx)
    if text is None:
        return {"status": "not replayed", "reason": "an argument is not an integer, pointer or array"}
    work = hls_dir.parent / "replay"
    work.mkdir(parents=True, exist_ok=True)
    tb = work / ("replay_tb.cpp" if cxx else "replay_tb.c")
    tb.write_text(text)
    exe = build_cosim(src, tb, top, hls_dir, clock_ns=clock_ns, include_dirs=include_dirs, defines=defines,
                      use_existing=True)
    cycles, outputs = {}, {}
    for c in COPIES:
        stats = work / f"stats_{c}.json"
        stats.unlink(missing_ok=True)
        try:
            proc = subprocess.run([str(exe), c], capture_output=True, text=True, timeout=timeout_s,
                                  env={**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats)})
        except subprocess.TimeoutExpired:
            return {"status": "not replayed", "reason": f"the cosim of copy {c} ran past {timeout_s} s",
                    "testbench": str(tb)}
        (work / f"cosim_{c}.out").write_text(proc.stdout + proc.stderr)
        if proc.returncode != 0 or not stats.is_file():
            raise UserError(f"the cosim replay of copy {c} failed (exit {proc.returncode})", file=str(work / f"cosim_{c}.out"))
        got = json.loads(stats.read_text())
        cycles[c] = int(got["max"])
        outputs[c] = proc.stdout.strip().splitlines()
    return {"status": "replayed", "cycles": cycles, "differ": cycles["x"] != cycles["y"], "testbench": str(tb),
            "command": f"cryptohls cosim {src} --tb {tb} --top {top} -o {hls_dir} --use-existing --arg x (or --arg y)"}


__all__ = ["replay", "replay_inputs", "replay_testbench"]
