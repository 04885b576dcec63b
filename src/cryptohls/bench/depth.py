"""Logic depth of a mapped ecp5 netlist: the deepest path from a flip-flop or input port to a
flip-flop or output port, counted in cell levels — a figure that explains an Fmax gap without the
noise of placement (docs/parity/README.md, "Logic depth").

Weights per cell (ecp5 slice): LUT4 = 1; PFUMX and L6MUX21 (the wide-function muxes after a LUT4
pair) = 0.25; CCU2C (carry chain) = 0.1. Other cells (flip-flops, I/O) start and end paths.

    python -m cryptohls.bench.depth <netlist.json> [module]
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from cryptohls.errors import UserError

LEVEL_WEIGHTS = {"LUT4": 1.0, "PFUMX": 0.25, "L6MUX21": 0.25, "CCU2C": 0.1}
FF_TYPES = {"TRELLIS_FF"}


@dataclass
class DepthReport:
    max_levels: float
    endpoints: int
    path: list[tuple[float, str, str]]   # (levels so far, cell type, cell name), source first
    start: str = ""                      # the register bit or input port the path starts at
    end: str = ""                        # the register bit or output port it ends at


def _net_names(module: dict) -> dict[int, str]:
    """bit -> a readable net name (a user-visible name over a generated one, then the shortest)."""
    names: dict[int, str] = {}
    for name, net in module.get("netnames", {}).items():
        bits = net["bits"]
        for k, bit in enumerate(bits):
            if isinstance(bit, str):
                continue
            label = name if len(bits) == 1 else f"{name}[{k}]"
            old = names.get(bit)
            if old is None or (old.startswith("$"), len(old)) > (label.startswith("$"), len(label)):
                names[bit] = label
    return names


def _bits(connection: list) -> list[int]:
    return [b for b in connection if not isinstance(b, str)]   # "0"/"1"/"x" are constants


def logic_depth(netlist: dict, module: str) -> DepthReport:
    if module not in netlist.get("modules", {}):
        raise UserError(f"module '{module}' is not in the netlist",
                        hint="modules: " + ", ".join(sorted(netlist.get("modules", {}))[:8]))
    cells = netlist["modules"][module]["cells"]
    driver: dict[int, str] = {}
    for name, cell in cells.items():
        for port, direction in cell["port_directions"].items():
            if direction == "output":
                for bit in _bits(cell["connections"][port]):
                    driver[bit] = name

    arrival: dict[str, float] = {}
    came_from: dict[str, str | None] = {}

    def inputs_of(name: str) -> list[str]:
        cell = cells[name]
        return [driver[b] for p, d in cell["port_directions"].items() if d == "input"
                for b in _bits(cell["connections"][p]) if b in driver]

    def arrive(name: str) -> float:
        # Iterative depth-first walk (the netlists have tens of thousands of cells). A frame is
        # (cell, its inputs not yet visited); `on_path` holds the cells of the current path only,
        # so an input reached again through a combinational loop counts as a start (0 levels),
        # while a cell merely waiting deeper in the walk is still visited before it is read.
        if name in arrival:
            return arrival[name]
        frames = [(name, iter(inputs_of(name)))]
        on_path = {name}
        while frames:
            cur, pending = frames[-1]
            if cells[cur]["type"] not in LEVEL_WEIGHTS:
                arrival[cur], came_from[cur] = 0.0, None
                on_path.discard(cur)
                frames.pop()
                continue
            nxt = next((i for i in pending if i not in arrival and i not in on_path), None)
            if nxt is not None:
                frames.append((nxt, iter(inputs_of(nxt))))
                on_path.add(nxt)
                continue
            best, via = 0.0, None
            for i in inputs_of(cur):
                if arrival.get(i, 0.0) > best:
                    best, via = arrival[i], i
            arrival[cur], came_from[cur] = best + LEVEL_WEIGHTS[cells[cur]["type"]], via
            on_path.discard(cur)
            frames.pop()
        return arrival[name]

    names = _net_names(netlist["modules"][module])

    def q_name(cell_name: str) -> str:
        cell = cells[cell_name]
        bits = [b for p, d in cell["port_directions"].items() if d == "output" for b in _bits(cell["connections"][p])]
        return names.get(bits[0], cell_name) if bits else cell_name

    ends: list[tuple[float, str, str]] = []   # (levels, last logic cell, endpoint)
    for name, cell in cells.items():
        if cell["type"] in FF_TYPES:
            for port, direction in cell["port_directions"].items():
                if direction == "input":
                    ends += [(arrive(driver[b]), driver[b], q_name(name)) for b in _bits(cell["connections"][port])
                             if b in driver]
    for pname, port in netlist["modules"][module]["ports"].items():
        if port["direction"] == "output":
            ends += [(arrive(driver[b]), driver[b], f"output {pname}") for b in _bits(port["bits"]) if b in driver]
    if not ends:
        return DepthReport(0.0, 0, [])
    levels, cur, end = max(ends)
    path = []
    node: str | None = cur
    first = cur   # no logic cell on the path: the endpoint is driven by a register or port directly
    while node is not None and cells[node]["type"] in LEVEL_WEIGHTS:
        path.append((arrival[node], cells[node]["type"], node))
        first = node
        node = came_from[node]
    if cells[first]["type"] in LEVEL_WEIGHTS:
        cell = cells[first]
        sources = [b for p, d in cell["port_directions"].items() if d == "input"
                   for b in _bits(cell["connections"][p])
                   if b not in driver or cells[driver[b]]["type"] not in LEVEL_WEIGHTS]
        start = names.get(sources[0], "?") if sources else "?"
    else:
        start = q_name(first)
    return DepthReport(levels, len(ends), list(reversed(path)), start, end)


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print("usage: python -m cryptohls.bench.depth <netlist.json> [module]", file=sys.stderr)
        return 2
    try:
        path = Path(argv[0])
        try:
            netlist = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as err:
            raise UserError(f"cannot read netlist: {err}", file=str(path)) from None
        if len(argv) == 2:
            module = argv[1]
        else:   # Yosys marks the top module with a "top" attribute
            tops = [m for m, v in netlist.get("modules", {}).items() if v.get("attributes", {}).get("top")]
            if not tops:
                raise UserError("no top module marked in the netlist", hint="name the module")
            module = tops[0]
        report = logic_depth(netlist, module)
    except UserError as err:
        print(f"cryptohls depth: {err}", file=sys.stderr)
        return 2
    print(f"{module}: deepest path {report.max_levels:g} levels "
          f"(LUT4 1, PFUMX/L6MUX21 0.25, CCU2C 0.1) over {report.endpoints} endpoints")
    print(f"  from   {report.start}")
    for levels, kind, name in report.path:
        print(f"  {levels:6.2f}  {kind:8s} {name}")
    print(f"  to     {report.end}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:   # output cut short by `| head`
        sys.stderr.close()
        sys.exit(0)
